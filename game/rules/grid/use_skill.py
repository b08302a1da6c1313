"""Use a Skill (Main, provokes; 004 · Use a Skill): first aid and an appeal for parley.

First aid: a unit next to a mortally wounded ally makes a Heal check (2d6 + the better of
INT and WIS + Heal) against ``FIRST_AID_DIFFICULTY`` (8). Success stabilises the ally: it
no longer dies of its wound, but stays out of this fight (issue 3 · Downed units).
Failure changes nothing; it may be tried again.

Appeal for parley (decision; the source names it without mechanics): once per battle a
unit may cry out for parley: a CHA check (2d6 + CHA, no skill) against
``PARLEY_DIFFICULTY`` (8). On a success, every enemy that checks morale (not the party,
not the fearless, not the routed) and can see the speaker rolls a morale check (2d6 vs
Morale) with the roll raised by ``PARLEY_PENALTY`` (1), and by one more when the
speaker's side has more units in the fight than theirs. Those who fail lay down their
arms: they surrender and are out of the fight. A fight can thus end by parley.

Both give every adjacent armed enemy an attack of opportunity first (unless the unit
Disengaged this round).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Note
from game.rules.base import ActionSpec, Flow
from game.rules.grid import budget, morale, units
from game.rules.grid.checks import check
from game.rules.grid.damage import stabilise
from game.rules.grid.maneuver_state import maneuvers
from game.rules.grid.opportunity import provoke

if TYPE_CHECKING:
    from game.engine.context import Context

FIRST_AID_DIFFICULTY = 8
PARLEY_DIFFICULTY = 8
PARLEY_PENALTY = 1


@register_answer
@dataclass(frozen=True, slots=True)
class FirstAid(Answer):
    kind: ClassVar[str] = "first_aid"
    label: ClassVar[str] = "First Aid"
    unit: str
    patient: str


@register_answer
@dataclass(frozen=True, slots=True)
class Parley(Answer):
    kind: ClassVar[str] = "parley"
    label: ClassVar[str] = "Appeal for Parley"
    unit: str


def dying(ctx: Context, unit: str) -> bool:
    cond = units.conditions(ctx, unit)
    return cond.mortally_wounded and not cond.stabilised and not cond.dead


class FirstAidSpec(ActionSpec):
    kind = "first_aid"
    label = "First Aid"
    cost = "Main"
    provokes = True
    answer_type = FirstAid

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        for _ in self.enumerate(ctx, unit):
            return None
        return "no mortally wounded ally next to you"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for ally in units.units_of(ctx, units.side(ctx, unit)):
            if self.validate(ctx, FirstAid(unit, ally)) is None:
                yield FirstAid(unit, ally)

    def validate(self, ctx: Context, answer: FirstAid) -> str | None:
        if answer.patient not in ctx.entities or answer.patient == answer.unit:
            return f"no patient {answer.patient!r}"
        if units.side(ctx, answer.patient) != units.side(ctx, answer.unit):
            return f"{units.name(ctx, answer.patient)} is not an ally"
        if not dying(ctx, answer.patient):
            return f"{units.name(ctx, answer.patient)} is not mortally wounded"
        if units.distance(units.cell(ctx, answer.unit), units.cell(ctx, answer.patient)) > 1:
            return f"{units.name(ctx, answer.patient)} is not next to you"
        return None

    def perform(self, ctx: Context, answer: FirstAid) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        yield from provoke(ctx, answer.unit)
        if not units.in_fight(ctx, answer.unit) or not dying(ctx, answer.patient):
            return
        whom = units.name(ctx, answer.patient)
        rolled = check(ctx, answer.unit, ("INT", "WIS"), ("heal",), purpose=f"first aid on {whom}",
                       difficulty=FIRST_AID_DIFFICULTY)
        if rolled.total >= FIRST_AID_DIFFICULTY:
            stabilise(ctx, answer.patient)
            ctx.emit(Note(f"{whom} is stabilised", answer.patient))


class ParleySpec(ActionSpec):
    kind = "parley"
    label = "Appeal for Parley"
    cost = "Main"
    provokes = True
    answer_type = Parley

    def availability(self, ctx: Context, unit: str) -> str | None:
        if maneuvers(ctx, unit).appealed:
            return "already appealed for parley this battle"
        return budget.unavailable(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield Parley(unit)

    def validate(self, ctx: Context, answer: Parley) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Parley) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        maneuvers(ctx, answer.unit).appealed = True
        yield from provoke(ctx, answer.unit)
        if not units.in_fight(ctx, answer.unit):
            return
        appeal(ctx, answer.unit)


def appeal(ctx: Context, speaker: str) -> None:
    who = units.name(ctx, speaker)
    ctx.emit(Note(f"{who} calls for parley", speaker))
    rolled = check(ctx, speaker, ("CHA",), (), purpose="appeal for parley",
                   difficulty=PARLEY_DIFFICULTY)
    if rolled.total < PARLEY_DIFFICULTY:
        return
    mine = units.side(ctx, speaker)
    ours = sum(1 for u in units.units_of(ctx, mine) if units.in_fight(ctx, u))
    here = units.cell(ctx, speaker)
    for listener in units.enemies(ctx, speaker):
        if not morale.checks_morale(ctx, listener):
            continue
        if not ctx.sight.sees(units.cell(ctx, listener), here):
            continue
        side = units.side(ctx, listener)
        theirs = sum(1 for u in units.units_of(ctx, side) if units.in_fight(ctx, u))
        penalty = PARLEY_PENALTY + (1 if ours > theirs else 0)
        score = units.stats(ctx, listener).morale
        result = ctx.roll(2, 6, penalty, unit=listener, who=units.name(ctx, listener),
                          purpose="morale check", detail="(parley)", target=score,
                          versus="Morale", success_if="at_most", words=("fights on", "yields"))
        if result.total > score:
            morale.leave(ctx, listener, "surrendered")
