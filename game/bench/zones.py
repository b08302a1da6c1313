"""Bench rows of the zone graph on big maps (issue 32): ``zone_graph_256_ms``, the CPU
time of ``ZoneGraph.build`` with zones made automatically (the battle-start path of the
zone rulesets on a map without a ``zones`` layer) on an open 256×256 map, and
``zone_graph_256_walls_ms`` on a seeded 256×256 map with 20% walls. Medians of 3
(1 with ``--quick``). No budget in the issue; the aim is well under a second.
"""

from __future__ import annotations

from game.bench import BenchContext, bench, cpu_clock, median_seconds, random_grid, register_row
from game.geometry.grid import Grid

register_row("zone_graph_256_ms", "ZoneGraph.build, automatic zones, open 256x256, median", "ms")
register_row("zone_graph_256_walls_ms", "the same on a random 256x256 map, 20% walls, median", "ms")


@bench
def zone_graph_rows(ctx: BenchContext) -> dict[str, float]:
    from game.geometry.zones import ZoneGraph

    repeat = 1 if ctx.quick else 3
    grids = {
        "zone_graph_256_ms": Grid(256, 256),
        "zone_graph_256_walls_ms": random_grid(256, 256, 0.2, ctx.seed),
    }
    out: dict[str, float] = {}
    for key, grid in grids.items():

        def build(on: Grid = grid) -> ZoneGraph:
            return ZoneGraph.build(on)

        out[key] = round(median_seconds(build, repeat, cpu_clock) * 1000, 1)
    return out
