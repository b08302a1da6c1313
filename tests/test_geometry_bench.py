"""The bench command and the geometry rows (issue 2 §6). Figures are never asserted."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.bench import ROWS, BenchContext, open_cells, random_grid, register_row
from game.bench.geometry import geometry_rows

GEOMETRY_KEYS = {"los_query_us", "visibility_map_ms", "reachable_ms", "path_ms"}


def test_geometry_rows_report_every_required_key_on_a_random_grid() -> None:
    grid = random_grid(24, 24, 0.2, seed=3)
    ctx = BenchContext(grid, "test grid", tuple(open_cells(grid)[:4]), seed=3, quick=True)
    values = geometry_rows(ctx)
    assert GEOMETRY_KEYS <= set(values)
    assert all(values[k] > 0 for k in GEOMETRY_KEYS)
    assert all(k in ROWS for k in values)


def test_rows_know_their_budgets() -> None:
    row = register_row("test_only_row_ms", "a test row", "ms", budget=5)
    try:
        assert row.ok(4.0) and not row.ok(6.0)
        higher = register_row("test_only_rate", "a rate", "/s", budget=10, lower_is_better=False)
        assert higher.ok(11) and not higher.ok(9)
    finally:
        ROWS.pop("test_only_row_ms", None)
        ROWS.pop("test_only_rate", None)


def test_bench_with_a_missing_map_says_so_in_one_line_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "--map", "no_such_map_anywhere"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "no_such_map_anywhere" in lines[0]


def test_bench_json_is_one_object_with_the_geometry_keys(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.bench as bench

    # Only the geometry rows: the others (battles, frames) have their own tests.
    monkeypatch.setattr(bench, "BENCH_MODULES", ("game.bench.geometry",))
    monkeypatch.setattr(bench, "FUNCTIONS", [geometry_rows])
    assert main(["bench", "--quick", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert GEOMETRY_KEYS <= set(out)
    assert isinstance(out["map"], str)
