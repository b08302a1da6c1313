"""End-of-round morale in the stress rules (002 · Step 4; decisions, README · Morale):
the source's third trigger, "the target of an Intimidation check" — a fearsome enemy
(the ogre) with the unit in its reach rolls d20 + HD + Strength modifier, which the
morale check opposes; or the fall of the side's leader — and the map's ``morale`` side
flag, which makes a side check as the computer's sides do.

Og: ogre (HD 4, STR 18: Intimidation d20 + 8); Gor, Bo, Cy: bandits (morale 3d6 − 1
(INS 9) + HD 2 + allies); Ada: warrior (INS 11, HD 3 in these tests)."""

from __future__ import annotations

import dataclasses

from engine_support import BANDITS, PARTY
from stress_support import declare, fighter, log, make_field, set_fighter, stress_battle

from game.engine import Battle
from game.engine.answers import EndTurn
from game.engine.events import LeftBattle
from game.rules.stress.sheet import sheet


def morale_lines(b: Battle) -> list[str]:
    return [line for line in log(b) if line.startswith("Morale:")]


def test_a_fearsome_enemy_in_reach_intimidates_and_the_check_opposes_its_roll() -> None:
    spawns = [
        ("Og", "party", "ogre", (1, 1)),
        ("Gor", "bandits", "bandit", (2, 1)),
        ("Bo", "bandits", "bandit", (8, 4)),  # out of the ogre's reach: no check
    ]
    # Intimidation d20 10 + 4 + 4 = 18; Gor: 3d6 6+6+3 − 1 + 2 + 1 ally = 17 < 18
    # (it would hold against 11 + 1 enemy)
    b = stress_battle(make_field(spawns), [5, 7, 7, 10, 6, 6, 3])
    declare(b, EndTurn("og"), EndTurn("gor"), EndTurn("bo"))
    assert morale_lines(b) == ["Morale: Gor (intimidated by Og)"]
    assert fighter(b, "gor").fled and not fighter(b, "bo").fled


def test_the_sheet_names_a_fearsome_unit_and_its_intimidation_roll() -> None:
    spawns = [("Og", "party", "ogre", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = stress_battle(make_field(spawns), [5, 7])
    assert ("Fearsome", "foes in its reach check morale against d20+8") in sheet(
        b.ctx, "og", full=True
    )
    assert not any(row[0] == "Fearsome" for row in sheet(b.ctx, "gor", full=True))


def test_the_intimidated_unit_holds_when_it_meets_the_intimidation_result() -> None:
    spawns = [("Og", "party", "ogre", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    spawns.append(("Bo", "bandits", "bandit", (8, 4)))
    b = stress_battle(make_field(spawns), [5, 7, 7, 10, 6, 6, 4])  # 18 against 18: holds
    declare(b, EndTurn("og"), EndTurn("gor"), EndTurn("bo"))
    assert not fighter(b, "gor").fled


def test_the_fall_of_its_leader_makes_a_side_check_morale_once() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (6, 1)),
        ("Bo", "bandits", "bandit", (6, 3)),
        ("Cy", "bandits", "bandit", (6, 4)),
    ]
    b = stress_battle(make_field(spawns, leaders=["Gor"]), [5, 7, 7, 7, 6, 6, 6, 1, 1, 1])
    set_fighter(b, "gor", wp=0)  # the leader is down (Incapacitated)
    declare(b, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"), EndTurn("cy"))
    assert any("the leader, has fallen" in line for line in log(b))
    assert morale_lines(b) == [
        "Morale: Bo (intimidated: its leader has fallen)",
        "Morale: Cy (intimidated: its leader has fallen)",
    ]
    assert not fighter(b, "bo").fled and fighter(b, "cy").fled  # 18 + 2 holds; 3 + 2 not
    declare(b, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"))  # round 2: 1 against 1
    assert b.ctx.round == 3 and len(morale_lines(b)) == 2


def test_a_side_the_map_marks_morale_checks_as_the_computers_sides_do() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (6, 1)),
        ("Bo", "bandits", "bandit", (6, 3)),
    ]
    # Ada is outnumbered: 3d6 1+1+1 + 0 (INS 11) + HD 3 + 0 allies = 6 against 11 + 2
    plain = stress_battle(make_field(spawns), [5, 7, 7, 1, 1, 1])
    declare(plain, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"))
    assert morale_lines(plain) == [] and not fighter(plain, "ada").fled
    marked = (dataclasses.replace(PARTY, flags=("morale",)), BANDITS)
    b = stress_battle(make_field(spawns, sides=marked), [5, 7, 7, 1, 1, 1])
    declare(b, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"))
    assert morale_lines(b) == ["Morale: Ada (outnumbered)"]
    assert any(isinstance(e, LeftBattle) and e.unit == "ada" for e in b.events)
    assert b.over and b.ctx.winner == "bandits"


def test_the_card_lists_each_weapon_with_its_damage_and_speed() -> None:
    """The card (not only the sheet) shows what a declaration weighs: each weapon's dice,
    damage type and speed (play-test: the stress card listed no weapons)."""
    from game.rules.stress import units

    spawns = [("Og", "party", "ogre", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = stress_battle(make_field(spawns), [5, 7])
    card = dict(sheet(b.ctx, "gor", full=False))
    for w in units.weapons(b.ctx, "gor"):
        assert card[w.name].endswith(f" {w.type}, speed +{w.speed}")
        assert card[w.name].startswith(f"{w.damage.count}d{w.damage.sides}")
    assert any(row[0] == "  " + w.name for row in sheet(b.ctx, "gor", full=True))
