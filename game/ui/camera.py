"""Camera math for the map view: screen pixels ↔ map cells, pan and zoom.

Pure arithmetic, no pygame, so it is tested without a screen (the pyscroll
lesson in DESIGN.md · Style). World coordinates are map pixels at zoom 1
(``tile`` pixels per cell); the camera shows the world from ``(x, y)`` at its
top-left corner, scaled by ``zoom``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # a hint only: the menu draws before the geometry (numpy) is imported
    from game.geometry.grid import Cell

# Discrete zoom steps, so the map view can cache one rendering per step.
ZOOM_LEVELS: tuple[float, ...] = (0.25, 0.375, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0)


@dataclass(frozen=True, slots=True)
class Camera:
    """Where the map view looks. Every move returns a new camera."""

    tile: int  # map pixels per cell at zoom 1
    view_w: int  # size of the viewport in screen pixels
    view_h: int
    x: float = 0.0  # world pixel shown at the viewport's top-left corner
    y: float = 0.0
    level: int = ZOOM_LEVELS.index(1.0)

    @property
    def zoom(self) -> float:
        return ZOOM_LEVELS[self.level]

    @property
    def cell_px(self) -> float:
        """Size of one cell on screen, in pixels."""
        return self.tile * self.zoom

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        return ((wx - self.x) * self.zoom, (wy - self.y) * self.zoom)

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (sx / self.zoom + self.x, sy / self.zoom + self.y)

    def screen_to_cell(self, sx: float, sy: float) -> Cell:
        """The cell under a viewport pixel (may lie outside the map)."""
        wx, wy = self.screen_to_world(sx, sy)
        return (math.floor(wx / self.tile), math.floor(wy / self.tile))

    def cell_to_screen(self, cell: Cell) -> tuple[int, int, int, int]:
        """The cell's square on screen as ``(left, top, width, height)``.

        Edges are rounded from world positions (the map view rounds its chunks
        the same way) so neighbouring cells share an edge without gaps or
        overlaps at any zoom, and tokens sit exactly on the drawn tiles.
        """
        z = self.zoom
        ox, oy = round(self.x * z), round(self.y * z)
        left = round(cell[0] * self.tile * z) - ox
        top = round(cell[1] * self.tile * z) - oy
        right = round((cell[0] + 1) * self.tile * z) - ox
        bottom = round((cell[1] + 1) * self.tile * z) - oy
        return (left, top, right - left, bottom - top)

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        return self.world_to_screen((cell[0] + 0.5) * self.tile, (cell[1] + 0.5) * self.tile)

    def pan(self, dx: float, dy: float) -> Camera:
        """Move the view by a screen-pixel drag of ``(dx, dy)`` (content follows the mouse)."""
        return replace(self, x=self.x - dx / self.zoom, y=self.y - dy / self.zoom)

    def zoom_at(self, sx: float, sy: float, steps: int) -> Camera:
        """Zoom in (``steps`` > 0) or out around a viewport pixel, which stays put."""
        level = max(0, min(len(ZOOM_LEVELS) - 1, self.level + steps))
        if level == self.level:
            return self
        wx, wy = self.screen_to_world(sx, sy)
        zoom = ZOOM_LEVELS[level]
        return replace(self, level=level, x=wx - sx / zoom, y=wy - sy / zoom)

    def resized(self, view_w: int, view_h: int) -> Camera:
        """The same zoom on a ``view_w`` × ``view_h`` viewport, looking at the same world
        point in its middle (so a window made smaller keeps what was in the middle)."""
        if (view_w, view_h) == (self.view_w, self.view_h):
            return self
        z = self.zoom
        cx, cy = self.x + self.view_w / (2 * z), self.y + self.view_h / (2 * z)
        return replace(
            self, view_w=view_w, view_h=view_h, x=cx - view_w / (2 * z), y=cy - view_h / (2 * z)
        )

    def centred_on(self, cell: Cell) -> Camera:
        cx, cy = (cell[0] + 0.5) * self.tile, (cell[1] + 0.5) * self.tile
        return replace(
            self, x=cx - self.view_w / (2 * self.zoom), y=cy - self.view_h / (2 * self.zoom)
        )

    def clamped(self, map_w: int, map_h: int, margin_cells: float = 2.0) -> Camera:
        """Keep part of a ``map_w`` × ``map_h`` cell map in view.

        A map smaller than the view is centred; a larger one may scroll until
        ``margin_cells`` of empty border shows on any side.
        """
        world_w, world_h = map_w * self.tile, map_h * self.tile
        view_ww, view_wh = self.view_w / self.zoom, self.view_h / self.zoom
        margin = margin_cells * self.tile
        x = _clamp_axis(self.x, world_w, view_ww, margin)
        y = _clamp_axis(self.y, world_h, view_wh, margin)
        if x == self.x and y == self.y:
            return self
        return replace(self, x=x, y=y)

    def fit(self, map_w: int, map_h: int) -> Camera:
        """The largest zoom step that shows the whole map, centred."""
        level = 0
        for i, z in enumerate(ZOOM_LEVELS):
            if map_w * self.tile * z <= self.view_w and map_h * self.tile * z <= self.view_h:
                level = i
        return replace(self, level=level)._centre_map(map_w, map_h)

    def _centre_map(self, map_w: int, map_h: int) -> Camera:
        zoom = self.zoom
        x = (map_w * self.tile - self.view_w / zoom) / 2
        y = (map_h * self.tile - self.view_h / zoom) / 2
        return replace(self, x=x, y=y)

    def visible_cells(self, map_w: int, map_h: int) -> tuple[int, int, int, int]:
        """Cells in view as ``(x0, y0, x1, y1)``, half-open, clipped to the map."""
        wx0, wy0 = self.screen_to_world(0, 0)
        wx1, wy1 = self.screen_to_world(self.view_w, self.view_h)
        x0 = max(0, math.floor(wx0 / self.tile))
        y0 = max(0, math.floor(wy0 / self.tile))
        x1 = min(map_w, math.ceil(wx1 / self.tile))
        y1 = min(map_h, math.ceil(wy1 / self.tile))
        return (x0, y0, max(x0, x1), max(y0, y1))


def _clamp_axis(pos: float, world: float, view: float, margin: float) -> float:
    if world + 2 * margin <= view:
        return (world - view) / 2  # the whole map fits: centre it
    return max(-margin, min(world + margin - view, pos))
