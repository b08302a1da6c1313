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
- ``hold_ground`` (hard, ``Level.hold_ground``): in the first ``HOLD_ROUNDS`` rounds (a
  standoff does not last), while an enemy has still to act this round, a unit whose best
  line walks into more danger than it stands in (exposure, ``MORE_DANGER``) without a
  blow this turn holds its action where it stands instead: the foe who walked up would
  swing first, and, the order of the sides being fixed for the battle, first again next
  round. Let the enemy close the gap: a foe that walks up and swings is struck first by
  the held action (004 · Hold An Action: a held response resolves first), and one that
  only arrives is struck first next round. Not when the side is pressed to close in
  (``PRESSING``): far the stronger or the round limit near (``Board.pressure(posts=True)``),
  or outshot (``Board.outshot``: holding back does not stop an arrow).

Planning at a window is the ordinary planner's (``Planner.plans``), run only when one of
those two cases holds, so a window costs a distance check for most holders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import esper

from game.ai.grid.hints import HOLD_ROUNDS
from game.ai.grid.plan import first_answer
from game.ai.grid.plans import Plan, Planner
from game.engine.answers import Answer, EndTurn
from game.engine.decision import Decision
from game.engine.events import UnitDone
from game.rules.grid import units
from game.rules.grid.hold import ActNow, HoldAction, anyone_left_to_act, turn_to_come
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context

ACT_NOW = ActNow.kind

# A walk counts as into more danger when the end square's exposure (expected damage the
# enemies could deal there next round) is more than this above the square stood on.
MORE_DANGER = 0.5
# A side pressed this hard presses on rather than hold its ground: far the stronger or
# the round limit near (``Board.pressure(posts=True)``), or outshot (``Board.outshot``:
# holding back does not stop an arrow).
PRESSING = 0.5


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
    if not last and not enemy_in_reach(ctx, unit):
        return decline
    found = plans(unit)
    if not found or found[0].kind == "stay":
        return decline
    return offered


def enemy_in_reach(ctx: Context, unit: str) -> bool:
    """Whether an enemy in the fight stands within ``unit``'s armed melee reach
    (``nearby.enemies_within`` asked only whether there is one: the distance is
    checked first, as most units on a big map are far)."""
    reach = units.melee_reach(ctx, unit)
    if not reach:
        return False
    x, y = units.cell(ctx, unit)
    mine = units.side(ctx, unit)
    near = {
        ent
        for ent, pos in esper.get_component(Position)
        if abs(pos.x - x) <= reach and abs(pos.y - y) <= reach
    }
    return any(
        ent in near and units.side(ctx, other) != mine and units.in_fight(ctx, other)
        for other, ent in ctx.entities.items()
    )


def enemy_still_to_act(ctx: Context, side: str) -> bool:
    """Whether a unit of another side may still take its turn this round and come at us
    (not routed, not surprised, in the fight, not yet acted)."""
    return any(
        units.side(ctx, other) != side and units.in_fight(ctx, other) and turn_to_come(ctx, other)
        for other in ctx.units()
    )


def hold_ground(ctx: Context, planner: Planner, plans: list[Plan]) -> Answer | None:
    """Hold an Action (or, when the rules allow no hold, end the turn) in place of the
    best of ``plans`` when it walks into more danger without a blow this turn, in the
    first ``HOLD_ROUNDS`` rounds, while an enemy has still to act this round and the side
    is not pressed to close in (see the module docstring). None: play the best plan."""
    if not plans or ctx.round > HOLD_ROUNDS:
        return None
    board = planner.board
    if board.pressure(posts=True) >= PRESSING or board.outshot() >= PRESSING:
        return None
    if not (planner.main_free and planner.move_action_free):
        return None
    if not _walks_into_danger(planner, plans[0]):
        return None
    if not enemy_still_to_act(ctx, units.side(ctx, planner.unit)):
        return None
    stand = Plan(plans[0].score, "stay", EndTurn(planner.unit), planner.here, "hold ground")
    return hold_instead(ctx, planner.unit, stand) or stand.first


def _walks_into_danger(planner: Planner, plan: Plan) -> bool:
    """Whether ``plan`` walks (a Move or a run) to a square more exposed than the one
    stood on (``MORE_DANGER`` more expected damage next round), without a blow at its
    end this turn."""
    if plan.kind not in ("move", "run"):
        return False
    if plan.kind == "move" and planner.attacks_from(plan.end):
        return False  # it walks up to strike now
    exposure = planner.exposure_map()
    (hx, hy), (ex, ey) = planner.here, plan.end
    return bool(exposure[ey, ex] > exposure[hy, hx] + MORE_DANGER)
