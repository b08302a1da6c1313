"""End Turn: the unit is done for the round; its unspent actions are lost (004 · Combat
Sequence: each member of the side takes all of their actions, then the next one)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.engine.answers import Answer, EndTurn
from game.engine.seam import ActionSpec, Flow

if TYPE_CHECKING:
    from game.engine.context import Context


class EndTurnSpec(ActionSpec):
    kind = "end_turn"
    label = "End Turn"
    cost = "—"
    provokes = False
    answer_type = EndTurn
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield EndTurn(unit)

    def validate(self, ctx: Context, answer: EndTurn) -> str | None:
        return None

    def perform(self, ctx: Context, answer: EndTurn) -> Flow:
        return  # the turn scheme ends the activation when it sees this answer
        yield
