"""Source 000 · Attacking & Damage, Unarmed Combat & Brawls, Multiple Attackers, Attack
Modifiers, Dual Weapons, Critical Damage, Critical Hit Locations, Ability Score Loss,
Wounds — with fixed dice (issue 7)."""

from __future__ import annotations

import dataclasses

from clash_support import (
    clash_battle,
    declare,
    decline_all,
    duel_field,
    hp,
    log,
    set_hp,
    set_state,
    state,
)

from game.content import load_content
from game.engine import Battle, ScriptedRandom
from game.engine.answers import EndTurn
from game.rules.clash.content import ClashWeaponEntry, unit_entry
from game.rules.clash.damage import WoundChoice, lose_ability
from game.rules.clash.declare import ClashAttack

# Ada: warrior (party) STR 15 DEX 11 HP 5 Armor 3. Gor, Hal: bandits STR 11 DEX 11 HP 3
# Armor 2, spear (fast d6) and dagger (fast d6).
FACE_TO_FACE = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]


def test_attacks_hit_automatically_weapon_die_minus_armor_into_hp() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [5])
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert "Gor damage vs Ada with Spear: d6 5 = 5" in log(b)
    assert "Ada is struck for 5 - Armor 3 = 2" in log(b)
    assert hp(b, "ada") == 3 and state(b, "ada").STR == 15


def test_damage_taking_hp_below_zero_goes_into_str_then_a_str_save() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 13])
    set_hp(b, "ada", 1)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert hp(b, "ada") == 0 and state(b, "ada").STR == 13
    saved = "Ada STR save against Critical Damage: d20 13 = 13 vs STR 13: saved (needs 13 or less)"
    assert saved in log(b)


def test_damage_that_leaves_exactly_zero_hp_does_not_touch_str() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6])
    set_hp(b, "ada", 3)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert hp(b, "ada") == 0 and state(b, "ada").STR == 15
    assert not any("STR save" in line for line in log(b))


def _crit(d6: int) -> Battle:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 20, d6, 3])
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    return b


def test_critical_damage_d6_of_1_kills_a_player_character() -> None:
    b = _crit(1)
    assert b.unit("ada").status == "dead"


def test_critical_damage_d6_of_2_to_5_incapacitates() -> None:
    b = _crit(4)
    assert b.unit("ada").status == "incapacitated"
    assert not b.unit("ada").in_fight


def test_critical_damage_d6_of_6_not_today_regains_1d4_hp_and_fights_on_impaired() -> None:
    b = _crit(6)
    assert hp(b, "ada") == 3
    assert b.unit("ada").in_fight and state(b, "ada").crit_failed


def test_a_failed_critical_damage_save_takes_a_non_player_unit_out() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [8, 20])  # sword 8 - 2: 3 HP, 3 STR; save 20
    declare(b, ClashAttack("ada", "gor", "sword"))
    decline_all(b)
    assert "Gor dies (critical damage)" in log(b)


def test_unaware_targets_take_the_damage_straight_to_str() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE, surprise="party"), [5, 10])
    assert b.pending is not None and b.pending.unit == "gor"  # Ada, unaware, declares nothing
    declare(b, ClashAttack("gor", "ada", "spear"))
    assert b.pending is None or b.pending.kind != "reaction"  # nor reacts
    assert hp(b, "ada") == 5 and state(b, "ada").STR == 13


def test_an_overburdened_target_takes_the_damage_straight_to_str_and_cannot_react() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [5, 10])
    set_state(b, "ada", fatigue=5)  # 5 slots of gear + 5 Fatigue = 10: full
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    assert b.pending is None or b.pending.kind != "reaction"
    assert hp(b, "ada") == 5 and state(b, "ada").STR == 13


def test_unarmed_attacks_roll_1d4() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [4])
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "unarmed"))
    decline_all(b)
    assert "Gor damage vs Ada with Unarmed: d4 4 = 4" in log(b)


def test_non_lethal_blows_knock_out_on_a_failed_critical_damage_save() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [4, 20])
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "unarmed"))
    decline_all(b)
    assert b.unit("ada").status == "knocked out"


def test_improvised_weapons_break_after_one_attack() -> None:
    content = load_content()
    chair = dataclasses.replace(
        content.weapons["club"],
        tables={"clash": ClashWeaponEntry(size="balanced", improvised=True)},
    )
    bandit = dataclasses.replace(content.templates["bandit"], weapons=("club", "dagger"))
    custom = dataclasses.replace(
        content,
        weapons={**content.weapons, "club": chair},
        templates={**content.templates, "bandit": bandit},
    )

    b = Battle(duel_field(FACE_TO_FACE), "clash", dice=ScriptedRandom([7]), content=custom)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "club"))
    decline_all(b)
    assert "Gor damage vs Ada with Club: d8 7 = 7" in log(b)
    assert "Gor's Club breaks (improvised)" in log(b)
    assert "club" not in state(b, "gor").weapons


def test_multiple_attackers_roll_all_and_only_the_highest_lands() -> None:
    bf = duel_field(FACE_TO_FACE + [("Hal", "bandits", "bandit", (2, 2))])
    b = clash_battle(bf, [2, 6])
    declare(
        b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"), ClashAttack("hal", "ada", "dagger")
    )
    decline_all(b)
    assert "Multiple attackers on Ada (2, 6): only Hal's 6 lands" in log(b)
    assert hp(b, "ada") == 2


def test_impaired_attacks_roll_1d4_whatever_the_weapon() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [4])
    set_state(b, "gor", crit_failed=True)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert "Gor damage vs Ada, impaired (critically hurt): d4 4 = 4" in log(b)


def test_enhanced_attacks_add_1d12_to_the_weapon_die() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [3, 9, 10])
    set_state(b, "ada", prone=True)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert "Gor enhanced damage (target prone): d12 9 = 9" in log(b)
    assert "Ada is struck for 12 - Armor 3 = 9" in log(b)


def test_dual_weapons_roll_both_dice_and_keep_the_higher() -> None:
    bf = duel_field([("Di", "party", "skirmisher", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))])
    b = clash_battle(bf, [7, 5, 5])  # sword 7, dagger 5; Gor's STR save 5
    declare(b, ClashAttack("di", "gor", "sword", "dagger"))
    decline_all(b)
    assert "Di strikes with two weapons: the Sword's 7 counts" in log(b)
    assert "two weapons" in (b.validate(ClashAttack("di", "gor", "sword", "sword")) or "")


def test_hit_locations_torso_costs_an_extra_1d4_str_and_fills_a_slot() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 20, 3, 2], options={"critical": "locations"})
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    st = state(b, "ada")
    assert st.STR == 15 - 3 - 2 and st.injuries == 1 and st.crit_failed


def test_hit_locations_leg_halves_the_move_and_arm_disarms() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 20, 7], options={"critical": "locations"})
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert state(b, "ada").leg_hits == 1
    b2 = clash_battle(duel_field(FACE_TO_FACE), [6, 20, 9], options={"critical": "locations"})
    set_hp(b2, "ada", 0)
    declare(b2, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b2)
    assert state(b2, "ada").arm_hits == 1 and "sword" not in state(b2, "ada").weapons


def test_hit_locations_head_is_lethal() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 20, 10], options={"critical": "locations"})
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert b.unit("ada").status == "dead"


def test_ability_loss_str_0_dies_dex_0_paralysed_wil_0_delirious() -> None:
    bf = duel_field(FACE_TO_FACE + [("Hal", "bandits", "bandit", (5, 4))])
    b = clash_battle(bf, [])
    lose_ability(b.ctx, "gor", "DEX", 11, "test")
    lose_ability(b.ctx, "hal", "WIL", 20, "test")
    assert b.unit("gor").status == "paralysed" and b.unit("hal").status == "delirious"
    lose_ability(b.ctx, "ada", "STR", 15, "test")
    assert b.unit("ada").status == "dead"


def test_wounds_fill_a_slot_and_a_second_one_asks_worsen_or_new_slot() -> None:
    content = load_content()
    bandit = content.templates["bandit"]
    entry = unit_entry(bandit)
    assert entry is not None
    poisoner = dataclasses.replace(
        bandit, tables={"clash": dataclasses.replace(entry, wound="poisoning")}
    )
    custom = dataclasses.replace(content, templates={**content.templates, "bandit": poisoner})

    # Round 1: Ada fails the save, rolls 6 (not today, 1d4=2 HP) and is poisoned.
    faces = [6, 20, 6, 2]
    b = Battle(duel_field(FACE_TO_FACE), "clash", dice=ScriptedRandom(faces), content=custom)
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert state(b, "ada").wounds == ["light poisoning"]
    # Round 2: the same again; the wounded unit's controller chooses.
    from game.engine.dice import ScriptedRandom as SR

    rng = b.ctx.rng
    assert isinstance(rng, SR)
    rng.push(6, 1, 20, 6, 2)  # Ada, critically hurt, is enhanced against: +1d12
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert b.pending is not None and b.pending.kind == "reaction"
    assert set(b.pending.answers) == {WoundChoice("ada", True), WoundChoice("ada", False)}
    assert b.answer(WoundChoice("ada", True)).ok
    assert state(b, "ada").wounds == ["severe poisoning"]


def test_the_attack_preview_names_the_die_as_rolled_minus_armor_in_clash_terms() -> None:
    """000 · Attacking & Damage: attacks always hit; an impaired attack rolls d4 whatever
    the weapon, an enhanced one adds d12; Armor is taken from the damage. The preview
    says so in these words, not the grid's hit chance and AC (play-test)."""
    b = clash_battle(duel_field(FACE_TO_FACE), [4])
    set_state(b, "gor", crit_failed=True)
    impaired = dict(b.attack_preview("gor", "ada", "spear").rows)
    assert impaired["Damage die"] == "d4 (d6 impaired)"
    assert "  impaired: critically hurt" in impaired
    assert impaired["Minus Armor"] == "-3" and impaired["Damage"] == "0–1"
    assert impaired["Target HP"] == "5/5"
    set_state(b, "gor", crit_failed=False)
    set_state(b, "ada", prone=True)
    enhanced = dict(b.attack_preview("gor", "ada", "spear").rows)
    assert enhanced["Damage die"] == "d6 + d12" and "  enhanced: target prone" in enhanced
    assert enhanced["Damage"] == "0–15"
