"""The scenario from map properties (maps/README.md · Map properties): sides lines,
party, control, surprise, round limit and fog."""

from __future__ import annotations

import dataclasses

from game.ai import make_controller, play
from game.engine import Battle
from game.maps.battlefield import Battlefield
from game.maps.errors import Problem
from game.maps.scenario import declared_side_ids, parse_scenario, parse_sides

BASE = {"title": "T", "briefing": "B", "sides": "a; A; #112233; human; party\nb; B; #445566"}


def test_side_control_defaults_to_any_and_colour_is_lower_cased() -> None:
    problems: list[Problem] = []
    sides = parse_sides("a; Alpha; #AABBCC; human; party\n\nb; Beta; #112233\n", problems)
    assert problems == []
    assert [(s.id, s.name, s.colour, s.control, s.party) for s in sides] == [
        ("a", "Alpha", "#aabbcc", "human", True),
        ("b", "Beta", "#112233", "any", False),
    ]


def test_sides_lines_are_checked_one_by_one() -> None:
    problems: list[Problem] = []
    parse_sides(
        "A b; X; #112233; ai\nok; Ok; #112233; robot\nok; Again; #112233\n"
        "p; P; #112233; ai; captain\nshort; only",
        problems,
    )
    text = [str(p) for p in problems]
    assert any("line 1" in t and "side id 'A b'" in t for t in text)
    assert any("line 2" in t and "control 'robot'" in t for t in text)
    assert any("line 3" in t and "declared twice" in t for t in text)
    assert any("line 4" in t and "'captain' is not 'party'" in t for t in text)
    assert any("line 5" in t and "should be 'id; Name; #rrggbb; control'" in t for t in text)


def test_a_battle_needs_two_sides_and_one_party_at_most() -> None:
    problems: list[Problem] = []
    parse_sides("a; A; #112233", problems)
    assert [p.what for p in problems] == ["a battle needs at least two sides"]
    problems = []
    parse_sides("a; A; #112233; any; party\nb; B; #112233; any; party", problems)
    assert [p.what for p in problems] == ["only one side can be the party"]


def test_surprise_must_name_a_side_or_check() -> None:
    problems: list[Problem] = []
    assert parse_scenario({**BASE, "surprise": "check"}, problems).surprise == "check"
    assert parse_scenario({**BASE, "surprise": "b"}, problems).surprise == "b"
    assert problems == []
    parse_scenario({**BASE, "surprise": "c"}, problems)
    assert [p.where for p in problems] == ["map property 'surprise'"]


def test_round_limit_fog_and_unknown_properties() -> None:
    problems: list[Problem] = []
    scenario = parse_scenario({**BASE, "round_limit": "8", "fog": "true", "author": "me"}, problems)
    assert (scenario.round_limit, scenario.fog, problems) == (8, True, [])
    parse_scenario({**BASE, "round_limit": 1000, "fog": "perhaps", "titel": "x"}, problems)
    assert sorted(p.where for p in problems) == [
        "map",
        "map property 'fog'",
        "map property 'round_limit'",
    ]


def test_declared_side_ids_include_lines_with_other_mistakes() -> None:
    assert declared_side_ids({"sides": "a; A; #1122\nb; B; #112233\nBad id; C; #112233"}) == {
        "a",
        "b",
    }


def test_a_side_may_be_marked_undecided_but_not_the_party() -> None:
    problems: list[Problem] = []
    sides = parse_sides(
        "a; A; #112233; human; party\nb; B; #445566; ai; undecided\nc; C; #778899", problems
    )
    assert problems == []
    assert [(s.id, s.party, s.undecided) for s in sides] == [
        ("a", True, False),
        ("b", False, True),
        ("c", False, False),
    ]
    parse_sides(
        "a; A; #112233; human; party; undecided\nb; B; #445566; ai; undecided; undecided\n"
        "c; C; #778899; any; Undecided; party; x",
        problems,
    )
    text = [str(p) for p in problems]
    assert any("line 1" in t and "the party cannot be undecided" in t for t in text)
    assert any("line 2" in t and "'undecided' is written twice" in t for t in text)
    assert any("line 3" in t and "should be 'id; Name; #rrggbb; control'" in t for t in text)


def test_rulesets_without_a_reaction_roll_ignore_the_undecided_mark() -> None:
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (3, 0))]
    plain = Battlefield.from_ascii("....\n....", spawns)
    marked = Battlefield.from_ascii(
        "....\n....",
        spawns,
        sides=[dataclasses.replace(s, undecided=not s.party) for s in plain.scenario.sides],
    )
    for ruleset in ("grid", "clash"):
        logs = []
        for bf in (plain, marked):
            battle = Battle(bf, ruleset=ruleset, seed=3)
            play(battle, {s: make_controller("baseline", 3, ruleset) for s in ("party", "bandits")})
            logs.append([e.text() for e in battle.events])
            battle.close()
        assert logs[0] == logs[1] and len(logs[0]) > 5
