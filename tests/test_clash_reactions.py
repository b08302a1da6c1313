"""Source 000 · Block, Dodge & Parry, Optional Rule: Blocking & Dodging, Gambits — with
fixed dice (issue 7). Reactions are Decisions to the defender's controller."""

from __future__ import annotations

from clash_support import (
    clash_battle,
    declare,
    decline_all,
    duel_field,
    hp,
    log,
    react,
    set_state,
    state,
)

from game.engine import Battle
from game.engine.answers import Decline, EndTurn
from game.rules.clash.declare import ClashAttack, ClashGambit
from game.rules.clash.reactions import Block, CounterAttack, Dodge, FightBack, Parry

# Ada: warrior (party) STR 15 DEX 11 HP 5 Armor 3, sword (balanced d8), shield.
# Gor: bandit STR 11 DEX 11 HP 3 Armor 2, spear (fast d6, Reach), dagger, shield.
# Og: ogre STR 16 DEX 8 HP 10 Armor 1, tree-club (slow d10, Reach).
FACE_TO_FACE = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
OGRE = [("Ada", "party", "warrior", (1, 1)), ("Og", "bandits", "ogre", (2, 1))]


def gor_attacks_ada(faces: list[int], **options: str) -> Battle:
    b = clash_battle(duel_field(FACE_TO_FACE), faces, options=options or None)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    return b


def test_the_defender_is_asked_before_any_damage_die_with_all_four_options() -> None:
    b = gor_attacks_ada([])
    d = b.pending
    assert d is not None and d.kind == "reaction" and d.unit == "ada" and d.side == "party"
    assert set(d.answers) == {
        FightBack("ada", "gor"),
        Block("ada"),
        Parry("ada", "gor"),
        Decline("ada"),
    }  # no Dodge: a fast spear only
    assert not any("damage" in line for line in log(b))


def test_block_impairs_a_fast_or_balanced_attack_and_costs_1_fatigue() -> None:
    b = gor_attacks_ada([4])
    react(b, Block("ada"))
    assert "Gor damage vs Ada, impaired (Ada blocks): d4 4 = 4" in log(b)
    assert state(b, "ada").fatigue == 1


def test_dodge_impairs_a_slow_or_balanced_attack_and_block_is_not_offered_against_slow() -> None:
    b = clash_battle(duel_field(OGRE), [2])
    declare(b, EndTurn("ada"), ClashAttack("og", "ada", "ogre_club"))
    assert b.pending is not None
    assert Block("ada") not in b.pending.answers and Dodge("ada") in b.pending.answers
    react(b, Dodge("ada"))
    assert "Og damage vs Ada, impaired (Ada dodges): d4 2 = 2" in log(b)


def test_fight_back_deals_your_damage_after_taking_the_incoming_blow() -> None:
    b = gor_attacks_ada([4, 6, 10])  # Gor 4 -> Ada 1 damage; Ada's sword 6 -> Gor
    react(b, FightBack("ada", "gor"))
    text = log(b)
    assert text.index("Ada takes 1 damage (hit), 4/5 HP") < text.index("Ada fights back at Gor")
    assert "Ada damage vs Gor with Sword: d8 6 = 6" in text
    assert state(b, "ada").fatigue == 1


def test_an_attacker_cannot_react_to_being_fought_back() -> None:
    b = gor_attacks_ada([4, 6, 10])
    react(b, FightBack("ada", "gor"))
    kinds = [e.kind for e in b.events]
    assert kinds.count("under_attack") == 1  # no window for Gor


def test_parry_the_higher_roll_lands_straight_to_str_without_a_critical_save() -> None:
    b = gor_attacks_ada([3, 7])  # Gor 3, Ada 7: Gor takes 7 - 2 = 5 in STR
    react(b, Parry("ada", "gor"))
    assert state(b, "gor").STR == 6 and hp(b, "gor") == 3
    assert not any("Critical" in line for line in log(b))
    lost = gor_attacks_ada([6, 2])  # Gor 6, Ada 2: Ada takes 6 - 3 = 3 in STR
    react(lost, Parry("ada", "gor"))
    assert state(lost, "ada").STR == 12 and hp(lost, "ada") == 5


def test_parry_with_equal_rolls_bounces() -> None:
    b = gor_attacks_ada([5, 5])
    react(b, Parry("ada", "gor"))
    assert "Twing! Ada's and Gor's weapons bounce off each other (5 each)" in log(b)
    assert hp(b, "ada") == 5 and hp(b, "gor") == 3


def test_no_reactions_with_reactions_left_to_the_party() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [8, 10], options={"reactions": "party"})
    declare(b, ClashAttack("ada", "gor", "sword"), EndTurn("gor"))
    assert b.pending is None or b.pending.kind != "reaction"


def test_restricted_blocking_needs_a_balanced_weapon_or_shield_no_dodge_in_armor_3() -> None:
    bf = duel_field(
        [
            ("Cy", "party", "bandit_archer", (1, 1)),
            ("Og", "bandits", "ogre", (2, 1)),
            ("Ada", "party", "warrior", (5, 4)),
        ]
    )
    b = clash_battle(bf, [], options={"blocking_dodging": "restricted"})
    declare(b, EndTurn("cy"), EndTurn("ada"), ClashAttack("og", "ada", "ogre_club"))
    assert b.pending is not None and b.pending.unit == "ada"
    assert Dodge("ada") not in b.pending.answers  # Armor 3
    b2 = clash_battle(
        duel_field(
            [("Cy", "party", "bandit_archer", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
        ),
        [],
        options={"blocking_dodging": "restricted"},
    )
    declare(b2, EndTurn("cy"), ClashAttack("gor", "cy", "spear"))
    assert b2.pending is not None and Block("cy") not in b2.pending.answers  # dagger, bow


def test_graded_blocking_with_a_shield_negates_a_fast_attack() -> None:
    b = gor_attacks_ada([], blocking_dodging="graded")
    react(b, Block("ada"))
    assert "Ada's block turns Gor's attack aside" in log(b)
    assert hp(b, "ada") == 5


def test_a_gambit_roll_of_1_to_3_is_the_difficulty_and_a_failed_save_trips() -> None:
    # Ada's sword rolls 2 (Difficulty 2); Gor's DEX save 2 is not above it: tripped.
    b = clash_battle(duel_field(FACE_TO_FACE), [2, 2])
    declare(b, ClashGambit("ada", "gor", "sword", "trip"), EndTurn("gor"))
    assert "Gor's 2 is not above the Difficulty 2: failed" in log(b)
    assert "Ada trips Gor: prone until the round ends" in log(b)
    assert not any(e.kind == "under_attack" for e in b.events)  # no block/dodge/parry


def test_a_saved_gambit_lets_the_target_attack_back() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 7, 5])  # no Difficulty; save 7 made
    declare(b, ClashGambit("ada", "gor", "sword", "stun"), EndTurn("gor"))
    assert b.pending is not None and CounterAttack("gor", "ada") in b.pending.answers
    react(b, CounterAttack("gor", "ada"))
    assert "Gor damage vs Ada with Spear: d6 5 = 5" in log(b)
    assert not state(b, "gor").stunned


def test_gambits_resolve_before_the_damage_of_the_other_attackers() -> None:
    # Ada trips Gor, Bo strikes the same target at once: enhanced by the fall.
    bf = duel_field(FACE_TO_FACE + [("Bo", "party", "warrior", (2, 2))])
    b = clash_battle(bf, [1, 3, 5, 4, 10])  # trip 1; save 3; Bo 5 + 4; Gor's STR save
    set_state(b, "gor", DEX=2)  # a clumsy bandit: 3 over DEX 2 fails
    declare(
        b,
        ClashGambit("ada", "gor", "sword", "trip"),
        ClashAttack("bo", "gor", "sword"),
        EndTurn("gor"),
    )
    decline_all(b)
    text = log(b)
    assert text.index("Ada trips Gor: prone until the round ends") < text.index(
        "Bo damage vs Gor with Sword: d8 5 = 5"
    )
    assert "Bo enhanced damage (target prone): d12 4 = 4" in text
