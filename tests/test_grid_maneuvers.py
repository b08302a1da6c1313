"""004 · Combat Maneuvers (Shoving, Grappling) with fixed dice."""

from __future__ import annotations

from engine_support import act, battle, duel, field, push
from grid_more_support import cond, hp, option, rolls, set_hp

from game.engine import Battle, EndTurn
from game.rules.grid import units
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.components import Health
from game.rules.grid.events import AttackDeclared
from game.rules.grid.grapple import BreakFree, DragGrappled, Grapple, ReleaseGrapple, ThrowGrappled
from game.rules.grid.maneuver_preview import win_chance
from game.rules.grid.move import Move
from game.rules.grid.prone import StandUp
from game.rules.grid.shove import Shove
from game.world.components import Position

OPEN = "\n".join(["." * 8] * 4)


def at(b: Battle, unit: str) -> tuple[int, int]:
    return b.edit(unit, Position).cell


def test_shove_hits_then_wins_the_strength_check_and_knocks_prone() -> None:
    b = duel(a="warrior", b="bandit", ascii_map=OPEN)  # Ada (1,1), Gor (2,1), AC 14
    # 15 + 3 = 18 hits; Ada 4+4 + STR 1 + Exert 1 = 10 against Gor 2+2 + 0 = 4
    push(b, 15, 4, 4, 2, 2)
    act(b, Shove("ada", "gor", "sword", "prone"))
    assert cond(b, "gor").prone and hp(b, "gor") == b.edit("gor", Health).max_hp


def test_shove_can_push_into_an_adjacent_square_away() -> None:
    b = duel(a="warrior", b="bandit", ascii_map=OPEN)
    push(b, 15, 4, 4, 2, 2)
    act(b, Shove("ada", "gor", "sword", "push", (3, 1)))
    assert at(b, "gor") == (3, 1) and not cond(b, "gor").prone
    r = b.answer(Shove("ada", "gor", "sword", "push", (2, 1)))
    assert not r.ok


def test_shove_loses_the_opposed_check_and_nothing_happens() -> None:
    b = duel(a="warrior", b="bandit", ascii_map=OPEN)
    push(b, 15, 1, 1, 6, 6)
    act(b, Shove("ada", "gor", "sword", "prone"))
    assert not cond(b, "gor").prone and at(b, "gor") == (2, 1)


def test_shoving_a_large_target_is_at_minus_two() -> None:
    b = duel(a="warrior", b="ogre", ascii_map=OPEN)  # ogre AC 13
    set_hp(b, "gor", 40)
    push(b, 15, 3, 3, 3, 3)  # Ada 6 + 2 - 2 = 6 against the ogre's 6 + Exert 2 = 8
    act(b, Shove("ada", "gor", "sword", "prone"))
    checks = [e for e in rolls(b) if "check" in e.purpose]
    assert checks[0].modifier == 0 and not cond(b, "gor").prone


def grappled() -> Battle:
    b = duel(a="warrior", b="bandit", ascii_map=OPEN)
    set_hp(b, "gor", 30)
    # unarmed: 15 + 1 + STR 1 + Brawl 0 = 17 vs AC 14; Ada 5+5 +1 = 11 vs Gor 1+1 = 2
    push(b, 15, 5, 5, 1, 1)
    act(b, Grapple("ada", "gor"))
    return b


def test_grapple_holds_the_target_who_can_neither_move_nor_use_weapons() -> None:
    b = grappled()
    assert cond(b, "ada").grappling == "gor" and cond(b, "gor").grappled_by == {"ada"}
    act(b, EndTurn("ada"))
    allowed, reason, _ = option(b, "move")
    assert not allowed and "grappl" in reason
    r = b.answer(MeleeAttack("gor", "ada", "spear"))
    assert not r.ok and "only unarmed attacks" in r.reason


def test_grappled_defender_takes_unarmed_damage_at_the_end_of_the_round() -> None:
    b = grappled()
    act(b, EndTurn("ada"))
    push(b, 2)  # d2 2 + STR 1 + Brawl 0 = 3
    act(b, EndTurn("gor"))
    assert hp(b, "gor") == 27


def test_break_free_with_a_main_action_and_a_won_check() -> None:
    b = grappled()
    act(b, EndTurn("ada"))
    push(b, 6, 6, 1, 1)  # Gor 12 against Ada 2 + 1 = 3
    act(b, BreakFree("gor"))
    assert not cond(b, "gor").grappled and cond(b, "ada").grappling is None


def test_throw_lands_the_defender_prone_five_feet_away_and_releases() -> None:
    b = grappled()
    act(b, EndTurn("ada"))
    push(b, 1)  # end of round 1: grapple damage d2 1
    act(b, EndTurn("gor"))
    push(b, 5, 5, 1, 1)
    act(b, ThrowGrappled("ada", (3, 1)))
    assert at(b, "gor") == (3, 1) and cond(b, "gor").prone and not cond(b, "gor").grappled


def test_drag_moves_both_and_a_lost_check_frees_the_defender() -> None:
    b = grappled()
    act(b, EndTurn("ada"))
    push(b, 1)
    act(b, EndTurn("gor"))
    push(b, 5, 5, 1, 1)
    act(b, DragGrappled("ada", ((0, 1),)))
    assert at(b, "ada") == (0, 1) and at(b, "gor") == (1, 1)
    act(b, EndTurn("ada"))
    push(b, 1)
    act(b, EndTurn("gor"))
    push(b, 1, 1, 6, 6)  # Ada loses the drag check
    act(b, DragGrappled("ada", ((0, 2),)))
    assert not cond(b, "gor").grappled and at(b, "ada") == (0, 1)


def test_release_is_a_free_action() -> None:
    b = grappled()
    act(b, ReleaseGrapple("ada"))
    assert not cond(b, "gor").grappled


def test_grappling_units_fight_only_unarmed_so_they_make_no_attacks_of_opportunity() -> None:
    """004 · Grappling: "nor can they fight with anything but unarmed attacks"; bare hands
    do not threaten (004 · Combat Action Types: foes armed with a melee weapon), so neither
    the grappler nor the one it holds strikes at a foe leaving its reach or doing a
    provoking action next to it."""
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Cy", "party", "warrior", (3, 2)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit", (0, 1)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    cond(b, "gor").grappling = "ada"
    cond(b, "ada").grappled_by = {"gor"}
    cond(b, "cy").prone = True
    act(b, StandUp("cy"))  # a provoking action next to the grappler: no attack
    act(b, Move("cy", ((4, 3),)))  # leaving the grappler's reach: no attack
    if b.pending is not None and b.pending.unit == "cy":
        act(b, EndTurn("cy"))
    act(b, EndTurn("ada"))
    act(b, Move("hal", ((0, 2), (0, 3))))  # leaving the held Ada's reach: no attack
    assert not [e for e in b.events if isinstance(e, AttackDeclared)]
    assert not units_threaten(b, "gor") and not units_threaten(b, "ada")


def units_threaten(b: Battle, unit: str) -> bool:
    with b._active():
        return units.melee_reach(b.ctx, unit) > 0 or units.armed_for_melee(b.ctx, unit)


def test_shove_and_grapple_previews_name_the_opposed_check_and_promise_no_damage() -> None:
    """004 · Combat Maneuvers: an attack roll, then in lieu of damage an opposed STR check
    (Brawl or Exert to shove, Brawl to grapple, with bare hands), ties to the defender."""
    b = duel(a="warrior", b="bandit", ascii_map=OPEN)  # Ada (1,1), Gor (2,1), AC 14
    shove = b.answer_preview(Shove("ada", "gor", "sword"))
    plain = b.attack_preview("ada", "gor", "sword")
    assert shove.hit_chance == plain.hit_chance and shove.damage_max == 0
    rows = dict(shove.rows)
    assert rows["On a win"] == "knocked prone"
    assert rows["Damage"] == "none (in lieu of damage)"
    mine = next(v for k, v in shove.rows if k.startswith("  Ada STR/"))
    theirs = next(v for k, v in shove.rows if k.startswith("  Gor STR/"))
    p = win_chance(int(mine), int(theirs))
    assert rows["Chance to win it"] == f"{round(100 * p)}%"
    assert rows["Chance to shove"] == f"{round(100 * plain.hit_chance * p)}%"
    assert abs(win_chance(0, 0) - 575 / 1296) < 1e-12  # a tie (146 of 1296) is the defender's
    grapple = b.answer_preview(Grapple("ada", "gor"))
    assert grapple.weapon == "unarmed" and dict(grapple.rows)["On a win"] == "grappled (held)"
    assert any(k.startswith("  Ada STR/Brawl") for k, _ in grapple.rows)
