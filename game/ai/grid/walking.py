"""Walking helpers of the grid planner (``plans``): squares from a cell to every square
of the board, and how much of a path one Move covers."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.ai.grid.board import Array, Board
from game.geometry.grid import Cell
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.context import Context


def board_distance(board: Board, at: Cell) -> Array:
    """Squares from ``at`` to every square (Chebyshev)."""
    from game.ai.grid.board import chebyshev

    return chebyshev(board.width, board.height, at).astype(np.float64)


def first_leg(
    ctx: Context, unit: str, path: tuple[Cell, ...], speed: int
) -> tuple[Cell, ...] | None:
    """The longest start of ``path`` one Move covers that does not stop on a unit."""
    taken = set(units.occupied_cells(ctx)) - {units.cell(ctx, unit)}
    spent = 0
    end = 0
    for i, c in enumerate(path):
        spent += ctx.grid.terrain(c).move_cost
        if spent > speed:
            break
        if c not in taken:
            end = i + 1
    return path[:end] if end else None
