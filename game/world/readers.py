"""Reading a unit's shared components through a rules ``Context``: name, side, square,
health, conditions, who stands where. Every ruleset's own ``units`` module re-exports
these and adds its rule-specific readers (``game.rules.grid.units``,
``game.rules.clash.units``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.geometry.grid import Cell
from game.world.components import Conditions, Health, Name, Position, Side

if TYPE_CHECKING:
    from game.engine.context import Context


def name(ctx: Context, unit: str) -> str:
    return ctx.get(unit, Name).text


def side(ctx: Context, unit: str) -> str:
    return ctx.get(unit, Side).id


def cell(ctx: Context, unit: str) -> Cell:
    return ctx.get(unit, Position).cell


def health(ctx: Context, unit: str) -> Health:
    return ctx.get(unit, Health)


def conditions(ctx: Context, unit: str) -> Conditions:
    return ctx.get(unit, Conditions)


def units_of(ctx: Context, side_id: str) -> Iterator[str]:
    return (u for u in ctx.units() if side(ctx, u) == side_id)


def occupant(ctx: Context, at: Cell) -> str | None:
    """The unit standing on ``at`` (the dead and the fled do not occupy a square)."""
    for u in ctx.units():
        if conditions(ctx, u).occupies_cell and cell(ctx, u) == at:
            return u
    return None
