"""Saves (000, after Cairn): roll a d20 equal to or under the ability score.

A gambit's Difficulty (000 · Gambits) also asks the roll to be *above* it. A leg hit
(000 · Critical Hit Locations) makes the unit's DEX save for the order a roll with
disadvantage (two d20, the worse counts); a second one loses it outright.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note
from game.rules.clash import units

if TYPE_CHECKING:
    from game.engine.context import Context


def save(
    ctx: Context,
    unit: str,
    ability: str,
    purpose: str,
    *,
    difficulty: int = 0,
    disadvantage: bool = False,
) -> bool:
    """Roll ``unit``'s ``ability`` save (logged) and return whether it succeeds."""
    score = units.state(ctx, unit).score(ability)
    who = units.name(ctx, unit)
    detail = f"(Difficulty {difficulty})" if difficulty else ""
    rolls = 2 if disadvantage else 1
    worst = 0
    for _ in range(rolls):
        rolled = ctx.roll(
            1,
            20,
            unit=unit,
            who=who,
            purpose=f"{ability} save {purpose}",
            detail=detail,
            target=score,
            versus=ability,
            success_if="at_most",
            words=("saved", "failed"),
        )
        worst = max(worst, rolled.total)
    if rolls > 1:
        ctx.emit(Note(f"{who} rolls with disadvantage (leg hit): {worst} counts", unit))
    ok = worst <= score and worst > difficulty
    if worst <= score and not ok:
        ctx.emit(Note(f"{who}'s {worst} is not above the Difficulty {difficulty}: failed", unit))
    return ok
