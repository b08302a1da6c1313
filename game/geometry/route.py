"""The cheapest path between two cells (``movement.shortest_path``; source 004 · The Grid):
the A* search the game has always used, on the step graph's legal steps.

It pops ``(cost + heuristic, steps, push count, cell)`` off a heap, the heuristic being the
Chebyshev distance to the goal, keys compared as (cost, steps); a cell's predecessor is the
first popped neighbour that offers its best key. Those tie-breaks choose among equally
cheap paths, and AI choices and the golden battles hang on them, so the search stays
itself. (A tcod flood of (cost, steps) with a walk back reproducing these tie-breaks was
tried: exact, and faster on walled maps, but in open ground the ties chain back to the
start and the walk back cost more than the whole search.)
"""

from __future__ import annotations

import heapq

from game.geometry.grid import Cell, Grid
from game.geometry.step_graph import banned_indices, step_graph


def cheapest_path(
    grid: Grid, start: Cell, goal: Cell, occupied: frozenset[Cell]
) -> list[Cell] | None:
    """Cells from ``start`` to ``goal`` (both on the map, the goal free), or None when no
    path avoids ``occupied``. Every step costs at least 1, so the Chebyshev distance is
    an admissible, consistent heuristic."""
    graph = step_graph(grid)
    stride = graph.stride
    cost = graph.cost_flat
    steps = graph.steps
    banned = set(banned_indices(graph, occupied))
    origin, target = graph.index(start), graph.index(goal)
    gx, gy = goal[0] + 1, goal[1] + 1
    came: dict[int, int] = {}
    best: dict[int, tuple[int, int]] = {origin: (0, 0)}
    tie = 0
    h0 = max(abs(start[0] - goal[0]), abs(start[1] - goal[1]))
    frontier: list[tuple[int, int, int, int]] = [(h0, 0, 0, origin)]
    closed: set[int] = set()
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        here = pop(frontier)[3]
        if here in closed:
            continue
        if here == target:
            path = [goal]
            while here != origin:
                here = came[here]
                path.append(graph.cells[here])
            path.reverse()
            return path
        closed.add(here)
        spent, walked = best[here]
        for there in steps(here):
            if there in banned or there in closed:
                continue
            key = (spent + cost[there], walked + 1)
            old = best.get(there)
            if old is None or key < old:
                best[there] = key
                came[there] = here
                tie += 1
                h = max(abs(gx - there % stride), abs(gy - there // stride))
                push(frontier, (key[0] + h, key[1], tie, there))
    return None
