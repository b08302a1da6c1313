"""``Sight.visibility`` and ``Sight.seen`` answer exactly what the sweep they replaced
answered (tests/sweep_oracle.py, source 004 · Line of Sight and Cover): the same cover
map, square by square, from the open origins of battle.tmx (a quarter in the suite; all
of them with BATTLE_PARTS = [0, 1, 2, 3]), and from origins on random maps with
walls, runs of walls, pinches, low walls and arrow slits (hypothesis)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sweep_oracle import OracleSight
from wall_maps import add_walls

from game.geometry.grid import OPEN, WALL, Cell, Cover, Grid, Terrain
from game.geometry.sight import Sight
from game.maps import find_map, load_battlefield

LOW_WALL = Terrain("low wall", cover=Cover.HALF)
ARROW_SLIT = Terrain("arrow slit", cover=Cover.FULL)
FLOORS = [OPEN, OPEN, OPEN, OPEN, OPEN, WALL, WALL, LOW_WALL, ARROW_SLIT]


def _same_maps(grid: Grid, origins: list[Cell], seen_every: int = 1) -> None:
    """Each origin's visibility map is the oracle's; so is ``seen`` (every
    ``seen_every``-th origin, on a Sight with no cached map)."""
    sight = Sight(grid)
    oracle = OracleSight(sight.layout)
    wanted = {}
    for a in origins:
        want = wanted[a] = oracle.visibility(a)
        got = sight.visibility(a)
        assert got.dtype == np.int8
        assert np.array_equal(got, want), (a, np.argwhere(got != want)[:5].tolist())
    fresh = Sight(grid)  # no cached map: seen() works the squares out itself
    for a in origins[::seen_every]:
        assert np.array_equal(fresh.seen(a), wanted[a] >= 0), a


def _sight_cells(grid: Grid) -> list[Cell]:
    return [c for c in grid.cells() if not grid.blocks_sight(c)]


def _random_map(seed: int) -> Grid:
    """64×64: about a quarter walls, a few low walls and arrow slits."""
    rng = random.Random(seed)
    kinds = [OPEN, WALL, LOW_WALL, ARROW_SLIT]
    cells = [rng.choices(kinds, weights=[60, 25, 10, 5])[0] for _ in range(64 * 64)]
    return Grid(64, 64, cells)


#: Every origin of battle.tmx takes a while against the oracle; the suite takes the
#: third quarter of them in reading order (rows 32-47, where the cover tiles stand;
#: ``BATTLE_PARTS`` lists which quarters run: all four give every origin).
BATTLE_PARTS = [2]


@pytest.mark.parametrize("part", BATTLE_PARTS)
def test_origins_of_battle_tmx_get_the_same_cover_map(part: int) -> None:
    grid = load_battlefield(find_map("battle")).grid
    cells = _sight_cells(grid)
    quarter = len(cells) // 4
    _same_maps(grid, cells[part * quarter : (part + 1) * quarter if part < 3 else None], 5)


def test_origins_on_a_random_64_map_with_cover_tiles_get_the_same_cover_map() -> None:
    grid = _random_map(3)
    cells = _sight_cells(grid)
    _same_maps(grid, cells[:: max(1, len(cells) // 120)])


@st.composite
def maps(draw: st.DrawFn) -> Grid:
    w = draw(st.integers(1, 16))
    h = draw(st.integers(1, 16))
    cells = draw(st.lists(st.sampled_from(FLOORS), min_size=w * h, max_size=w * h))
    add_walls(draw, cells, w, h, runs=4, pinches=5)
    return Grid(w, h, cells)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=maps(), data=st.data())
def test_random_maps_get_the_same_cover_maps(grid: Grid, data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        origins = _sight_cells(grid)  # every open square
    else:  # a few squares, walls among them
        every = list(grid.cells())
        origins = data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=6, unique=True))
    _same_maps(grid, origins)
