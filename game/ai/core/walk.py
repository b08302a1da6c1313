"""Walking distances for the generic AI: squares to the nearest of some cells over the
map's terrain (DESIGN.md · Geometry: king moves, no diagonal squeeze between two cells
that block movement). Units are ignored: the distance says which way is closer, not
what a path costs this turn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from game.geometry.grid import Cell, Grid

UNREACHED = 1 << 20  # the distance of a cell no source reaches


class WalkField:
    """Squares from every cell to the nearest of ``sources`` (a breadth-first search over
    the terrain, run once per set of sources; ``distance`` reads it)."""

    def __init__(self, grid: Grid, sources: Iterable[Cell]) -> None:
        self.width = grid.width
        self.height = grid.height
        self.sources = tuple(sorted(set(sources)))
        self.version = grid.version
        self.grid_id = id(grid)
        self._dist = self._search(grid)

    def matches(self, grid: Grid, sources: Iterable[Cell]) -> bool:
        """Whether this field answers for ``grid`` as it is and these ``sources``."""
        return (
            self.grid_id == id(grid)
            and self.version == grid.version
            and self.sources == tuple(sorted(set(sources)))
        )

    def distance(self, cell: Cell) -> int:
        """Squares from ``cell`` to the nearest source (``UNREACHED`` when walled off)."""
        x, y = cell
        if not (0 <= x < self.width and 0 <= y < self.height):
            return UNREACHED
        return self._dist[(y + 1) * (self.width + 2) + x + 1]

    def _search(self, grid: Grid) -> list[int]:
        stride = self.width + 2
        flat = grid.arrays().move_flat  # -1: blocked or off the map
        dist = [UNREACHED] * len(flat)
        queue: deque[int] = deque()
        for x, y in self.sources:
            if 0 <= x < self.width and 0 <= y < self.height:
                i = (y + 1) * stride + x + 1
                if dist[i] != 0:
                    dist[i] = 0
                    queue.append(i)
        straight = (1, -1, stride, -stride)
        diagonal = ((1, stride), (-1, stride), (1, -stride), (-1, -stride))
        while queue:
            i = queue.popleft()
            d = dist[i] + 1
            for s in straight:
                j = i + s
                if flat[j] >= 0 and dist[j] > d:
                    dist[j] = d
                    queue.append(j)
            for sx, sy in diagonal:
                j = i + sx + sy
                if flat[j] >= 0 and dist[j] > d and (flat[i + sx] >= 0 or flat[i + sy] >= 0):
                    dist[j] = d
                    queue.append(j)
        return dist
