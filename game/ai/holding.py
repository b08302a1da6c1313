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
from game.rules.grid.hold import ActNow, HoldAction, anyone_left_to_act
from game.rules.grid.nearby import enemies_within

if TYPE_CHECKING:
    from game.engine.context import Context

ACT_NOW = ActNow.kind


def hold_instead(ctx: Context, unit: str, best: Plan) -> Answer | None:
    """Hold an Action in place of ``best`` when ``best`` is to stand and do nothing with
    a free Main and a free Move, and the rules allow a hold now (someone else may still
    act this round)."""
    if best.kind != "stay":
        return None
    b = units.budget(ctx, unit)
    if b.main_used or b.move_used:
        return None
    spec = ctx.ruleset.actions.get(HoldAction.kind)
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
    # the last chance: the turn of the last unit yet to act is over (other holders are
    # asked at the same windows, so they do not count)
    last = isinstance(decision.trigger, UnitDone) and not anyone_left_to_act(
        ctx, unit, holders=False
    )
    reach = units.melee_reach(ctx, unit)
    if not last and not (reach and enemies_within(ctx, unit, reach)):
        return decline
    found = plans(unit)
    if not found or found[0].kind == "stay":
        return decline
    return offered
