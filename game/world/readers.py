"""Reading a unit's shared components through a rules ``Context``: name, side, square,
who stands where. Every ruleset's own ``units`` module re-exports these and adds its
rule-specific readers (its own tracks and conditions)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.geometry.grid import Cell
from game.world.components import Name, Position, Side

if TYPE_CHECKING:
    from game.engine.context import Context


def name(ctx: Context, unit: str) -> str:
    return ctx.get(unit, Name).text


def side(ctx: Context, unit: str) -> str:
    return ctx.get(unit, Side).id


def cell(ctx: Context, unit: str) -> Cell:
    return ctx.get(unit, Position).cell


def units_of(ctx: Context, side_id: str) -> Iterator[str]:
    return (u for u in ctx.units() if side(ctx, u) == side_id)


def occupant(ctx: Context, at: Cell) -> str | None:
    """The unit standing on ``at`` (whoever the ruleset says no longer holds a square,
    the dead and the fled say, does not occupy it: ``Ruleset.occupies_cell``)."""
    for u in ctx.units():
        if cell(ctx, u) == at and ctx.ruleset.occupies_cell(ctx, u):
            return u
    return None
