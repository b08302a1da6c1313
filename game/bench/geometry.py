"""Bench rows for geometry: line of sight, visibility maps, reachable cells, paths.

Budgets from DESIGN.md · Numbers: one LOS + cover query ≤ 50 µs, one unit's
visibility and cover map ≤ 20 ms. Where tcod is importable the comparable
questions are answered with it in the same run (its FOV and paths are cell-based
approximations, not our exact corner rule) and the ratio is printed.

Times are CPU time of the process (``cpu_clock``): the bench machine is shared, and
other programs' load would otherwise inflate these single-threaded figures. How
each figure is taken (all on fresh caches unless the name says otherwise):

- ``los_query_us``: ``Sight.cover`` on random pairs of open cells anywhere on the
  map, each pair asked once (no cache hit), mean per query; median of batches.
- ``los_query_cached_us``: the same pairs asked again (the engine's repeated asks).
- ``sees_query_us``: ``Sight.sees`` alone on fresh pairs (stops at the first clear line).
- ``visibility_map_ms``: ``Sight.visibility`` from one random open cell on a new
  Sight (no cached point or map; the per-grid-version layout is built before the
  clock starts, as a battle builds it once), median over cells.
- ``sight_layout_ms``: building that per-version layout (on a new map or after a
  terrain change).
- ``reachable_ms``: ``reachable`` with a budget of 6 squares (a 30 ft move) from
  random open cells, median.
- ``path_ms``: ``shortest_path`` between the open cells nearest to two opposite
  corners of the map, median.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.bench import BenchContext, bench, cpu_clock, median_seconds, open_cells, register_row
from game.geometry.grid import Cell, Grid
from game.geometry.movement import reachable, shortest_path
from game.geometry.sight import Sight

register_row("los_query_us", "one LOS + cover query", "µs", budget=50)
register_row("los_query_cached_us", "same query, cached", "µs")
register_row("sees_query_us", "line of sight only (Sight.sees)", "µs")
register_row("visibility_map_ms", "visibility + cover map, one unit", "ms", budget=20)
register_row("sight_layout_ms", "sight layout, per grid version", "ms")
register_row("visibility_map_ms_tcod", "tcod compute_fov (cells only)", "ms")
register_row("visibility_map_ms_vs_tcod", "visibility map / tcod FOV", "×")
register_row("reachable_ms", "reachable cells, 6 squares", "ms")
register_row("reachable_ms_tcod", "tcod dijkstra2d, 6 squares", "ms")
register_row("reachable_ms_vs_tcod", "reachable / tcod", "×")
register_row("path_ms", "shortest path corner to corner", "ms")
register_row("path_ms_tcod", "tcod Pathfinder corner to corner", "ms")
register_row("path_ms_vs_tcod", "path / tcod", "×")


def _nearest_open(grid: Grid, cells: list[Cell], corner: Cell) -> Cell:
    return min(cells, key=lambda c: (max(abs(c[0] - corner[0]), abs(c[1] - corner[1])), c))


@bench
def geometry_rows(ctx: BenchContext) -> dict[str, float]:
    grid = ctx.grid
    cells = open_cells(grid)
    if len(cells) < 2:
        return {}
    rng = ctx.rng("geometry")
    out: dict[str, float] = {}

    # One LOS + cover query, cold and cached.
    batches = 3 if ctx.quick else 7
    per_batch = 200 if ctx.quick else 1000
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(batches):
        sight = Sight(grid)
        _ = sight.layout  # built once per grid version, not per query
        pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(per_batch)]
        start = cpu_clock()
        for a, b in pairs:
            sight.cover(a, b)
        cold.append((cpu_clock() - start) / len(pairs))
        start = cpu_clock()
        for a, b in pairs:
            sight.cover(a, b)
        warm.append((cpu_clock() - start) / len(pairs))
    out["los_query_us"] = sorted(cold)[len(cold) // 2] * 1e6
    sees: list[float] = []
    for _ in range(batches):
        sight = Sight(grid)
        _ = sight.layout
        pairs = [(rng.choice(cells), rng.choice(cells)) for _ in range(per_batch)]
        start = cpu_clock()
        for a, b in pairs:
            sight.sees(a, b)
        sees.append((cpu_clock() - start) / len(pairs))
    out["sees_query_us"] = sorted(sees)[len(sees) // 2] * 1e6
    out["los_query_cached_us"] = sorted(warm)[len(warm) // 2] * 1e6

    # Visibility map of one unit, on a fresh Sight each time (nothing reused).
    samples = 5 if ctx.quick else 25
    starts = [rng.choice(cells) for _ in range(samples)]
    times = []
    for cell in starts:
        sight = Sight(grid)
        sight.prepare()  # per grid version, not per map: built once a battle
        start = cpu_clock()
        sight.visibility(cell)
        times.append(cpu_clock() - start)
    out["visibility_map_ms"] = sorted(times)[len(times) // 2] * 1e3
    out["sight_layout_ms"] = median_seconds(lambda: Sight(grid).prepare(), 3, cpu_clock) * 1e3

    starts = [rng.choice(cells) for _ in range(samples)]
    times = []
    for cell in starts:
        start = cpu_clock()
        reachable(grid, cell, 6)
        times.append(cpu_clock() - start)
    out["reachable_ms"] = sorted(times)[len(times) // 2] * 1e3

    a = _nearest_open(grid, cells, (0, 0))
    b = _nearest_open(grid, cells, (grid.width - 1, grid.height - 1))
    out["path_ms"] = (
        median_seconds(lambda: shortest_path(grid, a, b), 3 if ctx.quick else 9, cpu_clock) * 1e3
    )

    out.update(_tcod_rows(ctx, grid, cells, a, b, out))
    return out


def _tcod_rows(
    ctx: BenchContext, grid: Grid, cells: list[Cell], a: Cell, b: Cell, ours: dict[str, float]
) -> dict[str, float]:
    try:
        import tcod.map
        import tcod.path
    except ImportError:
        return {}
    rng = ctx.rng("geometry-tcod")
    arrays = grid.arrays()
    transparency = ~arrays.blocks_sight
    cost = np.where(arrays.blocks_move, 0, arrays.move_cost).astype(np.int32)
    samples = 5 if ctx.quick else 25
    out: dict[str, float] = {}
    tcod_any: Any = tcod
    times = []
    for x, y in (rng.choice(cells) for _ in range(samples)):
        start = cpu_clock()
        tcod_any.map.compute_fov(transparency, (y, x), radius=0, light_walls=True)
        times.append(cpu_clock() - start)
    out["visibility_map_ms_tcod"] = sorted(times)[len(times) // 2] * 1e3

    times = []
    for x, y in (rng.choice(cells) for _ in range(samples)):
        start = cpu_clock()
        dist = tcod_any.path.maxarray((grid.height, grid.width), dtype=np.int32)
        dist[y, x] = 0
        tcod_any.path.dijkstra2d(dist, cost, cardinal=1, diagonal=1, out=dist)
        int((dist <= 6).sum())
        times.append(cpu_clock() - start)
    out["reachable_ms_tcod"] = sorted(times)[len(times) // 2] * 1e3

    def tcod_path() -> object:
        graph = tcod_any.path.SimpleGraph(cost=cost, cardinal=1, diagonal=1)
        finder = tcod_any.path.Pathfinder(graph)
        finder.add_root((a[1], a[0]))
        return finder.path_to((b[1], b[0]))

    out["path_ms_tcod"] = median_seconds(tcod_path, 3 if ctx.quick else 9, cpu_clock) * 1e3
    for key in ("visibility_map_ms", "reachable_ms", "path_ms"):
        theirs = out[f"{key}_tcod"]
        if theirs > 0:
            out[f"{key}_vs_tcod"] = ours[key] / theirs
    return out
