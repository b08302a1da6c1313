"""Readers of a factions unit through the rules ``Context`` and the ruleset's geometry
decisions (README · Decisions): nearby, visible, range, the zone graph."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.geometry.grid import Cell, Cover
from game.rules.factions.content import FactionsWeapon, factions_weapon
from game.rules.factions.state import Fate, Gear, Health, Stats, Turn
from game.world.readers import cell, name, occupant, side, units_of

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.geometry.zones import ZoneGraph

__all__ = ["cell", "name", "occupant", "side", "units_of"]

NEARBY = 1  # squares: "nearby" is the next square (README · Decisions)
HANDS = 2  # weapon hands; a shield (armour) takes none (README · Decisions "hands")


def stats(ctx: Context, unit: str) -> Stats:
    return ctx.get(unit, Stats)


def health(ctx: Context, unit: str) -> Health:
    return ctx.get(unit, Health)


def turn(ctx: Context, unit: str) -> Turn:
    return ctx.get(unit, Turn)


def fate(ctx: Context, unit: str) -> Fate:
    return ctx.get(unit, Fate)


def gear(ctx: Context, unit: str) -> Gear:
    return ctx.get(unit, Gear)


def in_fight(ctx: Context, unit: str) -> bool:
    return not fate(ctx, unit).out


def on_field(ctx: Context, unit: str) -> bool:
    """Still on the field (alive, not fled): it holds its square."""
    f = fate(ctx, unit)
    return not (f.dead or f.fled)


def graph(ctx: Context) -> ZoneGraph:
    zones: ZoneGraph = ctx.ruleset.zones  # type: ignore[attr-defined]
    return zones


def zone(ctx: Context, unit: str) -> int | None:
    return graph(ctx).zone_at(cell(ctx, unit))


def distance(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def nearby(ctx: Context, a: str, b: str, reach: int = NEARBY) -> bool:
    """Whether ``b`` is nearby ``a`` (within ``reach`` squares: README · Decisions)."""
    return a != b and distance(cell(ctx, a), cell(ctx, b)) <= reach


def enemies(ctx: Context, unit: str) -> Iterator[str]:
    me = side(ctx, unit)
    return (u for u in ctx.units() if side(ctx, u) != me and in_fight(ctx, u))


def allies(ctx: Context, unit: str) -> Iterator[str]:
    me = side(ctx, unit)
    return (u for u in ctx.units() if u != unit and side(ctx, u) == me and in_fight(ctx, u))


def weapon(ctx: Context, weapon_id: str) -> FactionsWeapon:
    return factions_weapon(ctx.content.weapons[weapon_id])


def weapons(ctx: Context, unit: str) -> list[str]:
    """The weapons in the unit's hands (not dropped, not broken): the ones it attacks
    with; "unarmed" when none."""
    g = gear(ctx, unit)
    held = [w for w in g.held if w in g.weapons and w not in g.dropped and w not in g.broken]
    return held or ["unarmed"]


def carried(ctx: Context, unit: str) -> list[str]:
    """The weapons the unit carries but does not hold (it may equip them)."""
    g = gear(ctx, unit)
    return [w for w in g.weapons if w not in g.held and w not in g.dropped and w not in g.broken]


def hands(ctx: Context, weapon_id: str) -> int:
    """The hands a weapon takes: two for a two-handed weapon, else one."""
    return 2 if ctx.content.weapons[weapon_id].two_handed else 1


def free_hands(ctx: Context, unit: str) -> int:
    """Of the unit's two weapon hands, those free (README · Decisions "hands")."""
    held = [w for w in weapons(ctx, unit) if w != "unarmed"]
    return HANDS - sum(hands(ctx, w) for w in held)


def sees(ctx: Context, a: str, b: str) -> bool:
    """``a`` sees ``b``: a line of sight, and ``b`` is not concealed from it."""
    if fate(ctx, b).concealed and side(ctx, a) != side(ctx, b):
        return False
    return bool(ctx.sight.sees(cell(ctx, a), cell(ctx, b)))


def cover(ctx: Context, a: str, b: str) -> Cover | None:
    """The cover ``b`` has from ``a`` (None: no line at all)."""
    found: Cover | None = ctx.sight.cover(cell(ctx, a), cell(ctx, b))
    return found


def concealed_spot(ctx: Context, unit: str) -> bool:
    """The unit stands on concealing terrain (brush, smoke): blows at it are impaired."""
    return bool(ctx.grid.terrain(cell(ctx, unit)).concealment)


def ready(ctx: Context, unit: str) -> bool:
    """It may still take its turn or react this round."""
    return in_fight(ctx, unit) and not turn(ctx, unit).acted


def armour(ctx: Context, unit: str) -> int:
    """Armour now: the stat block's, less a broken shield's and body armour's share."""
    g = gear(ctx, unit)
    lost = (g.shield if "shield" in g.broken else 0) + (g.armour if "armour" in g.broken else 0)
    return max(0, stats(ctx, unit).armour - lost)


def item_name(ctx: Context, item: str) -> str:
    """How the log names an item of gear (003 · Combat gear degradation): a weapon by its
    name ("hand axe"), the ``shield`` and the ``armour`` by their own words."""
    if item in ctx.content.weapons:
        return weapon_words(ctx, item)
    return item.replace("_", " ")


def weapon_words(ctx: Context, weapon_id: str) -> str:
    """A weapon as a sentence names it after "the" ("readies the hand axe")."""
    return weapon(ctx, weapon_id).name.lower()
