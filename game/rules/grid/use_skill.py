"""Use a Skill (Main, provokes; 004 · Use a Skill): first aid and an appeal for parley.

First aid: a unit next to a mortally wounded ally makes a Heal check (2d6 + the better of
INT and WIS + Heal) against ``FIRST_AID_DIFFICULTY`` (8). Success stabilises the ally: it
no longer dies of its wound, but stays out of this fight (issue 3 · Downed units).
Failure changes nothing; it may be tried again.

Appeal for parley (decision; the source names it without mechanics): once per battle a
unit may cry out for parley: a CHA check (2d6 + CHA, no skill) against
``PARLEY_DIFFICULTY`` (8). On a success, every enemy that checks morale (not the party,
not the fearless, not the routed), can see the speaker and whose side the fight is
turning against (``losing``: fewer of its units in the fight than the speaker's side, or
half or more of its units out of it) rolls a morale check (2d6 vs Morale) with the roll
raised by ``PARLEY_PENALTY`` (1), and by one more when the speaker's side has more units
in the fight than theirs. Those who fail lay down their arms: they surrender and are out
of the fight. A fight can thus end by parley. A side that is winning does not heed the
appeal at all (004 · Morale: such beings fight on while fighting is their best shot at
living; 001: a side the fight is turning bad for tests morale and parleys or flees), so
an appeal is a way to finish a beaten foe, not to win a battle before it is fought.

The party side never checks morale: its courage is its players' choice. So when a unit
of another side appeals with success and party units in the fight see it, the appeal is
put to the party side's controller (one ``reaction`` decision, answered for the party
by the first of those units): accept, and the speaker's side withdraws under a truce —
its units still fighting leave the field, gone for now (004 · Morale: "They're gone for
now, but they will probably be back"); refuse, and the fight goes on. NPC listeners of
the same appeal check morale first, as above.

Both give every adjacent armed enemy an attack of opportunity first (unless the unit
Disengaged this round).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, Decline, register_answer
from game.engine.decision import Option
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.rules.grid import budget, morale, units
from game.rules.grid.checks import check
from game.rules.grid.damage import stabilise
from game.rules.grid.events import ParleyOffered
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


@register_answer
@dataclass(frozen=True, slots=True)
class AcceptParley(Answer):
    """The party accepts an enemy's appeal for parley: the speaker's side withdraws."""

    kind: ClassVar[str] = "accept_parley"
    label: ClassVar[str] = "Accept: let them withdraw"
    unit: str


def dying(ctx: Context, unit: str) -> bool:
    cond = units.conditions(ctx, unit)
    return cond.mortally_wounded and not cond.stabilised and not cond.dead


class FirstAidSpec(ActionSpec):
    kind = "first_aid"
    helps = True
    label = "First Aid"
    cost = "Main"
    provokes = True
    answer_type = FirstAid
    target_kind = "unit"
    target_field = "patient"

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
        rolled = check(
            ctx,
            answer.unit,
            ("INT", "WIS"),
            ("heal",),
            purpose=f"first aid on {whom}",
            difficulty=FIRST_AID_DIFFICULTY,
        )
        if rolled.total >= FIRST_AID_DIFFICULTY:
            stabilise(ctx, answer.patient)
            ctx.emit(Note(f"{whom} is stabilised", answer.patient))


class ParleySpec(ActionSpec):
    kind = "parley"
    label = "Appeal for Parley"
    cost = "Main"
    provokes = True
    answer_type = Parley
    target_kind = "none"

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
        yield from appeal(ctx, answer.unit)


def appeal(ctx: Context, speaker: str) -> Flow:
    who = units.name(ctx, speaker)
    ctx.emit(Note(f"{who} calls for parley", speaker))
    rolled = check(
        ctx, speaker, ("CHA",), (), purpose="appeal for parley", difficulty=PARLEY_DIFFICULTY
    )
    if rolled.total < PARLEY_DIFFICULTY:
        return
    mine = units.side(ctx, speaker)
    ours = morale.fighting(ctx, mine)
    here = units.cell(ctx, speaker)
    heard_by_party: list[str] = []
    unheeded: set[str] = set()
    for listener in units.enemies(ctx, speaker):
        if not ctx.sight.sees(units.cell(ctx, listener), here):
            continue
        if units.is_party(ctx, listener):
            heard_by_party.append(listener)
            continue
        if not morale.checks_morale(ctx, listener):
            continue
        side = units.side(ctx, listener)
        if not losing(ctx, side, ours):
            if side not in unheeded:
                unheeded.add(side)
                ctx.emit(
                    Note(
                        f"{ctx.side_info(side).name} will not hear of parley: "
                        "the fight is not going against them",
                        listener,
                    )
                )
            continue
        theirs = morale.fighting(ctx, side)
        penalty = PARLEY_PENALTY + (1 if ours > theirs else 0)
        score = units.stats(ctx, listener).morale
        result = ctx.roll(
            2,
            6,
            penalty,
            unit=listener,
            who=units.name(ctx, listener),
            purpose="morale check",
            detail="(parley)",
            target=score,
            versus="Morale",
            success_if="at_most",
            words=("fights on", "yields"),
        )
        if result.total > score:
            morale.leave(ctx, listener, "surrendered")
    if heard_by_party and units.in_fight(ctx, speaker):
        yield from put_to_the_party(ctx, speaker, heard_by_party[0])


def losing(ctx: Context, side: str, speakers: int) -> bool:
    """Whether the fight is turning against ``side`` (it heeds an appeal for parley):
    fewer of its units in the fight than the ``speakers``' side has, or half or more of
    its units out of the fight."""
    return morale.fighting(ctx, side) < speakers or morale.half_down(ctx, side)


def put_to_the_party(ctx: Context, speaker: str, listener: str) -> Flow:
    """The party's controller accepts the appeal (the speaker's side withdraws) or not."""
    side = units.side(ctx, speaker)
    offer = ParleyOffered(
        unit=speaker, who=units.name(ctx, speaker), side=side, side_name=ctx.side_info(side).name
    )
    ctx.emit(offer)
    accept = AcceptParley(listener)
    options = (
        Option(kind=accept.kind, label=accept.label, answer=accept),
        Option(kind="decline", label="Refuse: fight on", answer=Decline(listener)),
    )
    choice = yield ctx.decide(
        "reaction",
        side=units.side(ctx, listener),
        unit=listener,
        prompt=offer.text(),
        options=options,
        trigger=offer,
    )
    if choice != accept:
        ctx.emit(Note(f"{units.name(ctx, listener)} refuses the parley", listener))
        return
    ctx.emit(Note(f"{units.name(ctx, listener)} accepts the parley", listener))
    fighting = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u)]
    morale.leave_together(ctx, fighting, "withdrew")
