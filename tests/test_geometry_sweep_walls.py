"""Visibility maps on maps built of long wall runs, diagonal wall pairs (pinches), cover
tiles and open ground (source 004 · Line of Sight and Cover): the sweep cuts one wedge per
run of walls one above the other, keeps interval snapshots only on the lines where a cut
changed them and visits only the columns holding cover tiles; every square of the map
must still be what the pairwise queries (one segment walk per line) answer."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wall_maps import add_walls

from game.geometry.grid import OPEN, Cell, Cover, Grid, Terrain
from game.geometry.sight import NOT_VISIBLE, Sight

LOW_WALL = Terrain("low wall", cover=Cover.HALF)
ARROW_SLIT = Terrain("arrow slit", cover=Cover.FULL)


@st.composite
def walled_maps(draw: st.DrawFn) -> Grid:
    w = draw(st.integers(3, 22))
    h = draw(st.integers(3, 22))
    cells = [OPEN] * (w * h)
    add_walls(draw, cells, w, h, runs=7, pinches=6)
    for _ in range(draw(st.integers(0, 10))):
        i = draw(st.integers(0, w * h - 1))
        if cells[i] is OPEN:
            cells[i] = draw(st.sampled_from([LOW_WALL, ARROW_SLIT]))
    return Grid(w, h, cells)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grid=walled_maps(), data=st.data())
def test_visibility_maps_on_wall_runs_match_pairwise_queries(
    grid: Grid, data: st.DataObject
) -> None:
    cells: list[Cell] = [c for c in grid.cells() if not grid.blocks_sight(c)]
    if not cells:
        return
    sight = Sight(grid)
    for a in data.draw(st.lists(st.sampled_from(cells), min_size=1, max_size=3, unique=True)):
        vis = sight.visibility(a)
        for b in grid.cells():
            c = sight.cover(a, b)
            assert vis[b[1], b[0]] == (NOT_VISIBLE if c is None else int(c)), (a, b)
