"""004 · Go Prone, Stand Up, Reload a Weapon, Ready or Stow an Item, Pick up an Item."""

from __future__ import annotations

from engine_support import act, battle, duel, field, push
from grid_more_support import cond, gear, option, set_hp, spent

from game.engine import Battle, EndTurn
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.events import AttackDeclared
from game.rules.grid.items import (
    GroundItem,
    ItemLanded,
    PickUpItem,
    ReadyItem,
    StowItem,
    ground_items,
)
from game.rules.grid.move import reachable_cells
from game.rules.grid.prone import GoProne, StandUp
from game.rules.grid.reload import Reload

WIDE = "\n".join(["." * 12] * 4)


def test_go_prone_is_a_free_action_and_halves_movement() -> None:
    b = duel(a_cell=(0, 0), b_cell=(11, 3), ascii_map=WIDE)
    act(b, GoProne("ada"))
    assert cond(b, "ada").prone and spent(b, "ada").free_used == 1
    far = max(max(abs(x - 0), abs(y - 0)) for x, y in reachable_cells(b.ctx, "ada"))
    assert far == 3  # 6 squares halved
    allowed, reason, _ = option(b, "go_prone")
    assert not allowed and reason == "already prone"


def test_stand_up_is_a_move_action_that_provokes() -> None:
    b = duel()  # the skeleton with a sword stands adjacent
    set_hp(b, "ada", 30)
    cond(b, "ada").prone = True
    push(b, 1)  # the skeleton's attack of opportunity misses
    act(b, StandUp("ada"))
    assert not cond(b, "ada").prone and spent(b, "ada").move_used
    declared = [e for e in b.events if isinstance(e, AttackDeclared)]
    assert declared and declared[-1].mode == "opportunity"


def test_stand_up_picks_up_the_units_own_dropped_weapon() -> None:
    b = duel(a_cell=(0, 0), b_cell=(7, 3))
    cond(b, "ada").prone = True
    gear(b, "ada").readied = []
    import esper

    with b._active():
        esper.create_entity(GroundItem("sword", "ada", (0, 0)))
    act(b, StandUp("ada"))
    assert gear(b, "ada").readied == ["sword"] and not ground_items(b.ctx)


def test_a_trained_archer_reloads_a_bow_as_a_free_action_automatically() -> None:
    b = duel(a="archer", b="skeleton", a_cell=(0, 0), b_cell=(7, 3))
    set_hp(b, "gor", 30)
    push(b, 2)
    act(b, RangedAttack("ada", "gor", "longbow"))
    assert gear(b, "ada").unloaded == {"longbow"}
    act(b, EndTurn("ada"))  # the reload comes with the end of the turn
    assert not gear(b, "ada").unloaded and spent(b, "ada").free_used == 1


def test_a_shot_bow_still_previews_the_damage_its_arrow_threatens() -> None:
    """004 · Reload a Weapon: once shot the bow must be reloaded, so no attack with it can
    be made; its preview still names the blow's damage (d8 longbow), for the reaction
    prompt's stakes of the arrow in flight, with no chance to hit."""
    b = duel(a="archer", b="skeleton", a_cell=(0, 0), b_cell=(7, 3))
    set_hp(b, "gor", 30)
    before = b.attack_preview("ada", "gor", "longbow")
    push(b, 2)
    act(b, RangedAttack("ada", "gor", "longbow"))
    after = b.attack_preview("ada", "gor", "longbow")
    assert not after.allowed and "reloaded" in after.reason and after.hit_chance == 0
    assert (after.damage_min, after.damage_max) == (before.damage_min, before.damage_max)
    assert after.damage_max > 0


def test_an_untrained_shooter_reloads_a_bow_with_a_move_action() -> None:
    b = duel(a="warrior", b="skeleton", a_cell=(0, 0), b_cell=(7, 3))
    gear(b, "ada").readied = ["shortbow"]
    gear(b, "ada").shield = None
    set_hp(b, "gor", 30)
    push(b, 2)
    act(b, RangedAttack("ada", "gor", "shortbow"))
    assert gear(b, "ada").unloaded == {"shortbow"}
    allowed, _, cost = option(b, "reload")
    assert allowed and cost == "Move"
    act(b, Reload("ada", "shortbow"))
    assert not gear(b, "ada").unloaded and spent(b, "ada").move_used


def test_a_crossbow_needs_a_main_action_to_reload() -> None:
    b = duel(a="warrior", b="crossbowman", a_cell=(0, 0), b_cell=(7, 3), faces=(1, 8))
    set_hp(b, "ada", 30)
    push(b, 2)
    act(b, RangedAttack("gor", "ada", "crossbow"))
    allowed, reason, cost = option(b, "reload")
    assert not allowed and cost == "Main" and "Main action already spent" in reason
    act(b, EndTurn("gor"))
    act(b, EndTurn("ada"))
    allowed, _, _ = option(b, "ranged_attack")
    assert not allowed
    act(b, Reload("gor", "crossbow"))
    assert spent(b, "gor").main_used and not gear(b, "gor").unloaded


def test_units_start_with_their_weapons_in_hand_as_far_as_their_hands_allow() -> None:
    """004 · Ready or Stow an Item (decided): the template's weapons in order, while they
    fit two hands (a shield takes one, a two-handed weapon both); the rest stowed."""
    b = duel(a="skirmisher", b="archer", a_cell=(0, 0), b_cell=(7, 3))
    assert gear(b, "ada").readied == ["sword", "dagger"] and gear(b, "ada").stowed == []
    assert gear(b, "gor").readied == ["longbow"] and gear(b, "gor").stowed == ["dagger"]
    b = duel(a="warrior", b="wolf", a_cell=(0, 0), b_cell=(7, 3))
    assert gear(b, "ada").readied == ["sword"] and gear(b, "ada").stowed == ["javelin"]
    assert gear(b, "gor").readied == ["bite"]


def test_ready_and_stow_are_main_actions_and_readying_sheathes_what_is_in_the_way() -> None:
    b = duel(a="archer", a_cell=(0, 0), b_cell=(7, 3))  # longbow in hand, dagger stowed
    act(b, ReadyItem("ada", "dagger"))
    assert gear(b, "ada").readied == ["dagger"] and gear(b, "ada").stowed == ["longbow"]
    assert spent(b, "ada").main_used
    allowed, reason, _ = option(b, "stow_item")
    assert not allowed and "Main action already spent" in reason


def test_two_one_handed_weapons_fit_two_hands() -> None:
    b = duel(a="skirmisher", a_cell=(0, 0), b_cell=(7, 3))
    gear(b, "ada").readied.remove("dagger")
    gear(b, "ada").stowed.append("dagger")
    act(b, ReadyItem("ada", "dagger"))
    assert gear(b, "ada").readied == ["dagger", "sword"] and gear(b, "ada").stowed == []


def test_stow_puts_a_weapon_in_the_pack() -> None:
    b = duel(a="skirmisher", a_cell=(0, 0), b_cell=(7, 3))
    act(b, StowItem("ada", "sword"))
    assert gear(b, "ada").readied == ["dagger"] and "sword" in gear(b, "ada").stowed


def test_readying_a_two_handed_weapon_is_refused_with_a_shield_on() -> None:
    b = duel(a="warrior", a_cell=(0, 0), b_cell=(7, 3))
    gear(b, "ada").stowed.append("greatsword")
    r = b.answer(ReadyItem("ada", "greatsword"))
    assert not r.ok and "shield" in r.reason


def test_the_fallen_drop_their_weapons_and_others_can_pick_them_up() -> None:
    bf = field(
        "........\n........\n........\n........",
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit_archer", (7, 3)),
        ],
    )
    b = battle(bf, faces=(8, 1))
    set_hp(b, "gor", 1)
    push(b, 20, 5, 1, 1, 1, 1)  # the hit kills Gor; Hal's two morale checks hold
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert [g.weapon for _, g in ground_items(b.ctx)] == ["spear"]
    act(b, PickUpItem("ada", "spear", (2, 1)))
    assert gear(b, "ada").readied == ["spear"] and "sword" in gear(b, "ada").stowed
    assert not ground_items(b.ctx) and spent(b, "ada").move_used


def skirmisher_and_two_skeletons() -> Battle:
    """Ada (skirmisher: sword and dagger in hand) with Gor (skeleton, 1 HP) at her side and
    Hal (skeleton) three squares off; skeletons are fearless (no morale rolls)."""
    bf = field(
        "........\n........\n........\n........",
        [
            ("Ada", "party", "skirmisher", (1, 1)),
            ("Gor", "bandits", "skeleton", (2, 1)),
            ("Hal", "bandits", "skeleton", (4, 1)),
        ],
    )
    b = battle(bf, faces=(8, 1))
    set_hp(b, "gor", 1)
    return b


def test_a_thrown_weapon_leaves_the_hand_and_lies_on_the_targets_square_hit_or_miss() -> None:
    """004 · Make a Ranged Attack / Pick up an Item (decided): a thrown weapon is not
    returned to hand; it lies on the target's square whether the throw hits or misses."""
    b = skirmisher_and_two_skeletons()
    push(b, 1)  # the dagger misses Hal
    act(b, RangedAttack("ada", "hal", "dagger"))
    assert gear(b, "ada").readied == ["sword"]
    assert [(g.weapon, g.owner, g.cell) for _, g in ground_items(b.ctx)] == [
        ("dagger", "ada", (4, 1))
    ]
    landed = [e for e in b.events if isinstance(e, ItemLanded)]
    assert [e.text() for e in landed] == ["Ada's Dagger lands at Hal's feet"]
    kinds = [e.kind for e in b.events]
    thrown = kinds.index("attack_declared")
    assert thrown < kinds.index("item_landed") < kinds.index("rolled", thrown)  # left the hand


def test_a_thrown_weapon_is_picked_up_from_the_targets_square_with_pick_up_an_item() -> None:
    b = skirmisher_and_two_skeletons()
    push(b, 20, 3)  # the dagger, thrown at Gor beside her (-4 in melee), kills it
    act(b, RangedAttack("ada", "gor", "dagger"))
    assert cond(b, "gor").dead
    lying = sorted((g.weapon, g.owner) for _, g in ground_items(b.ctx) if g.cell == (2, 1))
    assert lying == [("dagger", "ada"), ("sword", "gor")]
    act(b, PickUpItem("ada", "dagger", (2, 1)))
    assert gear(b, "ada").readied == ["sword", "dagger"] and spent(b, "ada").move_used
    assert [(g.weapon, g.owner) for _, g in ground_items(b.ctx)] == [("sword", "gor")]
