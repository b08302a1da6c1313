"""The cheapest path between two cells (``movement.shortest_path``; source 004 · The Grid):
the A* search the game has always used, on the step graph's legal steps.

The search pops ``(cost + heuristic, steps, push count, cell)`` in increasing order, the
heuristic being the Chebyshev distance to the goal, keys compared as (cost, steps); a
cell's predecessor is the first popped neighbour that offers its best key. Those
tie-breaks choose among equally cheap paths, and AI choices and the golden battles hang
on them, so the search stays itself. (A tcod flood of (cost, steps) with a walk back
reproducing these tie-breaks was tried: exact, and faster on walled maps, but in open
ground the ties chain back to the start and the walk back cost more than the whole search.)

How it is fast without changing a pop:

- **Buckets, not a heap of tuples.** Every step costs at least 1 and the heuristic is
  consistent, so a cell pushed while popping ``(f, s)`` has ``f' >= f`` and ``s' = s + 1``:
  every push goes to a key strictly after the one being popped. One FIFO list per
  ``(f, s)`` key therefore pops in push-count order, which is exactly the heap's third
  tie-break; only the keys themselves go through a heap.
- **One int per key.** (cost, steps) is ``cost * span + steps`` (``span``, the padded map's
  cells, exceeds any step count), the bucket key adds ``heuristic * span``.
- **Lists, not dicts.** The best key and the predecessor of each cell live in lists of
  the padded map's size kept per step graph (:class:`_Tables`); a closed or banned cell
  holds -1, so it never takes a new key, and only the cells a search touched are reset
  after it (the search holds the graph's lock meanwhile: the AI thinks on a worker thread).

``tests/movement_oracle.py`` keeps the heap search, and hypothesis holds this one to its
paths (``tests/test_geometry_movement_oracle.py``).
"""

from __future__ import annotations

import weakref
from heapq import heappop, heappush

from game.geometry.grid import Cell, Grid
from game.geometry.step_graph import StepGraph, banned_indices, step_graph


class _Tables:
    """Per step graph: the lists one search writes into (reset after each search)."""

    def __init__(self, graph: StepGraph) -> None:
        span = len(graph.cost_flat)
        self.span = span
        #: Past every (cost, steps) key a search can write; at least the largest one-digit
        #: int, so small maps compare small ints only.
        self.never = max((graph.max_cost * span + 1) * span, 2**30 - 1)
        #: Best (cost, steps) key of each padded cell so far; ``never`` = not reached.
        self.best = [self.never] * span
        #: Predecessor of each cell reached (read only along a path just found).
        self.came = [0] * span
        #: The key a step into each cell adds: its cost times ``span`` plus one step.
        shared = {c: c * span + 1 for c in set(graph.cost_flat)}  # one int object per cost
        self.enter = [shared[c] for c in graph.cost_flat]
        #: ``abs(i) * span`` for i from ``-side`` to ``side - 1`` (side: the longer padded
        #: side): a search slices its heuristic's columns and rows out of it.
        self.side = side = max(graph.shape)
        self.far = [abs(i) * span for i in range(-side, side)]


_TABLES: weakref.WeakKeyDictionary[StepGraph, _Tables] = weakref.WeakKeyDictionary()


def _tables(graph: StepGraph) -> _Tables:
    held = _TABLES.get(graph)
    if held is None:
        held = _TABLES[graph] = _Tables(graph)
    return held


def cheapest_path(
    grid: Grid, start: Cell, goal: Cell, occupied: frozenset[Cell]
) -> list[Cell] | None:
    """Cells from ``start`` to ``goal`` (both on the map, the goal free), or None when no
    path avoids ``occupied``. Every step costs at least 1, so the Chebyshev distance is
    an admissible, consistent heuristic."""
    graph = step_graph(grid)
    with graph.lock:
        return _search(graph, _tables(graph), start, goal, banned_indices(graph, occupied))


def _search(
    graph: StepGraph, tables: _Tables, start: Cell, goal: Cell, banned: list[int]
) -> list[Cell] | None:
    stride, span = graph.stride, tables.span
    best, came, enter, never = tables.best, tables.came, tables.enter, tables.never
    table, fill = graph.step_table, graph.steps
    origin, target = graph.index(start), graph.index(goal)
    gx, gy = goal[0] + 1, goal[1] + 1
    far, side = tables.far, tables.side
    hcol = far[side - gx : side - gx + stride]  # abs(gx - x) * span for each column x
    hrow = far[side - gy : side - gy + graph.shape[0]]
    for i in banned:
        best[i] = -1
    best[origin] = 0
    first = max(abs(start[0] - goal[0]), abs(start[1] - goal[1])) * span
    buckets: dict[int, list[int]] = {first: [origin]}
    order = [first]
    try:
        while order:
            for here in buckets[heappop(order)]:
                base = best[here]
                if base < 0:  # closed: a stale entry
                    continue
                if here == target:
                    path = [goal]
                    while here != origin:
                        here = came[here]
                        path.append(graph.cells[here])
                    path.reverse()
                    return path
                best[here] = -1
                for there in table[here] or fill(here):
                    key = base + enter[there]
                    if key < best[there]:
                        best[there] = key
                        came[there] = here
                        a, b = hcol[there % stride], hrow[there // stride]
                        at = key + (a if a > b else b)
                        bucket = buckets.get(at)
                        if bucket is None:
                            buckets[at] = [there]
                            heappush(order, at)
                        else:
                            bucket.append(there)
        return None
    finally:
        for bucket in buckets.values():
            for i in bucket:
                best[i] = never
        for i in banned:
            best[i] = never
