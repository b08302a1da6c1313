"""Property tests (hypothesis, modest counts): random legal answers on random small maps
keep the invariants and every battle ends; random illegal answers change nothing."""

from __future__ import annotations

import random

from engine_support import crowded_square, field, junk_is_refused, random_legal_play
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import Battle, ChooseUnit, EndTurn
from game.rules.grid import budget, units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.components import Budget, Conditions, Health
from game.rules.grid.disengage import Disengage
from game.rules.grid.move import Move

TEMPLATES = [
    "warrior",
    "archer",
    "spearman",
    "bandit",
    "bandit_archer",
    "skeleton",
    "ogre",
    "wolf",
    "militia",
    "crossbowman",
]


@st.composite
def small_battles(draw: st.DrawFn) -> tuple[object, int]:
    w = draw(st.integers(5, 9))
    h = draw(st.integers(4, 7))
    rng = random.Random(draw(st.integers(0, 10_000)))
    walls = {(x, y) for x in range(w) for y in range(h) if rng.random() < 0.15}
    rows = ["".join("#" if (x, y) in walls else "." for x in range(w)) for y in range(h)]
    free = [(x, y) for y in range(h) for x in range(w) if (x, y) not in walls]
    rng.shuffle(free)
    n_party = draw(st.integers(1, 3))
    n_foes = draw(st.integers(1, 3))
    if len(free) < n_party + n_foes:
        free = [(x, y) for y in range(h) for x in range(w)]
        rows = ["." * w for _ in range(h)]
    spawns = []
    for i in range(n_party + n_foes):
        side = "party" if i < n_party else "bandits"
        spawns.append((f"U{i}", side, rng.choice(TEMPLATES), free[i]))
    bf = field("\n".join(rows), spawns, round_limit=8)
    return bf, draw(st.integers(0, 1000))


def check_invariants(b: Battle) -> None:
    ctx = b.ctx
    with b._active():
        crowded = crowded_square(b)
        assert crowded is None, crowded
        for u in ctx.units():
            hp = b.edit(u, Health)
            assert 0 <= hp.hp <= hp.max_hp
            bud = b.edit(u, Budget)
            assert bud.free_used <= budget.FREE_ACTION_CAP
            assert not (bud.second_move_used and not bud.main_used)
            cond = b.edit(u, Conditions)
            if cond.occupies_cell:
                assert not ctx.grid.blocks_move(units.cell(ctx, u)), f"{u} stands in a wall"
        d = b.pending
        if d is not None and d.unit is not None and d.kind == "turn":
            assert units.in_fight(ctx, d.unit), "the dead never act"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_battles(), st.randoms(use_true_random=False))
def test_random_legal_answers_keep_invariants_and_every_battle_ends(
    case: tuple[object, int], pick: random.Random
) -> None:
    bf, seed = case
    b = Battle(bf, seed=seed)  # type: ignore[arg-type]
    try:
        random_legal_play(b, pick, check_invariants)
        assert b.over
    finally:
        b.close()


def junk_answer(r: random.Random, ids: list[str]) -> object:
    unit = r.choice(ids + ["ghost", ""])
    target = r.choice(ids + ["ghost"])
    weapon = r.choice(["sword", "longbow", "pike", "laser", "unarmed", "shortbow"])
    cell = (r.randint(-2, 12), r.randint(-2, 12))
    return r.choice(
        [
            Move(unit, tuple((cell[0] + i, cell[1]) for i in range(r.randint(0, 8)))),
            Move(unit, ((cell[0], cell[1]),)),
            MeleeAttack(unit, target, weapon),
            RangedAttack(unit, target, weapon),
            Disengage(unit),
            EndTurn(unit),
            ChooseUnit(unit),
            "not an answer",
        ]
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_battles(), st.randoms(use_true_random=False))
def test_random_illegal_answers_are_refused_with_a_reason_and_change_nothing(
    case: tuple[object, int], pick: random.Random
) -> None:
    bf, seed = case
    b = Battle(bf, seed=seed)  # type: ignore[arg-type]
    try:
        junk_is_refused(b, pick, junk_answer)
    finally:
        b.close()
