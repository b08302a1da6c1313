"""The stress readers' memo while the state stands still (``units.still``,
``game.rules.still``): inside the scope a unit's enemies, the squares held around it and
the squares it reaches answer what they answer without it, and the catalog, the legal
answers and hard's answers come out the same with the memo as without."""

from __future__ import annotations

import contextlib

import pytest
from still_support import VILLAGE, hard_answers, positions

from game.engine import Battle
from game.engine.context import Context
from game.engine.seam import Ruleset
from game.geometry.grid import Cell
from game.rules.still import StillRuleset
from game.rules.stress import units
from game.rules.stress.moving import attack_cell, reachable_cells


def readings(battle: Battle) -> dict[str, object]:
    ctx = battle.ctx
    out: dict[str, object] = {}
    for u in ctx.units():
        foes = units.enemies(ctx, u)
        out[u] = (
            foes,
            units.occupied(ctx, u),
            dict(reachable_cells(ctx, u)),
            dict(reachable_cells(ctx, u, guarding=True)),
            [(f, w.id, attack_cell(ctx, u, f, w.id)) for f in foes for w in units.weapons(ctx, u)],
        )
    return out


def test_inside_the_scope_every_reader_answers_as_without_it() -> None:
    seen = 0
    for battle in positions("stress", 30, 3):
        ctx = battle.ctx
        assert isinstance(ctx.ruleset, StillRuleset)
        plain = readings(battle)
        decision = battle.pending
        assert decision is not None
        bare = Ruleset.legal_answers(ctx.ruleset, ctx, decision)  # no memo on the way
        with units.still(ctx):
            assert isinstance(ctx.ruleset.still, units.Still)
            assert readings(battle) == plain
            assert readings(battle) == plain  # asked again: the kept answers
            assert battle.legal_answers() == bare
        assert ctx.ruleset.still is None
        seen += 1
    assert seen == 30


def test_a_kept_answer_changed_by_its_caller_does_not_change_the_memo() -> None:
    battle = Battle(VILLAGE, ruleset="stress", seed=3)
    ctx = battle.ctx
    unit = next(iter(ctx.units()))
    with units.still(ctx):
        foes, friends = units.occupied(ctx, unit)
        foes.clear()
        friends.clear()
        units.enemies(ctx, unit).clear()
        assert units.occupied(ctx, unit) != (set(), set()) and units.enemies(ctx, unit)
    battle.close()


def test_hard_and_the_catalog_are_the_same_without_the_memo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept = hard_answers("stress", 30, 11)
    monkeypatch.setattr("game.rules.still.still", lambda ctx, make: contextlib.nullcontext())
    assert hard_answers("stress", 30, 11) == kept


def reference_attack_cell(
    ctx: Context, unit: str, target: str, weapon: str, throw: bool
) -> Cell | None:
    """``attack_cell`` as it was: every reached square tried."""
    w = units.weapon(ctx, weapon)
    if units.can_hit(ctx, unit, w, target, throw=throw):
        return units.cell(ctx, unit)
    there = units.cell(ctx, target)
    best: tuple[int, int, Cell] | None = None
    for c, cost in reachable_cells(ctx, unit).items():
        if units.can_hit(ctx, unit, w, target, at=c, throw=throw):
            key = (cost, (c[0] - there[0]) ** 2 + (c[1] - there[1]) ** 2, c)
            best = key if best is None or key < best else best
    return best[2] if best else None


def test_the_attack_square_is_the_one_every_reached_square_tried_gives() -> None:
    asked = 0
    for battle in positions("stress", 24, 5):
        ctx = battle.ctx
        for u in ctx.units():
            for foe in units.enemies(ctx, u):
                for w in units.weapons(ctx, u):
                    for throw in (False, True):
                        want = reference_attack_cell(ctx, u, foe, w.id, throw)
                        assert attack_cell(ctx, u, foe, w.id, throw=throw) == want
                        asked += 1
    assert asked > 1000
