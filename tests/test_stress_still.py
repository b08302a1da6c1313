"""The stress readers' memo while the state stands still (``game.rules.still``): a kept
answer its caller changes stays as it was; the square an attack is made from is the one
trying every reached square gives. (The readers inside and outside a scope, and hard
with and without the memo: ``tests/test_rules_still.py``.)"""

from __future__ import annotations

from still_support import VILLAGE, positions

from game.engine import Battle
from game.engine.context import Context
from game.geometry.grid import Cell
from game.rules.still import Readings, still
from game.rules.stress import units
from game.rules.stress.moving import attack_cell, reachable_cells


def test_a_kept_answer_changed_by_its_caller_does_not_change_the_memo() -> None:
    battle = Battle(VILLAGE, ruleset="stress", seed=3)
    ctx = battle.ctx
    unit = next(iter(ctx.units()))
    with still(ctx, Readings):
        foes, friends = units.occupied(ctx, unit)
        foes.clear()
        friends.clear()
        units.enemies(ctx, unit).clear()
        assert units.occupied(ctx, unit) != (set(), set()) and units.enemies(ctx, unit)
    battle.close()


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
