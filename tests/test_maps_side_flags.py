"""The ``morale`` flag of a ``sides`` line (maps/README.md · Sides): any side may carry
it, with ``party`` or ``undecided``, in any order; ``SideInfo.flags`` keeps it for the
rulesets that read it; ``check-map`` accepts a map that uses it and reports it written
twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_support import write_tmx

from game.__main__ import main
from game.maps.errors import Problem
from game.maps.loader import load_battlefield
from game.maps.scenario import parse_sides


def test_a_side_may_be_marked_morale_beside_party_or_undecided() -> None:
    problems: list[Problem] = []
    sides = parse_sides(
        "a; A; #112233; human; morale; party\nb; B; #445566; ai; undecided; morale\n"
        "c; C; #778899; ai",
        problems,
    )
    assert problems == []
    assert [(s.id, s.party, s.undecided, s.flags) for s in sides] == [
        ("a", True, False, ("morale",)),
        ("b", False, True, ("morale",)),
        ("c", False, False, ()),
    ]
    parse_sides("a; A; #112233; human; morale; morale\nb; B; #445566; ai", problems)
    assert any("'morale' is written twice" in str(p) for p in problems)


def test_check_map_accepts_a_sides_line_with_the_morale_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_tmx(
        tmp_path,
        "....\n....",
        [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (3, 1))],
    )
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("#3060c0; any; party", "#3060c0; any; party; morale"))
    assert main(["check-map", "--strict", str(path)]) == 0
    assert f"{path}: ok — " in capsys.readouterr().out
    party = load_battlefield(path).scenario.sides[0]
    assert party.party and party.flags == ("morale",)
