"""The grid ruleset's model for the search AI (issue 31; ``game.ai.core.search``).

- **policy**: today's tactical AI at ``hard`` (``TacticalAI``): who acts next, every
  reaction (ours and, inside a fork, the enemy's), and the first candidate of a turn.
- **candidates**: the tactical pick, then the first answers of the planner's best lines,
  its best line that does not walk, Disengage, and the saving actions the planner never
  plans: First Aid on a dying ally beside the unit, and a walk to one (004 · Use a Skill).
- **leaf** (``evaluation.value``): what stands on the field, on the planner's scale (a
  unit's worth over the horizon, less half its share of lost HP; a dying unit nothing, a
  stabilised one ``SAVED`` of it), plus what the unit's turn is still worth: the
  planner's best line from the leaf while it is still the unit's turn, else the value of
  the square it ended on as the planner saw it before the search (next round's blows it
  may take and deal there). So the dice the answer really rolls (attacks of opportunity,
  a Shock that drops a 4-HP unit on a miss, the morale checks a fall sets off) replace the
  planner's one-ply estimate of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.ai.core.search import Line, SearchAI, SearchConfig
from game.ai.grid import evaluation
from game.ai.grid.levels import LEVELS, Level
from game.ai.grid.plan import Plan
from game.ai.grid.plans import Planner
from game.ai.grid.tactical import TacticalAI
from game.engine.answers import Answer
from game.rules.grid import units
from game.rules.grid.disengage import Disengage
from game.rules.grid.hold import HoldAction
from game.rules.grid.move import Move

if TYPE_CHECKING:
    from game.ai.grid.board import Array
    from game.engine.battle import Battle
    from game.engine.decision import Decision

# the search levels: the tactical level they play with, and their node budgets
CONFIGS: dict[str, SearchConfig] = {
    "hard": SearchConfig(candidates=5, samples=3, leaves=12, follow=1),
    "expert": SearchConfig(candidates=7, samples=6, leaves=30, follow=1),
}


class GridModel:
    """The grid model of the search (see the module's docstring)."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.tactical = TacticalAI(level, seed)
        self.level = level
        self._pos: Array | None = None  # the acting unit's square values before the search
        self._base: Answer | None = None

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        return self.tactical.choose(battle, decision)

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        unit = decision.unit
        assert unit is not None
        base = self.tactical.choose(battle, decision)
        planner = self.tactical.last_planner
        if isinstance(base, HoldAction) or planner is None or planner.unit != unit:
            return [(base,)]  # holding its ground is weighed by the tactical AI alone
        ctx = battle.ctx
        self._pos = planner.position_values_cached()
        plans = self.tactical.last_plans
        lines = {p.first: line_of(planner, p) for p in plans}
        out: list[Line] = [lines.get(base, (base,))]
        # the saving answers the planner never plans, then Disengage, then its best line
        # that stays put, then its best lines
        out.extend((a,) for a in evaluation.first_aid(ctx, unit))
        to_aid = evaluation.walk_to_aid(planner)
        if to_aid is not None:
            out.append(to_aid)
        if planner.main_free and planner.move_action_free and evaluation.beside_enemy(ctx, unit):
            out.append((Disengage(unit),))
        still = [p for p in plans if not isinstance(p.first, Move)]
        if still:
            out.append(lines[still[0].first])
        out.extend(lines[p.first] for p in plans[:4])
        return out

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        value = evaluation.value(ctx, side, self.level.horizon)
        if not units.in_fight(ctx, unit):
            return value
        pending = battle.pending
        if pending is not None and pending.kind == "turn" and pending.unit == unit:
            planner = self.tactical.planner(ctx, unit)
            if planner is not None:
                plans = planner.plans()
                best = plans[0].score if plans else 0.0
                return value + max(best, evaluation.aid_now(planner))
        if self._pos is not None:
            x, y = units.cell(ctx, unit)
            value += float(self._pos[y, x])
        return value


def line_of(planner: Planner, plan: Plan) -> Line:
    """The answers of ``plan`` this turn as far as the planner knows them: a Run's two
    Moves, and Disengage with the walk off after it; any other plan's first answer (the
    leaf values the rest of the turn)."""
    first = plan.first
    if plan.kind == "run" and isinstance(first, Move):
        path, _, _ = planner.route(plan.end, 2 * planner.speed)
        leg = first.path
        if path is not None and path[: len(leg)] == leg and len(path) > len(leg):
            return (first, Move(planner.unit, path[len(leg) :]))
    if plan.kind == "disengage":
        path, _, _ = planner.route(plan.end, planner.speed)
        if path:
            return (first, Move(planner.unit, path))
    return (first,)


def make_search(name: str, seed: int = 0) -> SearchAI:
    """The search AI ``name`` ("hard" or "expert") over the tactical hard level."""
    return SearchAI(name, seed, GridModel(LEVELS["hard"], seed), CONFIGS[name])
