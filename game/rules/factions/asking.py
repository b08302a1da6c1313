"""A closed question to one unit's player inside another unit's action (a reaction, an
agreement, a stunt offered): the labelled answers plus Decline, each with what it costs
and does in the prompt's words (003 · Reacting to an attack)."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.engine.answers import Answer, Decline
from game.engine.decision import Option
from game.rules.factions import units
from game.rules.factions.answers import (
    AcceptStunt,
    Counter,
    Dodge,
    Guard,
    HideBehind,
    Opportunity,
    Shield,
)

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.engine.events import Event

TAKES_TURN = "takes your turn this round"


def cost_of(ctx: Context, answer: Answer) -> str:
    """003 · Reacting to an attack: what an answer does and costs. Dodge, Counter, Hide
    behind, Guard and an opportunity attack take the reacting character's turn; agreeing
    to be hidden behind, or to a stunt, costs none."""
    if isinstance(answer, Dodge):
        return f"AGI save: on a pass the attack misses; {TAKES_TURN}"
    if isinstance(answer, Counter):
        what = units.weapon_words(ctx, answer.weapon)
        return f"both roll damage at once (your {what}); {TAKES_TURN}"
    if isinstance(answer, HideBehind):
        return f"{units.name(ctx, answer.ally)} takes the attack if they agree; {TAKES_TURN}"
    if isinstance(answer, Guard):
        return f"you take the attack in {units.name(ctx, answer.target)}'s place; {TAKES_TURN}"
    if isinstance(answer, Opportunity):
        return f"strike as they move away; {TAKES_TURN}"
    if isinstance(answer, Shield):
        return "the attack strikes you instead; you may still react to it"
    if isinstance(answer, AcceptStunt):
        return "instead of the blow's damage; costs no turn"
    return ""


def ask(
    ctx: Context, unit: str, prompt: str, answers: list[tuple[str, Answer]], trigger: Event
) -> Generator[Decision, Answer, Answer]:
    """A closed reaction-kind decision for ``unit`` (its side's player, behind the
    hot-seat hand-off): the labelled ``answers`` plus Decline; returns the answer."""
    options = tuple(
        Option(kind=a.kind, label=label, cost=cost_of(ctx, a), answer=a) for label, a in answers
    )
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


def counter_label(answer: Counter) -> str:
    """A Counter's button: the screen adds the weapon's name ("Counter: Dagger"); a
    weapon that strikes both in melee and at range says which ("Counter at range")."""
    return "Counter at range" if answer.mode == "ranged" else "Counter"
