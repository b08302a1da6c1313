"""Tile cover on the centre lines from one square to every square, by sweep.

The rule (DESIGN.md · Geometry, source 004 · Line of Sight and Cover, see
:mod:`game.geometry.sight`): a cover tile counts when the line between the two
*centres* passes through its interior, except the tiles in the viewer's own 3×3 block
and the target's own tile. As :mod:`game.geometry.sweep` does for walls, the rays from
the viewer's centre going right are named by their slope; walking the half-columns
that hold tiles, the slopes whose ray has passed through a tile (of any level, and of
full cover) grow as unions of open intervals, snapshot on the centre lines; every
target's centre is then looked up once. Rays going left use the mirrored layout.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell
from game.geometry.layout import SightLayout
from game.geometry.sweep import _LINE_KEY, INF, _Lines


def _wedge(r2: int, sy: int, d0: int, d1: int) -> tuple[float, float]:
    """Open slope interval of the rays crossing the open cell rows ``(r2, r2+2)``
    (doubled) between the half-lines at distances d0 < d1 from the source."""
    a = r2 - sy
    b = r2 + 2 - sy
    if a >= 0:
        wlo = a / d1
    else:
        wlo = a / d0 if d0 else -INF
    if b > 0:
        whi = b / d0 if d0 else INF
    else:
        whi = b / d1
    return wlo, whi


def _union_open(bounds: list[float], a: float, b: float) -> None:
    """Unite the open interval ``(a, b)`` into ``bounds`` (flat sorted disjoint open
    intervals, in place); intervals that only touch stay apart (the touching slope is
    in neither)."""
    i = bisect_right(bounds, a) >> 1  # first interval reaching past a
    j = (bisect_left(bounds, b) + 1) >> 1  # first interval starting at or after b
    if i < j:
        a = min(a, bounds[2 * i])
        b = max(b, bounds[2 * j - 1])
    bounds[2 * i : 2 * j] = (a, b)


def _cover_sweep_right(layout: SightLayout, a: Cell) -> tuple[_Lines, _Lines]:
    """Centre lines going right from the centre of ``a``: per centre line X, the slopes
    whose ray has passed through a cover tile's interior of level >= 1 and == 2.
    Tiles in ``a``'s own 3×3 block do not count (see game.geometry.sight).

    Only the columns holding tiles are visited: a snapshot of the unions is taken on the
    centre line after each half-column that met tiles (the lines in between share it).
    Past ``a``'s block, a run of tiles one above the other is one wedge: the wedges of
    two tiles on top of each other overlap (the centre ``sy`` is never on their common
    edge), so they unite into the run's."""
    sx, sy = 2 * a[0] + 1, 2 * a[1] + 1
    cover = layout.cover
    unions: tuple[list[float], list[float]] = ([], [])
    lines = (_Lines([], [], [], []), _Lines([], [], [], []))

    def snapshot(big_x: int) -> None:
        for union, rec in zip(unions, lines, strict=True):
            if union:
                rec.bounds += union
                rec.closed += [False] * len(union)
                rec.counts.append(len(union) >> 1)
                rec.line_ids.append(big_x)

    near = ((1 << 3) - 1) << (a[1] - 1) if a[1] >= 1 else (1 << 2) - 1
    col_mask = layout.cover_col_mask
    any_runs, full_runs = layout.cover_runs, layout.full_cover_runs
    width = layout.width
    pending = -1  # the centre line after the last half-column with tiles, not yet taken
    for c in range(a[0], width):
        tiles = col_mask[c]
        in_block = c - a[0] <= 1
        if in_block:
            tiles &= ~near
        if not tiles:
            continue
        if pending >= 0 and pending != 2 * c + 1:
            snapshot(pending)
        pending = -1
        for big_x in (2 * c + 1, 2 * c + 2):  # the two half-columns of column c
            if big_x <= sx:
                continue
            d0 = big_x - 1 - sx
            d1 = big_x - sx
            if in_block:  # tile by tile, leaving out the block's
                rest = tiles
                while rest:
                    low = rest & -rest
                    rest ^= low
                    r = low.bit_length() - 1
                    wlo, whi = _wedge(2 * r, sy, d0, d1)
                    _union_open(unions[0], wlo, whi)
                    if cover[r, c] > 1:
                        _union_open(unions[1], wlo, whi)
            else:
                for runs, union in ((any_runs[c], unions[0]), (full_runs[c], unions[1])):
                    for i in range(0, len(runs), 2):
                        top = runs[i] - sy
                        bottom = runs[i + 1] - sy
                        wlo = top / d1 if top >= 0 else top / d0
                        whi = bottom / d0 if bottom > 0 else bottom / d1
                        _union_open(union, wlo, whi)
            if big_x & 1:
                snapshot(big_x)
        if c + 1 < width:
            pending = 2 * c + 3
    if pending >= 0:
        snapshot(pending)
    return lines


def tile_cover_map(
    layout: SightLayout,
    mirror: SightLayout,
    a: Cell,
    need: npt.NDArray[np.bool_] | None = None,
) -> npt.NDArray[np.int8]:
    """Cover from tiles on the centre line from ``a`` to every square (``[y, x]``),
    ignoring ``a``'s 3×3 block and counting each square's own tile; the caller
    fixes up squares that are themselves cover tiles and ``a``'s own column. With
    ``need``, only the squares it marks are worked out (the others are 0).

    The four sweeps' snapshots (each side, each level) are looked up in one search,
    numbered so that the keys of a row of targets run in order: per level, the left
    side's from the farthest line in, an empty one (lines before a side's first tile,
    and ``a``'s own column), the right side's outwards."""
    h, w = layout.height, layout.width
    ax, ay = a
    sx, sy = 2 * ax + 1, 2 * ay + 1
    out = np.zeros((h, w), dtype=np.int8)
    right_need = need is None or bool(need[:, ax + 1 :].any())
    left_need = need is None or bool(need[:, :ax].any())
    empty = _Lines([], [], [], [])
    right = _cover_sweep_right(layout, a) if right_need and ax + 1 < w else (empty, empty)
    left = _cover_sweep_right(mirror, (w - 1 - ax, ay)) if left_need and ax else (empty, empty)
    if not (right[0].counts or left[0].counts):
        return out  # no tile on either side
    lines = _Lines([], [], [], [])
    numbers: list[npt.NDArray[np.float64]] = []
    columns = np.arange(w, dtype=np.float64)
    runs: list[npt.NDArray[np.float64]] = []
    base = 0
    for level in (0, 1):
        run = np.empty(w)
        lside, rside = left[level], right[level]
        nl = len(lside.counts)
        for side in (lside, rside):
            lines.bounds += side.bounds
            lines.closed += side.closed
            lines.counts += side.counts
        numbers.append(np.arange(base + nl - 1, base - 1, -1, dtype=np.float64))
        numbers.append(
            np.arange(base + nl + 1, base + nl + 1 + len(rside.counts), dtype=np.float64)
        )
        # Centre line X = 2x + 1; on the left, line 2w - X of the mirrored sweep.
        found = np.searchsorted(
            np.array(lside.line_ids, dtype=np.float64), 2 * (w - columns[:ax]) - 1, "right"
        )
        run[:ax] = base + nl - found
        run[ax] = base + nl
        found = np.searchsorted(
            np.array(rside.line_ids, dtype=np.float64), 2 * columns[ax + 1 :] + 1, "right"
        )
        run[ax + 1 :] = base + nl + found
        runs.append(run * _LINE_KEY)
        base += nl + 1 + len(rside.counts)
    # Slopes of the centres from a's centre: dy / |dx| (a's own column's dx taken as 1).
    dx = np.abs(2 * columns + 1 - sx)
    dx[ax] = 1.0
    table = (2 * np.arange(h, dtype=np.float64) + 1 - sy)[:, None] / dx
    keys = np.empty((2, h, w))
    np.add(runs[0], table, out=keys[0])
    np.add(runs[1], table, out=keys[1])
    flat = keys.reshape(2, h * w)
    if need is not None:
        flat = flat[:, need.ravel()]
    edges = lines.edges(np.concatenate(numbers))
    edges.sort()  # the left sides' snapshots were listed from the nearest line
    # Inside interval i: lo_i < key <= hi_i, so an odd count of edges below the key.
    inside = (np.searchsorted(edges, flat.ravel(), side="left") & 1).astype(np.int8)
    level = inside.reshape(2, -1).sum(axis=0, dtype=np.int8)
    if need is None:
        out[...] = level.reshape(h, w)
    else:
        out[need] = level
    return out
