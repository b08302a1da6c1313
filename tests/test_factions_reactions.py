"""Source 003 · Reacting to an attack (Dodge, Counter, Hide behind, Guard), Opportunity
attacks, unaware targets (factions ruleset), with fixed dice. A reaction takes the
reacting unit's whole turn for the round."""

from __future__ import annotations

from factions_support import (
    activate,
    begin,
    decline,
    decline_all,
    fate,
    fbattle,
    ffield,
    hp,
    log,
    ok,
    react,
    start,
    turn,
)

from game.engine import Battle
from game.engine.answers import ChooseUnit, EndTurn
from game.rules.factions.answers import (
    Attack,
    Counter,
    Dodge,
    Guard,
    HideBehind,
    Move,
    Opportunity,
    Shield,
)

# Ada (warrior, AGI 11, armour 3, HP 9) and Bea (skirmisher, armour 1, HP 6) side by side,
# Gor (bandit, armour 2, HP 6) next to Ada; Dun far away keeps the battle going.
PAIR = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "skirmisher", (1, 2)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Dun", "bandits", "bandit", (9, 4)),
]


def gor_attacks_ada(faces: list[int]) -> Battle:
    b = fbattle(ffield(PAIR), [2, *faces])
    start(b, "bandits", "gor")
    ok(b, Attack("gor", "ada", "spear"))
    return b


def test_the_target_may_dodge_counter_or_hide_behind_a_nearby_character() -> None:
    b = gor_attacks_ada([])
    d = b.pending
    assert d is not None and d.kind == "reaction" and d.unit == "ada" and d.side == "party"
    assert Dodge("ada") in d.answers
    assert Counter("ada", "gor", "sword", "melee") in d.answers
    assert HideBehind("ada", "bea") in d.answers
    assert not any("damage" in line for line in log(b))  # before the damage roll


def test_dodge_is_an_agi_save_and_on_a_pass_the_attack_misses_taking_the_turn() -> None:
    b = gor_attacks_ada([5])
    react(b, Dodge("ada"))
    assert any("Ada AGI save to dodge: d20 5" in line for line in log(b))
    assert "Ada dodges the attack" in log(b) and hp(b, "ada") == 9
    assert turn(b, "ada").acted and turn(b, "ada").reacted
    ok(b, EndTurn("gor"))
    d = b.pending
    assert d is not None and d.side == "party" and ChooseUnit("ada") not in d.answers


def test_a_failed_dodge_still_takes_the_blow() -> None:
    b = gor_attacks_ada([15, 6])
    react(b, Dodge("ada"))
    assert hp(b, "ada") == 6


def test_a_counter_rolls_both_and_the_one_suffering_more_is_hit_first() -> None:
    b = gor_attacks_ada([6, 8])  # spear 6 - 3 = 3 to Ada; sword 8 - 2 = 6 to Gor
    react(b, Counter("ada", "gor", "sword", "melee"))
    assert "Gor falls, incapacitated" in log(b)
    assert hp(b, "ada") == 9  # Gor went down before its blow landed
    assert turn(b, "ada").reacted


def test_a_counter_tie_hits_both_at_once() -> None:
    b = gor_attacks_ada([5, 4])  # 5 - 3 = 2 to Ada; 4 - 2 = 2 to Gor
    react(b, Counter("ada", "gor", "sword", "melee"))
    assert hp(b, "ada") == 7 and hp(b, "gor") == 4


def test_hide_behind_a_nearby_character_who_agrees_makes_it_the_target_and_it_may_react() -> None:
    b = gor_attacks_ada([4])
    react(b, HideBehind("ada", "bea"))
    d = b.pending
    assert d is not None and d.unit == "bea" and d.side == "party"
    assert Shield("bea", "ada") in d.answers
    react(b, Shield("bea", "ada"))
    d = b.pending
    assert d is not None and d.unit == "bea" and Dodge("bea") in d.answers  # its own reaction
    decline(b)
    assert hp(b, "bea") == 3 and hp(b, "ada") == 9
    assert turn(b, "ada").reacted and not turn(b, "bea").acted


def test_a_refused_hide_behind_lets_the_target_choose_again() -> None:
    b = gor_attacks_ada([4])
    react(b, HideBehind("ada", "bea"))
    decline(b)  # Bea refuses
    d = b.pending
    assert d is not None and d.unit == "ada" and HideBehind("ada", "bea") not in d.answers
    assert not turn(b, "ada").acted


def test_guard_a_nearby_character_becomes_the_target_and_cannot_react() -> None:
    b = gor_attacks_ada([5])
    decline(b)  # Ada does not react
    d = b.pending
    assert d is not None and d.unit == "bea" and Guard("bea", "ada") in d.answers
    react(b, Guard("bea", "ada"))
    assert hp(b, "bea") == 2 and hp(b, "ada") == 9
    assert turn(b, "bea").reacted
    assert b.pending is not None and b.pending.kind == "turn"  # no reaction for the guard


def test_a_unit_that_has_acted_this_round_cannot_react() -> None:
    b = fbattle(ffield(PAIR), [2, 4])
    begin(b, "bandits")
    turn(b, "ada").acted = True
    turn(b, "bea").acted = True
    activate(b, "gor")
    ok(b, Attack("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "turn"
    assert hp(b, "ada") == 8


def test_targets_unaware_of_a_concealed_attacker_cannot_react() -> None:
    b = fbattle(ffield(PAIR), [2, 6])
    fate(b, "gor").concealed = True
    start(b, "bandits", "gor")
    ok(b, Attack("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "turn"
    assert hp(b, "ada") == 6 and not fate(b, "gor").concealed


def test_an_opportunity_attack_interrupts_a_move_away_and_the_turn_resumes() -> None:
    b = fbattle(ffield(PAIR), [1, 6])
    start(b, "party", "ada")
    ok(b, Move("ada", (5, 1)))
    d = b.pending
    assert d is not None and d.unit == "gor" and Opportunity("gor", "ada", "spear") in d.answers
    react(b, Opportunity("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "turn" and b.pending.unit == "ada"
    assert hp(b, "ada") == 6 and b.unit("ada").cell == (5, 1)
    assert turn(b, "gor").reacted


def test_no_opportunity_attack_when_the_move_stays_nearby() -> None:
    b = fbattle(ffield(PAIR), [1])
    start(b, "party", "ada")
    ok(b, Move("ada", (2, 0)))
    assert b.pending is not None and b.pending.kind == "turn"
    decline_all(b)
