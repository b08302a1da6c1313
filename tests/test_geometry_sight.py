"""Line of sight and cover from small ASCII maps (source 004 · Line of Sight and Cover;
DESIGN.md · Geometry). ``#`` wall, ``.`` open, ``l`` low wall (half cover),
``s`` arrow slit (full cover); A and B mark the two squares and are open."""

from __future__ import annotations

import numpy as np

from game.geometry.grid import OPEN, WALL, Cell, Cover, Grid, Terrain
from game.geometry.sight import NOT_VISIBLE, Sight

LOW_WALL = Terrain("low wall", cover=Cover.HALF, move_cost=2)
ARROW_SLIT = Terrain("arrow slit", blocks_move=True, cover=Cover.FULL)


def scene(text: str) -> tuple[Sight, Cell, Cell]:
    rows = [r.strip() for r in text.strip("\n").splitlines() if r.strip()]
    marks: dict[str, Cell] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in "AB":
                marks[ch] = (x, y)
    legend = {"A": OPEN, "B": OPEN, "l": LOW_WALL, "s": ARROW_SLIT}
    return Sight(Grid.from_ascii(text, legend)), marks["A"], marks["B"]


def test_no_cover_in_the_open() -> None:
    sight, a, b = scene(
        """
        A.......
        ........
        ........
        .....B..
        """
    )
    assert sight.cover(a, b) == Cover.NONE
    assert sight.cover(b, a) == Cover.NONE
    assert all(line is not None for line in sight.corner_lines(a, b))


def test_half_cover_behind_a_wall_corner() -> None:
    sight, a, b = scene(
        """
        A.....
        ......
        ...#..
        ....B.
        """
    )
    assert sight.sees(a, b)
    assert sight.cover(a, b) == Cover.HALF
    top_left, top_right, bottom_left, bottom_right = sight.corner_lines(a, b)
    assert top_left is None and top_right is None and bottom_right is None
    # The one line left grazes the wall's bottom-left corner, which does not block.
    assert bottom_left is not None
    assert (bottom_left.start, bottom_left.end) == ((0.5, 0.5), (4.0, 4.0))


def test_vertical_no_cover_when_the_column_between_is_open() -> None:
    sight, a, b = scene(
        """
        ..A..
        .....
        #...#
        .....
        ..B..
        """
    )
    assert sight.cover(a, b) == Cover.NONE


def test_vertical_half_cover_when_walls_close_one_side_of_the_column() -> None:
    sight, a, b = scene(
        """
        ..A..
        .....
        .##..
        .....
        ..B..
        """
    )
    # Lines down the right edge of the column run along one wall face and pass;
    # every line to the left corners enters a wall or runs between two walls.
    assert sight.cover(a, b) == Cover.HALF
    top_left, top_right, bottom_left, bottom_right = sight.corner_lines(a, b)
    assert top_left is None and bottom_left is None
    assert top_right is not None and bottom_right is not None


def test_a_single_wall_in_the_column_leaves_lines_along_its_faces() -> None:
    sight, a, b = scene(
        """
        ..A..
        .....
        ..#..
        .....
        ..B..
        """
    )
    assert sight.cover(a, b) == Cover.NONE


def test_doorway_gives_sight_straight_through_and_hides_what_is_behind_the_wall() -> None:
    sight, a, b = scene(
        """
        ...A...
        .......
        ###.###
        .......
        ...B...
        """
    )
    assert sight.cover(a, b) == Cover.NONE
    assert not sight.sees((0, 0), (0, 4))
    assert not sight.sees((0, 1), (6, 3))
    # At a slant through the door some of the target's corners stay hidden.
    assert sight.cover((2, 0), (5, 4)) == Cover.HALF


def test_no_sight_through_two_walls_touching_at_a_corner() -> None:
    sight, a, b = scene(
        """
        A#
        #B
        """
    )
    assert not sight.sees(a, b)
    assert not sight.sees(b, a)
    sight, a, b = scene(
        """
        A..#
        ..#.
        .#..
        #..B
        """
    )
    assert not sight.sees(a, b)
    vis = sight.visibility(a)
    far_side = [(3, 1), (2, 2), (3, 2), (1, 3), (2, 3), (3, 3)]
    assert all(vis[y, x] == NOT_VISIBLE for x, y in far_side)


def test_running_along_a_wall_face_sees_with_no_cover() -> None:
    sight, a, b = scene(
        """
        ######
        A....B
        ######
        """
    )
    assert sight.cover(a, b) == Cover.NONE


def test_a_line_along_an_edge_between_two_walls_is_blocked() -> None:
    sight, a, b = scene(
        """
        A.#.B
        ..#..
        """
    )
    # The only candidate lines run along the edge between the two walls.
    assert not sight.sees(a, b)


def test_outside_the_map_blocks_lines_along_the_border() -> None:
    sight, a, b = scene(
        """
        A#B
        ...
        """
    )
    # The top corners could only be reached along the map's top edge, between the
    # wall and the outside: blocked. The bottom corners are seen along the wall's face.
    assert sight.cover(a, b) == Cover.HALF


def test_arrow_slit_gives_full_cover_to_the_defender_behind_it() -> None:
    sight, a, b = scene(
        """
        ....A....
        .........
        ####s####
        ....B....
        """
    )
    assert sight.sees(a, b)
    assert sight.cover(a, b) == Cover.FULL
    # The defender shoots out through its own slit freely.
    assert sight.cover(b, a) == Cover.NONE


def test_low_wall_gives_half_cover_unless_the_attacker_stands_at_it() -> None:
    sight, a, b = scene(
        """
        A..lB
        .....
        """
    )
    assert sight.cover(a, b) == Cover.HALF
    assert sight.cover((2, 0), b) == Cover.NONE  # right behind the low wall
    assert sight.cover(b, a) == Cover.NONE  # the wall is next to the attacker


def test_walls_are_never_seen_and_a_square_sees_itself() -> None:
    sight, a, b = scene(
        """
        A#B
        """
    )
    assert sight.cover(a, (1, 0)) is None
    assert sight.cover(a, a) == Cover.NONE
    assert sight.cover(a, (5, 5)) is None
    vis = sight.visibility(a)
    assert vis.tolist() == [[Cover.NONE, NOT_VISIBLE, NOT_VISIBLE]]


def test_cached_answers_change_when_the_grid_changes() -> None:
    sight, a, b = scene(
        """
        A...B
        """
    )
    assert sight.sees(a, b)
    before = sight.visibility(a).copy()
    sight.grid.set_terrain((2, 0), WALL)
    assert not sight.sees(a, b)
    assert not np.array_equal(before, sight.visibility(a))
    sight.grid.set_terrain((2, 0), OPEN)
    assert sight.sees(a, b)


def test_visibility_map_matches_pairwise_cover_on_a_walled_map() -> None:
    sight, a, _ = scene(
        """
        A.....#.....
        ..##....l...
        ..#...#.....
        ....s.#..#..
        .#......#...
        ...##.....B.
        ..........#.
        #...l.......
        """
    )
    grid = sight.grid
    for origin in (a, (5, 3), (9, 5), (3, 6)):
        vis = sight.visibility(origin)
        for b in grid.cells():
            c = sight.cover(origin, b)
            assert vis[b[1], b[0]] == (NOT_VISIBLE if c is None else int(c)), (origin, b)
