"""Cheap distance filters for the action menus: availability runs for every action on
every turn decision, so the actions of the second half first keep only the enemies a
weapon could possibly reach before asking ``resolution.assess`` (which traces sight)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.grid import units

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context


def enemies_within(ctx: Context, unit: str, squares: int) -> list[str]:
    """Enemies in the fight at most ``squares`` away, in the fixed unit order."""
    here = units.cell(ctx, unit)
    return [
        e for e in units.enemies(ctx, unit) if units.distance(here, units.cell(ctx, e)) <= squares
    ]


def weapon_reach(weapon: Weapon, ranged: bool) -> int:
    """How far ``weapon`` can strike: its reach in melee, its long range when shot."""
    return (weapon.range_long_squares or 0) if ranged else weapon.reach
