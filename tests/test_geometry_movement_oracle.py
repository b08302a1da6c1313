"""``reachable`` (a tcod flood) and ``shortest_path`` (the A* on the step graph) answer
exactly what the Python searches they replaced answered (tests/movement_oracle.py): the
same cells, costs and order of the reachable dict, the same chosen path with every
tie-break (AI choices and the golden battles hang on them). Random maps with walls, mud,
enemies and allies."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from movement_oracle import oracle_reachable, oracle_shortest_path

from game.bench import open_cells, random_grid
from game.geometry.grid import OPEN, WALL, Cell, Grid, Terrain
from game.geometry.movement import reachable, shortest_path
from game.geometry.step_graph import step_graph

MUD = Terrain("mud", move_cost=2)
BOG = Terrain("bog", move_cost=4)
FLOORS = [OPEN, OPEN, OPEN, OPEN, WALL, WALL, MUD, BOG]


@st.composite
def scenes(draw: st.DrawFn) -> tuple[Grid, Cell, Cell, set[Cell], set[Cell]]:
    """A grid, a start, a goal, enemies' and allies' cells."""
    w = draw(st.integers(1, 14))
    h = draw(st.integers(1, 14))
    cells = draw(st.lists(st.sampled_from(FLOORS), min_size=w * h, max_size=w * h))
    grid = Grid(w, h, cells)
    every = list(grid.cells())
    start = draw(st.sampled_from(every))  # a wall too: the search starts anywhere
    goal = draw(st.sampled_from(every))
    enemies = set(draw(st.lists(st.sampled_from(every), max_size=6)))
    allies = set(draw(st.lists(st.sampled_from(every), max_size=4)))
    return grid, start, goal, enemies, allies


@settings(max_examples=400, deadline=None)
@given(scene=scenes(), budget=st.sampled_from([0, 1, 2, 3, 5, 8, 40, 10_000]))
def test_reachable_gives_the_same_cells_costs_and_order(
    scene: tuple[Grid, Cell, Cell, set[Cell], set[Cell]], budget: int
) -> None:
    grid, start, _, enemies, allies = scene
    ours = reachable(grid, start, budget, enemies, allies)
    theirs = oracle_reachable(grid, start, budget, enemies, allies)
    assert list(ours.items()) == list(theirs.items())


@settings(max_examples=400, deadline=None)
@given(scene=scenes())
def test_shortest_path_chooses_the_same_path(
    scene: tuple[Grid, Cell, Cell, set[Cell], set[Cell]],
) -> None:
    grid, start, goal, enemies, allies = scene
    ours = shortest_path(grid, start, goal, enemies, allies)
    assert ours == oracle_shortest_path(grid, start, goal, enemies, allies)


def test_open_fields_full_of_ties_on_a_larger_map() -> None:
    """Wide open ground, where many equally short paths tie, and a 40% wall maze."""
    rng = random.Random(11)
    for walls in (0.0, 0.1, 0.4):
        grid = random_grid(40, 30, walls, seed=int(walls * 10))
        cells = open_cells(grid)
        for _ in range(40):
            start, goal = rng.choice(cells), rng.choice(cells)
            enemies = set(rng.sample(cells, 12)) - {start}
            allies = set(rng.sample(cells, 6))
            assert shortest_path(grid, start, goal, enemies, allies) == oracle_shortest_path(
                grid, start, goal, enemies, allies
            )
            budget = rng.choice([6, 12, 24])
            ours = reachable(grid, start, budget, enemies, allies)
            theirs = oracle_reachable(grid, start, budget, enemies, allies)
            assert list(ours.items()) == list(theirs.items())


def test_a_terrain_change_gives_a_new_step_graph_and_creatures_leave_no_trace() -> None:
    grid = Grid.from_ascii("....\n....\n....\n")
    before = step_graph(grid)
    costs = before.cost.copy()
    enemies = {(1, 1), (2, 0), (2, 2)}
    path = shortest_path(grid, (0, 1), (3, 1), occupied=enemies)
    assert path is not None and len(path) == 4 and not enemies & set(path)
    assert path == oracle_shortest_path(grid, (0, 1), (3, 1), occupied=enemies)
    assert (before.cost == costs).all()  # the enemies were blocked for one flood only
    grid.set_terrain((2, 1), WALL)
    assert step_graph(grid) is not before
    assert (2, 1) not in reachable(grid, (0, 1), 5)


def test_terrain_that_costs_nothing_to_enter_is_refused() -> None:
    free = Terrain("free", move_cost=0)
    with pytest.raises(ValueError, match="at least 1"):
        reachable(Grid(2, 1, [OPEN, free]), (0, 0), 3)


def test_two_threads_flooding_one_grid_get_their_own_answers() -> None:
    """The floods share a graph's arrays (creatures blocked in place, one distance
    array): the AI thinks on a worker thread while a frame may ask too."""
    import threading

    grid = random_grid(30, 30, 0.2, seed=5)
    cells = open_cells(grid)
    rng = random.Random(3)
    asks = [
        (rng.choice(cells), rng.choice(cells), frozenset(rng.sample(cells, 8))) for _ in range(60)
    ]
    expected = [
        (oracle_reachable(grid, s, 10, e), oracle_shortest_path(grid, s, g, e)) for s, g, e in asks
    ]
    wrong: list[int] = []

    def ask(order: list[int]) -> None:
        for i in order:
            start, goal, enemies = asks[i]
            got = (reachable(grid, start, 10, enemies), shortest_path(grid, start, goal, enemies))
            if got != expected[i]:
                wrong.append(i)

    threads = [
        threading.Thread(target=ask, args=(list(range(60)) * 3,)),
        threading.Thread(target=ask, args=(list(range(59, -1, -1)) * 3,)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []


def test_step_graphs_kept_stay_within_their_squares_on_big_maps() -> None:
    """A step graph holds ~27 MiB on a 256x256 map: no more than ~4 such are kept, while
    small maps keep up to 8 (each new grid version gets its own graph)."""
    from game.geometry import step_graph as sg

    sg._GRAPHS.clear()
    big = [Grid(256, 256) for _ in range(6)]
    for g in big:
        sg.step_graph(g)
        assert sum(x.width * x.height for x in sg._GRAPHS.values()) <= sg._MAX_GRAPH_CELLS
    assert sg.step_graph(big[-1]) is sg.step_graph(big[-1])  # the newest is kept
    sg._GRAPHS.clear()
    small = [Grid(12, 12) for _ in range(10)]
    for g in small:
        sg.step_graph(g)
    assert len(sg._GRAPHS) == sg._MAX_GRAPHS
    sg._GRAPHS.clear()


def test_searches_in_a_row_on_one_grid_leave_nothing_behind() -> None:
    """The path search keeps its per-cell lists with the step graph and resets what it
    touched: searches on one grid, with and without a way through (a walled pen, enemies
    closing a gap), each answer the heap search's."""
    grid = Grid.from_ascii(
        "..........\n..####....\n..#..#....\n..#..#.~~.\n..##.#.~~.\n..........\n",
        {"~": MUD},
    )
    rng = random.Random(7)
    cells = open_cells(grid)
    gap = {(4, 4), (3, 5), (4, 5), (5, 5)}
    asks = [((0, 0), (3, 2), frozenset()), ((0, 0), (3, 2), frozenset(gap))]
    asks += [((3, 3), (9, 0), frozenset(gap))]  # shut in: the whole pen searched
    asks += [((0, 0), (9, 5), frozenset())]
    for _ in range(60):
        asks.append((rng.choice(cells), rng.choice(cells), frozenset(rng.sample(cells, 5))))
    answers = [shortest_path(grid, s, g, e) for s, g, e in asks]
    assert answers[0] and answers[3] and answers[1] is None and answers[2] is None
    assert answers == [oracle_shortest_path(grid, s, g, e) for s, g, e in asks]
