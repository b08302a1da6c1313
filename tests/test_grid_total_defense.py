"""004 · Total Defense (Instant): AC +2 and immunity to Shock, after seeing the roll."""

from __future__ import annotations

from engine_support import act, duel, push
from grid_more_support import cond, damage, hp, option, react, reaction_kinds, set_hp, spent

from game.engine.answers import Decline, EndTurn
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.total_defense import TotalDefense


def test_total_defense_after_seeing_the_roll_turns_a_hit_into_a_miss() -> None:
    b = duel()  # warrior +3 vs skeleton AC 13
    set_hp(b, "gor", 30)
    push(b, 10)  # 13: a hit by 0
    react(b, MeleeAttack("ada", "gor", "sword"))
    assert "total_defense" in reaction_kinds(b) and b.pending and b.pending.side == "bandits"
    react(b, TotalDefense("gor"))
    assert cond(b, "gor").total_defense and spent(b, "gor").main_used
    assert hp(b, "gor") == 30  # AC 15 now: a miss, and immune to Shock


def test_total_defense_is_not_offered_when_it_cannot_change_the_attack() -> None:
    b = duel(b="bandit_archer")  # AC 13, not trained: no Snap Attack
    set_hp(b, "gor", 30)
    push(b, 20, 3)  # 23 vs 13: a hit even against AC 15
    react(b, MeleeAttack("ada", "gor", "sword"))
    assert b.pending is not None and b.pending.kind != "reaction"
    assert hp(b, "gor") == 26


def test_total_defense_is_not_possible_once_the_main_action_is_spent() -> None:
    b = duel(b="bandit_archer")  # AC 13, not trained: no Snap Attack
    set_hp(b, "gor", 30)
    spent(b, "gor").main_used = True
    push(b, 10, 3)
    react(b, MeleeAttack("ada", "gor", "sword"))
    assert b.pending is not None and b.pending.kind != "reaction"
    assert hp(b, "gor") == 26


def test_declining_total_defense_lets_the_hit_land() -> None:
    b = duel(b="bandit_archer")  # AC 13, not trained: no Snap Attack
    set_hp(b, "gor", 30)
    push(b, 10)
    react(b, MeleeAttack("ada", "gor", "sword"))
    push(b, 5)
    react(b, Decline("gor"))
    assert hp(b, "gor") == 24 and not cond(b, "gor").total_defense


def test_total_defense_on_the_own_turn_gives_up_the_main_action() -> None:
    b = duel()
    act(b, TotalDefense("ada"))
    assert cond(b, "ada").total_defense
    allowed, reason, _ = option(b, "melee_attack")
    assert not allowed and "Main action already spent" in reason
    allowed, reason, cost = option(b, "total_defense")
    assert not allowed and reason == "already in Total Defense" and cost == "Instant"


def test_total_defense_ends_at_the_start_of_the_units_next_turn() -> None:
    b = duel()
    act(b, TotalDefense("ada"))
    act(b, EndTurn("ada"))
    assert cond(b, "ada").total_defense  # still on during the enemy's turn
    act(b, EndTurn("gor"))
    assert not cond(b, "ada").total_defense  # Ada's next turn has started


def test_total_defense_stops_even_a_swarm_shock() -> None:
    from engine_support import run_flow

    from game.rules.grid.resolution import Extras, attack_flow

    b = duel(a="warrior", b="bandit")
    set_hp(b, "gor", 30)
    cond(b, "gor").total_defense = True
    push(b, 1)
    sword = b.content.weapons["sword"]
    run_flow(
        b,
        attack_flow(
            b.ctx, "ada", "gor", sword, ranged=False, mode="swarm", extras=Extras(shock_always=True)
        ),
    )
    assert not damage(b)
