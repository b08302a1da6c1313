"""The legal steps of one grid version as a tcod graph: the flood behind
:func:`~game.geometry.movement.reachable`, and the step lists the path search walks.

The step rule is movement.py's (source 004 · The Grid; DESIGN.md · Geometry): any of the
8 king moves into a cell that does not block movement, not diagonally between two blocking
cells, entering a cell costs its ``move_cost`` (at least 1). tcod's pathfinder floods the
costs in C: one rule for the 4 orthogonal steps, one per diagonal with a *condition* array
that is False on the cells a squeeze forbids that diagonal from. The arrays are padded by
one blocked cell on every side (flat index ``(y+1)*(w+2) + x+1``), so a neighbour of a
cell on the map is always an index.

Creatures change per call: their cells are set to cost 0 (blocked) in the shared cost
array for the length of one flood and restored after. The floods share arrays, so a
graph's ``lock`` is held from a flood until its answer has been read (the AI may think
on a worker thread).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell, Grid, TerrainArrays

if TYPE_CHECKING:  # tcod loads with the first step graph, not with the menu (first frame)
    import tcod.path

#: The 8 king-move offsets in a fixed order (orthogonal first), so results are
#: deterministic: searches try a cell's steps in this order.
STEPS: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


class StepGraph:
    """The legal steps of one grid version (build with :func:`step_graph`)."""

    def __init__(self, grid: Grid, arrays: TerrainArrays) -> None:
        height, width = grid.height, grid.width
        self.arrays = arrays
        self.width, self.height = width, height
        self.stride = stride = width + 2
        self.shape = shape = (height + 2, width + 2)
        blocked = np.ones(shape, dtype=bool)
        blocked[1:-1, 1:-1] = arrays.blocks_move
        open_costs = arrays.move_cost[~arrays.blocks_move]
        if open_costs.size and int(open_costs.min()) < 1:
            raise ValueError("every cell that can be entered must cost at least 1 square")
        self.max_cost = int(open_costs.max()) if open_costs.size else 1
        cost = np.zeros(shape, dtype=np.int32)
        cost[1:-1, 1:-1] = np.where(arrays.blocks_move, 0, arrays.move_cost)
        #: Cost of entering each padded cell, 0 where blocked (tcod's "blocked").
        self.cost = cost
        #: The same as plain ints, for the Python walks.
        self.cost_flat: list[int] = cost.ravel().tolist()
        self.offsets = np.array([dy * stride + dx for dx, dy in STEPS], dtype=np.int64)
        # A diagonal step (dx, dy) from a cell is refused when the cells beside it,
        # (x+dx, y) and (x, y+dy), both block movement.
        flat_blocked = blocked.ravel()
        index = np.arange(flat_blocked.size, dtype=np.int64)
        self._conditions: list[tuple[Cell, npt.NDArray[np.int8] | None]] = []
        squeeze_in = np.zeros((flat_blocked.size, 8), dtype=bool)
        for k, (dx, dy) in enumerate(STEPS):
            if not (dx and dy):
                self._conditions.append(((dy, dx), None))
                continue
            side = np.clip(index + dx, 0, index.size - 1)
            ahead = np.clip(index + dy * stride, 0, index.size - 1)
            refused = flat_blocked[side] & flat_blocked[ahead]
            self._conditions.append(((dy, dx), (~refused).astype(np.int8).reshape(shape)))
            # Seen from the cell entered: the step into n from n - offset is refused.
            came_from = np.clip(index - self.offsets[k], 0, index.size - 1)
            squeeze_in[:, k] = refused[came_from]
        #: Sort keys of a step into a cell (see :func:`reach_costs`): ``scale`` times the
        #: cost of the cell stepped from, plus, per padded cell n and step k, the flat index
        #: of n - offset times 8 plus k (the order in which a search popping cells by
        #: (cost, index) first enters n that way), or past every key when that step is a
        #: squeeze.
        self.entry_scale = np.int64(8 * index.size)  # int64 sums, whatever dist holds
        never = (self.max_cost * index.size + 3) * int(self.entry_scale)
        self.entry_code = (index[:, None] - self.offsets[None, :]) * 8 + np.arange(8)
        self.entry_code += np.where(squeeze_in, never, 0)
        #: Flat index of each padded cell, ``[y+1, x+1]``.
        self.flat_index = index.reshape(shape)
        #: The cell of each padded flat index.
        self.cells: tuple[Cell, ...] = tuple(
            (i % stride - 1, i // stride - 1) for i in range(flat_blocked.size)
        )
        self._plain = self._graph(cost)
        import tcod.path

        self._reach_finder = tcod.path.Pathfinder(self._plain)
        #: The legal steps from each flat index as :meth:`steps` answers them, None until
        #: first asked (searches read it directly and call :meth:`steps` on a None).
        self.step_table: list[tuple[int, ...] | None] = [None] * flat_blocked.size
        #: Held from a flood until its answer is read (the arrays are shared).
        self.lock = threading.RLock()

    def _graph(self, cost: npt.NDArray[np.int32]) -> tcod.path.CustomGraph:
        import tcod.path

        graph = tcod.path.CustomGraph(self.shape)
        for edge, condition in self._conditions:
            graph.add_edge(edge, 1, cost=cost, condition=condition)
        return graph

    def index(self, cell: Cell) -> int:
        return (cell[1] + 1) * self.stride + cell[0] + 1

    def in_frame(self, cell: Cell) -> bool:
        """On the map or on the blocked frame around it."""
        return -1 <= cell[0] <= self.width and -1 <= cell[1] <= self.height

    def steps(self, here: int) -> tuple[int, ...]:
        """Flat indices of the legal steps from ``here``, in :data:`STEPS` order (the same
        legality as ``movement.step_allowed``); filled in as walks first ask."""
        found = self.step_table[here]
        if found is None:
            cost = self.cost_flat
            out = []
            for k, off in enumerate(self.offsets.tolist()):
                there = here + off
                if not cost[there]:
                    continue
                dx, dy = STEPS[k]
                if dx and dy and not cost[here + dx] and not cost[here + dy * self.stride]:
                    continue
                out.append(there)
            found = self.step_table[here] = tuple(out)
        return found

    @contextmanager
    def without(self, cost: npt.NDArray[np.int32], banned: Iterable[int]) -> Iterator[None]:
        """``cost`` with the ``banned`` flat indices blocked, for the length of the block."""
        flat = cost.reshape(-1)
        where = np.fromiter(banned, dtype=np.int64)
        held = flat[where].copy()
        flat[where] = 0
        try:
            yield
        finally:
            flat[where] = held

    def flood(self, root: int, limit: int, banned: Iterable[int]) -> npt.NDArray[np.int32]:
        """Cheapest cost from ``root`` to every cell costing at most ``limit`` (others
        ``limit + 1``), never entering ``banned``; a ``[y+1, x+1]`` padded array, owned
        by this graph until the next flood."""
        finder = self._reach_finder
        distance = finder.distance
        distance[...] = limit + 1
        with self.without(self.cost, banned):
            finder.add_root(divmod(root, self.stride))
            finder.resolve()
        return distance


_GRAPHS: dict[int, StepGraph] = {}
# Graphs kept: at most 8, and together at most about so many squares (a graph holds
# ~27 MiB on a 256x256 map: 8 of them were half the 400 MiB budget of the big-map bench).
_MAX_GRAPHS = 8
_MAX_GRAPH_CELLS = 4 * 2**16


def step_graph(grid: Grid) -> StepGraph:
    """The :class:`StepGraph` of the grid's current version (a few kept)."""
    arrays = grid.arrays()
    held = _GRAPHS.get(id(arrays))
    if held is None or held.arrays is not arrays:
        size = grid.width * grid.height
        while _GRAPHS and (
            len(_GRAPHS) >= _MAX_GRAPHS
            or size + sum(g.width * g.height for g in _GRAPHS.values()) > _MAX_GRAPH_CELLS
        ):
            _GRAPHS.pop(next(iter(_GRAPHS)))
        held = _GRAPHS[id(arrays)] = StepGraph(grid, arrays)
    return held


def banned_indices(graph: StepGraph, cells: Iterable[Cell]) -> list[int]:
    """Flat indices of the on-map ``cells``."""
    w, h = graph.width, graph.height
    return [graph.index(c) for c in cells if 0 <= c[0] < w and 0 <= c[1] < h]


def reach_costs(
    grid: Grid, start: Cell, budget: int, occupied: frozenset[Cell], allies: frozenset[Cell]
) -> dict[Cell, int]:
    """``{cell: cost}`` of every cell within ``budget`` from ``start`` (see
    ``movement.reachable``), in the order a cheapest-first search that pops cells by
    (cost, flat index) and tries steps in :data:`STEPS` order first reaches them.

    That order is kept because callers iterate the answer: a cell is first reached from
    the earliest-popped cell (lowest cost, then lowest index) that steps into it legally
    with the total in budget, by the first of its steps that leads there.
    """
    graph = step_graph(grid)
    if not graph.in_frame(start):
        return {start: 0}
    budget = max(0, min(budget, graph.max_cost * grid.width * grid.height))
    with graph.lock:
        return _reach_costs(graph, start, budget, occupied, allies)


def _reach_costs(
    graph: StepGraph, start: Cell, budget: int, occupied: frozenset[Cell], allies: frozenset[Cell]
) -> dict[Cell, int]:
    root = graph.index(start)
    dist = graph.flood(root, budget, banned_indices(graph, occupied))
    x, y = start[0] + 1, start[1] + 1
    r0, c0 = max(0, y - budget), max(0, x - budget)
    inside = dist[r0 : y + budget + 1, c0 : x + budget + 1] <= budget
    inside[y - r0, x - c0] = False
    reached = graph.flat_index[r0 : y + budget + 1, c0 : x + budget + 1][inside]
    flat = dist.reshape(-1)
    # A cell stepped from that cannot lead here within budget (or was never reached)
    # costs more than the one that can, so the budget needs no test of its own.
    before = flat[reached[:, None] - graph.offsets[None, :]]
    keys = (before * graph.entry_scale + graph.entry_code[reached]).min(axis=1)
    order = reached[np.argsort(keys)]
    out = {start: 0}
    out.update(zip(map(graph.cells.__getitem__, order.tolist()), flat[order].tolist(), strict=True))
    for cell in allies:
        out.pop(cell, None)
    return out
