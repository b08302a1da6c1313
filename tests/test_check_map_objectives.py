"""check-map's ok line counts the objectives a map marks, with their kinds (play-test 6:
an author could not tell from it whether the objectives layer was read)."""

from __future__ import annotations

from game.cli.check_map import check, default_templates


def _ok_line(name: str) -> str:
    ok, lines = check(name, frozenset(default_templates()))
    assert ok
    return next(line for line in lines if ": ok — " in line)


def test_the_ok_line_counts_the_objectives_and_names_their_kinds() -> None:
    assert ", 19 units, 2 objectives (hold, protect) (" in _ok_line("village")
    assert ", 43 units, 3 objectives (hold) (" in _ok_line("battle")
    assert ", 4 units, 1 objective (hold) (" in _ok_line("duel")
