"""Building a battle's esper world from a Battlefield and the content (issue 2 §5).

One entity per spawn, created in the map's spawn order, each with the shared components
of ``game.world.components.UNIT_COMPONENTS`` (plus ``AiHint`` / ``Leader`` when the spawn
has them) and the ruleset's own: ``build_world`` calls the ``unit_components`` hook it is
given once per unit, in spawn order, with the ``random.Random`` passed in (a ruleset
rolls hit points there), so the same seed builds the same world.

Unit ids are slugs of the spawn names ("Bandit Chief" → "bandit-chief"); a repeated
name gets "-2", "-3" ... in spawn order; a spawn without a name uses its template id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

import esper

from game.content.loader import Content
from game.content.templates import UnitTemplate
from game.geometry.grid import Cell
from game.maps.battlefield import Battlefield, Spawn
from game.world.components import (
    AiHint,
    Arrives,
    EveryoneStands,
    Leader,
    Loadout,
    Name,
    Position,
    Presence,
    Side,
    Sight,
    Template,
    UnitId,
)
from game.world.worlds import DEFAULT_WORLD, delete_world, use_world

_SLUG_RE = re.compile(r"[^a-z0-9]+")

# A ruleset's build hook: the components it adds to one unit built from a template,
# rolling what it rolls with the build's generator.
UnitComponents = Callable[[Content, UnitTemplate, random.Random], Iterable[object]]


class WorldBuildError(ValueError):
    """The battlefield cannot be turned into a world (names the map and the spawn)."""


class WorldNotActive(RuntimeError):
    """A ``WorldHandle`` query was made while another esper world was active."""


def unit_slug(text: str) -> str:
    """Lower-case ``text`` with runs of anything but letters and digits turned into "-"."""
    return _SLUG_RE.sub("-", text.lower()).strip("-")


def unit_ids(spawns: tuple[Spawn, ...] | list[Spawn]) -> list[str]:
    """The stable UnitId of each spawn, in order (see the module docstring)."""
    used: set[str] = set()
    ids: list[str] = []
    for spawn in spawns:
        base = unit_slug(spawn.name) or unit_slug(spawn.template) or "unit"
        candidate, number = base, 1
        while candidate in used:
            number += 1
            candidate = f"{base}-{number}"
        used.add(candidate)
        ids.append(candidate)
    return ids


@dataclass
class WorldHandle:
    """A built battle world and the queries every layer needs.

    Queries read the esper world that is active; they raise ``WorldNotActive`` when it is
    not this one (use ``with handle.active():`` from outside the engine). ``entities``
    maps UnitId → esper entity in spawn order. ``presence`` answers, for the ruleset,
    which units are out of the fight and which still hold their squares.
    """

    name: str
    battlefield: Battlefield
    content: Content
    entities: dict[str, int] = field(default_factory=dict)
    presence: Presence = field(default_factory=EveryoneStands)

    # -- world switching -------------------------------------------------------------------
    def activate(self) -> None:
        esper.switch_world(self.name)

    def active(self) -> AbstractContextManager[str]:
        """Context manager: this world active for the block, then back to the previous."""
        return use_world(self.name)

    @property
    def is_active(self) -> bool:
        return esper.current_world == self.name

    def delete(self) -> None:
        """Delete the world (switching to the default world if it is active)."""
        delete_world(self.name)

    def _check(self) -> None:
        if esper.current_world != self.name:
            raise WorldNotActive(
                f"world {self.name!r} is not active (active: {esper.current_world!r})"
            )

    # -- lookups ---------------------------------------------------------------------------
    def entity(self, unit_id: str) -> int:
        """The esper entity of ``unit_id``; KeyError naming the id when there is none."""
        self._check()
        entity = self.entities.get(unit_id)
        if entity is not None and esper.entity_exists(entity):
            found = esper.try_component(entity, UnitId)
            if found is not None and found.id == unit_id:
                return entity
        for entity, uid in esper.get_component(UnitId):
            if uid.id == unit_id:
                self.entities[unit_id] = entity
                return entity
        raise KeyError(f"no unit {unit_id!r} in world {self.name!r}")

    def unit_id(self, entity: int) -> str:
        self._check()
        return esper.component_for_entity(entity, UnitId).id

    def units(self, side: str | None = None, *, active_only: bool = False) -> list[str]:
        """UnitIds in spawn order, optionally of one side and/or still fighting."""
        self._check()
        result: list[str] = []
        for unit_id, entity in self.entities.items():
            if not esper.entity_exists(entity):
                continue
            if side is not None and esper.component_for_entity(entity, Side).id != side:
                continue
            if active_only and self.presence.out_of_action(entity):
                continue
            result.append(unit_id)
        return result

    def iter_side(self, side: str) -> Iterator[tuple[str, int]]:
        """(UnitId, entity) of every unit of ``side``, in spawn order."""
        for unit_id in self.units(side):
            yield unit_id, self.entities[unit_id]

    def unit_at(self, cell: Cell, *, include_down: bool = False) -> str | None:
        """The unit standing in ``cell``, or None. Units that no longer occupy a square
        (dead, dying, unconscious, fled) count only with ``include_down``."""
        self._check()
        for unit_id, entity in self.entities.items():
            if not esper.entity_exists(entity):
                continue
            position = esper.try_component(entity, Position)
            if position is None or position.cell != cell:
                continue
            if include_down or self.presence.occupies_cell(entity):
                return unit_id
        return None

    def occupied(self) -> dict[Cell, str]:
        """Cell → UnitId for every unit that occupies its square."""
        self._check()
        cells: dict[Cell, str] = {}
        for unit_id, entity in self.entities.items():
            if not esper.entity_exists(entity):
                continue
            position = esper.try_component(entity, Position)
            if position is None:
                continue
            if self.presence.occupies_cell(entity):
                cells[position.cell] = unit_id
        return cells

    def sides(self) -> tuple[str, ...]:
        return tuple(side.id for side in self.battlefield.scenario.sides)

    def clone(self, new_name: str) -> WorldHandle:
        """A copy of this world's entities under ``new_name`` (see ``game.world.snapshot``);
        the copy is not made active."""
        from game.world.snapshot import clone_world

        clone_world(self.name, new_name)
        return WorldHandle(
            new_name, self.battlefield, self.content, dict(self.entities), self.presence
        )


def _check_spawns(battlefield: Battlefield, content: Content) -> None:
    where = battlefield.path.name if battlefield.path else "battlefield"
    side_ids = {side.id for side in battlefield.scenario.sides}
    seen: dict[Cell, str] = {}
    problems: list[str] = []
    for spawn in battlefield.spawns:
        label = f"{where}: spawn {spawn.name!r}"
        if spawn.template not in content.templates:
            problems.append(f"{label}: unknown unit template {spawn.template!r}")
        if side_ids and spawn.side not in side_ids:
            problems.append(f"{label}: side {spawn.side!r} is not one of the scenario's sides")
        if not battlefield.grid.in_bounds(spawn.cell):
            problems.append(f"{label}: cell {spawn.cell} is off the map")
        elif battlefield.grid.blocks_move(spawn.cell):
            problems.append(f"{label}: cell {spawn.cell} is a wall")
        if spawn.cell in seen:
            problems.append(f"{label}: cell {spawn.cell} is already taken by {seen[spawn.cell]!r}")
        seen.setdefault(spawn.cell, spawn.name)
    if problems:
        raise WorldBuildError("\n".join(problems))


def build_world(
    battlefield: Battlefield,
    content: Content,
    world_name: str,
    rng: random.Random,
    unit_components: UnitComponents | None = None,
    presence: Presence | None = None,
) -> WorldHandle:
    """Fill the esper world ``world_name`` with one entity per spawn and leave it active.

    ``unit_components`` (the ruleset's build hook) gives each unit's own components, in
    spawn order, rolling with ``rng``; ``presence`` goes to the handle (see
    ``WorldHandle``). Without them the units carry the shared components only.

    Entities already in that world are removed first; processors and event handlers
    already registered there are kept, so the engine may register its systems before or
    after building. Raises ``WorldBuildError`` (one line per problem) for spawns that name
    an unknown template or side, sit off the map or on a wall, or share a cell.
    """
    if world_name == DEFAULT_WORLD:
        raise WorldBuildError("a battle needs a world of its own, not esper's default world")
    _check_spawns(battlefield, content)
    esper.switch_world(world_name)
    esper.clear_database()
    handle = WorldHandle(world_name, battlefield, content)
    if presence is not None:
        handle.presence = presence
    for spawn, unit_id in zip(battlefield.spawns, unit_ids(battlefield.spawns), strict=True):
        template = content.templates[spawn.template]
        components: list[object] = [
            UnitId(unit_id),
            Name(spawn.name or template.name),
            Side(spawn.side),
            Template(template.id),
            Position(*spawn.cell),
            Loadout(
                readied=[template.weapons[0]],
                stowed=list(template.weapons[1:]),
                armour=template.armour,
                shield=template.shield,
            ),
            Sight(),
        ]
        if unit_components is not None:
            components.extend(unit_components(content, template, rng))
        if spawn.ai:
            components.append(AiHint(spawn.ai))
        if spawn.leader:
            components.append(Leader())
        if spawn.arrives > 1:
            components.append(Arrives(spawn.arrives))
        handle.entities[unit_id] = esper.create_entity(*components)
    return handle
