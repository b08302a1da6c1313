"""Source 003 · Attacking, Melee / Ranged / Indirect ranged attacks, Protection from
attacks (factions ruleset), with fixed dice."""

from __future__ import annotations

from factions_support import (
    decline_all,
    fate,
    fbattle,
    ffield,
    gear,
    hp,
    log,
    ok,
    set_hp,
    start,
    turn,
)

from game.engine import Battle
from game.geometry.grid import Cover, Terrain
from game.geometry.sight import Sight
from game.rules.factions.answers import Attack, FinalBlow, Move

CLOSE = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
THROW = [("Bea", "party", "skirmisher", (0, 0)), ("Gor", "bandits", "bandit", (8, 0))]
WIDE = "\n".join(["........#..........."] * 5)


def terrain(b: Battle, cell: tuple[int, int], t: Terrain) -> None:
    b.ctx.grid.set_terrain(cell, t)
    b.ctx.sight = Sight(b.ctx.grid)


def test_attacks_hit_automatically_and_deal_the_weapon_die_less_armour() -> None:
    b = fbattle(ffield(CLOSE), [1, 7])
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert "Ada damage Sword: d8 7 = 7" in log(b)
    assert "Gor takes 5 damage (Sword), 1/6 HP" in log(b)


def test_a_unit_at_0_hp_is_incapacitated_and_out_of_the_fight() -> None:
    b = fbattle(ffield(CLOSE + [("Dun", "bandits", "bandit", (8, 4))]), [1, 8])
    set_hp(b, "gor", 3)
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert "Gor falls, incapacitated" in log(b)
    assert fate(b, "gor").incapacitated and not b.unit("gor").in_fight


def test_the_final_blow_kills_a_nearby_incapacitated_target() -> None:
    b = fbattle(ffield(CLOSE + [("Dun", "bandits", "bandit", (8, 4))]), [1])
    set_hp(b, "gor", 0)
    fate(b, "gor").incapacitated = True
    start(b, "party", "ada")
    ok(b, FinalBlow("ada", "gor"))
    assert "Gor dies (final blow)" in log(b) and fate(b, "gor").dead
    assert b.validate(FinalBlow("ada", "dun")) is not None


def test_unarmed_attacks_deal_d4_impaired_damage() -> None:
    b = fbattle(ffield(CLOSE), [1, 4])
    gear(b, "ada").dropped = ["sword", "javelin"]
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "unarmed"))
    decline_all(b)
    assert "Ada damage Unarmed: d4 4 = 4" in log(b)


def test_holding_back_impairs_the_damage_to_a_d4() -> None:
    b = fbattle(ffield(CLOSE), [1, 3])
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword", hold_back=True))
    decline_all(b)
    assert "Ada damage Sword: d4 3 = 3" in log(b)
    assert hp(b, "gor") == 5


def test_ranged_beyond_half_range_needs_a_wit_save_or_misses() -> None:
    b = fbattle(ffield(THROW), [1, 15])
    start(b, "party", "bea")
    ok(b, Attack("bea", "gor", "dagger", "ranged"))
    assert any("Bea WIT save to hit (beyond half range): d20 15" in line for line in log(b))
    assert "Bea misses" in log(b) and hp(b, "gor") == 6
    assert b.pending is not None and b.pending.kind == "turn"  # no reaction, no damage roll


def test_ranged_within_half_range_hits_without_a_save() -> None:
    b = fbattle(
        ffield([("Bea", "party", "skirmisher", (2, 0)), ("Gor", "bandits", "bandit", (8, 0))]),
        [1, 4],
    )
    start(b, "party", "bea")
    ok(b, Attack("bea", "gor", "dagger", "ranged"))
    decline_all(b)
    assert not any("WIT save" in line for line in log(b))
    assert hp(b, "gor") == 4


def test_shooting_while_moving_needs_a_save_and_beyond_half_range_it_is_impossible() -> None:
    b = fbattle(ffield(THROW), [1, 3, 4])
    start(b, "party", "bea")
    ok(b, Move("bea", (1, 0)))
    refused = b.validate(Attack("bea", "gor", "dagger", "ranged"))
    assert refused is not None and "while moving" in refused
    b2 = fbattle(
        ffield([("Bea", "party", "skirmisher", (3, 0)), ("Gor", "bandits", "bandit", (9, 0))]),
        [1, 3, 4],
    )
    start(b2, "party", "bea")
    ok(b2, Move("bea", (4, 0)))
    ok(b2, Attack("bea", "gor", "dagger", "ranged"))
    assert any("WIT save to hit (while moving)" in line for line in log(b2))


def test_a_target_not_visible_cannot_be_shot_but_can_be_hit_by_indirect_fire_with_a_save() -> None:
    spawns = [
        ("Ari", "party", "archer", (0, 0)),
        ("Gor", "bandits", "bandit", (15, 0)),
        ("Dun", "bandits", "bandit", (19, 4)),
    ]
    b = fbattle(ffield(spawns, WIDE), [1, 12, 8])
    start(b, "party", "ari")
    refused = b.validate(Attack("ari", "gor", "longbow", "ranged"))
    assert refused is not None and "not visible" in refused
    ok(b, Attack("ari", "gor", "longbow", "indirect"))
    decline_all(b)
    assert any("WIT save to hit (indirect fire): d20 12" in line for line in log(b))
    assert hp(b, "gor") == 0


def test_indirect_fire_only_beyond_half_range_and_never_while_moving() -> None:
    near = [("Ari", "party", "archer", (0, 0)), ("Gor", "bandits", "bandit", (10, 0))]
    b = fbattle(ffield(near, WIDE), [1])
    start(b, "party", "ari")
    refused = b.validate(Attack("ari", "gor", "longbow", "indirect"))
    assert refused is not None and "beyond half range" in refused
    far = [("Ari", "party", "archer", (2, 0)), ("Gor", "bandits", "bandit", (17, 0))]
    b2 = fbattle(ffield(far, WIDE), [1])
    start(b2, "party", "ari")
    ok(b2, Move("ari", (3, 0)))
    refused = b2.validate(Attack("ari", "gor", "longbow", "indirect"))
    assert refused is not None and "while moving" in refused


def test_melee_at_a_target_not_visible_needs_a_wit_save() -> None:
    b = fbattle(ffield(CLOSE), [1, 14])
    fate(b, "gor").concealed = True
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    assert any("WIT save to hit (target not visible): d20 14" in line for line in log(b))
    assert "Ada misses" in log(b)


def test_concealment_impairs_the_damage() -> None:
    b = fbattle(ffield(CLOSE), [1, 4])
    terrain(b, (2, 1), Terrain("brush", concealment=True))
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert "Ada damage Sword: d4 4 = 4" in log(b)


def test_cover_adds_1_to_armour_unless_the_attack_penetrates() -> None:
    spawns = [("Bea", "party", "skirmisher", (2, 1)), ("Gor", "bandits", "bandit", (6, 1))]
    b = fbattle(ffield(spawns), [1, 4])
    terrain(b, (5, 1), Terrain("low wall", cover=Cover.HALF))
    start(b, "party", "bea")
    p = b.attack_preview("bea", "gor", "dagger", ranged=True)
    assert p.target_ac == 3  # armour 2 + cover
    ok(b, Attack("bea", "gor", "dagger", "ranged"))
    decline_all(b)
    assert hp(b, "gor") == 5


def test_a_barrier_blocks_unless_the_target_peeked_out_to_attack() -> None:
    spawns = [("Bea", "party", "skirmisher", (2, 1)), ("Gor", "bandits", "bandit", (6, 1))]
    b = fbattle(ffield(spawns), [1])
    terrain(b, (5, 1), Terrain("arrow slit", cover=Cover.FULL))
    start(b, "party", "bea")
    refused = b.validate(Attack("bea", "gor", "dagger", "ranged"))
    assert refused is not None and "barrier" in refused
    turn(b, "gor").peeked = True
    p = b.attack_preview("bea", "gor", "dagger", ranged=True)
    assert p.allowed and p.target_ac == 3  # the barrier counts as cover
