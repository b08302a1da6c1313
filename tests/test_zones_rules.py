"""The zones ruleset (source 001) with fixed dice: initiative, surprise, the DR12 tests of
attacks, damage, criticals, usages, dual-wielding, advantage and 0 HP. Each test names
the rule it proves (game/rules/zones/README.md)."""

from __future__ import annotations

from zones_support import answer, end, fighter, push, strip, texts, zbattle

from game.engine.answers import EndTurn
from game.rules.zones.actions import ZoneAttack
from game.rules.zones.checks import odds
from game.rules.zones.state import USAGES

DUEL = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]


def test_initiative_side_roll_4_to_6_the_party_begins() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    assert b.pending is not None and b.pending.unit == "ada"
    assert "Side roll 4: Wardens begin" in texts(b)


def test_initiative_side_roll_1_to_3_the_enemies_begin() -> None:
    b = zbattle(strip(DUEL), [3, 6, 1])
    assert b.pending is not None and b.pending.unit == "gor"


def test_initiative_each_unit_1d6_plus_dex_highest_first_within_its_side() -> None:
    spawns = [
        ("Ada", "party", "warrior", (0, 0)),
        ("Bo", "party", "skirmisher", (0, 1)),
        ("Gor", "bandits", "bandit", (11, 1)),
    ]
    # Ada 2 + DEX 1 = 3, Bo 1 + DEX 3 = 4: Bo first
    b = zbattle(strip(spawns), [5, 2, 1, 1])
    assert b.pending is not None and b.pending.unit == "bo"
    end(b)
    assert b.pending is not None and b.pending.unit == "ada"


def test_the_side_roll_holds_for_the_whole_battle_unless_the_house_rule_rolls_each_round() -> None:
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns), [5, 1, 1])
    end(b)
    end(b)
    assert b.pending is not None and b.pending.unit == "ada" and b.round == 2
    r = zbattle(strip(spawns), [5, 1, 1], options={"side_roll": "round"})
    end(r)
    push(r, 2)  # round 2: the enemies begin
    end(r)
    assert r.pending is not None and r.pending.unit == "gor" and r.round == 2


def test_surprise_a_surprised_side_does_not_act_in_round_1() -> None:
    spawns = [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "bandit", (11, 1))]
    b = zbattle(strip(spawns, surprise="bandits"), [1, 1, 1])
    assert b.pending is not None and b.pending.unit == "ada"  # bandits would begin
    end(b)
    assert b.round == 2 and b.pending is not None and b.pending.unit == "gor"


def test_a_party_melee_attack_tests_str_dr12_and_deals_the_weapon_die() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    push(b, 9, 5)  # d20 9 + STR 3 = 12: pass; sword d8 5
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert fighter(b, "gor").hp == 0 and not b.unit("gor").in_fight
    assert any("STR test DR12" in t and "= 12" in t and "pass" in t for t in texts(b))


def test_a_party_melee_attack_that_fails_its_str_test_deals_nothing() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    push(b, 8)  # 8 + 3 = 11: fail
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert fighter(b, "gor").hp == 5


def test_when_an_enemy_attacks_the_party_unit_tests_dex_dr12_to_avoid() -> None:
    b = zbattle(strip(DUEL), [1, 1, 1])
    push(b, 11)  # Ada d20 11 + DEX 1 = 12: avoided
    answer(b, ZoneAttack("gor", "ada", "spear"))
    assert fighter(b, "ada").hp == 12
    assert any("Ada DEX test DR12: avoid Gor's attack" in t for t in texts(b))


def test_a_failed_avoid_takes_the_attackers_weapon_die() -> None:
    b = zbattle(strip(DUEL), [1, 1, 1])
    push(b, 10, 4)  # 10 + 1 = 11: fail; spear d6 4
    answer(b, ZoneAttack("gor", "ada", "spear"))
    assert fighter(b, "ada").hp == 8


def test_a_natural_20_on_an_attack_doubles_the_damage_dice() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    fighter(b, "gor").hp = fighter(b, "gor").max_hp = 20
    push(b, 20, 3)
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert fighter(b, "gor").hp == 20 - 6


def test_a_natural_1_when_avoiding_doubles_the_damage_taken() -> None:
    b = zbattle(strip(DUEL), [1, 1, 1])
    push(b, 1, 4)
    answer(b, ZoneAttack("gor", "ada", "spear"))
    assert fighter(b, "ada").hp == 12 - 8


def test_a_natural_1_on_an_attack_marks_a_usage_and_the_last_breaks_the_weapon() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    fighter(b, "ada").usages["sword"] = USAGES - 1
    push(b, 1)
    answer(b, ZoneAttack("ada", "gor", "sword"))
    assert fighter(b, "ada").usages["sword"] == USAGES
    assert "Ada's Sword breaks" in texts(b)
    refused = b.validate(ZoneAttack("ada", "gor", "sword"))
    assert refused is not None


def test_dual_wielding_rolls_both_damage_dice_and_keeps_the_higher() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    fighter(b, "gor").hp = fighter(b, "gor").max_hp = 20
    push(b, 15, 2, 6)  # pass; sword d8 2, javelin d6 6: 6 kept
    answer(b, ZoneAttack("ada", "gor", "sword", "javelin"))
    assert fighter(b, "gor").hp == 14


def test_dual_wielding_needs_two_one_handed_melee_weapons() -> None:
    spawns = [("Ann", "party", "archer", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    assert b.validate(ZoneAttack("ann", "gor", "longbow", "dagger")) is not None


def test_a_melee_attack_needs_the_target_close() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (5, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    reason = b.validate(ZoneAttack("ada", "gor", "sword"))
    assert reason is not None and "Close" in reason


def test_a_ranged_attack_reaches_far_away_and_is_rolled_on_dex() -> None:
    spawns = [("Ann", "party", "archer", (1, 1)), ("Gor", "bandits", "bandit", (10, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 9, 8)  # 9 + DEX 3 = 12; longbow d8 8
    answer(b, ZoneAttack("ann", "gor", "longbow"))
    assert fighter(b, "gor").hp == 0
    assert any("DEX test DR12: attack on Gor" in t for t in texts(b))


def test_a_ranged_attack_at_close_has_disadvantage_two_d20_keep_the_worse() -> None:
    spawns = [("Ann", "party", "archer", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = zbattle(strip(spawns), [4, 1, 1])
    push(b, 18, 5)  # keeps 5: 5 + 3 = 8, fail
    answer(b, ZoneAttack("ann", "gor", "longbow"))
    assert fighter(b, "gor").hp == 5
    assert any("keeps 5 (disadvantage" in t for t in texts(b))


def test_advantage_keeps_the_better_of_two_and_one_of_each_cancels() -> None:
    assert odds(0) == 9 / 20
    assert odds(0, 1) == 1 - (11 / 20) ** 2
    assert odds(0, -1) == (9 / 20) ** 2
    assert odds(0, 1 - 1) == odds(0)


def test_an_enemy_shooting_at_close_gives_the_party_unit_advantage_to_avoid() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Sly", "bandits", "bandit_archer", (2, 1))]
    b = zbattle(strip(spawns), [1, 1, 1])
    push(b, 3, 11)  # Ada keeps 11: 11 + 1 = 12, avoided
    answer(b, ZoneAttack("sly", "ada", "shortbow"))
    assert fighter(b, "ada").hp == 12
    assert any("keeps 11 (advantage" in t for t in texts(b))


def test_at_0_hp_a_unit_is_down_and_out_of_the_fight() -> None:
    b = zbattle(strip(DUEL), [4, 1, 1])
    push(b, 19, 8)
    answer(b, ZoneAttack("ada", "gor", "sword"))
    view = b.unit("gor")
    assert view.status == "down" and not view.in_fight and b.over and b.winner == "party"


def test_the_attacker_house_rule_makes_every_attacker_test() -> None:
    b = zbattle(strip(DUEL), [1, 1, 1], options={"rolls": "attacker"})
    push(b, 11, 4)  # Gor d20 11 + STR 1 = 12: pass; spear 4
    answer(b, ZoneAttack("gor", "ada", "spear"))
    assert fighter(b, "ada").hp == 8
    assert any("Gor STR test DR12: attack on Ada" in t for t in texts(b))


def test_two_sides_neither_the_party_the_attacker_tests() -> None:
    from engine_support import BANDITS, RAIDERS, field
    from zones_support import NAMES, STRIP, zone_cells

    from game.maps.battlefield import Zone

    bf = field(
        STRIP,
        [("Gor", "bandits", "bandit", (1, 1)), ("Rak", "raiders", "bandit", (2, 1))],
        sides=(BANDITS, RAIDERS),
    )
    bf.zones = tuple(Zone(n, zone_cells(k)) for k, n in enumerate(NAMES))
    b = zbattle(bf, [4, 1, 1])  # no party: the first side rolls, and begins on 4-6
    assert b.pending is not None and b.pending.unit == "gor"
    push(b, 11, 2)
    answer(b, ZoneAttack("gor", "rak", "spear"))
    assert fighter(b, "rak").hp == 3
    assert any("Gor STR test DR12: attack on Rak" in t for t in texts(b))
    assert EndTurn("gor") in b.legal_answers() or b.pending.unit != "gor"
