"""The zones ruleset (source 001) with fixed dice: moving between zones, capacity,
disengaging, stunts, hindrances, Ongoing Damage, hazards, morale and reactions."""

from __future__ import annotations

import dataclasses

import pytest
from engine_support import BANDITS, PARTY, RAIDERS
from zones_support import answer, end, fighter, push, strip, texts, zbattle

from game.maps.battlefield import Battlefield
from game.maps.errors import MapError
from game.rules.zones.actions import BreakFree, FirstAid, ZoneAttack
from game.rules.zones.events import SideReaction
from game.rules.zones.hazards import Hazard, parse_hazard
from game.rules.zones.morale import reaction
from game.rules.zones.moving import Disengage, ZoneMove
from game.rules.zones.state import DISTRACTED, PARALYSED, STUCK, WEAKENED
from game.rules.zones.stunts import Push, Stunt

WEST, MID, EAST = 0, 1, 2


def test_a_move_goes_to_a_nearby_zone_and_lands_on_its_free_square_nearest() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    assert b.validate(ZoneMove("ada", EAST)) is not None  # two zones away
    answer(b, ZoneMove("ada", MID))
    x, y = b.unit("ada").cell
    assert 4 <= x <= 7 and max(abs(x - 3), abs(y - 1)) == 1


def test_a_second_move_takes_the_action() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    answer(b, ZoneMove("ada", MID))
    answer(b, ZoneMove("ada", EAST))
    assert b.unit("ada").cell[0] >= 8
    # move and action spent: the turn is over, the bandit's is next
    assert b.pending is not None and b.pending.unit == "gor"


def test_a_full_zone_cannot_be_entered() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (5, 1))]
    b = zbattle(strip(spawns, {"mid": {"capacity": "1"}}), [4, 1, 1])
    reason = b.validate(ZoneMove("ada", MID))
    assert reason is not None and "full" in reason


def test_leaving_a_zone_with_an_enemy_close_gives_it_a_free_attack_first() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 5, 3)  # Ada avoids on 5 + 1: fails; spear 3
    answer(b, ZoneMove("ada", MID))
    assert fighter(b, "ada").hp == 9 and b.unit("ada").cell[0] >= 4
    assert any("avoid Gor's free attack" in t for t in texts(b))


def test_no_free_attack_when_an_ally_is_also_close() -> None:
    spawns = [
        ("Ada", "party", "warrior", (3, 1)),
        ("Bo", "party", "skirmisher", (0, 0)),
        ("Gor", "bandits", "bandit", (2, 1)),
    ]
    b = zbattle(strip(spawns), [4, 6, 1, 1])
    answer(b, ZoneMove("ada", MID))  # no die is rolled: a scripted die would run out
    assert b.unit("ada").cell[0] >= 4


def test_no_free_attack_after_the_action_is_spent_to_disengage() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    answer(b, Disengage("ada"))
    answer(b, ZoneMove("ada", MID))
    assert b.unit("ada").cell[0] >= 4 and fighter(b, "ada").hp == 12


def test_stunt_push_is_an_opposed_str_test_and_moves_the_foe_to_a_nearby_zone() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 10, 10)  # Ada 10 + 3 = 13 beats Gor 10 + 1 = 11
    answer(b, Push("ada", "gor", MID))
    assert 4 <= b.unit("gor").cell[0] <= 7
    assert "Gor is pushed into mid" in texts(b)


def test_stunt_push_fails_when_the_foe_stands_its_ground() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 5, 10)
    answer(b, Push("ada", "gor", MID))
    assert b.unit("gor").cell == (2, 1)


def test_stunt_grapple_a_str_test_leaves_the_foe_stuck_it_may_not_move() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 9)
    answer(b, Stunt("ada", "gor", "grapple"))
    assert STUCK in fighter(b, "gor").hindrances
    end(b)
    assert b.pending is not None and b.pending.unit == "gor"
    assert b.validate(ZoneMove("gor", MID)) is not None
    push(b, 11)  # Break free: STR 11 + 1 = 12, takes the action
    answer(b, BreakFree("gor"))
    assert STUCK not in fighter(b, "gor").hindrances
    push(b, 2)  # Ada's free attack as Gor leaves: 2 + 3 = 5, a miss
    answer(b, ZoneMove("gor", MID))
    assert 4 <= b.unit("gor").cell[0] <= 7


def test_stunt_trip_a_dex_test_leaves_the_foe_distracted_no_actions_but_it_may_move() -> None:
    spawns = [("Bo", "party", "skirmisher", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 9)  # 9 + 3 = 12
    answer(b, Stunt("bo", "gor", "trip"))
    assert DISTRACTED in fighter(b, "gor").hindrances
    push(b, 14)  # Gor crawls away: Bo's free attack, 14 + STR 0 = 14, hits
    push(b, 4)  # sword d8 4
    end(b)
    assert b.pending is not None and b.pending.unit == "gor"
    assert b.validate(ZoneAttack("gor", "bo", "spear")) is not None
    assert b.validate(ZoneMove("gor", MID)) is None
    push(b, 2)  # the end of Gor's turn: DEX 2 + 1 = 3, still distracted
    answer(b, ZoneMove("gor", MID))
    assert fighter(b, "gor").hp == 1 and 4 <= b.unit("gor").cell[0] <= 7
    assert DISTRACTED in fighter(b, "gor").hindrances


def test_when_an_enemy_tries_a_stunt_the_party_unit_tests_to_resist() -> None:
    spawns = [("Ada", "party", "warrior", (3, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [1, 1, 1])
    push(b, 11)  # Ada resists the trip: DEX 11 + 1 = 12
    answer(b, Stunt("gor", "ada", "trip"))
    assert not fighter(b, "ada").hindrances
    assert any("Ada DEX test DR12: resist Gor's trip" in t for t in texts(b))


def test_weakened_rolls_every_test_with_disadvantage() -> None:
    b = zbattle(
        strip([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [4, 1, 1],
    )
    fighter(b, "ada").hindrances.append(WEAKENED)
    push(b, 19, 2)  # keeps 2: fail
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert fighter(b, "gor").hp == 5


def test_paralysed_may_neither_move_nor_act_and_a_str_test_ends_it() -> None:
    b = zbattle(
        strip([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [4, 1, 1],
    )
    fighter(b, "ada").hindrances.append(PARALYSED)
    assert b.validate(ZoneMove("ada", MID)) is not None
    assert b.validate(ZoneAttack("ada", "gor", "sword")) is not None
    push(b, 9)  # end of turn: STR 9 + 3 = 12
    end(b)
    assert PARALYSED not in fighter(b, "ada").hindrances


def test_ongoing_damage_takes_the_level_each_turn_and_a_skill_test_ends_it() -> None:
    spawns = [("Ada", "party", "captain", (1, 1)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns), [1, 1, 1])
    fighter(b, "ada").ongoing = True
    end(b)  # Gor's turn
    # Ada's turn starts: loses her level (2)
    assert fighter(b, "ada").hp == 11
    push(b, 8)  # end of turn Skill test: 8 + 3 = 11, fails: continues
    end(b)
    assert fighter(b, "ada").ongoing
    push(b, 9)
    end(b)  # Gor
    assert fighter(b, "ada").hp == 9
    end(b)
    assert not fighter(b, "ada").ongoing


def test_the_wolfs_bite_causes_ongoing_damage() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Fang", "bandits", "wolf", (2, 1))]
    b = zbattle(strip(spawns), [1, 1, 1])
    push(b, 2, 3)
    answer(b, ZoneAttack("fang", "ada", "bite"))
    assert fighter(b, "ada").ongoing


def test_first_aid_a_skill_test_heals_1d4_and_ends_ongoing_damage() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Cap", "party", "captain", (2, 1)),
        ("Gor", "bandits", "bandit", (11, 1)),
    ]
    b = zbattle(strip(spawns), [4, 6, 1, 1])
    fighter(b, "cap").hp = 5
    fighter(b, "cap").ongoing = True
    push(b, 10, 3)  # Skill 2: 10 + 2 = 12; heals 3
    answer(b, FirstAid("ada", "cap"))
    assert fighter(b, "cap").hp == 8 and not fighter(b, "cap").ongoing


def test_a_hazard_zone_calls_for_a_test_at_the_end_of_each_turn_spent_there() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns, {"west": {"hazard": "SKILL 12: 1d4 weakened"}}), [4, 1, 1])
    push(b, 3, 2)  # Skill 3 + 2 = 5: fail; 1d4 2
    end(b)
    assert fighter(b, "ada").hp == 10 and WEAKENED in fighter(b, "ada").hindrances


def test_hazard_texts_read_as_the_map_contract_writes_them_and_bad_ones_are_refused() -> None:
    assert parse_hazard("DEX 12: 1d6 ongoing") == Hazard("DEX", 12, (1, 6, 0), (), True)
    assert parse_hazard("STR 12: stuck") == Hazard("STR", 12, (0, 0, 0), ("stuck",))
    assert parse_hazard("SKILL 14: 2d4+1 weakened") == Hazard("Skill", 14, (2, 4, 1), ("weakened",))
    for bad in ("", "WIS 12: 1d4", "DEX 12: fire", "str stuck"):
        with pytest.raises(ValueError):
            parse_hazard(bad)


def test_morale_half_the_side_down_makes_each_test_skill_and_a_failure_flees() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (2, 1)),
        ("Rat", "bandits", "bandit", (10, 1)),
    ]
    b = zbattle(strip(spawns), [4, 1, 1, 1])
    push(b, 15, 8, 3)  # Gor down; Rat's morale: 3 + 1 = 4, fails
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert b.unit("rat").status == "fled" and b.over and b.winner == "party"


def test_morale_the_party_does_not_test_unless_the_house_rule_says_everyone() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bo", "party", "skirmisher", (10, 1)),
        ("Gor", "bandits", "ogre", (2, 1)),
    ]
    b = zbattle(strip(spawns), [1, 1, 1, 1])
    push(b, 1, 6, 6)  # Ada fumbles the avoid: 2 x 12 = 24 damage
    answer(b, ZoneAttack("gor", "ada", "ogre_club"))
    assert not b.unit("ada").in_fight and b.unit("bo").in_fight
    e = zbattle(strip(spawns), [1, 1, 1, 1], options={"morale": "everyone"})
    push(e, 1, 6, 6, 2)  # Bo's morale: 2 + 2 = 4, fails
    answer(e, ZoneAttack("gor", "ada", "ogre_club"))
    assert e.unit("bo").status == "fled"


def test_the_d10_reaction_table() -> None:
    assert [reaction(r) for r in range(1, 11)] == [
        "hostile",
        "wary",
        "wary",
        "curious",
        "curious",
        "curious",
        "curious",
        "kind",
        "kind",
        "helpful",
    ]


def test_a_kind_side_leaves_in_peace_and_a_curious_one_strikes_no_one_until_harmed() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [8], options={"reactions": "roll"})
    assert b.over and b.unit("gor").status == "withdrew"
    c = zbattle(strip(spawns), [5, 1, 1, 1], options={"reactions": "roll"})
    assert c.pending is not None and c.pending.unit == "gor"
    assert c.validate(ZoneAttack("gor", "ada", "spear")) is not None
    end(c)
    push(c, 5)
    answer(c, ZoneAttack("ada", "gor", "sword"))  # a miss still stays unharmed
    end(c) if c.pending is not None and c.pending.unit == "ada" else None
    assert c.validate(ZoneAttack("gor", "ada", "spear")) is not None


def three_sides(undecided: str = "raiders") -> Battlefield:
    """Ada (the party), Gor (bandits) and Rex (raiders); the map marks ``undecided``."""
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (9, 1)),
        ("Rex", "raiders", "bandit", (10, 1)),
    ]
    bf = strip(spawns)
    sides = tuple(
        dataclasses.replace(s, undecided=s.id == undecided) for s in (PARTY, BANDITS, RAIDERS)
    )
    bf.scenario = dataclasses.replace(bf.scenario, sides=sides)
    return bf


def test_by_default_only_the_sides_the_map_marks_undecided_roll_the_reaction_table() -> None:
    b = zbattle(three_sides(), [8, 4, 1, 1, 1])  # raiders: 8 kind
    reacted = [e for e in b.events if isinstance(e, SideReaction)]
    assert [(e.side, e.roll, e.reaction) for e in reacted] == [("raiders", 8, "kind")]
    assert b.unit("rex").status == "withdrew" and b.unit("gor").status != "withdrew"


def test_house_rule_reactions_roll_rolls_every_side_but_the_party_and_off_none() -> None:
    b = zbattle(three_sides(), [8, 10, 4, 1, 1, 1], options={"reactions": "roll"})
    reacted = [(e.side, e.reaction) for e in b.events if isinstance(e, SideReaction)]
    assert reacted == [("bandits", "kind"), ("raiders", "helpful")]
    assert b.over  # both foes left in peace
    c = zbattle(three_sides(), [4, 1, 1, 1], options={"reactions": "off"})
    assert not any(isinstance(e, SideReaction) for e in c.events)
    assert c.unit("rex").status != "withdrew"


def test_the_party_never_rolls_a_reaction_even_if_a_map_marks_it() -> None:
    bf = three_sides(undecided="party")  # check-map refuses it; the ruleset ignores it
    b = zbattle(bf, [4, 1, 1, 1])
    assert not any(isinstance(e, SideReaction) for e in b.events)


def test_a_hazard_these_rules_cannot_play_stops_the_battle_before_it_begins() -> None:
    """A hazard the map contract reads but zones has no test for (CON) is one clear
    problem naming the zone when the battle is built, not an error mid-battle."""
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (11, 1))]
    with pytest.raises(MapError) as caught:
        zbattle(strip(spawns, {"west": {"hazard": "CON 12: stuck"}}), [4, 1, 1])
    (line,) = caught.value.lines()
    assert "zone 'west'" in line and "not CON" in line
