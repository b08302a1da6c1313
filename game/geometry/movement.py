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

import heapq
from collections.abc import Iterable

from game.geometry.grid import Cell, Grid, TerrainArrays

#: The 8 king-move offsets in a fixed order (orthogonal first), so results are
#: deterministic.
STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


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


def _offsets(stride: int) -> tuple[tuple[int, int, int], ...]:
    """(flat offset, x part, y part) of the 8 steps on a padded flat grid."""
    return tuple((dy * stride + dx, dx, dy * stride) for dx, dy in STEPS)


Steps = tuple[tuple[int, int], ...]  # (flat index entered, its cost) of one cell's legal steps
_STEP_TABLES: dict[int, tuple[TerrainArrays, list[Steps | None]]] = {}


def _step_table(grid: Grid) -> tuple[tuple[int, ...], list[Steps | None]]:
    """The padded cost list and, per padded flat index, the terrain-legal steps from it
    in :data:`STEPS` order (filled in as the searches first reach each cell; kept per
    grid version). The same legality as :func:`step_allowed`."""
    arrays = grid.arrays()
    held = _STEP_TABLES.get(id(arrays))
    if held is None or held[0] is not arrays:
        if len(_STEP_TABLES) >= 8:
            _STEP_TABLES.pop(next(iter(_STEP_TABLES)))
        held = (arrays, [None] * len(arrays.move_flat))
        _STEP_TABLES[id(arrays)] = held
    return arrays.move_flat, held[1]


def _steps_from(cost: tuple[int, ...], here: int, stride: int) -> Steps:
    out = []
    for off, ox, oy in _offsets(stride):
        there = here + off
        enter = cost[there]
        if enter < 0 or (ox and oy and cost[here + ox] < 0 and cost[here + oy] < 0):
            continue
        out.append((there, enter))
    return tuple(out)


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
    module docstring for the decisions).
    """
    occ, allies = _blocked_sets(occupied, passable, start)
    stride = grid.width + 2
    cost, table = _step_table(grid)
    banned = {(y + 1) * stride + x + 1 for x, y in occ if grid.in_bounds((x, y))}
    origin = (start[1] + 1) * stride + start[0] + 1
    best: dict[int, int] = {origin: 0}
    frontier: list[tuple[int, int]] = [(0, origin)]
    pop, push, get = heapq.heappop, heapq.heappush, best.get
    over = budget + 1
    while frontier:
        spent, here = pop(frontier)
        if spent > best[here]:
            continue
        steps = table[here]
        if steps is None:
            steps = table[here] = _steps_from(cost, here, stride)
        for there, enter in steps:
            total = spent + enter
            if total < get(there, over) and there not in banned:
                best[there] = total
                push(frontier, (total, there))
    out: dict[Cell, int] = {}
    for index, c in best.items():
        cell = (index % stride - 1, index // stride - 1)
        if cell not in allies:
            out[cell] = c
    return out


def shortest_path(
    grid: Grid,
    start: Cell,
    goal: Cell,
    occupied: Iterable[Cell] = frozenset(),
    passable: Iterable[Cell] = frozenset(),
) -> list[Cell] | None:
    """The cheapest legal path from ``start`` to ``goal`` (A*), both included, or None.

    Same movement rules as :func:`reachable`: ``goal`` may not be occupied nor an
    ally's cell. Among equally cheap paths the result is deterministic and prefers
    fewer steps.
    """
    occ, allies = _blocked_sets(occupied, passable, start)
    if start == goal:
        return [start]
    if not grid.in_bounds(goal) or grid.blocks_move(goal) or goal in occ or goal in allies:
        return None
    if not grid.in_bounds(start):
        return None
    stride = grid.width + 2
    cost, table = _step_table(grid)
    banned = {(y + 1) * stride + x + 1 for x, y in occ if grid.in_bounds((x, y))}
    origin = (start[1] + 1) * stride + start[0] + 1
    target = (goal[1] + 1) * stride + goal[0] + 1
    gx, gy = goal[0] + 1, goal[1] + 1
    came: dict[int, int] = {}
    best: dict[int, tuple[int, int]] = {origin: (0, 0)}
    # Heap entries: (cost + heuristic, steps, tie, cell). Every step costs at least 1,
    # so Chebyshev distance is an admissible, consistent heuristic.
    tie = 0
    frontier: list[tuple[int, int, int, int]] = [(distance(start, goal), 0, 0, origin)]
    closed: set[int] = set()
    while frontier:
        _, _, _, here = heapq.heappop(frontier)
        if here in closed:
            continue
        if here == target:
            path = [goal]
            while here != origin:
                here = came[here]
                path.append((here % stride - 1, here // stride - 1))
            path.reverse()
            return path
        closed.add(here)
        spent, walked = best[here]
        steps = table[here]
        if steps is None:
            steps = table[here] = _steps_from(cost, here, stride)
        for there, enter in steps:
            if there in banned or there in closed:
                continue
            key = (spent + enter, walked + 1)
            old = best.get(there)
            if old is None or key < old:
                best[there] = key
                came[there] = here
                tie += 1
                h = max(abs(gx - there % stride), abs(gy - there // stride))
                heapq.heappush(frontier, (key[0] + h, key[1], tie, there))
    return None


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
