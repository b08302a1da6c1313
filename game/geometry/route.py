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

#: A cell's (cost, steps) as one number, ``cost * scale + steps``; None or an unreachable
#: number when the cell has not been settled.
Value = Callable[[int], int | None]


#: How deep predecessors are worked out by nested calls (two frames each).
_DEPTH = 100


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
    with graph.lock:  # the flood's arrays are read until the path is found
        found = _values(graph, origin, target, banned, limit)
        if found is None:
            return None
        value, scale = found
        came = _Predecessors(graph, value, scale, origin, target)
        path = [goal]
        here = target
        while here != origin:
            here = came.of(here)
            path.append(graph.cells[here])
    path.reverse()
    return path


def _values(
    graph: StepGraph, origin: int, target: int, banned: list[int], limit: int
) -> tuple[Value, int] | None:
    """The settled cells' values (exact for every cell the walk back looks at) and their
    scale, or None when ``target`` cannot be reached.

    The floods are A* with ``scale`` times the Chebyshev distance to the goal as the
    heuristic: a step costs at least ``scale + 1``, so along a cheapest path the sum
    grows at every step and every cell the walk back asks about is settled before the
    goal (a neighbour offering a cell its value is cheaper by a whole step).
    """
    cells = graph.width * graph.height
    top = graph.max_cost
    reach = max(graph.width, graph.height)
    # A cheapest path has fewer steps than there are cells: cost * cells + steps orders
    # (cost, steps); the largest such sum, plus the heuristic, must fit.
    if (top * cells + top + 1) * cells + cells * reach <= limit:
        return _tcod_values(graph, cells, origin, target, banned)
    plain = graph.flood_to(1, 0, origin, target, banned).item(target)
    if plain == INT32_MAX:
        return None
    # Every cell compared costs at most plain + top; a power of two, so that few
    # weighted graphs are built.
    scale = 1 << (plain + top).bit_length()
    if (scale + 1) * scale + scale * reach <= limit:
        return _tcod_values(graph, scale, origin, target, banned)
    return _python_values(graph, origin, target, set(banned))


def _tcod_values(
    graph: StepGraph, scale: int, origin: int, target: int, banned: list[int]
) -> tuple[Value, int] | None:
    flat = graph.flood_to(scale, 1, origin, target, banned).reshape(-1)
    if flat.item(target) == INT32_MAX:
        return None
    return flat.item, scale


def _python_values(
    graph: StepGraph, origin: int, target: int, banned: set[int]
) -> tuple[Value, int] | None:
    """The same values by a Python search (paths too long for tcod's 32-bit sums)."""
    scale = 1 << 40
    cost = graph.cost_flat
    best: dict[int, int] = {origin: 0}
    frontier = [(0, origin)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent != best[here]:
            continue
        if here == target:
            return best.get, scale
        for there in graph.steps(here):
            if there in banned:
                continue
            offer = spent + cost[there] * scale + 1
            old = best.get(there)
            if old is None or offer < old:
                best[there] = offer
                heapq.heappush(frontier, (offer, there))
    return None


class _Predecessors:
    """Each cell's predecessor on the A*'s path tree, worked out as asked."""

    def __init__(
        self, graph: StepGraph, value: Value, scale: int, origin: int, target: int
    ) -> None:
        self.graph = graph
        self.value = value
        self.scale = scale
        self.origin = origin
        self.came: dict[int, int] = {}
        self._offers: dict[int, list[int]] = {}
        self.goal_y, self.goal_x = divmod(target, graph.stride)
        self._ranks: dict[int, int] = {}
        self.step_of = {off: k for k, off in enumerate(graph.offsets.tolist())}

    def of(self, node: int) -> int:
        came = self.came
        stack = [node]
        while stack:
            here = stack[-1]
            if here in came:
                stack.pop()
                continue
            try:
                self._settle(here, 0)
            except _Need as need:
                stack.append(need.node)
        return came[node]

    def _settle(self, node: int, depth: int) -> None:
        """Work out ``node``'s predecessor, asking for others' first as nested calls up to
        :data:`_DEPTH` deep, beyond that by :class:`_Need` for :meth:`of`'s own stack."""
        offers = self.offers(node)
        first = offers[0]
        for other in offers[1:]:
            if self._earlier(other, first, depth):
                first = other
        self.came[node] = first

    def offers(self, node: int) -> list[int]:
        """The neighbours that offer ``node`` its value."""
        found = self._offers.get(node)
        if found is None:
            value = self.value
            want = value(node)
            assert want is not None
            want -= self.graph.cost_flat[node] * self.scale + 1
            if want == 0:
                found = [self.origin]  # the start may stand where no step leads back
            else:
                found = [p for p in self.graph.steps(node) if value(p) == want]
            self._offers[node] = found
        return found

    def _rank(self, node: int) -> int:
        """The A*'s (cost + heuristic, steps) as one number."""
        rank = self._ranks.get(node)
        if rank is None:
            value = self.value(node)
            assert value is not None
            y, x = divmod(node, self.graph.stride)
            rank = value + self.scale * max(abs(self.goal_x - x), abs(self.goal_y - y))
            self._ranks[node] = rank
        return rank

    def _earlier(self, u: int, v: int, depth: int) -> bool:
        """Whether the A* pops ``u`` before ``v`` (two cells it pops)."""
        came, rank = self.came, self._rank
        while True:
            ru, rv = rank(u), rank(v)
            if ru != rv:
                return ru < rv
            for node in (u, v):
                if node not in came:
                    if depth >= _DEPTH:
                        raise _Need(node)
                    self._settle(node, depth + 1)
            pu, pv = came[u], came[v]
            if pu == pv:
                return self.step_of[u - pu] < self.step_of[v - pv]
            u, v = pu, pv
