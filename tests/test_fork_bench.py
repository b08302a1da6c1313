"""The ``fork_ms`` bench rows (issue 28 · item 6): measured over a hard-vs-hard grid battle,
reported with their conditions; figures are read, never asserted against the budget."""

from __future__ import annotations

from game.bench import ROWS, BenchContext
from game.bench.fork import fork_rows, fork_times
from game.maps import load_battlefield, shipped_maps_dir


def test_fork_rows_time_a_fork_at_each_decision_of_a_battle() -> None:
    field = load_battlefield(shipped_maps_dir() / "duel.tmx")
    ctx = BenchContext(field.grid, "duel", tuple(s.cell for s in field.spawns), 2, True, field)
    values = fork_rows(ctx)
    assert set(values) == {"fork_ms", "fork_median_ms", "fork_decisions"}
    assert 0 < values["fork_median_ms"] <= values["fork_ms"]
    assert values["fork_decisions"] == len(fork_times(field, 2, 150))
    assert ROWS["fork_ms"].budget == 5.0 and "p95" in ROWS["fork_ms"].label


def test_fork_times_can_stop_after_some_decisions() -> None:
    field = load_battlefield(shipped_maps_dir() / "duel.tmx")
    assert len(fork_times(field, 2, 5)) == 5
