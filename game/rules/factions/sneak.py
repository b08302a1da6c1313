"""Sneaking in combat (003): ambushers start concealed, hidden from the other side;
what reveals them (README · Decisions): attacking, saying a few words, moving without
sneaking, and ending a move nearby an enemy ("walking right in front of the enemy")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note
from game.rules.factions import units

if TYPE_CHECKING:
    from game.engine.context import Context


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
