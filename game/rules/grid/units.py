"""Reading units for the ``grid`` rules: names, sides, cells, weapons, who is still fighting.

Small helpers over the world's shared components (``game.world.components``) and the
grid's own (``game.rules.grid.components``) so the rules read as rules. Units are named
by their ``UnitId`` string everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.weapons import Weapon
from game.geometry.grid import Cell
from game.rules.grid.components import Budget, Conditions, Health, Stats
from game.world.components import Loadout
from game.world.readers import cell, name, occupant, side, units_of

if TYPE_CHECKING:
    from game.engine.context import Context

# The shared readers, re-exported so rules code reads every unit helper from here.
__all__ = ["cell", "conditions", "health", "name", "occupant", "side", "units_of"]

UNARMED = "unarmed"


def health(ctx: Context, unit: str) -> Health:
    return ctx.get(unit, Health)


def conditions(ctx: Context, unit: str) -> Conditions:
    return ctx.get(unit, Conditions)


def stats(ctx: Context, unit: str) -> Stats:
    return ctx.get(unit, Stats)


def budget(ctx: Context, unit: str) -> Budget:
    return ctx.get(unit, Budget)


def loadout(ctx: Context, unit: str) -> Loadout:
    return ctx.get(unit, Loadout)


def is_party(ctx: Context, unit: str) -> bool:
    """Whether the unit fights for the scenario's party side (004: the player's side)."""
    return ctx.side_info(side(ctx, unit)).party


def in_fight(ctx: Context, unit: str) -> bool:
    """Still fighting: not dead, dying, fled or surrendered."""
    return not conditions(ctx, unit).out_of_action


def weapon(ctx: Context, weapon_id: str) -> Weapon:
    return ctx.content.weapons[weapon_id]


def readied_weapons(ctx: Context, unit: str) -> list[Weapon]:
    """Weapons in hand, then the bare hands (always available, 004 · Make a Melee Attack)."""
    ids = list(loadout(ctx, unit).readied)
    if UNARMED not in ids and UNARMED in ctx.content.weapons:
        ids.append(UNARMED)
    return [ctx.content.weapons[w] for w in ids if w in ctx.content.weapons]


def melee_weapons(ctx: Context, unit: str) -> list[Weapon]:
    return [w for w in readied_weapons(ctx, unit) if w.melee]


def only_unarmed(ctx: Context, unit: str) -> bool:
    """Grappling or grappled: "nor can they fight with anything but unarmed attacks"
    (004 · Grappling)."""
    cond = conditions(ctx, unit)
    return cond.grappled or cond.grappling is not None


def threatening_weapons(ctx: Context, unit: str) -> list[Weapon]:
    """Readied melee weapons the unit could strike a passing foe with now: natural weapons
    count, bare hands do not (004 · Combat Action Types: foes armed with a melee weapon),
    and none at all while grappling, when only unarmed attacks are allowed."""
    if only_unarmed(ctx, unit):
        return []
    return [w for w in readied_weapons(ctx, unit) if w.melee and not w.unarmed]


def armed_for_melee(ctx: Context, unit: str) -> bool:
    """Threatens attacks of opportunity (``threatening_weapons``)."""
    return bool(threatening_weapons(ctx, unit))


def melee_reach(ctx: Context, unit: str) -> int:
    """Squares the unit threatens with its readied armed melee weapons (0 if none)."""
    return max((w.reach for w in threatening_weapons(ctx, unit)), default=0)


def enemies(ctx: Context, unit: str) -> list[str]:
    """Enemies still in the fight, in the fixed unit order."""
    mine = side(ctx, unit)
    return [u for u in ctx.units() if side(ctx, u) != mine and in_fight(ctx, u)]


def occupied_cells(ctx: Context) -> dict[Cell, str]:
    return {cell(ctx, u): u for u in ctx.units() if conditions(ctx, u).occupies_cell}


def distance(a: Cell, b: Cell) -> int:
    """Squares between two cells on the 5-ft grid: diagonals count as one (DESIGN.md)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))
