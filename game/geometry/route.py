"""The cheapest path between two cells, with the tie-breaks of the A* search the game has
always used (``movement.shortest_path``; source 004 · The Grid).

That search pops ``(cost + heuristic, steps, push count, cell)`` off a heap, the heuristic
being the Chebyshev distance to the goal, keys compared as (cost, steps); a cell's
predecessor is the first popped neighbour that offers its best key. Here tcod floods the
exact (cost, steps) of every cell cheaper than the goal (``cost * scale + steps`` in one
number), and the path is walked back from the goal choosing, among the neighbours that
offer a cell its key, the one that search would have popped first:

- the smallest ``cost + heuristic`` (all offer the same cost and steps);
- then the one pushed first: pushed when *its* predecessor was popped, at that step's place
  in ``STEPS`` — so compare the two predecessors the same way (the same cell: the earlier
  step), up the two chains until they differ.

Every cell compared is cheaper than the goal, so the flood has settled it. Why this is the
A*'s choice: with a consistent heuristic, every neighbour offering a cell its key is popped
before that cell, each cell is popped with its best key, and pops follow the heap order.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from game.geometry.grid import Cell, Grid
from game.geometry.step_graph import INT32_MAX, StepGraph, banned_indices, step_graph

Key = tuple[int, int] | None  # (cost, steps) of a cell's cheapest path, None: not settled


class _Need(Exception):
    """Comparing two cells needs the predecessor of ``node`` first."""

    def __init__(self, node: int) -> None:
        super().__init__(node)
        self.node = node


def cheapest_path(
    grid: Grid, start: Cell, goal: Cell, occupied: frozenset[Cell], limit: int = INT32_MAX
) -> list[Cell] | None:
    """Cells from ``start`` to ``goal`` (both on the map, the goal free), or None when no
    path avoids ``occupied``. ``limit`` is the largest flood sum tcod may hold (smaller in
    tests, to try the Python search that takes over beyond it)."""
    graph = step_graph(grid)
    banned = banned_indices(graph, occupied)
    origin, target = graph.index(start), graph.index(goal)
    key = _keys(graph, origin, target, banned, limit)
    if key(target) is None:
        return None
    came = _Predecessors(graph, key, origin, target)
    path = [goal]
    here = target
    while here != origin:
        here = came.of(here)
        path.append(graph.cells[here])
    path.reverse()
    return path


def _keys(
    graph: StepGraph, origin: int, target: int, banned: list[int], limit: int
) -> Callable[[int], Key]:
    """(cost, steps) of the cells cheaper than ``target`` (and of ``target``)."""
    cells = graph.width * graph.height
    top = graph.max_cost
    # A cheapest path has fewer steps than there are cells: cost * cells + steps orders
    # (cost, steps); the largest such sum must fit.
    if top * (cells + 1) * (cells + 1) <= limit:
        return _tcod_keys(graph, cells, origin, target, banned)
    plain = graph.flood_to(1, 0, origin, target, banned).item(target)
    if plain == INT32_MAX:
        return lambda n: None
    scale = plain + top + 1  # every cell compared costs at most plain + top
    if scale * (scale + 1) <= limit:
        return _tcod_keys(graph, scale, origin, target, banned)
    return _python_keys(graph, origin, target, set(banned))


def _tcod_keys(
    graph: StepGraph, scale: int, origin: int, target: int, banned: list[int]
) -> Callable[[int], Key]:
    flat = graph.flood_to(scale, 1, origin, target, banned).reshape(-1)
    item = flat.item

    def key(n: int) -> Key:
        value: int = item(n)
        return None if value == INT32_MAX else divmod(value, scale)

    return key


def _python_keys(
    graph: StepGraph, origin: int, target: int, banned: set[int]
) -> Callable[[int], Key]:
    """The same keys by a Python search (paths too long for tcod's 32-bit sums)."""
    cost = graph.cost_flat
    best: dict[int, tuple[int, int]] = {origin: (0, 0)}
    frontier = [(0, 0, origin)]
    while frontier:
        spent, walked, here = heapq.heappop(frontier)
        if (spent, walked) != best[here]:
            continue
        if here == target:
            break
        for there in graph.steps(here):
            if there in banned:
                continue
            offer = (spent + cost[there], walked + 1)
            old = best.get(there)
            if old is None or offer < old:
                best[there] = offer
                heapq.heappush(frontier, (offer[0], offer[1], there))
    return best.get


class _Predecessors:
    """Each cell's predecessor on the A*'s path tree, worked out as asked."""

    def __init__(
        self, graph: StepGraph, key: Callable[[int], Key], origin: int, target: int
    ) -> None:
        self.graph = graph
        self.origin = origin
        self.key = key
        self.came: dict[int, int] = {}
        self.goal = divmod(target, graph.stride)
        self.step_of = {off: k for k, off in enumerate(graph.offsets.tolist())}

    def of(self, node: int) -> int:
        came = self.came
        stack = [node]
        while stack:
            here = stack[-1]
            if here in came:
                stack.pop()
                continue
            offers = self._offers(here)
            try:
                first = offers[0]
                for other in offers[1:]:
                    if self._earlier(other, first):
                        first = other
            except _Need as need:
                stack.append(need.node)
                continue
            came[here] = first
            stack.pop()
        return came[node]

    def _offers(self, node: int) -> list[int]:
        """The neighbours that offer ``node`` its key."""
        key = self.key(node)
        assert key is not None
        want = (key[0] - self.graph.cost_flat[node], key[1] - 1)
        if want == (0, 0):
            return [self.origin]  # the start may stand where no step leads back
        return [p for p in self.graph.steps(node) if self.key(p) == want]

    def _rank(self, node: int) -> tuple[int, int]:
        key = self.key(node)
        assert key is not None
        gy, gx = self.goal
        y, x = divmod(node, self.graph.stride)
        return key[0] + max(abs(gx - x), abs(gy - y)), key[1]

    def _earlier(self, u: int, v: int) -> bool:
        """Whether the A* pops ``u`` before ``v`` (two cells it pops)."""
        came = self.came
        while True:
            ru, rv = self._rank(u), self._rank(v)
            if ru != rv:
                return ru < rv
            if u not in came:
                raise _Need(u)
            if v not in came:
                raise _Need(v)
            pu, pv = came[u], came[v]
            if pu == pv:
                return self.step_of[u - pu] < self.step_of[v - pv]
            u, v = pu, pv
