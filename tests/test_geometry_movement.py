"""Movement: distance, steps, reachable cells, paths, straight lines (004 · The Grid)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.grid import OPEN, WALL, Grid, Terrain
from game.geometry.movement import (
    clear_straight_line,
    distance,
    neighbours,
    path_cost,
    reachable,
    shortest_path,
    step_allowed,
    straight_line,
)

MUD = Terrain("mud", move_cost=2)


def test_distance_is_chebyshev_so_a_diagonal_step_costs_one_square() -> None:
    assert distance((0, 0), (3, 3)) == 3
    assert distance((0, 0), (5, 2)) == 5
    assert distance((4, 1), (1, 1)) == 3
    assert distance((2, 2), (2, 2)) == 0


def test_neighbours_are_the_on_map_king_moves() -> None:
    grid = Grid(4, 3)
    assert sorted(neighbours(grid, (0, 0))) == [(0, 1), (1, 0), (1, 1)]
    assert len(neighbours(grid, (1, 1))) == 8


def test_diagonal_step_cannot_squeeze_between_two_walls_touching_at_a_corner() -> None:
    grid = Grid.from_ascii(
        """
        .#
        #.
        """
    )
    assert not step_allowed(grid, (0, 0), (1, 1))
    assert not step_allowed(grid, (1, 1), (0, 0))


def test_diagonal_step_may_cut_past_the_corner_of_a_single_wall() -> None:
    grid = Grid.from_ascii(
        """
        .#
        ..
        """
    )
    assert step_allowed(grid, (0, 0), (1, 1))


def test_step_refuses_walls_off_map_and_non_adjacent_cells() -> None:
    grid = Grid.from_ascii("..#")
    assert not step_allowed(grid, (1, 0), (2, 0))
    assert not step_allowed(grid, (0, 0), (-1, 0))
    assert not step_allowed(grid, (0, 0), (2, 0))
    assert not step_allowed(grid, (0, 0), (0, 0))


def test_reachable_counts_squares_within_the_budget() -> None:
    grid = Grid(20, 20)
    cells = reachable(grid, (10, 10), 6)
    assert cells[(10, 10)] == 0
    assert cells[(16, 16)] == 6
    assert (17, 10) not in cells
    assert len(cells) == 13 * 13


def test_difficult_terrain_costs_two_squares_to_enter() -> None:
    grid = Grid.from_ascii(
        """
        .mm..
        """,
        {"m": MUD},
    )
    cells = reachable(grid, (0, 0), 4)
    assert cells[(1, 0)] == 2
    assert cells[(2, 0)] == 4
    assert (3, 0) not in cells


def test_reachable_goes_around_walls_and_not_through_diagonal_gaps() -> None:
    grid = Grid.from_ascii(
        """
        ..#..
        .#...
        #....
        """
    )
    cells = reachable(grid, (0, 0), 10)
    assert set(cells) == {(0, 0), (1, 0), (0, 1)}


def test_enemies_block_passage_and_allies_are_passed_but_not_ended_on() -> None:
    corridor = Grid.from_ascii(
        """
        #####
        .....
        #####
        """
    )
    enemy_in_the_way = reachable(corridor, (0, 1), 6, occupied={(2, 1)})
    assert set(enemy_in_the_way) == {(0, 1), (1, 1)}
    ally_in_the_way = reachable(corridor, (0, 1), 6, passable={(2, 1)})
    assert (2, 1) not in ally_in_the_way
    assert ally_in_the_way[(3, 1)] == 3
    assert shortest_path(corridor, (0, 1), (4, 1), occupied={(2, 1)}) is None
    assert shortest_path(corridor, (0, 1), (4, 1), passable={(2, 1)}) == [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
        (4, 1),
    ]
    assert shortest_path(corridor, (0, 1), (2, 1), passable={(2, 1)}) is None


def test_shortest_path_is_as_cheap_as_reachable_says_and_steps_legally() -> None:
    grid = Grid.from_ascii(
        """
        ........
        .######.
        .#mmmm#.
        .#m##.#.
        ...#....
        """,
        {"m": MUD},
    )
    start, goal = (0, 0), (5, 3)
    path = shortest_path(grid, start, goal)
    assert path is not None and path[0] == start and path[-1] == goal
    assert all(step_allowed(grid, a, b) for a, b in zip(path, path[1:], strict=False))
    assert path_cost(grid, path) == reachable(grid, start, 100)[goal]


def test_shortest_path_returns_none_when_the_goal_is_walled_off() -> None:
    grid = Grid.from_ascii(
        """
        ..#.
        ..#.
        ..#.
        """
    )
    assert shortest_path(grid, (0, 0), (3, 0)) is None
    assert shortest_path(grid, (0, 0), (2, 0)) is None
    assert shortest_path(grid, (1, 1), (1, 1)) == [(1, 1)]


def test_straight_line_has_one_cell_per_square_of_distance_each_adjacent() -> None:
    for a, b in [((0, 0), (5, 2)), ((3, 3), (0, 7)), ((2, 2), (2, -3)), ((1, 1), (4, 4))]:
        line = straight_line(a, b)
        assert line[0] == a and line[-1] == b
        assert len(line) == distance(a, b) + 1
        assert all(distance(p, q) == 1 for p, q in zip(line, line[1:], strict=False))
    assert straight_line((0, 0), (4, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]


def test_charge_line_is_refused_through_walls_enemies_and_diagonal_gaps() -> None:
    grid = Grid.from_ascii(
        """
        ......
        ...#..
        ..#...
        ......
        """
    )
    assert clear_straight_line(grid, (0, 0), (5, 0)) is not None
    assert clear_straight_line(grid, (0, 0), (5, 0), occupied={(3, 0)}) is None
    assert clear_straight_line(grid, (0, 0), (5, 0), passable={(3, 0)}) is not None
    assert clear_straight_line(grid, (0, 0), (5, 0), passable={(5, 0)}) is None
    assert clear_straight_line(grid, (0, 1), (5, 1)) is None  # wall at (3, 1)
    assert clear_straight_line(grid, (2, 1), (3, 2)) is None  # squeeze between two walls


def test_grid_version_bumps_and_arrays_follow_terrain_changes() -> None:
    grid = Grid(3, 1)
    before = grid.version
    assert not grid.arrays().blocks_move[0, 1]
    grid.set_terrain((1, 0), WALL)
    assert grid.version == before + 1
    assert grid.arrays().blocks_move[0, 1]
    assert shortest_path(grid, (0, 0), (2, 0)) is None
    grid.set_terrain((1, 0), OPEN)
    assert shortest_path(grid, (0, 0), (2, 0)) == [(0, 0), (1, 0), (2, 0)]


@pytest.mark.parametrize("budget", [0, 1, 3])
def test_reachable_never_exceeds_the_budget(budget: int) -> None:
    grid = Grid.from_ascii("..m.m..\n.#...#.\n", {"m": MUD})
    assert all(cost <= budget for cost in reachable(grid, (3, 1), budget).values())


@st.composite
def move_grids(draw: st.DrawFn) -> Grid:
    w = draw(st.integers(1, 9))
    h = draw(st.integers(1, 9))
    cells = draw(
        st.lists(st.sampled_from([OPEN, OPEN, OPEN, WALL, MUD]), min_size=w * h, max_size=w * h)
    )
    return Grid(w, h, cells)


@settings(max_examples=80, deadline=None)
@given(grid=move_grids(), data=st.data())
def test_shortest_path_costs_what_reachable_says_and_every_step_is_legal(
    grid: Grid, data: st.DataObject
) -> None:
    cells = [c for c in grid.cells() if not grid.blocks_move(c)]
    if not cells:
        return
    start = data.draw(st.sampled_from(cells))
    goal = data.draw(st.sampled_from(cells))
    enemies = set(data.draw(st.lists(st.sampled_from(cells), max_size=3))) - {start, goal}
    costs = reachable(grid, start, 1000, occupied=enemies)
    path = shortest_path(grid, start, goal, occupied=enemies)
    if goal not in costs:
        assert path is None
        return
    assert path is not None and path[0] == start and path[-1] == goal
    assert not enemies & set(path)
    assert all(step_allowed(grid, a, b) for a, b in zip(path, path[1:], strict=False))
    assert path_cost(grid, path) == costs[goal]
