"""The ``search_*`` bench rows (the search AI in zones, factions and stress on the bench map):
timed decisions of ``search`` after answers of ``hard``, with budgets; figures are read,
never asserted against a time."""

from __future__ import annotations

from game.bench import BENCH_MODULES, ROWS
from game.bench.search import RULESETS, p90, search_times
from game.maps import load_battlefield, shipped_maps_dir


def test_search_rows_are_declared_with_their_budgets() -> None:
    assert "game.bench.search" in BENCH_MODULES
    assert RULESETS == ("zones", "factions", "stress")
    for ruleset in RULESETS:
        row = ROWS[f"search_{ruleset}_p90_ms"]
        assert row.budget is not None and ruleset in row.label and "p90" in row.label
        assert ROWS[f"search_{ruleset}_max_ms"].budget is not None
    assert ROWS["search_zones_p90_ms"].budget == 500.0


def test_search_times_times_the_searchs_decisions_after_hards_answers() -> None:
    field = load_battlefield(shipped_maps_dir() / "duel.tmx")
    for ruleset in RULESETS:
        times = search_times(field, ruleset, 2, 4, 3)
        assert len(times) == 3 and all(t >= 0 for t in times)


def test_p90_is_the_value_at_nine_tenths_of_the_sorted_list() -> None:
    assert p90([float(v) for v in range(10, 0, -1)]) == 10.0
    assert p90([float(v) for v in range(1, 31)]) == 28.0
    assert p90([0.5]) == 0.5
