"""The turn scheme (001 · Combat, Initiative, Action).

Before the first round: the reaction roll of undecided sides (house rule), surprise (a
surprised side does not act in round 1), the side roll (1d6: 1-3 the enemies begin, 4-6
the party) and each unit's 1d6 + DEX (highest first within its side; ties: higher DEX,
then the map's unit order). The side roll holds for the whole battle unless the
``side_roll=round`` house rule rolls it again each round.

A unit's turn: Ongoing Damage at its start; then it moves to a Nearby zone and takes one
action, in either order (the action may be a second move); at its end, the tests that
end Ongoing Damage and hindrances, then the hazard test of its zone (a hindrance the
hazard brings is first tested at the end of the unit's next turn). Morale is checked after
every action.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from game.engine.answers import EndTurn
from game.engine.events import (
    BattleStarted,
    Note,
    RoundEnded,
    RoundStarted,
    UnitActivated,
    UnitDone,
)
from game.engine.seam import Flow
from game.rules.ending import check_end, round_limit
from game.rules.zones import units
from game.rules.zones.damage import end_of_turn, start_of_turn
from game.rules.zones.events import SidesOrdered
from game.rules.zones.hazards import endure
from game.rules.zones.house_rules import SIDE_ROLL, rule
from game.rules.zones.morale import check, roll_reactions
from game.rules.zones.state import TurnState
from game.world import readers

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.rules.zones import ZonesRuleset

DEFAULT_ROUND_LIMIT = 30
ROUND_START = "round start"  # a quiet point of this scheme (and every ``TurnPoint``)


@dataclass(frozen=True, slots=True)
class TurnPoint:
    """A quiet point of the rounds (README of the engine · Forking a battle): ``unit`` of
    ``side`` is pending ``decision``, a ``turn`` decision; ``surprised``, the sides that
    sit out round 1. From the state there, ``rounds(ctx, rs, surprised, point)`` carries
    on."""

    side: str
    unit: str
    surprised: frozenset[str]
    decision: Decision | None = None


def side_roll(ctx: Context, rs: ZonesRuleset) -> None:
    """1d6 for the sides: 1-3 the enemies begin, 4-6 the party (001 · Initiative)."""
    r = ctx.roll(1, 6, purpose="which side begins").total
    party = units.rolling_side(ctx)
    others = tuple(s for s in ctx.side_order if s != party)
    first_party = r >= 4
    rs.order = (party, *others) if first_party else (*others, party)
    first = rs.order[0]
    ctx.emit(SidesOrdered(r, first, ctx.side_info(first).name))


def unit_initiative(ctx: Context) -> None:
    """Each unit rolls 1d6 + DEX once, at the start."""
    for u in ctx.units():
        f = units.fighter(ctx, u)
        f.initiative = ctx.roll(
            1, 6, f.DEX, unit=u, who=units.name(ctx, u), purpose="initiative"
        ).total


def order_of(ctx: Context, side: str) -> list[str]:
    """The side's units, highest 1d6 + DEX first (ties: higher DEX, then map order)."""
    members = list(readers.units_of(ctx, side))
    return sorted(
        members, key=lambda u: (-units.fighter(ctx, u).initiative, -units.fighter(ctx, u).DEX)
    )


def surprised_sides(ctx: Context) -> set[str]:
    """The map's surprised side; ``check``: each side rolls 1d6 and a 1-2 is caught
    unaware (if every side would be, none is)."""
    surprise = ctx.battlefield.scenario.surprise
    if surprise in ctx.side_order:
        return {surprise}
    if surprise != "check":
        return set()
    caught = {s for s in ctx.side_order if ctx.roll(1, 6, purpose=f"surprise {s}").total <= 2}
    return set() if len(caught) == len(ctx.side_order) else caught


def combat(ctx: Context, rs: ZonesRuleset) -> Flow:
    ctx.emit(BattleStarted(title=ctx.battlefield.scenario.title, ruleset=rs.id, seed=ctx.seed))
    roll_reactions(ctx, rs.stance)
    if check_end(ctx):
        return
    surprised = frozenset(surprised_sides(ctx))
    for side in sorted(surprised):
        ctx.emit(Note(f"{ctx.side_info(side).name} are surprised: no turns in round 1"))
    side_roll(ctx, rs)
    unit_initiative(ctx)
    yield from rounds(ctx, rs, surprised)


def rounds(
    ctx: Context,
    rs: ZonesRuleset,
    surprised: frozenset[str] = frozenset(),
    at: TurnPoint | None = None,
) -> Flow:
    """Round after round; the start of each round after the first is the scheme's quiet
    point (the side order, the stances and the morale already fired live on the ruleset,
    everything else in the world and the context; the surprise matters in round 1 alone),
    and so is every ``turn`` decision (``TurnPoint``). With ``at``, carrying on from that
    decision: the round's sides and units before it have had their turns."""
    limit = ctx.battlefield.scenario.round_limit or DEFAULT_ROUND_LIMIT
    while True:
        if at is None:
            if ctx.round >= 1:
                ctx.quiet(ROUND_START)
            ctx.round += 1
            if ctx.round > 1 and rule(ctx, SIDE_ROLL) == "round":
                side_roll(ctx, rs)
            ctx.emit(RoundStarted(ctx.round))
            for u in ctx.units():
                t = ctx.get(u, TurnState)
                t.moved = t.acted = t.disengaging = t.done = False
        for side in rs.order[rs.order.index(at.side) :] if at is not None else rs.order:
            if ctx.round == 1 and side in surprised:
                continue
            ctx.active_side = side
            order = order_of(ctx, side)
            for unit in order[order.index(at.unit) :] if at is not None else order:
                if at is None and not units.in_fight(ctx, unit):
                    continue
                yield from turn(ctx, rs, side, unit, TurnPoint(side, unit, surprised), at)
                at = None
                if check_end(ctx):
                    return
        ctx.active_side = None
        ctx.emit(RoundEnded(ctx.round))
        if check_end(ctx, round_end=True):
            return
        if ctx.round >= limit:
            round_limit(ctx, limit)
            return


def anything_left(ctx: Context, rs: ZonesRuleset, unit: str) -> bool:
    with units.still(ctx):
        return any(
            spec.availability(ctx, unit) is None
            for kind, spec in rs.actions.items()
            if kind != EndTurn.kind
        )


def turn(
    ctx: Context,
    rs: ZonesRuleset,
    side: str,
    unit: str,
    here: TurnPoint,
    at: TurnPoint | None = None,
) -> Flow:
    """``unit``'s turn; each of its ``turn`` decisions is a quiet point (``here`` with the
    decision). With ``at``, carrying on from its pending decision (the turn's start, its
    Ongoing Damage and the morale check after it, are behind)."""
    ctx.active_unit = unit
    who = units.name(ctx, unit)
    if at is None:
        ctx.emit(UnitActivated(unit=unit, who=who))
        start_of_turn(ctx, unit)
        check(ctx, rs.fired)
    pending = at.decision if at is not None else None
    while pending is not None or (
        units.in_fight(ctx, unit) and not ctx.over and anything_left(ctx, rs, unit)
    ):
        if pending is not None:
            decision, pending = pending, None
        else:
            decision = ctx.decide(
                "turn",
                side=side,
                unit=unit,
                prompt=f"{who}: move to a Nearby zone and take one action",
                options=rs.catalog(ctx, unit),
                open=True,
            )
            ctx.quiet(replace(here, decision=decision), pending=True)
        choice = yield decision
        if isinstance(choice, EndTurn):
            break
        yield from rs.perform(ctx, choice)
        check(ctx, rs.fired)
        if check_end(ctx):
            return
    end_of_turn(ctx, unit)
    endure(ctx, unit)
    check(ctx, rs.fired)
    ctx.emit(UnitDone(unit=unit, who=who))
    ctx.active_unit = None
