"""The search behind ``reachable`` and ``shortest_path`` before tcod did the floods: a
plain heap Dijkstra and an A* over Python lists. The oracle the geometry property tests
hold the tcod-backed ones to (the same cells, costs, order and chosen paths)."""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from game.geometry.grid import Cell, Grid, TerrainArrays
from game.geometry.movement import STEPS, distance


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


def oracle_reachable(
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


def oracle_shortest_path(
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
