"""The zone graph made fast for big maps (issue 32) makes the same zones as before: the
same names, cells, order and neighbours as the cell-by-cell reference
(``zones_reference.py``), automatic or from a map's zones, on random maps."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st
from zones_reference import reference_partition

from game.geometry.grid import OPEN, Cell, Grid, Terrain
from game.geometry.zone_parts import blocked_rows, components
from game.geometry.zones import ZoneGraph

WALL = Terrain("wall", blocks_move=True, blocks_sight=True)
DOOR = Terrain("oak door")
BOG = Terrain("bog", move_cost=2)


@dataclass(frozen=True)
class Z:
    name: str
    cells: frozenset[Cell]
    properties: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


def random_grid(rng: random.Random, width: int, height: int, walls: float) -> Grid:
    kinds = [(WALL, walls), (DOOR, 0.04), (BOG, 0.1)]

    def pick() -> Terrain:
        r = rng.random()
        for kind, share in kinds:
            if r < share:
                return kind
            r -= share
        return OPEN

    return Grid(width, height, [pick() for _ in range(width * height)])


def _same_as_reference(grid: Grid, zones: list[Z]) -> None:
    graph = ZoneGraph.build(grid, zones)
    wanted, neighbours = reference_partition(grid, zones)
    assert [(z.name, z.cells) for z in graph.zones] == wanted
    assert [graph.neighbours(i) for i in range(len(graph.zones))] == neighbours


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    width=st.integers(1, 40),
    height=st.integers(1, 40),
    walls=st.sampled_from([0.0, 0.1, 0.3, 0.5]),
)
def test_automatic_zones_are_the_same_as_before(
    seed: int, width: int, height: int, walls: float
) -> None:
    _same_as_reference(random_grid(random.Random(seed), width, height, walls), [])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(1, 6))
def test_zones_from_the_map_are_the_same_as_before(seed: int, count: int) -> None:
    """Overlapping rectangles, some off the map or over walls, leaving gaps and islands."""
    rng = random.Random(seed)
    grid = random_grid(rng, 24, 18, 0.25)
    zones = []
    for n in range(count):
        x0, y0 = rng.randrange(-3, 24), rng.randrange(-3, 18)
        w, h = rng.randrange(1, 10), rng.randrange(1, 8)
        cells = frozenset((x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h))
        zones.append(Z(f"Zone {n}", cells))
    _same_as_reference(grid, zones)


def test_a_big_open_map_and_a_big_broken_one_are_the_same_as_before() -> None:
    rng = random.Random(5)
    _same_as_reference(Grid(96, 80), [])
    _same_as_reference(random_grid(rng, 90, 70, 0.3), [])


def test_diagonal_runs_join_unless_squeezing_between_two_walls() -> None:
    grid = Grid.from_ascii("..#.\n##..\n.#..\n#.#.\n")
    walkable = [c for c in grid.cells() if not grid.blocks_move(c)]
    parts = components(walkable, blocked_rows(grid))
    # each of these diagonal steps squeezes between two walls: (1, 0) to (2, 1),
    # (0, 2) to (1, 3), (1, 3) to (2, 2)
    assert parts == [
        {(0, 0), (1, 0)},
        {(3, 0), (2, 1), (3, 1), (2, 2), (3, 2), (3, 3)},
        {(0, 2)},
        {(1, 3)},
    ]
