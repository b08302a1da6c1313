"""Moving on the grid: distance, steps, reachable cells, paths, straight lines.

Source 004 · The Grid: one square is 5 ft and a diagonal step costs the same as
an orthogonal one, so distance is Chebyshev. Movement budgets are counted in
squares (a 30 ft move is 6 squares).

Decisions where the source is silent (written here because this code governs them):

- A step may go to any of the 8 neighbours, but not into a cell that blocks
  movement, and not diagonally between two blocking cells that touch at a corner
  (DESIGN.md · Geometry). Cutting past the corner of a single wall is allowed.
  Only terrain matters for that squeeze test; creatures never do.
- Entering a cell costs its terrain's ``move_cost`` in squares (2 for difficult
  terrain), diagonal or not. Leaving a cell is free.
- Creatures are given by the caller as two sets of cells:
  ``occupied`` cells cannot be entered at all (enemies: you may not move through
  a foe), ``passable`` cells may be moved through but not stopped on (allies).
  A cell in both counts as occupied. The start cell is never treated as occupied.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.geometry.grid import Cell, Grid
from game.geometry.route import cheapest_path
from game.geometry.step_graph import STEPS, reach_costs


def distance(a: Cell, b: Cell) -> int:
    """Distance in squares (Chebyshev; multiply by 5 for feet) — 004 · The Grid."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(grid: Grid, cell: Cell) -> list[Cell]:
    """The up to 8 on-map cells around ``cell`` (whatever their terrain)."""
    x, y = cell
    return [
        (x + dx, y + dy)
        for dx, dy in STEPS
        if 0 <= x + dx < grid.width and 0 <= y + dy < grid.height
    ]


def step_allowed(grid: Grid, a: Cell, b: Cell) -> bool:
    """Whether one step from ``a`` to the adjacent cell ``b`` is legal terrain-wise.

    ``b`` must be on the map and not block movement; a diagonal step may not
    squeeze between two blocking cells (DESIGN.md · Geometry).
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    if max(abs(dx), abs(dy)) != 1 or not grid.in_bounds(b) or grid.blocks_move(b):
        return False
    if dx and dy:
        return not (grid.blocks_move((a[0] + dx, a[1])) and grid.blocks_move((a[0], a[1] + dy)))
    return True


def _blocked_sets(
    occupied: Iterable[Cell], passable: Iterable[Cell], start: Cell
) -> tuple[frozenset[Cell], frozenset[Cell]]:
    occ = frozenset(occupied) - {start}
    return occ, frozenset(passable) - occ


def reachable(
    grid: Grid,
    start: Cell,
    budget: int,
    occupied: Iterable[Cell] = frozenset(),
    passable: Iterable[Cell] = frozenset(),
) -> dict[Cell, int]:
    """Cells where a mover from ``start`` can end with at most ``budget`` squares of cost.

    Returns ``{cell: cost}`` including ``start`` at cost 0. Cells in ``passable``
    are moved through but left out of the result (you cannot stop on an ally);
    ``occupied`` cells are neither entered nor passed (004 · The Grid; see the
    module docstring for the decisions). The cells come in the order a cheapest-first
    search reaches them (``step_graph.reach_costs``), tcod doing the flood.
    """
    occ, allies = _blocked_sets(occupied, passable, start)
    return reach_costs(grid, start, budget, occ, allies)


def shortest_path(
    grid: Grid,
    start: Cell,
    goal: Cell,
    occupied: Iterable[Cell] = frozenset(),
    passable: Iterable[Cell] = frozenset(),
) -> list[Cell] | None:
    """The cheapest legal path from ``start`` to ``goal``, both included, or None.

    Same movement rules as :func:`reachable`: ``goal`` may not be occupied nor an
    ally's cell. Among equally cheap paths the result is deterministic and prefers
    fewer steps, then follows the tie-breaks of an A* search (``route.py``).
    """
    occ, allies = _blocked_sets(occupied, passable, start)
    if start == goal:
        return [start]
    if not grid.in_bounds(goal) or grid.blocks_move(goal) or goal in occ or goal in allies:
        return None
    if not grid.in_bounds(start):
        return None
    return cheapest_path(grid, start, goal, occ)


def path_cost(grid: Grid, path: list[Cell]) -> int:
    """Squares of movement a path costs: the ``move_cost`` of every cell entered."""
    return sum(grid.terrain(cell).move_cost for cell in path[1:])


def _round_half_away(num: int, den: int) -> int:
    """``num / den`` rounded to the nearest integer, halves away from zero (den > 0)."""
    q = (2 * abs(num) + den) // (2 * den)
    return q if num >= 0 else -q


def straight_line(a: Cell, b: Cell) -> list[Cell]:
    """The cells a straight move from ``a`` to ``b`` steps through, both included.

    004 · Charge moves "in a straight line". On the grid we read that as the
    digital line between the two centres: one king step per square along the
    longer axis, the other coordinate rounded to the nearest cell (exact ties
    rounded away from the start's row/column). It always has
    ``distance(a, b) + 1`` cells, each adjacent to the next.
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(abs(dx), abs(dy))
    if n == 0:
        return [a]
    return [
        (a[0] + _round_half_away(i * dx, n), a[1] + _round_half_away(i * dy, n))
        for i in range(n + 1)
    ]


def clear_straight_line(
    grid: Grid,
    a: Cell,
    b: Cell,
    occupied: Iterable[Cell] = frozenset(),
    passable: Iterable[Cell] = frozenset(),
) -> list[Cell] | None:
    """:func:`straight_line` if every step of it is legal, else None (004 · Charge).

    Every step must pass :func:`step_allowed`; no cell may be ``occupied``; the
    last cell may not be in ``passable`` (an ally) either. Terrain costs are the
    caller's business (:func:`path_cost`): a charge still spends them.
    """
    line = straight_line(a, b)
    occ, allies = _blocked_sets(occupied, passable, a)
    for prev, cell in zip(line, line[1:], strict=False):
        if cell in occ or not step_allowed(grid, prev, cell):
            return None
    if len(line) > 1 and line[-1] in allies:
        return None
    return line
