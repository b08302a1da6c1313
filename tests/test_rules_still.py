"""The readers' memo of the rulesets on squares and zones while the state stands still
(``game.rules.still``): hard's answers, the decisions' options and the state come out
the same with every still scope off; clash's and stress's kept readings answer as
without the memo."""

from __future__ import annotations

import contextlib

import pytest
from still_support import hard_answers, positions

from game.engine import Battle
from game.engine.seam import Ruleset
from game.rules import stress
from game.rules.clash import units
from game.rules.clash.moving import approach_cell, reachable_cells
from game.rules.still import Readings, StillRuleset, still
from game.rules.stress import moving


@pytest.mark.parametrize("ruleset", ["zones", "stress", "clash"])
def test_hard_and_the_catalog_are_the_same_without_the_memo(
    ruleset: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = hard_answers(ruleset, 20, 11)
    monkeypatch.setattr("game.rules.still.still", lambda ctx, make: contextlib.nullcontext())
    monkeypatch.setattr("game.rules.zones.units.still", lambda ctx: contextlib.nullcontext())
    assert hard_answers(ruleset, 20, 11) == kept


def clash_readings(battle: Battle) -> dict[str, object]:
    ctx = battle.ctx
    out: dict[str, object] = {}
    for u in ctx.units():
        foes = units.enemies(ctx, u)
        out[u] = (
            foes,
            units.occupied(ctx, u),
            dict(reachable_cells(ctx, u, 1)),
            dict(reachable_cells(ctx, u, 2)),
            [(f, approach_cell(ctx, u, f), approach_cell(ctx, u, f, 2)) for f in foes],
        )
    return out


def stress_readings(battle: Battle) -> dict[str, object]:
    ctx = battle.ctx
    out: dict[str, object] = {}
    for u in ctx.units():
        foes = stress.units.enemies(ctx, u)
        weapons = [w.id for w in stress.units.weapons(ctx, u)]
        out[u] = (
            foes,
            stress.units.occupied(ctx, u),
            dict(moving.reachable_cells(ctx, u)),
            dict(moving.reachable_cells(ctx, u, guarding=True)),
            [(f, w, moving.attack_cell(ctx, u, f, w)) for f in foes for w in weapons],
        )
    return out


READINGS = {"clash": clash_readings, "stress": stress_readings}


@pytest.mark.parametrize("ruleset", ["clash", "stress"])
def test_inside_the_scope_the_readers_answer_as_without_it(ruleset: str) -> None:
    readings = READINGS[ruleset]
    seen = 0
    for battle in positions(ruleset, 30, 3):
        ctx = battle.ctx
        assert isinstance(ctx.ruleset, StillRuleset)
        plain = readings(battle)
        decision = battle.pending
        assert decision is not None
        bare = Ruleset.legal_answers(ctx.ruleset, ctx, decision)  # no memo on the way
        with still(ctx, Readings):
            assert isinstance(ctx.ruleset.still, Readings)
            assert readings(battle) == plain
            assert readings(battle) == plain  # asked again: the kept answers
            assert battle.legal_answers() == bare
        assert ctx.ruleset.still is None
        seen += 1
    assert seen == 30
