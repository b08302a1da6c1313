"""004 · Attack Rolls, Damage, Shock, Make a Melee/Ranged Attack, with fixed dice."""

from __future__ import annotations

import dataclasses

from engine_support import act, duel, push, run_flow

from game.content import load_content
from game.engine import Battle
from game.engine.events import Damaged, Died, Note, Rolled
from game.geometry.grid import OPEN, Cover, Terrain
from game.rules.grid import units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.components import Conditions, Health
from game.rules.grid.resolution import Extras, attack_flow
from game.world.components import Loadout


def hp(b: Battle, unit: str) -> int:
    return b.edit(unit, Health).hp


def set_hp(b: Battle, unit: str, value: int) -> None:
    h = b.edit(unit, Health)
    h.hp = h.max_hp = value


def rolls(b: Battle) -> list[Rolled]:
    return [e for e in b.events if isinstance(e, Rolled)]


def test_attack_hits_when_d20_plus_bonus_equals_ac() -> None:
    # warrior: attack bonus 1 + STR 16 (+1) + Stab 1 = +3; skeleton AC 13
    b = duel()
    set_hp(b, "gor", 30)
    push(b, 10, 4)
    act(b, MeleeAttack("ada", "gor", "sword"))
    attack, damage = rolls(b)[-2:]
    assert (attack.total, attack.target, attack.outcome) == (13, 13, "hit")
    assert attack.text() == "Ada attack roll vs Gor: d20 10 +3 = 13 vs AC 13: hit"
    assert damage.total == 5  # d8 4 + STR 1
    assert hp(b, "gor") == 25


def test_attack_misses_below_ac() -> None:
    b = duel(b="bandit_archer")  # AC 13, no shield; the sword's Shock 2/AC13 still lands
    set_hp(b, "gor", 30)
    push(b, 9)
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert rolls(b)[-1].outcome == "miss" and rolls(b)[-1].total == 12


def test_npc_attack_bonus_comes_from_the_template_not_attributes() -> None:
    b = duel(a="warrior", b="bandit_chief", faces=(1, 8))  # bandits first
    set_hp(b, "ada", 30)
    push(b, 11, 3)  # chief: +5 from HD, vs warrior AC 16
    act(b, MeleeAttack("gor", "ada", "sword"))
    assert rolls(b)[-2].total == 16 and rolls(b)[-2].outcome == "hit"


def test_shock_applies_on_miss_when_target_ac_at_or_below_threshold() -> None:
    b = duel()  # sword Shock 2/AC13 + STR 1 = 3 against the skeleton's AC 13
    set_hp(b, "gor", 30)
    push(b, 2)
    act(b, MeleeAttack("ada", "gor", "sword"))
    shock = [e for e in b.events if isinstance(e, Damaged)][-1]
    assert (shock.amount, shock.source) == (3, "Shock")


def test_no_shock_on_miss_when_target_ac_above_threshold() -> None:
    b = duel(a="warrior", b="skeleton", faces=(1, 8))  # skeleton attacks the AC 16 warrior
    push(b, 2)
    act(b, MeleeAttack("gor", "ada", "sword"))
    assert not [e for e in b.events if isinstance(e, Damaged)]


def test_shock_with_dash_rating_applies_whatever_the_ac() -> None:
    b = duel(a="archer", b="ogre", a_cell=(1, 1), b_cell=(3, 1), faces=(1, 8))
    set_hp(b, "ada", 30)
    push(b, 1)
    act(b, MeleeAttack("gor", "ada", "ogre_club"))  # Shock 3/-, reach 2
    shock = [e for e in b.events if isinstance(e, Damaged)][-1]
    assert (shock.amount, shock.source) == (3, "Shock")


def test_shield_ignores_the_first_shock_each_round() -> None:
    b = duel(a="warrior", b="bandit", faces=(8, 1))
    set_hp(b, "gor", 30)
    b.edit("ada", Loadout).readied = ["greatsword"]  # Shock 2/AC15 (+1 STR) vs AC 14
    sword = b.content.weapons["greatsword"]
    push(b, 1, 1)
    run_flow(b, attack_flow(b.ctx, "ada", "gor", sword, ranged=False, mode="melee"))
    assert hp(b, "gor") == 30
    assert any(isinstance(e, Note) and "shield" in e.text() for e in b.events)
    run_flow(b, attack_flow(b.ctx, "ada", "gor", sword, ranged=False, mode="melee"))
    assert hp(b, "gor") == 27


def test_total_defense_gives_ac_plus_two_and_immunity_to_shock() -> None:
    b = duel()
    set_hp(b, "gor", 30)
    b.edit("gor", Conditions).total_defense = True
    p = b.attack_preview("ada", "gor", "sword")
    assert p.target_ac == 15 and p.shock_on_miss == 0  # AC 15 is above the Shock's 13
    b.edit("ada", Loadout).readied = ["greatsword"]  # Shock 2/AC15 would reach AC 15
    push(b, 2)
    sword = b.content.weapons["greatsword"]
    run_flow(b, attack_flow(b.ctx, "ada", "gor", sword, ranged=False, mode="melee"))
    assert hp(b, "gor") == 30
    assert any("Total Defense" in e.text() for e in b.events if isinstance(e, Note))


def test_swarm_extras_force_shock_past_the_shield_but_not_total_defense() -> None:
    b = duel(a="warrior", b="bandit")
    set_hp(b, "gor", 30)
    push(b, 1, 1)
    sword = b.content.weapons["sword"]
    forced = Extras(shock_always=True)
    run_flow(b, attack_flow(b.ctx, "ada", "gor", sword, ranged=False, mode="swarm", extras=forced))
    assert hp(b, "gor") == 27  # AC 14 above 13 and a shield: the Shock lands anyway
    b.edit("gor", Conditions).total_defense = True
    run_flow(b, attack_flow(b.ctx, "ada", "gor", sword, ranged=False, mode="swarm", extras=forced))
    assert hp(b, "gor") == 27


def test_a_hit_never_does_less_than_its_shock() -> None:
    b = duel()
    set_hp(b, "gor", 30)
    push(b, 15, 1)  # d8 1 + 1 = 2, raised to the Shock of 3
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert hp(b, "gor") == 27


def test_damage_is_die_plus_attribute_and_unarmed_adds_brawl() -> None:
    content = load_content()
    brawler = dataclasses.replace(
        content.templates["warrior"], skills={**content.templates["warrior"].skills, "brawl": 2}
    )
    custom = dataclasses.replace(content, templates={**content.templates, "warrior": brawler})
    from engine_support import field

    bf = field(
        "......\n......",
        [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))],
    )
    from game.engine import ScriptedRandom

    b = Battle(bf, content=custom, dice=ScriptedRandom([8, 1]))
    set_hp(b, "gor", 30)
    push(b, 19, 2)
    act(b, MeleeAttack("ada", "gor", "unarmed"))
    assert rolls(b)[-1].total == 2 + 1 + 2  # d2 2 + STR 1 + Brawl 2
    assert hp(b, "gor") == 25


def test_npc_killed_at_zero_hp_dies() -> None:
    b = duel()
    set_hp(b, "gor", 4)
    push(b, 15, 4)
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert any(isinstance(e, Died) and e.unit == "gor" for e in b.events)
    assert b.edit("gor", Conditions).dead
    assert b.over and b.winner == "party"


def test_half_cover_is_minus_two_and_full_cover_minus_four() -> None:
    slit = Terrain("arrow slit", cover=Cover.FULL)
    low = Terrain("low wall", cover=Cover.HALF)
    b = duel(a="archer", b="skeleton", a_cell=(0, 1), b_cell=(6, 1))
    for terrain, label, value in ((low, "half cover", -2), (slit, "full cover", -4)):
        b.ctx.grid.set_terrain((3, 1), terrain)
        b.ctx.sight = type(b.ctx.sight)(b.ctx.grid)
        p = b.attack_preview("ada", "gor", "longbow")
        assert (label, value) in [(m.label, m.value) for m in p.modifiers]
        b.ctx.grid.set_terrain((3, 1), OPEN)


def test_prone_target_is_easier_adjacent_and_harder_at_range() -> None:
    b = duel(a="skirmisher", b="skeleton", a_cell=(1, 1), b_cell=(2, 1))
    b.edit("gor", Conditions).prone = True
    melee = b.attack_preview("ada", "gor", "sword")
    assert ("adjacent prone target", 2) in [(m.label, m.value) for m in melee.modifiers]
    b.edit("gor", Conditions).prone = False
    b.edit("ada", Conditions).prone = True
    melee = b.attack_preview("ada", "gor", "sword")
    assert ("attacking while prone", -4) in [(m.label, m.value) for m in melee.modifiers]
    far = duel(a="archer", b="skeleton", a_cell=(0, 1), b_cell=(6, 1))
    far.edit("gor", Conditions).prone = True
    shot = far.attack_preview("ada", "gor", "longbow")
    assert ("prone target", -2) in [(m.label, m.value) for m in shot.modifiers]


def test_long_range_is_minus_two_and_past_long_range_is_impossible() -> None:
    strip = "." * 18
    b = duel(
        a="archer", b="bandit_archer", a_cell=(0, 0), b_cell=(12, 0), faces=(1, 8), ascii_map=strip
    )
    p = b.attack_preview("gor", "ada", "shortbow")  # normal 50 ft (10 sq), long 75 ft (15 sq)
    assert ("long range", -2) in [(m.label, m.value) for m in p.modifiers] and p.allowed
    b.edit("ada", Health)  # still there
    b2 = duel(
        a="archer", b="bandit_archer", a_cell=(0, 0), b_cell=(16, 0), faces=(1, 8), ascii_map=strip
    )
    p2 = b2.attack_preview("gor", "ada", "shortbow")
    assert not p2.allowed and "out of range" in p2.reason


def test_bows_cannot_shoot_with_an_enemy_in_melee_reach() -> None:
    b = duel(a="warrior", b="bandit_archer", faces=(1, 8))
    p = b.attack_preview("gor", "ada", "shortbow")
    assert not p.allowed and "melee reach" in p.reason
    r = b.answer(RangedAttack("gor", "ada", "shortbow"))
    assert not r.ok and "melee reach" in r.reason


def test_thrown_and_one_handed_ranged_weapons_are_minus_four_in_melee() -> None:
    b = duel(a="warrior", b="bandit_archer", a_cell=(1, 1), b_cell=(2, 1), faces=(1, 8))
    b.edit("gor", Loadout).readied = ["sling", "dagger"]
    sling = b.attack_preview("gor", "ada", "sling", ranged=True)
    dagger = b.attack_preview("gor", "ada", "dagger", ranged=True)
    for p in (sling, dagger):
        assert p.allowed
        assert ("shooting while in melee", -4) in [(m.label, m.value) for m in p.modifiers]


def test_unseen_target_in_concealing_terrain_is_minus_four() -> None:
    brush = Terrain("brush", concealment=True)
    b = duel(a="archer", b="skeleton", a_cell=(0, 1), b_cell=(6, 1))
    b.ctx.grid.set_terrain((6, 1), brush)
    p = b.attack_preview("ada", "gor", "longbow")
    assert ("target unseen (concealed)", -4) in [(m.label, m.value) for m in p.modifiers]


def test_no_line_of_sight_means_no_attack() -> None:
    wall = "...#...\n...#...\n...#..."
    b = duel(a="archer", b="skeleton", a_cell=(0, 1), b_cell=(6, 1), ascii_map=wall)
    p = b.attack_preview("ada", "gor", "longbow")
    assert not p.allowed and "line of sight" in p.reason


def test_preview_hit_chance_and_damage_range_are_exact() -> None:
    b = duel()
    set_hp(b, "gor", 30)
    p = b.attack_preview("ada", "gor", "sword")
    assert p.total_bonus == 3 and p.target_ac == 13
    assert p.hit_chance == 0.55  # faces 10..20
    assert (p.damage_min, p.damage_max, p.shock_on_miss) == (3, 9, 3)
    set_hp(b, "gor", 3)
    assert b.attack_preview("ada", "gor", "sword").kill_chance == 1.0  # hit or Shock
    assert units.name(b.ctx, "gor") == "Gor"


def test_the_attack_roll_line_lists_every_modifier_even_those_that_cancel() -> None:
    """004 · Make a Ranged Attack: the roll is d20 + attack bonus + modifiers (half cover
    -2). Play-test: 'd20 12 = 12 vs AC 13' hid a +2 and a -2 that cancel; the line now
    names each term."""
    b = duel(a="archer", b="skeleton", a_cell=(0, 1), b_cell=(6, 1))
    b.ctx.grid.set_terrain((3, 1), Terrain("low wall", cover=Cover.HALF))
    b.ctx.sight = type(b.ctx.sight)(b.ctx.grid)
    preview = b.attack_preview("ada", "gor", "longbow")
    bonus = preview.attack_bonus
    push(b, 12, 4)
    act(b, RangedAttack("ada", "gor", "longbow"))
    roll = next(r for r in rolls(b) if r.purpose == "attack roll")
    assert roll.terms == (bonus, -2) and roll.modifier == bonus - 2
    ac = roll.target
    assert f"d20 12 {bonus:+d} -2 = {10 + bonus} vs AC {ac}" in roll.text()
