"""The squares a clash unit could attack on its next turn (issue 33 · the enemy's threat;
``Ruleset.threatened_cells``), read as its declarations are checked (000 · declare first;
``game.rules.clash.declare``): a melee attack reaches a Close square (adjacent) of any
square one move takes it to (``approach_cell``); a shot, after a move or not, any square
in sight in a band its weapon may shoot at (000 · Range Bands: a ranged weapon Near and
Far, a thrown one Close and Near). Sight is taken from where the unit stands now; a unit
out of the fight or caught unaware threatens nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.geometry.grid import Cell
from game.geometry.reach_mask import cells_of, grown, mask_of
from game.rules.clash import units
from game.rules.clash.bands import FAR_MAX, NEAR_MAX
from game.rules.clash.declare_checks import can_act
from game.rules.clash.moving import reachable_cells

if TYPE_CHECKING:
    from game.engine.context import Context


def clash_threatened_cells(ctx: Context, unit: str) -> frozenset[Cell]:
    """Every square ``unit`` could strike next turn (module docstring): Close to a square
    one move reaches, and, for a shooter, any square in sight within its farthest band
    from one (a nearer one it may not shoot at is Close, and so struck in melee)."""
    if can_act(ctx, unit) is not None:
        return frozenset()
    grid = ctx.grid
    start = units.cell(ctx, unit)
    ends = mask_of({start, *reachable_cells(ctx, unit, 1)}, grid.width, grid.height)
    weapons = units.weapons(ctx, unit)
    far = FAR_MAX if any(w.ranged for w in weapons) else 0
    far = far or (NEAR_MAX if any(w.thrown for w in weapons) else 0)
    out = grown(ends, 1)
    if far:
        out |= grown(ends, far) & (ctx.sight.visibility(start) >= 0)
    out &= ~grid.arrays().blocks_move
    out[start[1], start[0]] = False
    return cells_of(out)
