"""A slow, literal reference for line of sight and cover (DESIGN.md · Geometry).

Kept in the tests only: the fast code in game.geometry must give exactly the
same answers. It uses Fractions and brute force over every cell, and decides
the corner cases at lattice points with a general connectivity walk around the
point instead of the fast code's pinch shortcut.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.geometry.grid import OPEN, WALL, Cell, Cover, Grid, Terrain
from game.geometry.layout import SightLayout
from game.geometry.segment import segment_blocked as fast_segment_blocked
from game.geometry.sight import NOT_VISIBLE, Sight, sample_points

# The 8 directions around a lattice point in angular order (y grows downwards).
RING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def _sign(v: Fraction | int) -> int:
    return (v > 0) - (v < 0)


def _blocks(grid: Grid, cell: Cell) -> bool:
    return grid.blocks_sight(cell)  # outside the map counts as blocking


def _quadrant_cell(v: tuple[int, int], d: tuple[int, int]) -> Cell:
    return (v[0] if d[0] > 0 else v[0] - 1, v[1] if d[1] > 0 else v[1] - 1)


def _sector_open(grid: Grid, v: tuple[int, int], d: tuple[int, int]) -> bool:
    if d[0] and d[1]:
        return not _blocks(grid, _quadrant_cell(v, d))
    i = RING.index(d)
    return _sector_open(grid, v, RING[(i + 1) % 8]) or _sector_open(grid, v, RING[(i - 1) % 8])


def _connected(grid: Grid, v: tuple[int, int], d1: tuple[int, int], d2: tuple[int, int]) -> bool:
    if not (_sector_open(grid, v, d1) and _sector_open(grid, v, d2)):
        return False
    i, j = RING.index(d1), RING.index(d2)
    for step in (1, -1):
        k = i
        while k != j:
            k = (k + step) % 8
            if not _sector_open(grid, v, RING[k]):
                break
        else:
            return True
    return i == j


def _enters_interior(
    p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction], cell: Cell
) -> bool:
    lo, hi = Fraction(0), Fraction(1)
    for axis in (0, 1):
        a, b = cell[axis], cell[axis] + 1
        d = q[axis] - p[axis]
        if d == 0:
            if not (a < p[axis] < b):
                return False
            continue
        t1, t2 = (a - p[axis]) / d, (b - p[axis]) / d
        lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
    return lo < hi


def segment_blocked(
    grid: Grid, p: tuple[Fraction, Fraction], q: tuple[Fraction, Fraction], a: Cell, b: Cell
) -> bool:
    """Reference test of one sight line; points in cell units (Fractions)."""

    def owner_dir(cell: Cell, v: tuple[int, int]) -> tuple[int, int]:
        return (
            _sign(Fraction(2 * cell[0] + 1, 2) - v[0]),
            _sign(Fraction(2 * cell[1] + 1, 2) - v[1]),
        )

    if p == q:
        if p[0].denominator == 1 and p[1].denominator == 1:
            corner = (int(p[0]), int(p[1]))
            return not _connected(grid, corner, owner_dir(a, corner), owner_dir(b, corner))
        return False
    # Rule 1: every blocking cell, brute force.
    for y in range(grid.height):
        for x in range(grid.width):
            if grid.blocks_sight((x, y)) and _enters_interior(p, q, (x, y)):
                return True
    d = (_sign(q[0] - p[0]), _sign(q[1] - p[1]))
    back = (-d[0], -d[1])
    # Rules 2-4 at every lattice point on the segment (rule 2 shows up as a closed
    # axis sector at the lattice points along the edge).
    xs = range(int(min(p[0], q[0])), int(max(p[0], q[0])) + 1)
    ys = range(int(min(p[1], q[1])), int(max(p[1], q[1])) + 1)
    for vx in xs:
        for vy in ys:
            v = (Fraction(vx), Fraction(vy))
            cross = (q[0] - p[0]) * (v[1] - p[1]) - (q[1] - p[1]) * (v[0] - p[0])
            if cross != 0:
                continue
            dot = (v[0] - p[0]) * (q[0] - p[0]) + (v[1] - p[1]) * (q[1] - p[1])
            length = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2
            if dot < 0 or dot > length:
                continue
            lv = (vx, vy)
            if v == p:
                if not _connected(grid, lv, owner_dir(a, lv), d):
                    return True
            elif v == q:
                if not _connected(grid, lv, owner_dir(b, lv), back):
                    return True
            elif not _connected(grid, lv, back, d):
                return True
    return False


def samples(cell: Cell) -> list[tuple[Fraction, Fraction]]:
    x, y = cell
    half = Fraction(1, 2)
    return [
        (x + half, y + half),
        (Fraction(x), Fraction(y)),
        (Fraction(x + 1), Fraction(y)),
        (Fraction(x), Fraction(y + 1)),
        (Fraction(x + 1), Fraction(y + 1)),
    ]


def corner_cover(grid: Grid, a: Cell, b: Cell) -> Cover | None:
    """Cover from the corner rule only (no tiles); None when a does not see b."""
    if grid.blocks_sight(a) or grid.blocks_sight(b):
        return None
    sa = samples(a)
    sb = samples(b)
    seen = sum(any(not segment_blocked(grid, s, c, a, b) for s in sa) for c in sb[1:])
    if seen == 4:
        return Cover.NONE
    if seen:
        return Cover.HALF
    if any(not segment_blocked(grid, s, sb[0], a, b) for s in sa):
        return Cover.FULL
    return None


def tile_cover(grid: Grid, a: Cell, b: Cell) -> Cover:
    """Cover from tiles on the centre-to-centre line (not a's cell or neighbours, not b)."""
    pa, pb = samples(a)[0], samples(b)[0]
    best = Cover.NONE
    for y in range(grid.height):
        for x in range(grid.width):
            t = grid.terrain((x, y))
            if t.cover and max(abs(x - a[0]), abs(y - a[1])) > 1 and (x, y) != b:
                if _enters_interior(pa, pb, (x, y)):
                    best = max(best, t.cover)
    return best


def cover(grid: Grid, a: Cell, b: Cell) -> Cover | None:
    c = corner_cover(grid, a, b)
    if c is None:
        return None
    return Cover(max(c, tile_cover(grid, a, b)))


# -- the fast code must agree with the reference ---------------------------------------

LOW_WALL = Terrain("low wall", cover=Cover.HALF)
ARROW_SLIT = Terrain("arrow slit", cover=Cover.FULL)
KINDS = [OPEN, OPEN, OPEN, OPEN, WALL, WALL, LOW_WALL, ARROW_SLIT]


@st.composite
def grids(draw: st.DrawFn, max_size: int = 6) -> Grid:
    w = draw(st.integers(1, max_size))
    h = draw(st.integers(1, max_size))
    cells = draw(st.lists(st.sampled_from(KINDS), min_size=w * h, max_size=w * h))
    return Grid(w, h, cells)


def _open_cells(grid: Grid) -> list[Cell]:
    return [c for c in grid.cells() if not grid.blocks_sight(c)]


def _half(p: tuple[int, int]) -> tuple[Fraction, Fraction]:
    return (Fraction(p[0], 2), Fraction(p[1], 2))


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(grid=grids(), data=st.data())
def test_every_sight_line_is_blocked_exactly_when_the_reference_says(
    grid: Grid, data: st.DataObject
) -> None:
    cells = _open_cells(grid)
    if not cells:
        return
    a = data.draw(st.sampled_from(cells))
    b = data.draw(st.sampled_from(cells))
    layout = SightLayout.of(grid)
    for p in sample_points(a):
        for q in sample_points(b):
            expected = segment_blocked(grid, _half(p), _half(q), a, b)
            assert fast_segment_blocked(layout, p, q, a, b) == expected, (a, b, p, q)


@SETTINGS
@given(grid=grids(), data=st.data())
def test_cover_query_matches_the_reference(grid: Grid, data: st.DataObject) -> None:
    cells = _open_cells(grid)
    if not cells:
        return
    a = data.draw(st.sampled_from(cells))
    b = data.draw(st.sampled_from(cells))
    expected = cover(grid, a, b)
    assert Sight(grid).cover(a, b) == expected
    assert Sight(grid).sees(a, b) == (expected is not None)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=grids(max_size=4), data=st.data())
def test_visibility_map_matches_the_reference_for_every_square(
    grid: Grid, data: st.DataObject
) -> None:
    cells = _open_cells(grid)
    if not cells:
        return
    a = data.draw(st.sampled_from(cells))
    vis = Sight(grid).visibility(a)
    for b in grid.cells():
        expected = cover(grid, a, b)
        assert vis[b[1], b[0]] == (NOT_VISIBLE if expected is None else int(expected)), b


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=grids(max_size=18), data=st.data())
def test_visibility_map_matches_pairwise_queries_on_larger_maps(
    grid: Grid, data: st.DataObject
) -> None:
    cells = _open_cells(grid)
    if not cells:
        return
    a = data.draw(st.sampled_from(cells))
    sight = Sight(grid)
    vis = sight.visibility(a)
    for b in grid.cells():
        c = sight.cover(a, b)
        assert vis[b[1], b[0]] == (NOT_VISIBLE if c is None else int(c)), b
