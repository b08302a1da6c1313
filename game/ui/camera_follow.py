"""Where the battle camera goes by itself: a readable start, and following the AI.

Issue 4 play-test (#13): on a big map the fitted zoom made units tiny, and the camera
stayed put while AI units acted off screen. So the battle starts at the closest zoom
(squares ``READABLE_CELL_PX`` to ``START_CELL_PX`` wide) that still shows the units of the
side in turn, centred on them (the whole map when it fits at that zoom; a later play-test:
a 1920×1080 window opened the village at 24-px squares with wide empty margins); and when
an AI unit acts out of view the camera pans to it, smoothly at the slow and normal AI
speeds, at once at fast, not at all at instant (nothing would be seen). It never fights
the player: for ``HANDS_OFF_S`` seconds after the player pans or zooms, it stays where the
player put it. Pure arithmetic on ``Camera``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from game.geometry.grid import Cell
from game.ui.camera import ZOOM_LEVELS, Camera

READABLE_CELL_PX = 32
START_CELL_PX = 48  # the battle opens no closer than this
FOCUS_MARGIN = 2  # squares shown around the side's units at the start
HANDS_OFF_S = 2.0
FOLLOW_RATE = {"slow": 4.0, "normal": 7.0}  # fraction of the way per second (exponential)
EDGE_CELLS = 1  # a unit this close to the view's edge counts as out of view


def readable_start(
    camera: Camera,
    map_w: int,
    map_h: int,
    focus: Sequence[Cell],
    also: Sequence[Cell] = (),
) -> Camera:
    """The largest zoom step, with squares from ``READABLE_CELL_PX`` to ``START_CELL_PX``,
    at which ``focus`` (the side's units) and ``FOCUS_MARGIN`` squares around them fit,
    centred on them; the whole map instead when it fits at that step or bigger (and
    readable); the smallest readable step when even that cannot show them all.

    ``also`` (the other units in sight) are shown too when ``focus`` and they fit together
    at a readable step (play-test: the duel opened with the enemy cut off at the top)."""
    fitted = camera.fit(map_w, map_h)
    if not focus:
        return fitted
    if also:
        both = [*focus, *also]
        if _fits_readable(camera, both):
            return readable_start(camera, map_w, map_h, both)
        if fitted.cell_px >= READABLE_CELL_PX:
            return fitted  # the margin does not fit, but the whole map, readable, does
    xs, ys = [c[0] for c in focus], [c[1] for c in focus]
    box_w, box_h = _box(focus)
    steps = range(len(ZOOM_LEVELS) - 1)  # never the closest step: one can still zoom in
    big_enough = [i for i in steps if camera.tile * ZOOM_LEVELS[i] >= READABLE_CELL_PX]
    readable = [i for i in big_enough if camera.tile * ZOOM_LEVELS[i] <= START_CELL_PX]
    readable = readable or big_enough[:1] or [len(ZOOM_LEVELS) - 2]
    showing = [
        i
        for i in readable
        if box_w * camera.tile * ZOOM_LEVELS[i] <= camera.view_w
        and box_h * camera.tile * ZOOM_LEVELS[i] <= camera.view_h
    ]
    level = max(showing) if showing else min(readable)
    if fitted.cell_px >= READABLE_CELL_PX and fitted.level >= level:
        return fitted
    middle = ((min(xs) + max(xs) + 1) // 2, (min(ys) + max(ys) + 1) // 2)
    return replace(camera, level=level).centred_on(middle).clamped(map_w, map_h)


def _box(cells: Sequence[Cell]) -> tuple[int, int]:
    """The width and height in squares of ``cells`` with ``FOCUS_MARGIN`` around them."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return (
        max(xs) - min(xs) + 1 + 2 * FOCUS_MARGIN,
        max(ys) - min(ys) + 1 + 2 * FOCUS_MARGIN,
    )


def _fits_readable(camera: Camera, cells: Sequence[Cell]) -> bool:
    """Whether ``cells`` (with the margin) fit in view at some zoom step with squares at
    least ``READABLE_CELL_PX`` wide."""
    box_w, box_h = _box(cells)
    return any(
        camera.tile * z >= READABLE_CELL_PX
        and box_w * camera.tile * z <= camera.view_w
        and box_h * camera.tile * z <= camera.view_h
        for z in ZOOM_LEVELS[:-1]
    )


def out_of_view(camera: Camera, map_w: int, map_h: int, cells: Sequence[Cell]) -> bool:
    """Whether any of ``cells`` lies outside the view (or within ``EDGE_CELLS`` of its edge)."""
    x0, y0, x1, y1 = camera.visible_cells(map_w, map_h)
    e = EDGE_CELLS  # no margin where the view reaches the map's own edge
    lo_x, hi_x = x0 + (e if x0 > 0 else 0), x1 - (e if x1 < map_w else 0)
    lo_y, hi_y = y0 + (e if y0 > 0 else 0), y1 - (e if y1 < map_h else 0)
    return any(not (lo_x <= x < hi_x and lo_y <= y < hi_y) for x, y in cells)


def aim_at(camera: Camera, map_w: int, map_h: int, cells: Sequence[Cell]) -> Camera:
    """The camera (same zoom) centred on the middle of ``cells``, kept on the map."""
    middle = (
        round(sum(c[0] for c in cells) / len(cells)),
        round(sum(c[1] for c in cells) / len(cells)),
    )
    return camera.centred_on(middle).clamped(map_w, map_h)


def step_toward(camera: Camera, target: Camera, dt: float, rate: float) -> Camera:
    """Move ``camera`` part of the way to ``target`` (exponential ease; snaps when close)."""
    k = 1.0 - math.exp(-rate * dt)
    x = camera.x + (target.x - camera.x) * k
    y = camera.y + (target.y - camera.y) * k
    if abs(target.x - x) * camera.zoom < 1 and abs(target.y - y) * camera.zoom < 1:
        x, y = target.x, target.y
    return replace(camera, x=x, y=y)
