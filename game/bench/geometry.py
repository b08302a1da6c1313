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
- ``visibility_map_ms`` / ``visibility_map_p95_ms``: ``Sight.visibility`` from every
  open cell of the map (a sample of 200 with ``--quick``), each origin once on one
  prepared Sight (no cached map: the per-grid-version layout is built before the clock
  starts, as a battle builds it once), median and p95 of the single calls.
- ``sight_layout_ms``: building that per-version layout (on a new map or after a
  terrain change).
- ``step_graph_ms``: building the per-grid-version tcod graph of legal steps that
  ``reachable`` floods and ``shortest_path`` walks (on a new map or after a terrain change);
  it is built before the clocks below start, as a battle builds it once.
- ``reachable_ms`` / ``reachable_12_ms`` / ``reachable_24_ms``: ``reachable`` with a
  budget of 6, 12 and 24 squares from random open cells; a batch of calls timed
  together, divided by the calls.
- ``path_ms``: ``shortest_path`` between the open cells nearest to two opposite
  corners of the map, a batch of calls timed together, divided by the calls.

tcod answers the same questions timed the same way: FOV from the same origins, one
call at a time (p95 and median of the calls, its call overhead counted as ours is);
``dijkstra2d`` on the same window a mover with that budget can reach (the
(2b+1)² squares around the start), the same starts in a batch; ``Pathfinder`` and
``AStar`` for the same path, in a batch. The ``*_vs_tcod`` rows are ours / theirs.
tcod's answers are cell-based approximations (no corner rule for FOV, no squeeze rule
for diagonal steps), so it does slightly less work than we do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np

from game.bench import BenchContext, bench, cpu_clock, median_seconds, open_cells, register_row
from game.geometry.grid import Cell, Grid
from game.geometry.movement import reachable, shortest_path
from game.geometry.sight import Sight
from game.geometry.step_graph import StepGraph, step_graph

register_row("los_query_us", "one LOS + cover query", "µs", budget=50)
register_row("los_query_cached_us", "same query, cached", "µs")
register_row("sees_query_us", "line of sight only (Sight.sees)", "µs")
register_row("visibility_map_ms", "visibility + cover map, one unit, median of all origins", "ms")
register_row(
    "visibility_map_p95_ms", "visibility + cover map, one unit, p95 of all origins", "ms", 2.0
)
register_row("sight_layout_ms", "sight layout, per grid version", "ms")
register_row("step_graph_ms", "movement step graph, per grid version", "ms")
register_row("visibility_map_ms_tcod", "tcod compute_fov, same origins, median", "ms")
register_row("visibility_map_p95_ms_tcod", "tcod compute_fov, same origins, p95", "ms")
register_row("visibility_map_p95_ms_vs_tcod", "visibility map p95 / tcod FOV p95", "×")
BUDGETS = (6, 12, 24)
for _b in BUDGETS:
    _key = "reachable_ms" if _b == 6 else f"reachable_{_b}_ms"
    register_row(_key, f"reachable cells, {_b} squares", "ms")
    register_row(f"{_key}_tcod", f"tcod dijkstra2d, same {2 * _b + 1}² window", "ms")
    register_row(f"{_key}_vs_tcod", f"reachable {_b} / tcod", "×", budget=2.0 if _b == 12 else None)
register_row("path_ms", "shortest path corner to corner", "ms")
register_row("path_ms_tcod", "tcod Pathfinder, same path", "ms")
register_row("path_ms_astar_tcod", "tcod AStar, same path", "ms")
register_row("path_ms_vs_tcod", "path / tcod Pathfinder", "×", budget=2.0)


def _nearest_open(grid: Grid, cells: list[Cell], corner: Cell) -> Cell:
    return min(cells, key=lambda c: (max(abs(c[0] - corner[0]), abs(c[1] - corner[1])), c))


def _reach_key(budget: int) -> str:
    return "reachable_ms" if budget == 6 else f"reachable_{budget}_ms"


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _batch_ms(calls: Sequence[Callable[[], object]], rounds: int) -> float:
    """Median over ``rounds`` of the mean CPU time of the calls (ms), taken as a batch."""
    per_round = []
    for _ in range(max(1, rounds)):
        start = cpu_clock()
        for call in calls:
            call()
        per_round.append((cpu_clock() - start) / len(calls))
    return sorted(per_round)[len(per_round) // 2] * 1e3


def origins(ctx: BenchContext, cells: list[Cell]) -> list[Cell]:
    """Every open cell, or a seeded sample of 200 in a quick run."""
    if not ctx.quick or len(cells) <= 200:
        return list(cells)
    return ctx.rng("origins").sample(cells, 200)


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

    # Visibility map of one unit from every origin, each once (no cached map).
    sight = Sight(grid)
    sight.prepare()  # per grid version, not per map: built once a battle
    times = []
    for cell in origins(ctx, cells):
        start = cpu_clock()
        sight.visibility(cell)
        times.append(cpu_clock() - start)
    out["visibility_map_ms"] = _pct(times, 0.5) * 1e3
    out["visibility_map_p95_ms"] = _pct(times, 0.95) * 1e3
    out["sight_layout_ms"] = median_seconds(lambda: Sight(grid).prepare(), 3, cpu_clock) * 1e3

    out["step_graph_ms"] = (
        median_seconds(lambda: StepGraph(grid, grid.arrays()), 3, cpu_clock) * 1e3
    )
    step_graph(grid)  # per grid version, not per call: built once a battle
    starts = [rng.choice(cells) for _ in range(20 if ctx.quick else 100)]
    rounds = 3 if ctx.quick else 5
    for budget in BUDGETS:
        calls = [partial(reachable, grid, cell, budget) for cell in starts]
        out[_reach_key(budget)] = _batch_ms(calls, rounds)

    a = _nearest_open(grid, cells, (0, 0))
    b = _nearest_open(grid, cells, (grid.width - 1, grid.height - 1))
    out["path_ms"] = _batch_ms([partial(shortest_path, grid, a, b)] * 5, 3 if ctx.quick else 9)

    out.update(_tcod_rows(ctx, grid, cells, starts, a, b, out))
    return out


def _tcod_rows(
    ctx: BenchContext,
    grid: Grid,
    cells: list[Cell],
    starts: list[Cell],
    a: Cell,
    b: Cell,
    ours: dict[str, float],
) -> dict[str, float]:
    try:
        import tcod.map
        import tcod.path
    except ImportError:
        return {}
    arrays = grid.arrays()
    transparency = ~arrays.blocks_sight
    cost = np.where(arrays.blocks_move, 0, arrays.move_cost).astype(np.int32)
    out: dict[str, float] = {}
    tcod_any: Any = tcod
    times = []
    for x, y in origins(ctx, cells):
        start = cpu_clock()
        tcod_any.map.compute_fov(transparency, (y, x), radius=0, light_walls=True)
        times.append(cpu_clock() - start)
    out["visibility_map_ms_tcod"] = _pct(times, 0.5) * 1e3
    out["visibility_map_p95_ms_tcod"] = _pct(times, 0.95) * 1e3

    def window_reach(cell: Cell, budget: int) -> int:
        x, y = cell
        x0, y0 = max(0, x - budget), max(0, y - budget)
        window = cost[y0 : y + budget + 1, x0 : x + budget + 1]
        dist = tcod_any.path.maxarray(window.shape, dtype=np.int32)
        dist[y - y0, x - x0] = 0
        tcod_any.path.dijkstra2d(dist, window, cardinal=1, diagonal=1, out=dist)
        return int((dist <= budget).sum())

    rounds = 3 if ctx.quick else 5
    for budget in BUDGETS:
        calls = [partial(window_reach, cell, budget) for cell in starts]
        out[f"{_reach_key(budget)}_tcod"] = _batch_ms(calls, rounds)

    def tcod_path() -> object:
        graph = tcod_any.path.SimpleGraph(cost=cost, cardinal=1, diagonal=1)
        finder = tcod_any.path.Pathfinder(graph)
        finder.add_root((a[1], a[0]))
        return finder.path_to((b[1], b[0]))

    def tcod_astar() -> object:
        return tcod_any.path.AStar(cost, diagonal=1).get_path(a[1], a[0], b[1], b[0])

    repeat = 3 if ctx.quick else 9
    out["path_ms_tcod"] = _batch_ms([tcod_path] * 5, repeat)
    out["path_ms_astar_tcod"] = _batch_ms([tcod_astar] * 5, repeat)
    pairs = [("visibility_map_p95_ms", "visibility_map_p95_ms"), ("path_ms", "path_ms")]
    pairs += [(_reach_key(budget), _reach_key(budget)) for budget in BUDGETS]
    for key, _ in pairs:
        theirs = out[f"{key}_tcod"]
        if theirs > 0:
            out[f"{key}_vs_tcod"] = ours[key] / theirs
    return out
