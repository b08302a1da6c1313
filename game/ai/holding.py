"""Hold an Action (issue 5 · the AI answers every kind of Decision, through the same path
as a human; 004 · Hold An Action).

- ``hold_instead``: a unit whose best line is to stand where it is and strike nothing
  (its Main would be thrown away) holds its action instead, when someone may still act
  this round: its Move is spent (it was standing anyway) and its Main is kept as an
  Instant until the end of the round. Holding loses nothing that standing keeps.
- ``act_now``: at each point a holder is offered (``action_declared`` before someone's
  action, ``turn_over`` after someone's turn) it takes its held turn when an enemy stands
  in its melee reach (so the foe who walked up is struck this round, before its next
  turn, and the foe about to swing may fall first), or at the round's last chance (the
  turn of the last unit still to act is over), and its best line then is anything but
  standing. Otherwise it waits.

Planning at a window is the ordinary planner's (``Planner.plans``), run only when one of
those two cases holds, so a window costs a distance check for most holders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.plans import Plan
from game.ai.specials import first_answer
from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import UnitDone
from game.rules.grid import units
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.engine.context import Context

HOLD = "hold_action"
ACT_NOW = "act_now"


def hold_instead(ctx: Context, unit: str, best: Plan) -> Answer | None:
    """Hold an Action in place of ``best`` when ``best`` is to stand and do nothing with
    a free Main and a free Move, and the rules allow a hold now (someone else may still
    act this round)."""
    if best.kind != "stay":
        return None
    b = units.budget(ctx, unit)
    if b.main_used or b.move_used:
        return None
    spec = ctx.ruleset.actions.get(HOLD)
    if spec is None or spec.availability(ctx, unit) is not None:
        return None
    return first_answer(spec, ctx, unit)


def act_now(ctx: Context, decision: Decision, plans: Callable[[str], list[Plan]]) -> Answer:
    """The answer to a window that offers ``unit`` its held action: ``ActNow`` or the
    decline. ``plans(unit)`` are the unit's lines of play as things stand."""
    unit = decision.unit
    offered = next(a for a in decision.answers if a.kind == ACT_NOW)
    decline = next((a for a in decision.answers if a.kind == "decline"), offered)
    assert unit is not None
    last = isinstance(decision.trigger, UnitDone) and not _anyone_to_act(ctx, unit)
    if not last and not _enemy_in_reach(ctx, unit):
        return decline
    found = plans(unit)
    if not found or found[0].kind == "stay":
        return decline
    return offered


def _enemy_in_reach(ctx: Context, unit: str) -> bool:
    """Whether an enemy still fighting stands within ``unit``'s melee reach."""
    reach = units.melee_reach(ctx, unit)
    if not reach:
        return False
    side = units.side(ctx, unit)
    here = units.cell(ctx, unit)
    return any(
        units.side(ctx, e) != side
        and units.in_fight(ctx, e)
        and units.distance(here, units.cell(ctx, e)) <= reach
        for e in ctx.units()
    )


def _anyone_to_act(ctx: Context, unit: str) -> bool:
    """Whether a unit other than ``unit`` has yet to take its turn this round (holders
    do not count: each of them is asked at the same windows)."""
    for other in ctx.units():
        if other == unit or not units.in_fight(ctx, other):
            continue
        state = ctx.get(other, GridState)
        if not state.acted and not state.routed and not units.conditions(ctx, other).surprised:
            return True
    return False
