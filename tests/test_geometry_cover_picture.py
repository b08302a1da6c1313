"""Source 004 · Line of Sight and Cover, explained: the cover picture names what blocks
each corner line and which cover tile raises the cover (game/geometry/cover_picture.py)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from test_geometry_reference import SETTINGS, _open_cells, grids
from test_geometry_sight import scene

from game.geometry.cover_picture import cover_picture
from game.geometry.grid import Cell, Cover, Grid
from game.geometry.segment import segment_blockers
from game.geometry.sight import Sight


def test_half_cover_behind_a_wall_corner_names_the_wall() -> None:
    sight, a, b = scene(
        """
        A.....
        ......
        ...#..
        ....B.
        """
    )
    pic = cover_picture(sight, a, b)
    assert pic is not None and pic.cover == Cover.HALF == pic.corner_cover
    assert [line.clear for line in pic.lines] == [False, False, True, False]
    assert pic.blockers == ((3, 2),)
    assert pic.tile is None and not pic.from_tile
    # every line of the picture starts at the attacker's chosen sample when it can
    assert pic.origin == (0.5, 0.5)
    assert all(line.start == pic.origin for line in pic.lines)


def test_half_cover_from_a_low_wall_names_the_tile() -> None:
    sight, a, b = scene(
        """
        A.......
        ........
        ...l....
        ........
        ......B.
        """
    )
    pic = cover_picture(sight, a, b)
    assert pic is not None and pic.cover == Cover.HALF
    assert all(line.clear for line in pic.lines) and pic.corner_cover == Cover.NONE
    assert pic.tile == (3, 2) and pic.tile_cover == Cover.HALF and pic.from_tile


def test_a_line_between_two_walls_or_through_a_pinch_names_both_walls() -> None:
    grid = Grid.from_ascii(
        """
        .....
        ..#..
        .###.
        .....
        """,
        {},
    )
    layout = Sight(grid).layout
    # down the grid line x=2 between the walls (1,2) and (2,2): rule 2
    assert segment_blockers(layout, (4, 0), (4, 8), (1, 0), (1, 3)) == ((1, 2), (2, 2))
    pinched = Grid.from_ascii(
        """
        ....
        ..#.
        .#..
        ....
        """,
        {},
    )
    layout = Sight(pinched).layout
    # from lattice (1,1) to (3,3) through the pinch at (2,2) between (2,1) and (1,2): rule 3
    assert set(segment_blockers(layout, (2, 2), (6, 6), (0, 0), (3, 3))) == {(2, 1), (1, 2)}
    assert segment_blockers(layout, (1, 1), (7, 1), (0, 0), (3, 0)) == ()


def test_no_picture_without_sight() -> None:
    sight, a, b = scene(
        """
        A.#..
        ..#..
        ..#.B
        """
    )
    assert cover_picture(sight, a, b) is None


def _touches(line_start: tuple[float, float], line_end: tuple[float, float], cell: Cell) -> bool:
    """Whether the segment meets the closed square of ``cell`` (exact, in halves)."""
    px, py = Fraction(line_start[0]), Fraction(line_start[1])
    qx, qy = Fraction(line_end[0]), Fraction(line_end[1])
    lo, hi = Fraction(0), Fraction(1)
    for p0, d, c in ((px, qx - px, cell[0]), (py, qy - py, cell[1])):
        if d == 0:
            if not c <= p0 <= c + 1:
                return False
            continue
        t1, t2 = (c - p0) / d, (c + 1 - p0) / d
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo <= hi


def _blocks(grid: Grid, cell: Cell) -> bool:
    x, y = cell
    return not (0 <= x < grid.width and 0 <= y < grid.height) or grid.blocks_sight(cell)


@SETTINGS
@given(grid=grids(max_size=7), data=st.data())
def test_the_picture_agrees_with_the_cover_query_and_names_real_walls(
    grid: Grid, data: st.DataObject
) -> None:
    cells = _open_cells(grid)
    if not cells:
        return
    a, b = data.draw(st.tuples(st.sampled_from(cells), st.sampled_from(cells)))
    sight = Sight(grid)
    pic = cover_picture(sight, a, b)
    cover = sight.cover(a, b)
    if cover is None:
        assert pic is None
        return
    assert pic is not None and pic.cover == cover
    assert max(pic.corner_cover, pic.tile_cover if pic.corner_cover != Cover.FULL else 0) == cover
    for line in pic.lines:
        assert line.clear == (not line.blockers)
        for cell in line.blockers:
            assert _blocks(grid, cell) and _touches(line.start, line.end, cell), (a, b, line)
    if pic.tile is not None:
        assert grid.terrain(pic.tile).cover == pic.tile_cover
