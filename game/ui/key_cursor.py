"""The keyboard's cursor on the board (issue 30: a whole battle without the mouse), as pure
arithmetic: a step of the cursor kept on the map, the next of a cycle of squares, and the
camera nudged just enough to keep the cursor in view."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from game.geometry.grid import Cell
from game.ui.camera import Camera

MARGIN_CELLS = 1  # the cursor stays this many squares inside the view's edge


def step(cell: Cell, dx: int, dy: int, map_w: int, map_h: int) -> Cell:
    """The square one arrow press away from ``cell``, kept on the ``map_w`` × ``map_h`` map."""
    return (max(0, min(map_w - 1, cell[0] + dx)), max(0, min(map_h - 1, cell[1] + dy)))


def cycled(cells: Sequence[Cell], current: Cell | None, backwards: bool = False) -> Cell | None:
    """The square after ``current`` in ``cells`` (before it when ``backwards``), round
    the end; the first (or last) when ``current`` is not among them; None when empty."""
    if not cells:
        return None
    if current is None or current not in cells:
        return cells[-1] if backwards else cells[0]
    i = list(cells).index(current)
    return cells[(i + (-1 if backwards else 1)) % len(cells)]


def by_distance(cells: Sequence[Cell], origin: Cell | None) -> list[Cell]:
    """``cells`` without repeats, nearest to ``origin`` first (squares, Chebyshev), then
    top to bottom and left to right, so a cycle visits them in a steady order."""

    def order(c: Cell) -> tuple[int, int, int]:
        far = 0 if origin is None else max(abs(c[0] - origin[0]), abs(c[1] - origin[1]))
        return (far, c[1], c[0])

    return sorted(set(cells), key=order)


def keep_in_view(camera: Camera, map_w: int, map_h: int, cell: Cell) -> Camera:
    """The camera moved (same zoom) just far enough that ``cell`` and ``MARGIN_CELLS``
    around it are in view, kept on the map; the same camera when they already are."""
    t = camera.tile
    view_w, view_h = camera.view_w / camera.zoom, camera.view_h / camera.zoom
    x = _axis(camera.x, cell[0] * t, t, view_w)
    y = _axis(camera.y, cell[1] * t, t, view_h)
    if (x, y) == (camera.x, camera.y):
        return camera
    return replace(camera, x=x, y=y).clamped(map_w, map_h)


def _axis(pos: float, start: float, tile: int, view: float) -> float:
    """One axis of ``keep_in_view``: where the view starts so the square at ``start`` (one
    ``tile`` long) with its margin lies within ``view``, moving as little as possible."""
    margin = MARGIN_CELLS * tile
    if view < tile + 2 * margin:  # too narrow for the margin: centre the square
        return start + tile / 2 - view / 2
    if start - margin < pos:
        return start - margin
    if start + tile + margin > pos + view:
        return start + tile + margin - view
    return pos
