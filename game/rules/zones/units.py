"""Small readers of the ``zones`` ruleset: a unit's stat block, its zone, who fights."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.geometry.zones import ZoneGraph, ZoneRange
from game.rules.zones.state import Fighter, TurnState
from game.world import readers
from game.world.components import OffMap

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context


def fighter(ctx: Context, unit: str) -> Fighter:
    return ctx.get(unit, Fighter)


def turn(ctx: Context, unit: str) -> TurnState:
    return ctx.get(unit, TurnState)


def name(ctx: Context, unit: str) -> str:
    return readers.name(ctx, unit)


def side(ctx: Context, unit: str) -> str:
    return readers.side(ctx, unit)


def in_fight(ctx: Context, unit: str) -> bool:
    return not fighter(ctx, unit).out and ctx.try_get(unit, OffMap) is None


def graph(ctx: Context) -> ZoneGraph:
    """The battle's zone graph (built once by the ruleset's ``setup``)."""
    built = getattr(ctx.ruleset, "graph", None)
    assert isinstance(built, ZoneGraph), "the zones ruleset builds its graph in setup"
    return built


def zone_of(ctx: Context, unit: str) -> int:
    """The zone the unit stands in (its square's zone; -1 off every zone)."""
    found = graph(ctx).zone_at(readers.cell(ctx, unit))
    return -1 if found is None else found


def distance(ctx: Context, a: str, b: str) -> ZoneRange:
    """Close, Nearby, Far-Away or Distant between two units' zones (001 · Distance)."""
    za, zb = zone_of(ctx, a), zone_of(ctx, b)
    if za < 0 or zb < 0:
        return ZoneRange.DISTANT
    return graph(ctx).range(za, zb)


def fighting(ctx: Context) -> Iterator[str]:
    return (u for u in ctx.units() if in_fight(ctx, u))


def is_enemy(ctx: Context, unit: str, other: str) -> bool:
    """Whether ``other`` is one of ``unit``'s ``enemies`` (without listing them all)."""
    return side(ctx, other) != side(ctx, unit) and in_fight(ctx, other)


def enemies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in fighting(ctx) if side(ctx, u) != mine]


def allies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in fighting(ctx) if side(ctx, u) == mine and u != unit]


def close_enemies(ctx: Context, unit: str) -> list[str]:
    return [e for e in enemies(ctx, unit) if distance(ctx, unit, e) == ZoneRange.CLOSE]


def occupied(ctx: Context) -> set[tuple[int, int]]:
    """Squares held by units still in the fight."""
    return {readers.cell(ctx, u) for u in fighting(ctx)}


def in_zone(ctx: Context, zone: int) -> list[str]:
    return [u for u in fighting(ctx) if zone_of(ctx, u) == zone]


def weapon(ctx: Context, weapon_id: str) -> Weapon:
    return ctx.content.weapons[weapon_id]


def usable_weapons(ctx: Context, unit: str) -> list[str]:
    """The unit's weapons that are not broken (README · Decisions: usages)."""
    from game.rules.zones.state import USAGES

    f = fighter(ctx, unit)
    return [w for w in f.weapons if f.usages.get(w, 0) < USAGES]


def rolling_side(ctx: Context) -> str:
    """The side whose units roll every test (the party: 001's Characters; with no party
    side, the first side of the map)."""
    for info in ctx.sides:
        if info.party:
            return info.id
    return ctx.side_order[0]
