"""Sneaking in combat (003): ambushers start concealed, hidden from the other side;
what reveals them (README · Decisions): attacking, saying a few words, moving without
sneaking, and ending a move nearby an enemy ("walking right in front of the enemy").
Hiding again later ("requires being out of sight for a while"): the Hide action
(``HideSpec``), for a unit out of every enemy's sight since its turn began."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.engine.answers import Answer
from game.engine.context import Context
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.rules.factions import budget, units
from game.rules.factions.answers import Hide


def reveal(ctx: Context, unit: str, why: str) -> None:
    f = units.fate(ctx, unit)
    if f.concealed:
        f.concealed = False
        ctx.emit(Note(f"{units.name(ctx, unit)} is revealed ({why})", unit=unit))


def after_move(ctx: Context, unit: str, sneaking: bool) -> None:
    """A concealed unit that moved without sneaking, or ended nearby an enemy, is seen."""
    if not units.fate(ctx, unit).concealed:
        return
    if not sneaking:
        reveal(ctx, unit, "moving without sneaking")
    elif any(units.nearby(ctx, unit, e) for e in units.enemies(ctx, unit)):
        reveal(ctx, unit, "in front of the enemy")


def ambushers(ctx: Context) -> list[str]:
    """The units that launch the ambush: every side but the one the map says is caught
    unawares (``surprise``) starts concealed."""
    caught = ctx.battlefield.scenario.surprise
    if not caught or caught == "check" or caught not in ctx.side_order:
        return []
    return [u for u in ctx.units() if units.side(ctx, u) != caught]


def in_sight(ctx: Context, unit: str) -> bool:
    """Some enemy in the fight has a line of sight to ``unit`` (concealment aside)."""
    here = units.cell(ctx, unit)
    return any(ctx.sight.sees(units.cell(ctx, e), here) for e in units.enemies(ctx, unit))


class HideSpec(ActionSpec):
    """Hide (main action; 003 · Sneaking in combat: "hiding later during the fight
    requires being out of sight for a while"): a unit that no enemy could see when its
    turn began nor can see now, and none stands nearby, becomes concealed, as an
    ambusher is, until the same things reveal it."""

    kind = Hide.kind
    label = "Hide"
    cost = "Main"
    answer_type = Hide

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = budget.can(ctx, unit, budget.MAIN)
        if problem:
            return problem
        f = units.fate(ctx, unit)
        if f.concealed:
            return "already concealed"
        if f.grabbed_by or f.holding:
            return "not while grappling"
        if any(units.nearby(ctx, unit, e) for e in units.enemies(ctx, unit)):
            return "an enemy stands nearby"
        if in_sight(ctx, unit):
            return "in sight of the enemy"
        if not units.turn(ctx, unit).unseen:
            return "seen by the enemy when its turn began"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Hide(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN)
        units.fate(ctx, answer.unit).concealed = True
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} hides", unit=answer.unit))
        return
        yield
