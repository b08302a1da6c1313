"""``hard``'s walks: the generic AI's, but a side with several objective areas of the
same worth to hold (battle: two bridges) shares itself out over them
(``objective_map.share_out``) rather than each unit making for the nearest (on battle
the Company gathered on one bridge and left the other to the horde: a draw)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.core import objective_map
from game.ai.core.generic import GenericAI
from game.geometry.grid import Cell

if TYPE_CHECKING:
    from game.engine.battle import Battle, UnitView


class SharingWalker(GenericAI):
    def goal(self, battle: Battle, me: UnitView) -> frozenset[Cell] | None:
        """The area ``me`` makes for: the side's units shared out over the areas of the
        highest pull, in the battle's unit order."""
        found = objective_map.goals(battle.battlefield, me.side)
        if not found:
            return None
        top = max(p for _, p in found)
        areas = [o.cells for o, p in found if p == top]
        if len(areas) == 1:
            return areas[0]
        side = [v for v in battle.units() if v.side == me.side and (v.in_fight or v.id == me.id)]
        grid = battle.battlefield.grid
        where = objective_map.share_out([v.cell for v in side], areas, grid.width, grid.height)
        return areas[where[[v.id for v in side].index(me.id)]]
