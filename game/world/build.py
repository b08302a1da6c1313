"""Building a battle's esper world from a Battlefield and the content (issue 2 §5).

One entity per spawn, created in the map's spawn order, each with the components of
``game.world.components.UNIT_COMPONENTS`` (plus ``AiHint`` / ``Leader`` when the spawn
has them). Hit points given as dice are rolled with the ``random.Random`` passed in, one
unit after another in spawn order, so the same seed builds the same world.

Unit ids are slugs of the spawn names ("Bandit Chief" → "bandit-chief"); a repeated
name gets "-2", "-3" ... in spawn order; a spawn without a name uses its template id.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass, field

import esper

from game.content.dice import Dice
from game.content.loader import Content
from game.geometry.grid import Cell
from game.maps.battlefield import Battlefield, Spawn
from game.world.components import (
    AiHint,
    Budget,
    Conditions,
    Health,
    Leader,
    Loadout,
    Name,
    Position,
    Side,
    Sight,
    Stats,
    Template,
    UnitId,
)
from game.world.worlds import DEFAULT_WORLD, delete_world, use_world

_SLUG_RE = re.compile(r"[^a-z0-9]+")


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
    maps UnitId → esper entity in spawn order.
    """

    name: str
    battlefield: Battlefield
    content: Content
    entities: dict[str, int] = field(default_factory=dict)

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
            if active_only and esper.component_for_entity(entity, Conditions).out_of_action:
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
            if include_down or esper.component_for_entity(entity, Conditions).occupies_cell:
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
            if esper.component_for_entity(entity, Conditions).occupies_cell:
                cells[position.cell] = unit_id
        return cells

    def sides(self) -> tuple[str, ...]:
        return tuple(side.id for side in self.battlefield.scenario.sides)

    def clone(self, new_name: str) -> WorldHandle:
        """A copy of this world's entities under ``new_name`` (see ``game.world.snapshot``);
        the copy is not made active."""
        from game.world.snapshot import clone_world

        clone_world(self.name, new_name)
        return WorldHandle(new_name, self.battlefield, self.content, dict(self.entities))


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


def _roll_hp(hp: int | Dice, rng: random.Random) -> int:
    return hp if isinstance(hp, int) else max(1, hp.roll(rng))


def build_world(
    battlefield: Battlefield, content: Content, world_name: str, rng: random.Random
) -> WorldHandle:
    """Fill the esper world ``world_name`` with one entity per spawn and leave it active.

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
    stats_by_template: Mapping[str, Stats] = {
        template_id: Stats.from_template(content.templates[template_id])
        for template_id in dict.fromkeys(spawn.template for spawn in battlefield.spawns)
    }
    for spawn, unit_id in zip(battlefield.spawns, unit_ids(battlefield.spawns), strict=True):
        template = content.templates[spawn.template]
        max_hp = _roll_hp(template.hp, rng)
        components: list[object] = [
            UnitId(unit_id),
            Name(spawn.name or template.name),
            Side(spawn.side),
            Template(template.id),
            Position(*spawn.cell),
            stats_by_template[template.id],
            Health(max_hp, max_hp),
            Loadout(
                readied=[template.weapons[0]],
                stowed=list(template.weapons[1:]),
                armour=template.armour,
                shield=template.shield,
            ),
            Budget(),
            Conditions(),
            Sight(),
        ]
        if spawn.ai:
            components.append(AiHint(spawn.ai))
        if spawn.leader:
            components.append(Leader())
        handle.entities[unit_id] = esper.create_entity(*components)
    return handle
