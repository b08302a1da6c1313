"""The grid ruleset's model for the search AI (issue 31; ``game.ai.core.search``).

- **policy**: today's tactical AI at ``hard`` (``TacticalAI``, also named ``tactical``):
  who acts next, every reaction (ours and, inside a fork, the enemy's), the rest of the
  unit's turn after its line (``follow``), and the first candidate line.
- **candidates** (``GridModel.candidates``): the tactical pick; the saving answers the
  planner never plans (First Aid on a dying ally beside the unit, a walk to one and First
  Aid, 004 · Use a Skill); Disengage beside an enemy; the planner's best line that stays
  put; its best lines. A Run is played as its two Moves (``line_of``). Lines whose worth
  comes after the turn (``DEFERRED``: a swarm joined for a teammate, a screen, a shove,
  upkeep) are the planner's call alone: a leaf at the turn's end cannot see it.
- **leaf** (``evaluation.value``): what stands on the field, on the planner's scale (a
  unit's worth over the horizon, less half its share of lost HP; a dying unit nothing, a
  stabilised one ``SAVED`` of it), plus what the unit's turn is still worth by a planner
  of the leaf's own state: its best line while it is still the unit's turn, else the
  value of the square it ended on (next round's blows it may take and deal there); with
  Total Defense in hand (its Main kept free against a blow that would drop it), its
  square valued as if it stood in Total Defense, where that is worth more
  (``GridModel.guarded``).
  So keeping the Main free (End Turn beside the enemy) is a candidate too.

With ``until="reply"`` the model is ``rollout.ReplyModel``: the fork plays on through
the enemy's answer, and the leaf is the field then plus the unit's square.

So the dice the line really rolls (attacks of opportunity, a Shock that drops a 4-HP
unit on a miss, the morale checks a fall sets off, a Heal check) replace the planner's
one-ply estimate of them.
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
from game.engine.answers import Answer, EndTurn
from game.rules.grid import units
from game.rules.grid.disengage import Disengage
from game.rules.grid.hold import HoldAction
from game.rules.grid.move import Move

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.decision import Decision

# the search levels: the tactical level they play with, and their node budgets
CONFIGS: dict[str, SearchConfig] = {
    "search": SearchConfig(
        candidates=5, samples=4, leaves=20, margin=1.5, follow=1, confidence=0.4
    ),
}


class GridModel:
    """The grid model of the search (see the module's docstring)."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.tactical = TacticalAI(level, seed)
        self.level = level
        self.priors: dict[Line, float] = {}  # the planner's scores of the last candidates

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        return self.tactical.choose(battle, decision)

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        unit = decision.unit
        assert unit is not None
        self.priors = {}
        base = self.tactical.choose(battle, decision)
        planner = self.tactical.last_planner
        if isinstance(base, HoldAction) or planner is None or planner.unit != unit:
            return [(base,)]  # holding its ground is weighed by the tactical AI alone
        ctx = battle.ctx
        plans = self.tactical.last_plans
        chosen = next((p for p in plans if p.first == base), None)
        if chosen is not None and deferred(chosen):
            return [(base,)]  # its worth comes after the turn: the planner's word stands
        plans = [p for p in plans if not deferred(p)]
        lines = {p.first: line_of(planner, p) for p in plans}
        self.priors = {}
        for p in reversed(plans):  # the best plan of each first answer counts
            self.priors[lines[p.first]] = p.score
        out: list[Line] = [lines.get(base, (base,))]
        # the saving answers the planner never plans, then Disengage, then its best line
        # that stays put, then its best lines
        out.extend((a,) for a in evaluation.first_aid(ctx, unit))
        to_aid = evaluation.walk_to_aid(planner)
        if to_aid is not None:
            out.append(to_aid)
        if planner.main_free and planner.move_action_free and evaluation.beside_enemy(ctx, unit):
            out.append((Disengage(unit),))
        if planner.main_free and evaluation.beside_enemy(ctx, unit):
            out.append((EndTurn(unit),))  # the Main kept: Total Defense in hand (the leaf)
        still = [p for p in plans if not isinstance(p.first, Move)]
        if still:
            out.append(lines[still[0].first])
        out.extend(lines[p.first] for p in plans[:4])
        return out

    def prior(self, line: Line) -> float | None:
        """The planner's score of ``line`` among the last candidates (``SearchConfig.gate``);
        None for a line it never plans (First Aid, a walk to it; Disengage or End Turn
        where no plan of the planner's begins with it)."""
        return self.priors.get(line)

    def standing(self, battle: Battle, side: str, unit: str) -> tuple[float, Planner | None]:
        """The side's worth on the leaf's field (``evaluation.value``) and the unit's
        planner there; None when the unit is out of the fight or no enemy is left."""
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        value = evaluation.value(ctx, side, self.level.horizon)
        if not units.in_fight(ctx, unit):
            return value, None
        return value, self.tactical.planner(ctx, unit)

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        value, planner = self.standing(battle, side, unit)
        if planner is None:
            return value
        pending = battle.pending
        going_on = pending is not None and pending.kind == "turn" and pending.unit == unit
        if going_on:
            plans = planner.plans()  # the rest of the turn, "stay" among them
            rest = max(plans[0].score if plans else 0.0, evaluation.aid_now(planner))
        else:
            x, y = planner.here
            rest = float(planner.position_values_cached()[y, x])
        return value + max(rest, self.guarded(battle, unit, planner))

    def guarded(self, battle: Battle, unit: str, planner: Planner | None = None) -> float:
        """The unit standing where it is with Total Defense in hand (``evaluation.guard``):
        a unit whose Main action is still free when the enemy's blows come may take it
        as the Instant after seeing a roll it turns (hard does when the blow or its Shock
        would drop it), which is, for those blows, as if it stood in Total Defense: AC +2
        and no Shock (004 · Total Defense). The value of its square so (next round's
        blows it may take and deal there); minus infinity when the guard is not in hand.
        The leaf's fork is the search's own and is closed after it, so the condition is
        set on it for the planner to read, then reset. ``planner``: the leaf's own planner
        of the unit, without the guard, whose board the guard's planner shares: the guard
        reaches the board only through the unit's AC (``Board.exposure`` and the blows
        are kept by AC; the rest of the board, the enemies' pictures, the stakes, the
        pressure, never reads the unit's Total Defense)."""
        ctx = battle.ctx
        if not evaluation.guard_in_hand(ctx, unit):
            return float("-inf")
        with evaluation.guard(ctx, unit):
            if planner is not None:
                guarded: Planner | None = Planner(ctx, unit, self.level, planner.board)
            else:
                guarded = self.tactical.planner(ctx, unit)
            if guarded is None:
                return float("-inf")
            x, y = guarded.here
            return float(guarded.position_values_cached()[y, x])


# Plans whose worth comes after the unit's turn, which a leaf at its end cannot see: a
# swarm joined for a teammate's strike, a screen, a shove for the teammates' +2, and the
# upkeep that pays in later rounds (a weapon readied, reloaded or picked up, standing up,
# letting go, breaking free).
DEFERRED = frozenset(
    {
        "screen_ally",
        "shove",
        "reload",
        "ready_item",
        "pick_up_item",
        "stand_up",
        "release_grapple",
        "break_free",
    }
)


def deferred(plan: Plan) -> bool:
    """Whether ``plan``'s worth lies after the turn (``DEFERRED``, or joining a swarm)."""
    return plan.kind in DEFERRED or plan.note.startswith("join swarm")


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
    """The search AI ``name`` ("search") over the tactical hard level."""
    return SearchAI(name, seed, GridModel(LEVELS["hard"], seed), CONFIGS[name])
