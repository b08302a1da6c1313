"""The ``zone_graph_256_*`` bench rows (issue 32): ZoneGraph.build on 256x256 maps,
reported with their conditions; figures are read, never asserted against a time."""

from __future__ import annotations

from game.bench import BENCH_MODULES, ROWS, BenchContext, random_grid
from game.bench.zones import zone_graph_rows


def test_zone_graph_rows_time_the_automatic_zones_of_big_maps() -> None:
    ctx = BenchContext(random_grid(8, 8), "tiny", (), 1, quick=True)
    values = zone_graph_rows(ctx)
    assert set(values) == {"zone_graph_256_ms", "zone_graph_256_walls_ms"}
    assert all(v > 0 for v in values.values())
    assert "256x256" in ROWS["zone_graph_256_ms"].label
    assert "game.bench.zones" in BENCH_MODULES
