"""Property tests for the clash ruleset (hypothesis, modest counts): random legal answers
on random small maps keep the invariants, with random house rules, and every battle
ends; random illegal answers are refused and change nothing."""

from __future__ import annotations

import random

from engine_support import junk_is_refused, random_legal_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_grid_properties import small_battles

from game.engine import Battle, ChooseUnit, EndTurn
from game.rules.clash import units
from game.rules.clash.declare import (
    ClashAttack,
    ClashGambit,
    ClashMove,
    ClashRetreat,
    ClashShoot,
)
from game.rules.clash.house_rules import OPTIONS
from game.rules.clash.reactions import Block, FightBack, Parry


def random_options(r: random.Random) -> dict[str, str]:
    return {o.name: r.choice(o.choices) for o in OPTIONS}


def check_invariants(b: Battle) -> None:
    ctx = b.ctx
    seen: dict[tuple[int, int], str] = {}
    with b._active():
        for u in ctx.units():
            st_ = units.state(ctx, u)
            h = units.health(ctx, u)
            assert 0 <= h.hp <= h.max_hp
            assert 0 <= st_.STR <= st_.max_STR and 0 <= st_.DEX <= st_.max_DEX
            assert 0 <= st_.WIL <= st_.max_WIL and st_.fatigue >= 0
            if st_.STR == 0:
                assert units.conditions(ctx, u).dead, "STR 0 dies"
            if units.conditions(ctx, u).occupies_cell:
                cell = units.cell(ctx, u)
                assert cell not in seen, f"{u} and {seen[cell]} share {cell}"
                seen[cell] = u
                assert not ctx.grid.blocks_move(cell), f"{u} stands in a wall"
        d = b.pending
        if d is not None and d.unit is not None and d.kind == "turn":
            assert units.in_fight(ctx, d.unit), "the out of the fight never declare"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_battles(), st.randoms(use_true_random=False))
def test_random_legal_answers_keep_the_clash_invariants_and_every_battle_ends(
    case: tuple[object, int], pick: random.Random
) -> None:
    bf, seed = case
    b = Battle(bf, "clash", seed=seed, options=random_options(pick))  # type: ignore[arg-type]
    try:
        random_legal_play(b, pick, check_invariants)
        assert b.over
    finally:
        b.close()


def junk_answer(r: random.Random, ids: list[str]) -> object:
    unit = r.choice(ids + ["ghost", ""])
    target = r.choice(ids + ["ghost"])
    weapon = r.choice(["sword", "longbow", "pike", "laser", "unarmed", "shortbow", "dagger"])
    cell = (r.randint(-2, 12), r.randint(-2, 12))
    return r.choice(
        [
            ClashAttack(unit, target, weapon, r.choice([None, "dagger", weapon])),
            ClashGambit(unit, target, weapon, r.choice(["trip", "stun", "tickle"])),
            ClashShoot(unit, target, weapon, r.choice([None, cell])),
            ClashMove(unit, cell),
            ClashRetreat(unit),
            Block(unit),
            Parry(unit, target),
            FightBack(unit, target),
            EndTurn(unit),
            ChooseUnit(unit),
            "not an answer",
        ]
    )


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_battles(), st.randoms(use_true_random=False))
def test_random_illegal_clash_answers_are_refused_with_a_reason_and_change_nothing(
    case: tuple[object, int], pick: random.Random
) -> None:
    bf, seed = case
    b = Battle(bf, "clash", seed=seed)  # type: ignore[arg-type]
    try:
        junk_is_refused(b, pick, junk_answer)
    finally:
        b.close()
