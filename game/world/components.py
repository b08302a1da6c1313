"""Components of a battle's esper world that every ruleset shares: plain dataclasses,
one instance per unit.

Values that never change during a battle are frozen (``UnitId``, ``Name``, ``Side``,
``Template``); what the engine mutates is not (``Position``, ``Loadout``, ``Sight``).
Only the engine's answer path mutates them (DESIGN.md · The path of one decision).
Mutable containers inside are plain sets and lists so copies are cheap (see
``game.world.snapshot``).

Each ruleset adds its own components to every unit when the battle is built (its
``build_unit`` hook: hit points and other tracks, budgets, conditions ...); nothing here
knows them. ``Presence`` is how shared queries ask a ruleset whether a unit still fights
and still stands in its square.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from game.geometry.grid import Cell


@dataclass(frozen=True, slots=True)
class UnitId:
    """The unit's stable id ("bandit", "bandit-2" ...). Actions, events and saves name
    units by this, never by the esper entity number."""

    id: str


@dataclass(frozen=True, slots=True)
class Name:
    """The display name the map author gave the unit."""

    text: str


@dataclass(frozen=True, slots=True)
class Side:
    """The id of the side the unit fights for (a ``SideInfo.id`` of the scenario)."""

    id: str


@dataclass(frozen=True, slots=True)
class Template:
    """The id of the unit template the unit was built from."""

    id: str


@dataclass(frozen=True, slots=True)
class AiHint:
    """The map author's hint for the AI ("hold", "guard", "aggressive", ...)."""

    hint: str


@dataclass(frozen=True, slots=True)
class Arrives:
    """The unit enters the battle late, in round ``round`` (the spawn's ``arrives``
    property, maps/README.md · Spawns); a ruleset that knows late arrivals reads it."""

    round: int


@dataclass(frozen=True, slots=True)
class Leader:
    """Marks the side's leader as the map author placed it."""


@dataclass(slots=True)
class Position:
    """The unit's square on the grid."""

    x: int
    y: int

    @property
    def cell(self) -> Cell:
        return (self.x, self.y)

    def move_to(self, cell: Cell) -> None:
        self.x, self.y = cell


@dataclass(slots=True)
class Loadout:
    """What the unit carries. ``readied`` weapons are in hand (the first is the one used by
    default; two readied one-handed weapons is dual wielding); ``stowed`` ones need a
    Ready action. ``unloaded`` holds ranged weapons that must be reloaded before the next
    shot (004 · Reload a Weapon). Unarmed attacks need no entry: they are always there."""

    readied: list[str]
    stowed: list[str] = field(default_factory=list)
    armour: str | None = None
    shield: str | None = None
    unloaded: set[str] = field(default_factory=set)
    dropped: list[str] = field(default_factory=list)  # dropped on going prone / disarmed

    @property
    def main_weapon(self) -> str | None:
        return self.readied[0] if self.readied else None


@dataclass(slots=True)
class Sight:
    """Cache of the cells this unit sees, refreshed by the visibility system when it or
    the blocking layout changes. ``origin`` is the cell it was computed from and
    ``version`` the battlefield's blocking-layout version at that time."""

    visible: frozenset[Cell] | None = None
    origin: Cell | None = None
    version: int = -1

    def invalidate(self) -> None:
        self.visible = None
        self.origin = None
        self.version = -1

    def is_fresh(self, origin: Cell, version: int) -> bool:
        return self.visible is not None and self.origin == origin and self.version == version


@dataclass(frozen=True, slots=True)
class OffMap:
    """The unit has left the map through an escape objective (``game.rules.objectives``):
    saved, out of the fight for good and holding no square. Every ruleset's ``in_fight``
    honours it through ``Ruleset.leave_map``; the ending check and the views read it."""

    objective: str


class Presence(Protocol):
    """A ruleset's answer to the two questions shared queries ask about a unit (by its
    esper entity, in the active world): is it out of the fight, does it hold its square."""

    def out_of_action(self, entity: int) -> bool: ...

    def occupies_cell(self, entity: int) -> bool: ...


class EveryoneStands:
    """The ``Presence`` of a world no ruleset has spoken for: every unit fights and holds
    its square."""

    def out_of_action(self, entity: int) -> bool:
        return False

    def occupies_cell(self, entity: int) -> bool:
        return True


# Components every unit gets from build_world, in this order (the ruleset's own follow).
UNIT_COMPONENTS: tuple[type, ...] = (UnitId, Name, Side, Template, Position, Loadout, Sight)
