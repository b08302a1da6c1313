"""The squares a unit could attack on its next turn (issue 33 · the enemy's threat), for
the battle screen's threat overlay (``Ruleset.threatened_cells``).

004 · Combat Action Types: a unit may Move and then attack with its Main action. So a unit
threatens every square within the reach of the melee weapons in its hands (bare hands
and natural weapons too; ``reach`` 1, 2 for Long weapons) of any square one Move takes
it to (enemies block its way, allies are passed through; prone halves the Move, grappled
or grappling holds it in place and allows unarmed blows only, 004 · Grappling), and with
a ranged or thrown weapon in hand every square within the weapon's long range of such a
square that it sees from where it stands now (004 · Line of Sight; a square out of sight
now might come into view on the way, which this leaves out). A routed unit only flees,
and one out of the fight threatens nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.geometry.grid import Cell
from game.geometry.movement import reachable
from game.geometry.reach_mask import cells_of, grown, mask_of
from game.rules.grid import units
from game.rules.grid.move import blockers, move_squares
from game.rules.grid.state import GridState

if TYPE_CHECKING:
    from game.engine.context import Context


def threatened_cells(ctx: Context, unit: str) -> frozenset[Cell]:
    """Every square ``unit`` could strike next turn, moving first (module docstring)."""
    if not units.in_fight(ctx, unit) or ctx.get(unit, GridState).routed:
        return frozenset()
    grid = ctx.grid
    held = units.only_unarmed(ctx, unit)
    speed = 0 if held else move_squares(ctx, unit)
    occupied, passable = blockers(ctx, unit)
    start = units.cell(ctx, unit)
    ends = mask_of(
        (*reachable(grid, start, speed, occupied, passable), start), grid.width, grid.height
    )
    weapons = units.readied_weapons(ctx, unit)
    blades = [w for w in weapons if w.melee and (w.unarmed or not held)]
    reach = max((max(1, w.reach) for w in blades), default=0)
    far = max((w.range_long_squares or 0 for w in weapons if w.shoots and not held), default=0)
    out = grown(ends, reach) if reach else np.zeros_like(ends)
    if far:
        out |= grown(ends, far) & (ctx.sight.visibility(start) >= 0)
    out &= ~grid.arrays().blocks_move
    out[start[1], start[0]] = False
    return cells_of(out)
