"""Surprise (004 · Surprise): a side caught unawares gives its enemies a free round before
initiative is rolled.

The scenario decides (map property ``surprise``):
- a side id: that side is surprised;
- ``check``: for each side, an opposed check of the stealthiest other side (2d6 + the best
  DEX modifier + the best Sneak among its units) against its own watch (2d6 + the best WIS
  modifier + the best Notice); the side is surprised when the sneak beats the watch;
- absent: nobody is (everyone anticipates the fight).

Decisions: a side with a unit whose map hint is ``guard`` or ``alert`` anticipates combat
and is never surprised under ``check``; if every side would be surprised, none is. During
the free round, in the map's side order, the surprised units do not act, cannot take
Instants (Total Defense, Snap Attack, held actions) and count as unsuspecting (execution
attacks); the free round is round 0 (budgets are fresh from the start of the battle).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note, Rolled
from game.engine.seam import Flow
from game.rules.grid import units
from game.rules.grid.checks import skill_level
from game.world.components import AiHint

if TYPE_CHECKING:
    from game.engine.context import Context

CHECK = "check"
ANTICIPATING_HINTS = ("guard", "alert")


def anticipating(ctx: Context, side: str) -> bool:
    for u in units.units_of(ctx, side):
        hint = ctx.try_get(u, AiHint)
        if hint is not None and hint.hint in ANTICIPATING_HINTS:
            return True
    return False


def _best(ctx: Context, side: str, attribute: str, skill: str) -> int:
    return max(
        (
            units.stats(ctx, u).modifier(attribute) + skill_level(ctx, u, skill)
            for u in units.units_of(ctx, side)
            if units.in_fight(ctx, u)
        ),
        default=0,
    )


def _side_roll(ctx: Context, side: str, attribute: str, skill: str, purpose: str) -> Rolled:
    return ctx.roll(
        2,
        6,
        _best(ctx, side, attribute, skill),
        who=ctx.side_info(side).name,
        purpose=f"{attribute}/{skill.title()} check",
        detail=f"({purpose})",
    )


def surprised_sides(ctx: Context) -> list[str]:
    setting = ctx.battlefield.scenario.surprise
    sides = [s.id for s in ctx.sides]
    if not setting:
        return []
    if setting != CHECK:
        return [setting] if setting in sides else []
    caught: list[str] = []
    sneaks = {s: _side_roll(ctx, s, "DEX", "sneak", "stealthy approach").total for s in sides}
    for side in sides:
        if anticipating(ctx, side):
            ctx.emit(Note(f"{ctx.side_info(side).name} are on guard: no surprise"))
            continue
        watch = _side_roll(ctx, side, "WIS", "notice", "watch").total
        if any(sneaks[o] > watch for o in sides if o != side):
            caught.append(side)
    return [] if len(caught) == len(sides) else caught


def surprise_round(ctx: Context) -> Flow:
    """The opening phase: the free round for the enemies of the surprised sides."""
    from game.rules.grid.turn import round_of_sides

    caught = surprised_sides(ctx)
    if not caught:
        return
    for side in caught:
        ctx.emit(Note(f"Surprise! {ctx.side_info(side).name} are caught unawares"))
        for u in units.units_of(ctx, side):
            units.conditions(ctx, u).surprised = True
    order = tuple(s.id for s in ctx.sides if s.id not in caught)
    yield from round_of_sides(ctx, order)
    for u in ctx.units():
        units.conditions(ctx, u).surprised = False
