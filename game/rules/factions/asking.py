"""A closed question to one unit's player inside another unit's action (a reaction, an
agreement, a stunt offered): the labelled answers plus Decline."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.engine.answers import Answer, Decline
from game.engine.decision import Option
from game.rules.factions import units

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.engine.events import Event


def ask(
    ctx: Context, unit: str, prompt: str, answers: list[tuple[str, Answer]], trigger: Event
) -> Generator[Decision, Answer, Answer]:
    """A closed reaction-kind decision for ``unit`` (its side's player, behind the
    hot-seat hand-off): the labelled ``answers`` plus Decline; returns the answer."""
    options = tuple(Option(kind=a.kind, label=label, answer=a) for label, a in answers)
    options += (Option(kind="decline", label="Decline", answer=Decline(unit)),)
    choice = yield ctx.decide(
        "reaction",
        side=units.side(ctx, unit),
        unit=unit,
        prompt=prompt,
        options=options,
        trigger=trigger,
    )
    return choice
