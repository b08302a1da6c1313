"""The visibility sweep as it stood before the sweeps were merged and sped up (the
oracle the property tests hold :meth:`game.geometry.sight.Sight.visibility` and
:meth:`~game.geometry.sight.Sight.seen` to: the same cover map from every origin).

Same rule as :mod:`game.geometry.segment` (DESIGN.md · Geometry, source 004 · Line of
Sight and Cover): from each of a square's 5 samples a sweep over half-columns keeps the
still-open slopes as exact intervals; the corner rule counts the corners reached; tile
cover uses the same sweep from the centre with cover tiles as raisers.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell
from game.geometry.layout import NE, NW, PINCH_ANTI, PINCH_MAIN, SE, SW, SightLayout
from game.geometry.segment import segment_blocked
from game.geometry.sight import tile_cover_column, tile_cover_towards

# The pieces the speed-up left as they were are the live ones (the same text); what the
# oracle keeps is what changed: the sweeps, their snapshots and their lookups.
from game.geometry.sweep import (
    _CLIP,
    _LINE_KEY,
    INF,
    PointVisibility,
    _subtract_open,
    _subtract_point,
)
from game.geometry.tile_sweep import _union_open, _wedge


@dataclass(slots=True)
class _Lines:
    """Interval snapshots of one sweep: the flat bounds and closed flags of every
    snapshot's intervals, concatenated, and how many intervals each has. Snapshot i
    holds for the lines from ``line_ids[i]`` up to the next snapshot's (the last to the
    end of the sweep; an empty one where the sweep stopped)."""

    line_ids: list[int]
    bounds: list[float]
    closed: list[bool]
    counts: list[int]

    def keys(
        self, xs: npt.NDArray[np.float64], slopes: npt.NDArray[np.float64]
    ) -> npt.NDArray[np.float64]:
        """Lookup keys of the targets on lines ``xs`` (broadcast against ``slopes``): the
        index of the snapshot holding on each line times ``_LINE_KEY`` plus the slope
        (-1 before the first snapshot: below every interval)."""
        run = np.searchsorted(np.array(self.line_ids, dtype=np.float64), xs, side="right") - 1
        return run * _LINE_KEY + slopes

    def edges(self) -> npt.NDArray[np.float64]:
        """The intervals as one sorted array of keys ``[lo0, hi0, lo1, hi1, ...]`` such
        that a key lies in interval i exactly when ``lo_i < key <= hi_i``: a closed lower
        bound moves down to the float below it, an open upper bound too (no float lies
        between the two). Intervals that touch share an open slope, so the array stays
        sorted."""
        if not self.bounds:
            return np.zeros(0)
        arr = np.array(self.bounds, dtype=np.float64).reshape(-1, 2)
        flags = np.array(self.closed, dtype=bool).reshape(-1, 2)
        line = np.repeat(np.arange(len(self.counts), dtype=np.float64) * _LINE_KEY, self.counts)
        lo = line + np.maximum(arr[:, 0], -_CLIP)
        hi = line + np.minimum(arr[:, 1], _CLIP)
        out = np.empty(2 * len(lo))
        out[0::2] = np.where(flags[:, 0], np.nextafter(lo, -np.inf), lo)
        out[1::2] = np.where(flags[:, 1], hi, np.nextafter(hi, -np.inf))
        return out


def _sweep_right(layout: SightLayout, sx: int, sy: int) -> _Lines:
    """Sweep the rays going right from doubled point ``(sx, sy)``."""
    lines = _Lines([], [], [], [])
    snap_bounds, snap_closed = lines.bounds, lines.closed
    counts, line_ids = lines.counts, lines.line_ids
    bounds: list[float] = [-INF, INF]
    closed: list[bool] = [False, False]
    col_mask = layout.col_mask
    pcol = layout.padded_col_mask
    pinch_mask = layout.pinch_col_mask
    edge_bits = 3 << (sy >> 1) if not sy & 1 else 0  # padded rows sy/2 and sy/2+1
    bottom = layout.height  # the last lattice row
    left, right = bisect_left, bisect_right
    changed = True
    for big_x in range(sx + 1, 2 * layout.width + 1):
        d0 = big_x - 1 - sx
        d1 = big_x - sx
        c = (big_x - 1) >> 1
        walls = col_mask[c]
        pinches = 0 if big_x & 1 else pinch_mask[big_x >> 1]
        if walls or pinches:
            # Rows the open rays may cross between the two half-lines, from the lowest
            # open slope to the highest, widened by one row (lattice rows up to the
            # bottom edge included): walls or pinches in the gaps between open intervals
            # are harmless, their slopes are already gone (each is tested below).
            lo = bounds[0]
            hi = bounds[-1]
            ymin = sy + lo * d1 if lo < 0 else sy + lo * d0
            ymax = sy + hi * d1 if hi > 0 else sy + hi * d0
            r0 = 0 if ymin < 2 else int(ymin // 2) - 1
            r1 = bottom if ymax > 2 * bottom else int(ymax // 2) + 1
            rows = ((1 << (r1 - r0 + 1)) - 1) << r0 if r0 <= r1 else 0
        if walls:
            hit = walls & rows
            while hit:
                # One run of walls one above the other at a time: its cells' open wedges
                # overlap, so they cut what one wedge of the whole run cuts, but for the
                # horizontal ray along an edge between two of them (slope 0 when the
                # source is on that edge), which the edge rule below cuts all the same.
                low = hit & -hit
                above = hit + low  # the run cleared, the bit just above it set
                above &= -above
                hit ^= above - low
                # _wedge, inlined: this loop is the hot spot of a visibility map.
                a = ((low.bit_length() - 1) << 1) - sy
                b = ((above.bit_length() - 1) << 1) - sy
                wlo = a / d1 if a >= 0 else (a / d0 if d0 else -INF)
                whi = (b / d0 if d0 else INF) if b > 0 else b / d1
                # Most walls lie in slopes already gone: test that before cutting (wlo
                # inside an interval, or the next interval starting below whi).
                k = right(bounds, wlo)
                if k & 1 or (k < len(bounds) and bounds[k] < whi):
                    _subtract_open(bounds, closed, wlo, whi)
                    changed = True
        if edge_bits and (pcol[c + 1] & edge_bits) == edge_bits:
            _subtract_point(bounds, closed, 0.0)
            changed = True
        if changed:
            snap_bounds += bounds
            snap_closed += closed
            counts.append(len(bounds) >> 1)
            line_ids.append(big_x)
            changed = False
            if not bounds:  # nothing further is seen
                break
        if pinches:
            # Lattice rows Y (doubled 2Y) on this line: the rays through a pinch end.
            hit = pinches & rows
            while hit:
                low = hit & -hit
                hit ^= low
                m = (2 * (low.bit_length() - 1) - sy) / d1
                k = left(bounds, m)
                # Only a slope inside an interval, or on a closed bound, is cut.
                if k & 1 or (k < len(bounds) and bounds[k] == m):
                    _subtract_point(bounds, closed, m)
                    changed = True
            if not bounds:  # nothing past this line is seen
                counts.append(0)
                line_ids.append(big_x + 1)
                break
    return lines


def _lookup(
    lines: _Lines, keys: npt.NDArray[np.float64], *more: npt.NDArray[np.float64]
) -> npt.NDArray[np.bool_]:
    """For each key, whether it lies in one of the recorded intervals (``more``: further
    key arrays, answered in one search with the first, split back by the caller)."""
    if more:
        keys = np.concatenate([keys.ravel(), *(k.ravel() for k in more)])
    # Inside interval i: lo_i < key <= hi_i, so an odd count of edges below the key.
    return (np.searchsorted(lines.edges(), keys, side="left") & 1).astype(bool)


class PointSweeper:
    """Computes :class:`PointVisibility` for sample points of one layout."""

    def __init__(self, layout: SightLayout) -> None:
        self.layout = layout
        self.mirror = layout.mirrored()
        w, h = layout.width, layout.height
        self._cx = np.arange(0, 2 * w + 1, 2, dtype=np.float64)  # corner X, doubled
        self._cy = np.arange(0, 2 * h + 1, 2, dtype=np.float64)
        self._mx = np.arange(1, 2 * w, 2, dtype=np.float64)  # centre X, doubled
        self._my = np.arange(1, 2 * h, 2, dtype=np.float64)
        # Which open squares a reached lattice corner counts for, by the side the ray
        # comes from (rule 4 of game.geometry.segment): at a pinch only the squares
        # on the near side.
        openq = layout.open_quadrants
        from_left = openq.copy()
        from_right = openq.copy()
        for (x, y), kind in layout.pinch.items():
            if kind == PINCH_ANTI:
                from_left[y, x] = openq[y, x] & NW
                from_right[y, x] = openq[y, x] & SE
            elif kind == PINCH_MAIN:
                from_left[y, x] = openq[y, x] & SW
                from_right[y, x] = openq[y, x] & NE
            else:
                from_left[y, x] = from_right[y, x] = 0
        self._from_left = from_left
        self._from_right = from_right

    def _side(
        self, layout: SightLayout, sx: int, sy: int
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Corners and centres strictly right of ``sx`` reached, in ``layout``'s frame."""
        lines = _sweep_right(layout, sx, sy)
        cx = self._cx[self._cx > sx]
        mx = self._mx[self._mx > sx]
        ck = lines.keys(cx[None, :], (self._cy[:, None] - sy) / (cx[None, :] - sx))
        mk = lines.keys(mx[None, :], (self._my[:, None] - sy) / (mx[None, :] - sx))
        both = _lookup(lines, ck, mk)
        return both[: ck.size].reshape(ck.shape), both[ck.size :].reshape(mk.shape)

    def point(self, p: tuple[int, int], owner: Cell) -> PointVisibility:
        """Visibility from doubled point ``p``, a sample of the open square ``owner``."""
        layout = self.layout
        w, h = layout.width, layout.height
        sx, sy = p
        corners = np.zeros((h + 1, w + 1), dtype=np.uint8)
        centres = np.zeros((h, w), dtype=bool)
        at_pinch = not (sx & 1 or sy & 1) and (sx >> 1, sy >> 1) in layout.pinch
        owner_right = 2 * owner[0] + 1 > sx
        # A sample on a pinch only looks out on its own square's side (rule 4).
        if not at_pinch or owner_right:
            cvis, mvis = self._side(layout, sx, sy)
            first_c = sx // 2 + 1
            first_m = (sx + 1) // 2
            corners[:, first_c:] = np.where(cvis, self._from_left[:, first_c:], 0)
            centres[:, first_m:] = mvis
        if not at_pinch or not owner_right:
            msx = 2 * w - sx
            cvis, mvis = self._side(self.mirror, msx, sy)
            # Mirrored columns come back reversed.
            n_c = cvis.shape[1]
            n_m = mvis.shape[1]
            cvis = cvis[:, ::-1]
            mvis = mvis[:, ::-1]
            corners[:, :n_c] = np.where(cvis, self._from_right[:, :n_c], corners[:, :n_c])
            centres[:, :n_m] |= mvis
        # Straight up and down: one segment per target, outwards from p. A line that is
        # blocked (it enters a wall, runs between two, or passes a pinch) blocks every
        # longer one the same way, so each direction stops at its first blocked target.
        if sx & 1:
            # Along the middle of a column of cells only a wall blocks (rule 1): the
            # centres up to the first wall each way.
            cx = sx >> 1
            own = sy >> 1
            column = layout.wall[:, cx]
            up = column[own::-1]  # rows own, own - 1, ..., 0
            first = int(up.argmax()) if up.any() else up.size
            centres[own - first + 1 : own + 1, cx] = True
            down = column[own + 1 :]
            first = int(down.argmax()) if down.any() else down.size
            centres[own + 1 : own + 1 + first, cx] = True
        else:
            big_x = sx >> 1
            column_quads: list[int] = layout.open_quadrants[:, big_x].tolist()
            pinch = layout.pinch
            own = sy >> 1
            for rows in (range(own, -1, -1), range(own + 1, h + 1)):
                for big_y in rows:
                    quads = column_quads[big_y]
                    if not quads:
                        continue
                    q = (sx, 2 * big_y)
                    if (big_x, big_y) in pinch:
                        bits = 0
                        for bit, cell in (
                            (NW, (big_x - 1, big_y - 1)),
                            (NE, (big_x, big_y - 1)),
                            (SW, (big_x - 1, big_y)),
                            (SE, (big_x, big_y)),
                        ):
                            if quads & bit and not segment_blocked(layout, p, q, owner, cell):
                                bits |= bit
                    else:
                        some = _any_open(quads, big_x, big_y)
                        bits = 0 if segment_blocked(layout, p, q, owner, some) else quads
                    corners[big_y, big_x] = bits
                    if not bits and big_y != own:
                        break
        return PointVisibility(corners, centres)


def _any_open(quads: int, big_x: int, big_y: int) -> Cell:
    if quads & SE:
        return (big_x, big_y)
    if quads & SW:
        return (big_x - 1, big_y)
    if quads & NE:
        return (big_x, big_y - 1)
    return (big_x - 1, big_y - 1)


# -- tile cover along centre lines ---------------------------------------------------------


def _cover_sweep_right(layout: SightLayout, a: Cell) -> tuple[_Lines, _Lines]:
    """Centre lines going right from the centre of ``a``: per centre line X, the slopes
    whose ray has passed through a cover tile's interior of level >= 1 and == 2.
    Tiles in ``a``'s own 3×3 block do not count (see game.geometry.sight).

    Only the columns holding tiles are visited: a snapshot of the unions is taken on the
    centre line after each half-column that met tiles (the lines in between share it)."""
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
    width = layout.width
    pending = -1  # the centre line after the last half-column with tiles, not yet taken
    for c in range(a[0], width):
        tiles = col_mask[c]
        if c - a[0] <= 1:
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
            rest = tiles
            while rest:
                low = rest & -rest
                rest ^= low
                r = low.bit_length() - 1
                wlo, whi = _wedge(2 * r, sy, d0, d1)
                _union_open(unions[0], wlo, whi)
                if cover[r, c] > 1:
                    _union_open(unions[1], wlo, whi)
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
    ``need``, only the squares it marks are worked out (the others are 0)."""
    h, w = layout.height, layout.width
    out = np.zeros((h, w), dtype=np.int8)
    sy = 2 * a[1] + 1
    my = np.arange(1, 2 * h, 2, dtype=np.float64)[:, None]
    for frame, ax in ((layout, a[0]), (mirror, w - 1 - a[0])):
        fsx = 2 * ax + 1
        mx = np.arange(2 * ax + 3, 2 * w, 2, dtype=np.float64)[None, :]
        if not mx.size:
            continue
        if frame is layout:
            part = out[:, ax + 1 :]
            wanted = None if need is None else need[:, ax + 1 :]
        else:
            part = out[:, : w - 1 - ax][:, ::-1]
            wanted = None if need is None else need[:, : w - 1 - ax][:, ::-1]
        if wanted is not None and not wanted.any():
            continue
        half, full = _cover_sweep_right(frame, (ax, a[1]))
        slopes = (my - sy) / (mx - fsx)
        half_keys, full_keys = half.keys(mx, slopes), full.keys(mx, slopes)
        if wanted is not None:
            half_keys, full_keys = half_keys[wanted], full_keys[wanted]
        level = _lookup(half, half_keys).astype(np.int8) + _lookup(full, full_keys)
        if wanted is None:
            part[...] = level
        else:
            part[wanted] = level
    return out


class OracleSight:
    """Visibility maps of one layout the way ``Sight.visibility`` worked them out before
    (no map cache; each sample point's sweep kept, as it is the same for every square
    sharing that point)."""

    def __init__(self, layout: SightLayout) -> None:
        self.layout = layout
        self.sweeper = PointSweeper(layout)
        self.points: dict[tuple[tuple[int, int], Cell | None], PointVisibility] = {}

    def _point(self, p: tuple[int, int], owner: Cell) -> PointVisibility:
        at_pinch = not (p[0] & 1 or p[1] & 1) and (p[0] >> 1, p[1] >> 1) in self.layout.pinch
        key = (p, owner if at_pinch else None)
        found = self.points.get(key)
        if found is None:
            found = self.points[key] = self.sweeper.point(p, owner)
        return found

    def visibility(self, a: Cell) -> npt.NDArray[np.int8]:
        """Every square as seen from ``a`` (``[y, x]``: -1 not seen, else the Cover)."""
        layout = self.layout
        h, w = layout.height, layout.width
        ax, ay = a
        if not (0 <= ax < w and 0 <= ay < h) or layout.wall[ay, ax]:
            return np.full((h, w), -1, dtype=np.int8)
        x2, y2 = 2 * ax, 2 * ay
        samples = ((x2 + 1, y2 + 1), (x2, y2), (x2 + 2, y2), (x2, y2 + 2), (x2 + 2, y2 + 2))
        corners = np.zeros((h + 1, w + 1), dtype=np.uint8)
        centres = np.zeros((h, w), dtype=bool)
        for p in samples:
            pv = self._point(p, a)
            corners |= pv.corners
            centres |= pv.centres
        seen = (
            ((corners[:-1, :-1] & SE) != 0).astype(np.int8)
            + ((corners[:-1, 1:] & SW) != 0)
            + ((corners[1:, :-1] & NE) != 0)
            + ((corners[1:, 1:] & NW) != 0)
        )
        visible = ((seen > 0) | centres) & ~layout.wall
        cover = np.where(seen == 4, 0, np.where(seen > 0, 1, 2)).astype(np.int8)
        need = visible & (cover < 2)
        if any(max(abs(x - ax), abs(y - ay)) > 1 for x, y in layout.cover_cells):
            tiles = tile_cover_map(layout, self.sweeper.mirror, a, need)
            tiles[:, ax] = tile_cover_column(layout, a)
            cells = list(layout.cover_cells)
            xs = np.array([c[0] for c in cells], dtype=np.int64)
            ys = np.array([c[1] for c in cells], dtype=np.int64)
            keep = need[ys, xs]
            if keep.any():
                tiles[ys[keep], xs[keep]] = tile_cover_towards(layout, a, xs[keep], ys[keep])
            cover = np.maximum(cover, tiles)
        return np.where(visible, cover, -1).astype(np.int8)
