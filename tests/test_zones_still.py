"""The zones readers' memo while the state stands still (``units.still``): inside the scope
every reader answers what it answers without it, the memo ends with the scope, and the
AI, the catalog and the legal answers come out the same with the memo as without."""

from __future__ import annotations

import pytest
from still_support import VILLAGE, positions

from game.engine import Battle
from game.engine.seam import Ruleset
from game.rules.zones import ZonesRuleset, units


def memo(battle: Battle) -> units.Still | None:
    ruleset = battle.ctx.ruleset
    assert isinstance(ruleset, ZonesRuleset)
    assert ruleset.still is None or isinstance(ruleset.still, units.Still)
    return ruleset.still


def readings(battle: Battle) -> dict[str, object]:
    """Every memoized reader's answer for every unit (and the squares held)."""
    ctx = battle.ctx
    out: dict[str, object] = {"occupied": units.occupied(ctx)}
    out["fighting"] = list(units.fighting(ctx))
    for u in ctx.units():
        out[u] = (
            units.in_fight(ctx, u),
            units.zone_of(ctx, u),
            units.enemies(ctx, u),
            units.allies(ctx, u),
            units.close_enemies(ctx, u),
            units.in_zone(ctx, units.zone_of(ctx, u)),
        )
    return out


def test_inside_the_scope_every_reader_answers_as_without_it() -> None:
    seen = 0
    for battle in positions("zones", 60, 3):
        ctx = battle.ctx
        plain = readings(battle)
        decision = battle.pending
        assert decision is not None
        bare = Ruleset.legal_answers(ctx.ruleset, ctx, decision)  # no memo on the way
        with units.still(ctx):
            assert readings(battle) == plain
            assert readings(battle) == plain  # asked again: the kept answers
            assert battle.legal_answers() == bare
        seen += 1
    assert seen == 60


def test_the_memo_ends_with_the_scope_and_nested_scopes_share_it() -> None:
    battle = Battle(VILLAGE, ruleset="zones", seed=3)
    ctx = battle.ctx
    assert memo(battle) is None
    with units.still(ctx):
        outer = memo(battle)
        assert isinstance(outer, units.Still)
        with units.still(ctx):
            assert memo(battle) is outer
        assert memo(battle) is outer
    assert memo(battle) is None
    with pytest.raises(RuntimeError), units.still(ctx):
        raise RuntimeError("a question that broke off")
    assert memo(battle) is None
    fork = battle.fork()
    assert memo(fork) is None
    fork.close()
    battle.close()


def test_a_kept_list_changed_by_its_caller_does_not_change_the_memo() -> None:
    battle = Battle(VILLAGE, ruleset="zones", seed=3)
    ctx = battle.ctx
    unit = next(iter(ctx.units()))
    with units.still(ctx):
        foes = units.enemies(ctx, unit)
        foes.clear()
        held = units.occupied(ctx)
        held.clear()
        assert units.enemies(ctx, unit) != [] and units.occupied(ctx) != set()
    battle.close()
