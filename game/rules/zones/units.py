"""Small readers of the ``zones`` ruleset: a unit's stat block, its zone, who fights.

**Still reading.** A question that changes nothing (the catalog of a unit's turn, its
legal answers, a validation, the AI's reading of a turn) asks the same few readers
again and again: who is in the fight, their sides and zones, who stands Close, which
squares are held. Inside ``with still(ctx):`` those answers are kept (``Still``,
``game.rules.still``) and asked once each; the scope ends before anything changes, and
every answer is what the reader would have said without it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from game.geometry.zones import ZoneGraph, ZoneRange
from game.rules.still import memo as open_memo
from game.rules.still import still as kept_still
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
    memo = _memo(ctx)
    if memo is None or unit not in ctx.entities:
        return not fighter(ctx, unit).out and ctx.try_get(unit, OffMap) is None
    return unit in memo.fighting_set(ctx)


def graph(ctx: Context) -> ZoneGraph:
    """The battle's zone graph (built once by the ruleset's ``setup``)."""
    built = getattr(ctx.ruleset, "graph", None)
    assert isinstance(built, ZoneGraph), "the zones ruleset builds its graph in setup"
    return built


def zone_of(ctx: Context, unit: str) -> int:
    """The zone the unit stands in (its square's zone; -1 off every zone)."""
    memo = _memo(ctx)
    if memo is not None:
        zone = memo.zones.get(unit)
        if zone is None:
            zone = memo.zones[unit] = _zone_of(ctx, unit)
        return zone
    return _zone_of(ctx, unit)


def _zone_of(ctx: Context, unit: str) -> int:
    found = graph(ctx).zone_at(readers.cell(ctx, unit))
    return -1 if found is None else found


def distance(ctx: Context, a: str, b: str) -> ZoneRange:
    """Close, Nearby, Far-Away or Distant between two units' zones (001 · Distance)."""
    memo = _memo(ctx)
    if memo is None:
        return _distance(ctx, a, b)
    found = memo.ranges.get((a, b))
    if found is None:
        found = memo.ranges[a, b] = _distance(ctx, a, b)
    return found


def _distance(ctx: Context, a: str, b: str) -> ZoneRange:
    za, zb = zone_of(ctx, a), zone_of(ctx, b)
    if za < 0 or zb < 0:
        return ZoneRange.DISTANT
    return graph(ctx).range(za, zb)


def fighting(ctx: Context) -> Iterator[str]:
    memo = _memo(ctx)
    if memo is not None:
        return iter(memo.fighting(ctx))
    return (u for u in ctx.units() if in_fight(ctx, u))


def is_enemy(ctx: Context, unit: str, other: str) -> bool:
    """Whether ``other`` is one of ``unit``'s ``enemies`` (without listing them all)."""
    return side(ctx, other) != side(ctx, unit) and in_fight(ctx, other)


def enemies(ctx: Context, unit: str) -> list[str]:
    return _kept(ctx, "enemies", unit, _enemies)


def _enemies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in fighting(ctx) if side(ctx, u) != mine]


def allies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in fighting(ctx) if side(ctx, u) == mine and u != unit]


def close_enemies(ctx: Context, unit: str) -> list[str]:
    return _kept(ctx, "close", unit, _close_enemies)


def _close_enemies(ctx: Context, unit: str) -> list[str]:
    return [e for e in enemies(ctx, unit) if distance(ctx, unit, e) == ZoneRange.CLOSE]


def occupied(ctx: Context) -> set[tuple[int, int]]:
    """Squares held by units still in the fight."""
    return set(held(ctx))


def held(ctx: Context) -> frozenset[tuple[int, int]]:
    """``occupied``, to read only (kept in a still scope)."""
    memo = _memo(ctx)
    if memo is None:
        return frozenset(readers.cell(ctx, u) for u in fighting(ctx))
    if memo.held is None:
        memo.held = frozenset(readers.cell(ctx, u) for u in fighting(ctx))
    return memo.held


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


# -- still reading ----------------------------------------------------------------------------
class Still:
    """The readers' answers while the state stands still (the module's docstring)."""

    __slots__ = ("held", "lists", "ranges", "zones", "_fighting", "_set")

    def __init__(self) -> None:
        self._fighting: list[str] | None = None
        self._set: frozenset[str] = frozenset()
        self.zones: dict[str, int] = {}
        self.lists: dict[tuple[str, str], list[str]] = {}  # (reader, unit) -> its answer
        self.held: frozenset[tuple[int, int]] | None = None
        self.ranges: dict[tuple[str, str], ZoneRange] = {}

    def fighting(self, ctx: Context) -> list[str]:
        if self._fighting is None:
            self._fighting = [
                u for u in ctx.units() if not fighter(ctx, u).out and ctx.try_get(u, OffMap) is None
            ]
            self._set = frozenset(self._fighting)
        return self._fighting

    def fighting_set(self, ctx: Context) -> frozenset[str]:
        if self._fighting is None:
            self.fighting(ctx)
        return self._set


def _memo(ctx: Context) -> Still | None:
    found = open_memo(ctx)
    return found if isinstance(found, Still) else None


def _kept(
    ctx: Context, reader: str, unit: str, read: Callable[[Context, str], list[str]]
) -> list[str]:
    """``read(ctx, unit)``, kept in a still scope (a copy: the caller may change it)."""
    memo = _memo(ctx)
    if memo is None:
        return read(ctx, unit)
    found = memo.lists.get((reader, unit))
    if found is None:
        found = memo.lists[reader, unit] = read(ctx, unit)
    return list(found)


def still(ctx: Context) -> AbstractContextManager[None]:
    """Keep the readers' answers until the scope ends (the module's docstring,
    ``game.rules.still``): only for questions that change nothing in the battle."""
    return kept_still(ctx, Still)
