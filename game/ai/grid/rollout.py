"""The grid search's rollout leaf (issue 31): each candidate line is played on, on its
fork, through the rest of our side's turn and the enemy side's reply
(``SearchConfig(until="reply")``), by the tactical hard itself, and the leaf is what
stands on the field then, so the enemy's blows are played rather than estimated.

Cheap mode (``ReplyModel.rollout``): only the acting unit and the enemies near it play
their turns (``NEAR`` squares of it when the search began: the ones that answer its
line); the others, our other units among them, end their turns at once, in every
candidate's fork alike, so what they would have done cancels out of the comparison.
Who acts next among those that play: the one nearest an enemy (the tactical hard's own
choice builds a planner for every unit that may act, at every choice); each turn and
every reaction is the tactical hard's.

- **leaf** (``ReplyModel.leaf``): the side's worth on the field (``evaluation.value``)
  plus the value of the square the acting unit stands on (next round's blows it may
  deal and take there, by the planner of the leaf's own state), with Total Defense in
  hand where it applies (``GridModel.guarded``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.core.search import Line, SearchAI
from game.ai.grid.levels import LEVELS
from game.ai.grid.search import CONFIGS, GridModel
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context
    from game.engine.decision import Decision

NEAR = 10  # squares from the acting unit within which units play their rollout turns


class ReplyModel(GridModel):
    """The grid model with a rollout through the enemy's reply (see the module)."""

    near: frozenset[str] = frozenset()

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        out = super().candidates(battle, decision)
        unit = decision.unit
        assert unit is not None
        ctx = battle.ctx
        here = units.cell(ctx, unit)
        side = units.side(ctx, unit)
        self.near = frozenset(
            u
            for u in ctx.units()
            if units.in_fight(ctx, u)
            and units.distance(units.cell(ctx, u), here) <= NEAR
            and (u == unit or units.side(ctx, u) != side)
        )
        return out

    def rollout(self, battle: Battle, decision: Decision) -> Answer:
        """The tactical hard for the acting unit and the enemies near it; End Turn for
        the rest."""
        if decision.kind == "choose_unit":
            ctx = battle.ctx
            near = [
                a for a in decision.answers if isinstance(a, ChooseUnit) and a.unit in self.near
            ]
            if not near:
                return decision.answers[0]
            return min(near, key=lambda a: closest_enemy(ctx, a.unit))
        if decision.kind == "turn" and decision.unit not in self.near:
            assert decision.unit is not None
            return EndTurn(decision.unit)
        return self.tactical.choose(battle, decision)

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        value, planner = self.standing(battle, side, unit)
        if planner is None:
            return value
        x, y = planner.here
        square = float(planner.position_values_cached()[y, x])
        return value + max(square, self.guarded(battle, unit, planner))


def closest_enemy(ctx: Context, unit: str) -> int:
    """Squares from ``unit`` to the nearest enemy still fighting (a large number when
    none is)."""
    here = units.cell(ctx, unit)
    found = [
        units.distance(here, units.cell(ctx, e))
        for e in units.enemies(ctx, unit)
        if units.in_fight(ctx, e)
    ]
    return min(found, default=10_000)


def make_reply(name: str, seed: int = 0) -> SearchAI:
    """The search AI ``name`` whose setting plays on through the enemy's reply
    (``CONFIGS[name].until == "reply"``) over the tactical hard level."""
    return SearchAI(name, seed, ReplyModel(LEVELS["hard"], seed), CONFIGS[name])
