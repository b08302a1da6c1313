"""Copying a battle world, so the AI can try a line of play and throw it away.

``clone_world`` deep-copies every entity's components into another world, keeping the
esper entity numbers (gaps included), so UnitIds and entity ids both match the source.
Processors and event handlers are *not* copied: a clone is data only, and whoever
simulates on it registers the systems it needs. ``snapshot``/``restore`` keep the
components in memory for rolling a world back in place.

Cost: about 12 small components per unit; for the 40-unit battle a clone is a few
hundred ``deepcopy`` calls (well under a millisecond per unit).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import esper

from game.world.worlds import DEFAULT_WORLD, delete_world, use_world


@dataclass(frozen=True, slots=True)
class WorldSnapshot:
    """Every entity's components, deep-copied, by entity id (ascending)."""

    entities: tuple[tuple[int, tuple[object, ...]], ...]


def snapshot(world_name: str) -> WorldSnapshot:
    """Deep copy of the entities and components of ``world_name``."""
    with use_world(world_name):
        rows: list[tuple[int, tuple[object, ...]]] = [
            (entity, copy.deepcopy(esper.components_for_entity(entity)))
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
            created = esper.create_entity(*copy.deepcopy(components))
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
