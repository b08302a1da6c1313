"""Weapons lying on the battlefield, whatever the ruleset: each is an esper entity of its
own with a ``GroundItem`` (weapon id, the unit that let go of it, the cell). A ruleset
lays them (``lay``) by its own rules (grid: the fallen, thrown weapons, going prone;
clash: disarms, arm hits, thrown weapons), and ``Ruleset.ground_items`` reads them for
the screen through ``ground_items`` here, so the screen needs no ruleset of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import esper

from game.geometry.grid import Cell


@dataclass(frozen=True, slots=True)
class GroundItem:
    """A weapon lying on ``cell``; ``owner`` is the unit that dropped or threw it."""

    weapon: str
    owner: str
    cell: Cell


def lay(weapon: str, owner: str, cell: Cell) -> None:
    """Put ``weapon`` on the ground at ``cell`` (in the battle's world now active)."""
    esper.create_entity(GroundItem(weapon, owner, cell))


def ground_items() -> list[tuple[int, GroundItem]]:
    """Every item on the ground with its entity, in a fixed order (cell, weapon, owner)."""
    items = list(esper.get_component(GroundItem))
    return sorted(items, key=lambda p: (p[1].cell[1], p[1].cell[0], p[1].weapon, p[1].owner))
