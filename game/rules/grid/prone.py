"""Go Prone (Free) and Stand Up (Move, provokes) (004 · Go Prone, Stand Up).

While prone (the effects themselves live in ``resolution.assess`` and ``move``): ranged
attacks against the unit from beyond 5 ft are at -2, melee attacks from an adjacent
square at +2, the unit's own melee attacks at -4, and its movement rate is halved.

Standing up gives every adjacent armed enemy an attack of opportunity (unless the unit
Disengaged this round) and picks up the items the unit itself dropped on its square.

Decisions: going prone is refused to a unit already prone; a grappled unit may still
drop prone; a unit that falls to an attack of opportunity while standing stays prone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.rules.grid import budget, units
from game.rules.grid.opportunity import provoke

if TYPE_CHECKING:
    from game.engine.context import Context


@register_answer
@dataclass(frozen=True, slots=True)
class GoProne(Answer):
    kind: ClassVar[str] = "go_prone"
    label: ClassVar[str] = "Go Prone"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class StandUp(Answer):
    kind: ClassVar[str] = "stand_up"
    label: ClassVar[str] = "Stand Up"
    unit: str


class GoProneSpec(ActionSpec):
    kind = "go_prone"
    label = "Go Prone"
    cost = "Free"
    provokes = False
    answer_type = GoProne
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if units.conditions(ctx, unit).prone:
            return "already prone"
        return budget.unavailable(ctx, unit, budget.FREE)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield GoProne(unit)

    def validate(self, ctx: Context, answer: GoProne) -> str | None:
        return None

    def perform(self, ctx: Context, answer: GoProne) -> Flow:
        budget.spend(ctx, answer.unit, budget.FREE, self.label)
        units.conditions(ctx, answer.unit).prone = True
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} drops prone", answer.unit))
        return
        yield


class StandUpSpec(ActionSpec):
    kind = "stand_up"
    label = "Stand Up"
    cost = "Move"
    provokes = True
    answer_type = StandUp
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if not units.conditions(ctx, unit).prone:
            return "not prone"
        return budget.unavailable(ctx, unit, budget.MOVE)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield StandUp(unit)

    def validate(self, ctx: Context, answer: StandUp) -> str | None:
        return None

    def perform(self, ctx: Context, answer: StandUp) -> Flow:
        from game.rules.grid.items import pick_up_own

        budget.spend(ctx, answer.unit, budget.MOVE, self.label)
        yield from provoke(ctx, answer.unit)
        if not units.in_fight(ctx, answer.unit):
            return
        units.conditions(ctx, answer.unit).prone = False
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} stands up", answer.unit))
        pick_up_own(ctx, answer.unit)
