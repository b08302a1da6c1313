"""The turn scheme (003 · Combat procedure, Initiative, Sneaking in combat, Morale, and
the optional fast and slow activations).

Initiative: the faction that started the fight holds it: the ambushers when the map
says a side is caught unawares, else a die picks one. At the start of each round it
names the faction that begins. Factions then alternate: each activates one of its units
that has not acted this round, or passes; the round ends when every faction has passed
in a row (a faction with no unit left to act passes by itself). Before the first round,
units that start concealed (an ambush) play a bonus turn in which only they act. Then
the morale phase. With fast and slow activations, a d20 sets the round's threshold and
the round has two such phases, the first open only to units whose WIT reaches it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.answers import ChooseUnit, EndTurn
from game.engine.decision import Option
from game.engine.events import (
    BattleStarted,
    Note,
    RoundEnded,
    RoundStarted,
    UnitActivated,
    UnitDone,
)
from game.rules.ending import check_end, round_limit
from game.rules.factions import units
from game.rules.factions.answers import BeginWith, Pass
from game.rules.factions.events import Passed
from game.rules.factions.house_rules import FAST_SLOW, MORALE, on
from game.rules.factions.morale import morale_phase
from game.rules.factions.sneak import ambushers, in_sight
from game.rules.factions.wear import durability

if TYPE_CHECKING:
    from collections.abc import Callable, Generator

    from game.engine.answers import Answer
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.engine.seam import Flow

ROUND_LIMIT = 30
ROUND_START = "round start"  # the quiet point of this scheme


def fighting_sides(ctx: Context) -> list[str]:
    return [
        s for s in ctx.side_order if any(units.in_fight(ctx, u) for u in units.units_of(ctx, s))
    ]


def combat(ctx: Context) -> Flow:
    ctx.emit(BattleStarted(title=ctx.battlefield.scenario.title, ruleset="factions", seed=ctx.seed))
    holder = initiative(ctx)
    ctx.ruleset.initiative = holder  # type: ignore[attr-defined]
    hidden = ambushers(ctx)
    for u in hidden:
        units.fate(ctx, u).concealed = True
    if hidden:
        ctx.emit(Note("The ambushers play a bonus turn"))
        yield from phase(ctx, holder, lambda u: u in hidden)
        if check_end(ctx):
            yield from ending(ctx)
            return
    yield from rounds(ctx)


def initiative(ctx: Context) -> str:
    """The faction that started the fight (the ambushers), else one picked by a die."""
    caught = ctx.battlefield.scenario.surprise
    if caught in ctx.side_order:
        return next(s for s in ctx.side_order if s != caught)
    rolled = ctx.roll(1, len(ctx.side_order), purpose="Which side holds the initiative")
    holder = ctx.side_order[rolled.total - 1]
    ctx.emit(Note(f"{ctx.side_info(holder).name} hold the initiative"))
    return holder


def rounds(ctx: Context) -> Flow:
    """Round after round; the start of each round is the scheme's quiet point (everything
    the rounds carry on with lives in the world, the context and the ruleset's
    ``initiative``)."""
    limit = ctx.battlefield.scenario.round_limit or ROUND_LIMIT
    holder: str = ctx.ruleset.initiative  # type: ignore[attr-defined]
    while True:
        ctx.quiet(ROUND_START)
        ctx.round += 1
        ctx.emit(RoundStarted(ctx.round))
        for u in ctx.units():
            t = units.turn(ctx, u)
            t.acted = t.reacted = t.main = t.moved = t.peeked = t.unseen = False
            t.bonus = 0
        first = yield from who_begins(ctx, holder)
        if on(ctx, FAST_SLOW):
            fat = ctx.roll(1, 20, purpose="fast action threshold").total
            ctx.emit(Note(f"Fast actions: WIT {fat} or more"))
            yield from phase(ctx, first, fast_enough(ctx, fat))
            if not ctx.over:
                ctx.emit(Note("Slow actions"))
                yield from phase(ctx, first, lambda u: True)
        else:
            yield from phase(ctx, first, lambda u: True)
        if ctx.over or check_end(ctx):
            yield from ending(ctx)
            return
        if on(ctx, MORALE):
            morale_phase(ctx)
        ctx.emit(RoundEnded(ctx.round))
        if check_end(ctx, round_end=True):
            yield from ending(ctx)
            return
        if ctx.round >= limit:
            round_limit(ctx, limit)
            yield from ending(ctx)
            return


def fast_enough(ctx: Context, fat: int) -> Callable[[str], bool]:
    """Who may act in the fast phase: WIT at or above the threshold."""
    return lambda u: units.stats(ctx, u).WIT >= fat


def ending(ctx: Context) -> Flow:
    """After the battle: the durability rolls (003 · Combat gear degradation)."""
    durability(ctx)
    return
    yield


def who_begins(ctx: Context, holder: str) -> Generator[Decision, Answer, str]:
    sides = fighting_sides(ctx)
    if holder not in sides or len(sides) < 2:
        return sides[0] if sides else holder
    options = tuple(
        Option(kind=BeginWith.kind, label=f"{ctx.side_info(s).name} begin", answer=BeginWith(s))
        for s in sides
    )
    choice = yield ctx.decide(
        "choose_side",
        side=holder,
        unit=None,
        prompt=f"{ctx.side_info(holder).name} hold the initiative: who begins round {ctx.round}?",
        options=options,
    )
    assert isinstance(choice, BeginWith)
    return choice.side


def phase(ctx: Context, first: str, may: Callable[[str], bool]) -> Flow:
    """Factions alternate activating one unit or passing, ``first`` first, until every
    faction has passed in a row."""
    order = list(ctx.side_order)
    at = order.index(first) if first in order else 0
    passes = 0
    while passes < len(order) and not ctx.over:
        side = order[at % len(order)]
        at += 1
        ready = [u for u in units.units_of(ctx, side) if units.ready(ctx, u) and may(u)]
        if not ready:
            passes += 1
            continue
        options = tuple(
            Option(kind="choose_unit", label=units.name(ctx, u), answer=ChooseUnit(u))
            for u in ready
        ) + (Option(kind=Pass.kind, label="Pass", answer=Pass(side)),)
        choice = yield ctx.decide(
            "choose_unit",
            side=side,
            unit=None,
            prompt=f"{ctx.side_info(side).name}: activate a character, or pass",
            options=options,
        )
        if isinstance(choice, Pass):
            ctx.emit(Passed(side, ctx.side_info(side).name))
            passes += 1
            continue
        passes = 0
        assert isinstance(choice, ChooseUnit)
        yield from take_turn(ctx, side, choice.unit)
        if check_end(ctx):
            return


def take_turn(ctx: Context, side: str, unit: str) -> Flow:
    t = units.turn(ctx, unit)
    t.acted = True
    f = units.fate(ctx, unit)
    if f.prone or f.stuck:  # knocked down, or stuck in a hazard: the move is lost
        f.prone = f.stuck = False
        t.moved = True
    ctx.active_side, ctx.active_unit = side, unit
    t.unseen = not in_sight(ctx, unit)  # out of sight since its turn began (Hide)
    who = units.name(ctx, unit)
    ctx.emit(UnitActivated(unit=unit, who=who))
    while units.in_fight(ctx, unit) and not ctx.over:
        choice = yield ctx.decide(
            "turn",
            side=side,
            unit=unit,
            prompt=f"{who}: act",
            options=ctx.ruleset.catalog(ctx, unit),
            open=True,
        )
        if isinstance(choice, EndTurn):
            break
        yield from ctx.ruleset.perform(ctx, choice)
        if check_end(ctx):
            break
        if not anything_left(ctx, unit):
            break
    ctx.emit(UnitDone(unit=unit, who=who))
    ctx.active_unit = None


def anything_left(ctx: Context, unit: str) -> bool:
    """Whether some action but End Turn is still open to the unit."""
    return any(
        spec.availability(ctx, unit) is None
        for kind, spec in ctx.ruleset.actions.items()
        if kind != EndTurn.kind
    )
