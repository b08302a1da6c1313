"""Weapons a clash battle leaves on the ground (clash README · decisions: "Disarm and an
arm hit drop the unit's first carried weapon on its square"; "Thrown weapons … are gone
once thrown", landing by their target): they lie where they fell, as ``GroundItem``s the
battle screen reads through ``Battle.ground_items`` like the grid's, and stay there when
the unit moves on (000 has no readying, so none is picked up again)."""

from __future__ import annotations

from clash_support import clash_battle, declare, decline_all, duel_field, set_hp, state

from game.engine.answers import EndTurn
from game.rules.clash.declare import ClashAttack, ClashMove, ClashShoot

FACE_TO_FACE = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
AT_NEAR = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (4, 1))]


def test_an_arm_hit_drops_the_weapon_on_the_units_square_where_it_stays() -> None:
    # Gor's spear: d6 6 against Armor 3 empties HP 0 → STR save d20 20 fails; d10 9: arm
    b = clash_battle(duel_field(FACE_TO_FACE), [6, 20, 9], options={"critical": "locations"})
    set_hp(b, "ada", 0)
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    decline_all(b)
    assert "sword" not in state(b, "ada").weapons
    assert b.ground_items() == [((1, 1), "sword")]
    declare(b, ClashMove("ada", (1, 3)), EndTurn("gor"))
    assert b.unit("ada").cell == (1, 3) and b.ground_items() == [((1, 1), "sword")]


def test_a_thrown_javelin_lands_on_its_targets_square_hit_or_miss() -> None:
    b = clash_battle(duel_field(AT_NEAR), [2])  # d6 2 against Gor's Armor 2: no harm
    declare(b, ClashShoot("ada", "gor", "javelin"), EndTurn("gor"))
    decline_all(b)
    assert "javelin" not in state(b, "ada").weapons
    assert b.ground_items() == [((4, 1), "javelin")]
    assert "Ada's Javelin lands at Gor's feet" in [e.text() for e in b.ctx.events]
