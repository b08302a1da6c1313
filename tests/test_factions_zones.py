"""Source 003 · Non-lethal attacks ("shove the grabbed character … pushing them into a
hazard"), and the map's hazard zones in the factions ruleset, met on entering a zone
(README · Decisions "hazards"), with fixed dice."""

from __future__ import annotations

import dataclasses

import pytest
from factions_support import activate, end, fate, fbattle, ffield, hp, log, ok, start, turn

from game.engine import Battle
from game.maps.battlefield import Battlefield
from game.maps.errors import MapError
from game.rules.factions.answers import Move, Shove
from game.rules.factions.state import Fate

PAIR = [("Ada", "party", "warrior", (0, 1)), ("Gor", "bandits", "bandit", (1, 1))]


def with_middle(bf: Battlefield, **props: str) -> Battlefield:
    """The middle zone (x 4-6) given ``props`` (the map's custom properties)."""
    west, middle, east = bf.zones
    bf.zones = (west, dataclasses.replace(middle, properties=dict(props)), east)
    return bf


def holding(b: Battle, holder: str, held: str) -> None:
    b.edit(holder, Fate).holding = held
    b.edit(held, Fate).grabbed_by = holder


def test_a_shove_pushes_the_grabbed_into_a_neighbouring_hazard_zone_which_it_meets() -> None:
    # 1: the party's initiative; 15: Gor's AGI save fails (AGI 11); 3: the hazard's d4
    b = fbattle(with_middle(ffield(PAIR), hazard="DEX 12: 1d4 stuck"), [1, 15, 3])
    holding(b, "ada", "gor")
    start(b, "party", "ada")
    assert b.validate(Shove("ada", (4, 0))) is not None  # not its landing square
    assert Shove("ada", (4, 1)) in b.legal_answers()  # three squares off: into the hazard
    ok(b, Shove("ada", (4, 1)))
    assert b.unit("gor").cell == (4, 1) and not fate(b, "gor").grabbed_by
    assert hp(b, "gor") == 6 - 3 and fate(b, "gor").stuck
    assert "Gor is stuck in middle" in log(b)
    end(b, "ada")
    activate(b, "gor")
    assert turn(b, "gor").moved and not fate(b, "gor").stuck  # the move is lost
    assert b.validate(Move("gor", (7, 1))) is not None


def test_a_shove_beyond_half_a_zone_into_a_zone_without_a_hazard_is_refused() -> None:
    b = fbattle(ffield(PAIR), [1])
    holding(b, "ada", "gor")
    start(b, "party", "ada")
    refused = b.validate(Shove("ada", (4, 1)))
    assert refused is not None and "hazard" in refused
    assert b.validate(Shove("ada", (3, 1))) is None


def test_a_unit_shoved_about_inside_its_own_hazard_zone_meets_it_a_walk_there_does_not() -> None:
    spawns = [("Ada", "party", "warrior", (4, 1)), ("Gor", "bandits", "bandit", (5, 1))]
    b = fbattle(with_middle(ffield(spawns), hazard="STR 12: 1d4"), [1, 12, 2])
    holding(b, "ada", "gor")
    start(b, "party", "ada")
    ok(b, Shove("ada", (6, 2)))  # Gor's STR 11: 12 fails, 2 damage
    assert hp(b, "gor") == 4 and not fate(b, "gor").stuck
    ok(b, Move("ada", (4, 3)))  # inside its own zone: no save rolled
    assert len([line for line in log(b) if "save" in line]) == 1


def test_entering_a_hazard_zone_by_a_move_calls_for_the_save_a_pass_escapes_it() -> None:
    spawns = [("Ada", "party", "warrior", (2, 1)), ("Gor", "bandits", "bandit", (9, 4))]
    b = fbattle(with_middle(ffield(spawns), hazard="DEX 12: 1d4 stuck"), [1, 11])
    start(b, "party", "ada")
    ok(b, Move("ada", (4, 1)))  # AGI 11: 11 passes
    assert hp(b, "ada") == 9 and not fate(b, "ada").stuck
    assert any("AGI save" in line and "passes" in line for line in log(b))


def test_a_hazard_s_dr_over_12_makes_the_save_harder_by_as_much() -> None:
    spawns = [("Ada", "party", "warrior", (2, 1)), ("Gor", "bandits", "bandit", (9, 4))]
    b = fbattle(with_middle(ffield(spawns), hazard="STR 14: 1d4"), [1, 14, 4])
    start(b, "party", "ada")
    ok(b, Move("ada", (4, 1)))  # STR 15 less 2: 14 fails
    assert hp(b, "ada") == 9 - 4  # no armour against a hazard


def test_a_hazard_these_rules_cannot_play_is_named_when_the_battle_is_built() -> None:
    spawns = [("Ada", "party", "warrior", (0, 1)), ("Gor", "bandits", "bandit", (9, 1))]
    with pytest.raises(MapError) as caught:
        fbattle(with_middle(ffield(spawns), hazard="SKILL 12: weakened"), [1])
    assert "zone 'middle'" in caught.value.lines()[0] and "weakened" in caught.value.lines()[0]
