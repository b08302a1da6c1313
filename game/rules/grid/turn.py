"""The combat sequence of the ``grid`` ruleset (004 · Combat Sequence) as a generator.

- Each side rolls 1d8; the party side adds the best DEX modifier among its fighting
  units. Highest first; the party wins ties; the order is kept all battle (no re-roll).
  Decision: ties between two non-party sides keep the map's side order.
- On its side's turn, each fighting unit acts once, in the order the side's controller
  picks (a ``choose_unit`` decision, skipped when only one unit is left to act). A unit
  takes actions (``turn`` decisions) until its controller answers End Turn, it falls, or
  it has no action at all left but End Turn (Free and Instant actions count). Routed
  units flee first, without a decision (``morale.flee``).
- The battle ends as soon as at most one side has units in the fight (that side wins), or
  after the round limit (the scenario's, else ``DEFAULT_ROUND_LIMIT``) as a draw.

``GridRuleset.opening_phases`` run before initiative is rolled (surprise hooks in there).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.engine.decision import Decision, Option
from game.engine.events import (
    BattleStarted,
    RoundEnded,
    RoundStarted,
    SideTurnEnded,
    SideTurnStarted,
    UnitActivated,
    UnitDone,
)
from game.engine.seam import Flow
from game.rules.ending import check_end, round_limit
from game.rules.grid import hooks, units
from game.rules.grid.events import InitiativeSet
from game.rules.grid.morale import flee
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.engine.context import Context

DEFAULT_ROUND_LIMIT = 50


def side_name(ctx: Context, side: str) -> str:
    return ctx.side_info(side).name


def roll_initiative(ctx: Context) -> None:
    """004 · Combat Sequence: 1d8 per side, party + best DEX, party wins ties."""
    results: list[tuple[int, int, int, str]] = []
    for index, info in enumerate(ctx.sides):
        bonus = 0
        if info.party:
            mods = [
                units.stats(ctx, u).modifier("DEX")
                for u in units.units_of(ctx, info.id)
                if units.in_fight(ctx, u)
            ]
            bonus = max(mods, default=0)
        rolled = ctx.roll(1, 8, bonus, who=info.name, purpose="initiative")
        results.append((-rolled.total, 0 if info.party else 1, index, info.id))
    results.sort()
    ctx.side_order = tuple(r[3] for r in results)
    ctx.emit(
        InitiativeSet(order=ctx.side_order, names=tuple(side_name(ctx, s) for s in ctx.side_order))
    )


@dataclass(frozen=True, slots=True)
class TurnPoint:
    """A quiet point of the main rounds (README · Forking a battle): ``side``'s turn is
    pending ``decision``, its ``choose_unit`` (``unit`` None) or ``unit``'s ``turn`` in an
    ordinary activation. From the state there, ``rounds(ctx, point)`` carries on."""

    side: str
    unit: str | None
    decision: Decision


def combat(ctx: Context) -> Flow:
    """The whole battle."""
    scenario = ctx.battlefield.scenario
    ctx.emit(BattleStarted(title=scenario.title, ruleset=ctx.ruleset.id, seed=ctx.seed))
    for phase in getattr(ctx.ruleset, "opening_phases", ()):
        yield from phase(ctx)
        if check_end(ctx):
            return
    roll_initiative(ctx)
    yield from rounds(ctx)


def rounds(ctx: Context, at: TurnPoint | None = None) -> Flow:
    """Round after round until the battle ends; with ``at``, carrying on from that quiet
    point of the current round (its state restored)."""
    limit = ctx.battlefield.scenario.round_limit or DEFAULT_ROUND_LIMIT
    while True:
        if at is None:
            ctx.round += 1
            ctx.emit(RoundStarted(ctx.round))
        yield from round_of_sides(ctx, ctx.side_order, at, main=True)
        at = None
        if ctx.over:
            return
        ctx.emit(RoundEnded(ctx.round))
        if check_end(ctx, round_end=True):
            return
        if ctx.round >= limit:
            round_limit(ctx, limit)
            return


def round_of_sides(
    ctx: Context, order: tuple[str, ...], at: TurnPoint | None = None, main: bool = False
) -> Flow:
    """Each side of ``order`` takes its turn (used by rounds and by a surprise round).
    ``main``: these are the battle's rounds, whose decisions are quiet points."""
    start = 0 if at is None else order.index(at.side)
    for side in order[start:]:
        yield from side_turn(ctx, side, at, main)
        at = None
        if check_end(ctx):
            return


def side_turn(ctx: Context, side: str, at: TurnPoint | None = None, main: bool = False) -> Flow:
    if at is None:
        ctx.active_side = side
        ctx.emit(SideTurnStarted(side=side, name=side_name(ctx, side)))
        for unit in list(units.units_of(ctx, side)):
            state = ctx.get(unit, GridState)
            if state.routed and not state.acted and units.in_fight(ctx, unit):
                yield from activation(ctx, unit)
                if check_end(ctx):
                    return
    while True:
        resume = None
        if at is not None and at.unit is not None:
            unit, resume = at.unit, at
        else:
            ready = yet_to_act(ctx, side)
            if not ready:
                break
            if len(ready) == 1:
                unit = ready[0]
            else:
                unit = yield from choose_next(ctx, side, ready, at, main)
        at = None
        yield from activation(ctx, unit, resume, main)
        if check_end(ctx):
            return
    ctx.emit(SideTurnEnded(side=side, name=side_name(ctx, side)))
    ctx.active_side = None


def choose_next(
    ctx: Context, side: str, ready: list[str], at: TurnPoint | None, main: bool
) -> Generator[Decision, Answer, str]:
    """The side's ``choose_unit`` decision (the one pending at ``at`` when resuming)."""
    if at is not None:
        decision = at.decision
    else:
        options = tuple(
            Option(kind="choose_unit", label=units.name(ctx, u), answer=ChooseUnit(u))
            for u in ready
        )
        decision = ctx.decide(
            "choose_unit",
            side=side,
            unit=None,
            prompt=f"{side_name(ctx, side)}: who acts next?",
            options=options,
        )
        if main:
            ctx.quiet(TurnPoint(side, None, decision), pending=True)
    choice = yield decision
    assert isinstance(choice, ChooseUnit)
    return choice.unit


def yet_to_act(ctx: Context, side: str) -> list[str]:
    """Units of ``side`` in the fight that have not had their turn this round yet, in the
    side's order (004 · Combat Sequence: each member of the side takes its actions once a
    round). On the side's turn these are the ones still to be chosen (pure)."""
    return [
        u
        for u in units.units_of(ctx, side)
        if units.in_fight(ctx, u) and not ctx.get(u, GridState).acted
    ]


def anything_left(options: tuple[Option, ...]) -> bool:
    """Whether a unit still has an action to take besides End Turn. Free and Instant
    actions count: a unit may want to Go Prone or drop its weapon after its last Move, so
    only its controller ends the turn while any action is left (004 · Combat Sequence:
    each member of the side takes all of their actions)."""
    return any(o.allowed and o.kind != EndTurn.kind for o in options)


def activation(ctx: Context, unit: str, at: TurnPoint | None = None, main: bool = False) -> Flow:
    """One unit's turn: actions until End Turn, a fall, or nothing left to do. With
    ``at``, carrying on from its pending ``turn`` decision; with ``main``, each ``turn``
    decision is a quiet point."""
    state = ctx.get(unit, GridState)
    who = units.name(ctx, unit)
    side = units.side(ctx, unit)
    if at is None:
        state.acted = True
        ctx.active_unit = unit
        ctx.emit(UnitActivated(unit=unit, who=who))
        units.conditions(ctx, unit).start_turn()
    if at is None and state.routed:
        yield from flee(ctx, unit)
    else:
        while units.in_fight(ctx, unit) and not ctx.over:
            if at is not None:
                decision, at = at.decision, None
            else:
                options = ctx.ruleset.catalog(ctx, unit)
                if not anything_left(options):
                    break  # nothing but End Turn: the turn ends by itself
                decision = ctx.decide(
                    "turn",
                    side=side,
                    unit=unit,
                    prompt=f"{who}: choose an action",
                    options=options,
                    open=True,
                )
                if main and ctx.active_side is not None:
                    ctx.quiet(TurnPoint(ctx.active_side, unit, decision), pending=True)
            choice = yield decision
            if isinstance(choice, EndTurn):
                break
            yield from ctx.ruleset.perform(ctx, choice)
            if check_end(ctx):
                break
            if units.conditions(ctx, unit).held_action:
                break  # 004 · Hold an Action: the rest of the turn comes later (hold.py)
    if ctx.over:
        ctx.active_unit = None
        return
    done = UnitDone(unit=unit, who=who)
    ctx.emit(done)
    ctx.active_unit = None
    yield from hooks.after_turn(ctx, done)  # between two turns (held actions, hold.py)
