"""Disengage (Main; 004 · Disengage): for the rest of the round the unit provokes no attacks
of opportunity from anyone, whether it moves away or takes a provoking action. It does
not move the unit by itself. Decision: it may be taken even with no enemy adjacent (it
is pointless then; the AI does not)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.rules.grid import budget, units

if TYPE_CHECKING:
    from game.engine.context import Context


@register_answer
@dataclass(frozen=True, slots=True)
class Disengage(Answer):
    kind: ClassVar[str] = "disengage"
    label: ClassVar[str] = "Disengage"
    unit: str


class DisengageSpec(ActionSpec):
    kind = "disengage"
    label = "Disengage"
    cost = "Main"
    provokes = False
    answer_type = Disengage
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if units.conditions(ctx, unit).disengaged:
            return "already disengaged this round"
        return budget.unavailable(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield Disengage(unit)

    def validate(self, ctx: Context, answer: Disengage) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Disengage) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, "Disengage")
        units.conditions(ctx, answer.unit).disengaged = True
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} disengages", answer.unit))
        return
        yield
