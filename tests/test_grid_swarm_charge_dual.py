"""004 · Make a Swarm Attack, Charge, Dual Wielding Weapons, with fixed dice."""

from __future__ import annotations

from engine_support import act, battle, duel, field, push
from grid_more_support import cond, damage, gear, hp, option, rolls, set_hp, spent

from game.engine import Battle, ChooseUnit, EndTurn
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.charge import Charge
from game.rules.grid.events import AttackDeclared
from game.rules.grid.resolution import target_ac
from game.rules.grid.swarm import SwarmAttack
from game.world.components import Position

OPEN = "\n".join(["." * 12] * 5)


def ring(target: str = "bandit", n: int = 2) -> Battle:
    """``n`` warriors (Ada, Bo, Cy, Di) around Gor at (5, 2); the party acts first."""
    cells = [(4, 2), (6, 2), (5, 1), (5, 3)]
    names = ["Ada", "Bo", "Cy", "Di"][:n]
    spawns = [(nm, "party", "warrior", c) for nm, c in zip(names, cells, strict=False)]
    spawns.append(("Gor", "bandits", target, (5, 2)))
    spawns.append(("Hal", "bandits", "bandit_archer", (11, 4)))
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "gor", 40)
    return b


def join(b: Battle, unit: str) -> None:
    act(b, SwarmAttack(unit, "gor", "sword"))
    act(b, EndTurn(unit))


def test_swarm_attack_adds_two_to_hit_and_one_damage_per_other_assailant() -> None:
    b = ring()
    join(b, "ada")
    push(b, 9, 3)  # 9 + 3 + 2 = 14 vs AC 14: hit; d8 3 + 1 STR + 1 swarm = 5
    act(b, SwarmAttack("bo", "gor", "sword", strike=True))
    declared = [e for e in b.events if isinstance(e, AttackDeclared)][-1]
    assert declared.mode == "swarm" and "swarm (1 other) +2" in declared.text()
    assert rolls(b)[-2].total == 14 and hp(b, "gor") == 35


def test_swarm_bonus_damage_never_passes_the_weapons_maximum() -> None:
    b = ring(n=4)
    for u in ("ada", "bo", "cy"):
        join(b, u)
    push(b, 5, 8)  # 5 + 3 + 6 = 14: hit; d8 8 + 1 = 9 is already the most a sword does here
    act(b, SwarmAttack("di", "gor", "sword", strike=True))
    declared = [e for e in b.events if isinstance(e, AttackDeclared)][-1]
    assert "swarm (3 others) +6" in declared.text()
    assert hp(b, "gor") == 31


def test_swarm_shock_lands_past_ac_and_shield() -> None:
    b = ring()  # the bandit has AC 14 and a shield: a plain sword miss would not Shock
    join(b, "ada")
    push(b, 1)
    act(b, SwarmAttack("bo", "gor", "sword", strike=True))
    assert [(d.amount, d.source) for d in damage(b)] == [(3, "Shock")]


def test_swarm_limits_four_assailants_the_fourth_strikes_and_a_strike_needs_company() -> None:
    b = ring(n=4)
    act(b, ChooseUnit("ada"))
    r = b.answer(SwarmAttack("ada", "gor", "sword", strike=True))
    assert not r.ok and "no other assailant" in r.reason
    act(b, SwarmAttack("ada", "gor", "sword"))
    act(b, EndTurn("ada"))
    join(b, "bo")
    join(b, "cy")
    r = b.answer(SwarmAttack("di", "gor", "sword"))
    assert not r.ok and "fourth assailant must strike" in r.reason


def test_swarm_is_over_for_the_round_once_it_struck() -> None:
    b = ring(n=3)
    join(b, "ada")
    push(b, 1)
    act(b, SwarmAttack("bo", "gor", "sword", strike=True))
    act(b, EndTurn("bo"))
    r = b.answer(SwarmAttack("cy", "gor", "sword"))
    assert not r.ok and "already struck" in r.reason


def test_charge_moves_in_a_straight_line_and_attacks_at_plus_two_with_ac_minus_two() -> None:
    b = duel(a_cell=(0, 1), b_cell=(7, 1), ascii_map=OPEN)
    set_hp(b, "gor", 30)
    push(b, 8, 2)  # 8 + 3 + 2 = 13 vs AC 13: hit; d8 2 + 1 = 3
    act(b, Charge("ada", "gor", "sword", (6, 1)))
    assert b.edit("ada", Position).cell == (6, 1)
    assert hp(b, "gor") == 27 and cond(b, "ada").charging
    assert target_ac(b.ctx, "ada")[0] == 14
    assert spent(b, "ada").main_used and spent(b, "ada").move_used


def test_the_charge_preview_strikes_from_the_end_square_at_plus_two() -> None:
    # 004 · Charge, as the battle screen previews it: the sword blow at +2 (the plain
    # attack from the start square is out of reach), nothing moved by the preview
    b = duel(a_cell=(0, 1), b_cell=(7, 1), ascii_map=OPEN)
    plain = b.attack_preview("ada", "gor", "sword")
    charge = Charge("ada", "gor", "sword", (6, 1))
    before = b.state_hash()
    seen = b.answer_preview(charge)
    assert not plain.allowed and seen.allowed
    assert ("charge", 2) in [(m.label, m.value) for m in seen.modifiers]
    assert seen.hit_chance == 0.65  # +3 and +2 vs AC 13: a d20 of 8 or more hits
    assert b.state_hash() == before and b.edit("ada", Position).cell == (0, 1)
    assert b.answer_preview(MeleeAttack("ada", "gor", "sword")) is None


def test_charge_needs_five_feet_a_clear_line_and_at_most_twice_the_movement() -> None:
    wall = "............\n......#.....\n............"
    b = duel(a_cell=(0, 1), b_cell=(11, 1), ascii_map=wall)
    assert not b.answer(Charge("ada", "gor", "sword", (0, 1))).ok
    r = b.answer(Charge("ada", "gor", "sword", (10, 1)))
    assert not r.ok and "no clear straight line" in r.reason
    b2 = duel(a_cell=(0, 0), b_cell=(11, 4), ascii_map="\n".join(["." * 14] * 5))
    r = b2.answer(Charge("ada", "gor", "sword", (13, 4)))
    assert not r.ok and "more than 12" in r.reason


def test_charge_from_beside_an_armed_enemy_provokes() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "skeleton", (7, 1)),
        ("Hal", "bandits", "bandit", (1, 0)),
    ]
    b = battle(field(OPEN, spawns), faces=(8, 1))
    set_hp(b, "ada", 30)
    set_hp(b, "gor", 30)
    push(b, 1, 1)  # Hal's attack of opportunity misses, then Ada's charge misses (a Shock)
    act(b, Charge("ada", "gor", "sword", (6, 1)))
    modes = [e.mode for e in b.events if isinstance(e, AttackDeclared)]
    assert modes == ["opportunity", "melee"]


def test_dual_wielding_is_minus_one_to_hit_and_plus_two_damage_in_reach_of_both() -> None:
    b = duel(a="skirmisher", b="skeleton")
    gear(b, "ada").readied = ["sword", "dagger"]
    set_hp(b, "gor", 30)
    p = b.attack_preview("ada", "gor", "sword")
    assert ("dual wielding", -1) in [(m.label, m.value) for m in p.modifiers]
    push(b, 12, 3)  # 12 + 2 - 1 = 13 vs AC 13: hit; d8 3 + 1 DEX + 2 = 6
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert hp(b, "gor") == 24


def test_no_dual_wielding_without_skill_in_both_weapons() -> None:
    b = duel(a="archer", b="skeleton")  # Stab 0
    gear(b, "ada").readied = ["sword", "dagger"]
    p = b.attack_preview("ada", "gor", "sword")
    assert "dual wielding" not in [m.label for m in p.modifiers]
    assert option(b, "melee_attack")[0]


def test_a_striking_swarm_attack_is_previewed_with_its_bonus_and_its_shock_past_ac() -> None:
    """004 · Make a Swarm Attack: +2 to hit per other assailant, and the Shock lands
    whatever the target's AC or shield: the hover preview says so before the strike."""
    b = ring()  # the bandit has AC 14 and a shield: a plain sword miss would not Shock
    join(b, "ada")
    plain = b.attack_preview("bo", "gor", "sword")
    assert plain.shock_on_miss == 0
    strike = b.answer_preview(SwarmAttack("bo", "gor", "sword", strike=True))
    assert [(m.label, m.value) for m in strike.modifiers][-1] == ("swarm (1 other)", 2)
    assert strike.total_bonus == plain.total_bonus + 2
    assert strike.shock_on_miss == 3
    assert b.answer_preview(SwarmAttack("bo", "gor", "sword")) is None  # joining: no blow
