"""Reading units for the ``clash`` rules: names, sides, cells, weapons, who still fights.

Small readers over the shared components and clash's own (``ClashState``, ``HitPoints``,
``Fate``) so the rules read as rules. While a question changes nothing (a unit's
catalog, its legal answers, a validation: a still scope, ``game.rules.still``), a unit's
enemies, the squares held around it and the squares its moves reach
(``moving.reachable_cells``) are kept (``game.rules.still.Readings``), each worked out
once: every declaration's catalog asks them for every enemy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.templates import UnitTemplate
from game.geometry.grid import Cell
from game.geometry.movement import distance
from game.rules.clash.content import ClashWeapon, clash_weapon
from game.rules.clash.state import ClashState, Fate, HitPoints
from game.rules.still import kept_enemies, kept_occupied
from game.world.components import Template
from game.world.readers import cell, name, occupant, side, units_of

if TYPE_CHECKING:
    from game.engine.context import Context

# The shared readers, re-exported so rules code reads every unit helper from here.
__all__ = ["cell", "conditions", "health", "name", "occupant", "side", "units_of"]

UNARMED = "unarmed"


def state(ctx: Context, unit: str) -> ClashState:
    return ctx.get(unit, ClashState)


def health(ctx: Context, unit: str) -> HitPoints:
    return ctx.get(unit, HitPoints)


def conditions(ctx: Context, unit: str) -> Fate:
    return ctx.get(unit, Fate)


def template(ctx: Context, unit: str) -> UnitTemplate:
    """The unit template the unit was built from."""
    return ctx.content.templates[ctx.get(unit, Template).id]


def speed(ctx: Context, unit: str) -> int:
    """Squares one move covers (the template's speed; a leg hit halves it, 000 · Critical
    Hit Locations: "lose ability to move quickly")."""
    squares = template(ctx, unit).speed_squares
    return max(1, squares // 2) if state(ctx, unit).leg_hits else squares


def is_party(ctx: Context, unit: str) -> bool:
    """A player character in 000's words: a unit of the scenario's party side, or of the
    first side when no side is the party (decision, README · Round)."""
    return side(ctx, unit) == player_side(ctx)


def player_side(ctx: Context) -> str:
    for info in ctx.sides:
        if info.party:
            return info.id
    return ctx.sides[0].id


def in_fight(ctx: Context, unit: str) -> bool:
    cond = conditions(ctx, unit)
    st = state(ctx, unit)
    return not (cond.out_of_action or st.paralysed or st.delirious)


def enemies(ctx: Context, unit: str) -> list[str]:
    return kept_enemies(ctx, unit, _enemies)


def _enemies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in ctx.units() if side(ctx, u) != mine and in_fight(ctx, u)]


def occupied(ctx: Context, unit: str) -> tuple[set[Cell], set[Cell]]:
    """(cells ``unit`` may not enter: enemies; cells it may pass but not stop on: allies)."""
    return kept_occupied(ctx, unit, _occupied)


def _occupied(ctx: Context, unit: str) -> tuple[set[Cell], set[Cell]]:
    mine = side(ctx, unit)
    foes: set[Cell] = set()
    friends: set[Cell] = set()
    for other in ctx.units():
        if other == unit or not conditions(ctx, other).occupies_cell:
            continue
        (friends if side(ctx, other) == mine else foes).add(cell(ctx, other))
    return foes, friends


def squares_between(ctx: Context, a: str, b: str) -> int:
    return distance(cell(ctx, a), cell(ctx, b))


def weapon(ctx: Context, weapon_id: str) -> ClashWeapon:
    return clash_weapon(ctx.content.weapons[weapon_id])


def weapons(ctx: Context, unit: str) -> list[ClashWeapon]:
    """The weapons the unit carries, then its bare hands (always there)."""
    ids = [w for w in state(ctx, unit).weapons if w in ctx.content.weapons]
    if UNARMED not in ids and UNARMED in ctx.content.weapons:
        ids.append(UNARMED)
    return [weapon(ctx, w) for w in ids]


def melee_weapons(ctx: Context, unit: str) -> list[ClashWeapon]:
    return [w for w in weapons(ctx, unit) if not w.ranged]


def best_melee(ctx: Context, unit: str) -> ClashWeapon:
    """The melee weapon with the biggest die (fight back and counter-attacks use it)."""
    return max(melee_weapons(ctx, unit), key=lambda w: w.die)


def has_weapon(ctx: Context, unit: str, weapon_id: str) -> bool:
    return weapon_id == UNARMED or weapon_id in state(ctx, unit).weapons
