"""The stress ruleset's attacks and bodies (source 002 · Defense, Armour, Stress, Wound
Points, Critical Hits and Injuries, Death and Dying as decided in the README), the
Riposte of Full Defense and of entering a threat range, and end-of-round morale.

Ada: warrior (attack d20+6 with the sword 1d8+3, Defense 13, Armour 2, WP 16, Stress 21);
Gor: bandit (attack d20+2 with the spear 1d6, Defense 13, Armour 1, WP 11, Stress 9)."""

from __future__ import annotations

from engine_support import push
from stress_support import (
    FACE_TO_FACE,
    declare,
    decline_all,
    fighter,
    log,
    make_field,
    set_fighter,
    stress_battle,
)

from game.engine.answers import Decline, EndTurn
from game.engine.events import Died, Downed, LeftBattle
from game.rules.stress import units
from game.rules.stress.actions import StressAttack, StressDefensive, StressFullDefense
from game.rules.stress.combat import inflict, roll_injury
from game.rules.stress.events import Hurt, Injured
from game.rules.stress.injuries import TABLES
from game.rules.stress.reactions import Riposte
from game.rules.stress.state import ALTERNATE, BLEEDING, HALF_SPEED, PRONE

APART = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (5, 1))]


def hurts(b: object) -> list[Hurt]:
    return [e for e in b.events if isinstance(e, Hurt)]  # type: ignore[attr-defined]


def test_an_attack_equal_to_defense_hits_and_armour_comes_off_stress_first() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 7, 5])  # 7 + 6 = 13 vs Defense 13
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    (hit,) = hurts(b)
    assert (hit.stress_lost, hit.wp_lost) == (5 + 3 - 1, 0)  # Armour 1 off the blow
    assert fighter(b, "gor").stress == 9 - 7 and fighter(b, "gor").wp == 11


def test_a_natural_1_misses_whatever_the_total() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 1])
    set_fighter(b, "gor", defense=-10)  # Defense 0
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    assert hurts(b) == []


def test_damage_past_stress_comes_off_wound_points_and_is_recorded_as_an_injury() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 15, 5])
    set_fighter(b, "gor", stress=2)
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    (hit,) = hurts(b)
    assert (hit.stress_lost, hit.wp_lost) == (2, 5)
    gor = fighter(b, "gor")
    assert gor.wp == 6 and gor.injuries == ["slashing 5"] and gor.worst == 5


def test_a_critical_hit_multiplies_and_goes_straight_to_wound_points() -> None:
    # natural 20: (5 + 3) × 2 − Armour 1 = 15 to WP; the d% 50 is over 15: no injury
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 20, 5, 50])
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    (hit,) = hurts(b)
    assert hit.critical and (hit.stress_lost, hit.wp_lost) == (0, 15)
    gor = fighter(b, "gor")
    assert gor.stress == 9 and gor.wp == 11 - 15
    assert any(isinstance(e, Downed) and e.fate == "dying" for e in b.events)
    assert not any(isinstance(e, Injured) for e in b.events)


def test_a_critical_hit_inflicts_an_injury_when_the_d100_is_at_or_under_the_damage() -> None:
    # d% 15 ≤ 15: slashing table d20 5 "Cut Ribs": 2d4 Strength damage (3 + 1)
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 20, 5, 15, 5, 3, 1])
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    (injury,) = [e for e in b.events if isinstance(e, Injured)]
    assert injury.injury == "Cut Ribs" and "4 Strength damage" in injury.effect
    assert fighter(b, "gor").STR == 11 - 4


def test_the_blunt_table_is_the_sources_and_an_arm_injury_takes_that_arms_weapon() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7])
    assert [e.name for e in TABLES["blunt"]][:3] == [
        "Crushed Foot",
        "Broken Shin",
        "Shattered Kneecap",
    ]
    assert all(len(t) == 20 for t in TABLES.values())
    push(b, 9, 1, 6)  # Broken Upper Arm, main arm, 1d10 6
    injury = roll_injury(b.ctx, "ada", "blunt")
    assert (injury.name, injury.arm, injury.damage) == (
        "Broken Upper Arm",
        "main",
        (("Strength", 6),),
    )
    inflict(b.ctx, "gor", injury)
    assert [w.id for w in units.weapons(b.ctx, "gor")] == ["dagger", "unarmed"]  # no spear


def test_injury_conditions_halve_speed_lay_prone_and_allow_one_action_per_two_turns() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7])
    gor = fighter(b, "gor")
    gor.add(HALF_SPEED)
    assert units.speed(b.ctx, "gor") == 3
    gor.add(PRONE)
    assert units.speed(b.ctx, "gor") == 1 and units.defense(b.ctx, "gor") == 13 - 2
    gor.add(ALTERNATE)
    declare(b, EndTurn("ada"), StressFullDefense("gor"))  # Gor acts in round 1 ...
    declare(b, EndTurn("ada"))  # ... so rests in round 2: not asked
    assert any("every other turn" in line for line in log(b))
    assert b.pending is not None and b.pending.unit == "ada"  # round 3 starts with Ada
    declare(b, EndTurn("ada"))
    assert b.pending is not None and b.pending.unit == "gor"  # and Gor acts again


def test_at_0_wound_points_a_unit_crawls_and_any_action_costs_1_wound_point() -> None:
    spawns = FACE_TO_FACE + [("Bo", "party", "warrior", (8, 4))]  # keeps the party fighting
    b = stress_battle(make_field(spawns), [5, 7, 5, 1])
    set_fighter(b, "ada", wp=0)
    assert b.unit("ada").status == "incapacitated" and units.speed(b.ctx, "ada") == 1
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    # the attack cost 1 WP (now Dying), and Dying costs 1 more at the round's end
    assert fighter(b, "ada").wp == -2
    assert sum("strenuous action" in line for line in log(b)) == 1


def test_a_dying_unit_acts_or_moves_not_both_and_dies_at_minus_its_strength() -> None:
    b = stress_battle(make_field(APART), [5, 7])
    set_fighter(b, "ada", wp=-1)
    refused = b.answer(StressAttack("ada", "gor", "sword"))
    assert not refused.ok and "act or move" in refused.reason
    set_fighter(b, "gor", wp=-10)  # one above −STR (−11)
    declare(b, EndTurn("ada"), EndTurn("gor"))
    assert any(isinstance(e, Died) and e.unit == "gor" for e in b.events)
    assert b.unit("gor").status == "dead" and fighter(b, "ada").wp == -2


def test_a_heal_check_at_10_plus_the_worst_wound_stabilises_a_downed_ally() -> None:
    from game.rules.stress.actions import StressStabilise

    spawns = APART + [("Bo", "party", "warrior", (0, 3))]
    b = stress_battle(make_field(spawns), [5, 7, 3, 14])  # d20 14 + 0 vs TN 10 + 4
    set_fighter(b, "bo", wp=-1, worst=4)
    declare(b, StressStabilise("ada", "bo"), EndTurn("gor"))
    assert fighter(b, "bo").stabilised
    assert fighter(b, "bo").wp == -1  # a stabilised unit does not bleed out
    assert b.unit("bo").status == "stabilised"


def test_full_defense_adds_4_defense_and_ripostes_the_attacker() -> None:
    # Gor's d20 12 + 2 = 14 misses Defense 13 + 4; Ada ripostes: d20 10 + 6, d8 3 + 3 − 1
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 12, 10, 3])
    declare(b, StressFullDefense("ada"), StressAttack("gor", "ada", "spear"))
    assert units.defense(b.ctx, "ada") == 17
    assert hurts(b) == []
    assert b.pending is not None and b.pending.kind == "reaction"
    assert Riposte("ada", "gor", "sword") in b.pending.answers
    assert b.answer(Riposte("ada", "gor", "sword")).ok
    (hit,) = hurts(b)
    assert hit.unit == "gor" and hit.stress_lost == 5


def test_entering_a_threat_range_provokes_one_riposte_unless_a_defensive_attack() -> None:
    b = stress_battle(make_field(APART), [5, 7])
    declare(b, StressFullDefense("ada"), StressAttack("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "reaction"  # Gor stepped into reach
    assert b.unit("gor").cell == (2, 1)
    push(b, 1, 1)  # the riposte misses, so does Gor
    assert b.answer(Riposte("ada", "gor", "sword")).ok
    # Ada's one Reaction is spent: Full Defense offers no second riposte this round
    assert b.pending is not None and b.pending.kind == "turn" and b.ctx.round == 2
    calm = stress_battle(make_field(APART), [5, 7, 1])
    declare(calm, EndTurn("ada"), StressDefensive("gor", "ada", "spear"))
    assert calm.unit("gor").cell == (2, 1) and calm.pending is not None
    assert calm.pending.kind == "turn"  # no window: a Defensive Attack provokes none
    decline_all(calm)


def test_an_outnumbered_computer_unit_checks_morale_and_flees_on_a_failure() -> None:
    spawns = APART + [("Bo", "party", "warrior", (1, 3))]
    # 3d6 2+2+2 − 1 (INS 9) + HD 2 + 0 allies = 7 against 11 + 2 foes
    b = stress_battle(make_field(spawns), [5, 7, 5, 2, 2, 2])
    declare(b, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"))
    assert any(isinstance(e, LeftBattle) and e.unit == "gor" for e in b.events)
    assert b.over and b.ctx.winner == "party"


def test_morale_fails_without_a_roll_when_the_outcome_is_obvious() -> None:
    spawns = APART + [("Bo", "party", "warrior", (1, 3)), ("Cy", "party", "warrior", (1, 4))]
    b = stress_battle(make_field(spawns), [5, 7, 5, 5])
    declare(b, EndTurn("ada"), EndTurn("gor"), EndTurn("bo"), EndTurn("cy"))
    assert any("morale fails" in line for line in log(b))
    assert fighter(b, "gor").fled


def test_losing_over_half_the_wound_points_in_one_hit_triggers_morale() -> None:
    # crit: 15 WP off Gor's 11 would drop it; give it 30 WP: 15 is over half of 30 − 1
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 20, 5, 50, 6, 6, 6])
    set_fighter(b, "gor", wp=29, max_wp=29)
    declare(b, StressAttack("ada", "gor", "sword"), EndTurn("gor"))
    assert any("lost over half its Wound Points" in line for line in log(b))
    assert not fighter(b, "gor").fled  # 18 − 1 + 2 = 19 holds against 12


def test_bleeding_costs_a_wound_point_at_each_rounds_end() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7])
    fighter(b, "gor").add(BLEEDING)
    declare(b, EndTurn("ada"), EndTurn("gor"))
    assert fighter(b, "gor").wp == 10


def test_a_riposte_can_be_declined() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 12])
    declare(b, StressFullDefense("ada"), StressAttack("gor", "ada", "spear"))
    assert b.answer(Decline("ada")).ok
    assert not fighter(b, "ada").dead
