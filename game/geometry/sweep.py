"""Visibility from one sample point to every corner and centre of the map, by sweep.

Same rule as :mod:`game.geometry.segment` (DESIGN.md · Geometry, source 004 ·
Line of Sight and Cover), computed for all targets at once instead of one line at
a time. The naive way (one segment walk per target) costs 75–175 ms per unit on a
64×64 map; this sweep shares the work between targets:

- Rays from the source ``s`` going right are named by their slope ``m``. We walk
  the vertical half-lines ``X = sx+1, sx+2, …`` (doubled coordinates) and keep the
  set of slopes still unblocked as a sorted list of intervals.
- Crossing the half-column between ``X-1`` and ``X``, every blocking cell there
  removes the *open* interval of slopes whose ray passes through its interior in
  that half-column; a horizontal ray running between two blocking cells is
  removed (edge rule); after the targets on line ``X`` are read, rays passing
  through a pinch on that line are removed (a ray may end at a pinch, not pass).
- The targets on line ``X`` (corners when ``X`` is even, centres when odd) are
  visible when their slope lies in the set. All those lookups are done at the end
  in one vectorised ``searchsorted`` over the intervals, kept once per run of lines
  that share them (a snapshot only where a cut changed them), both sides of the
  point in the same search.
- Slopes are quotients of small integers (at most 512 on a 256×256 map), so
  float64 division is exact enough: equal quotients give equal floats and
  different ones stay ordered. No epsilon is involved anywhere.

Rays going left use the mirrored layout; targets straight above or below the
source are walked outwards one unit edge at a time (there are only ``height+1`` of
them).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell
from game.geometry.layout import NE, NW, PINCH_ANTI, PINCH_MAIN, SE, SW, SightLayout
from game.geometry.segment import endpoint_ok, segment_blocked

INF = float("inf")
_LINE_KEY = 4096.0  # key = snapshot * _LINE_KEY + slope; |slope| < _CLIP keeps them apart
_CLIP = 1500.0

# The still-open slopes of a sweep: sorted, disjoint intervals kept flat, as the list of
# their bounds ``[lo0, hi0, lo1, hi1, ...]`` (non-decreasing: two intervals may touch at
# a slope that neither holds) and the parallel list of whether each bound is closed, so
# that the lookups are plain ``bisect`` calls on a list of floats.


def _subtract_open(bounds: list[float], closed: list[bool], a: float, b: float) -> None:
    """Remove the open interval ``(a, b)`` from the intervals, in place."""
    i = bisect_right(bounds, a) >> 1  # first interval reaching past a
    j = (bisect_left(bounds, b) + 1) >> 1  # first interval starting at or after b
    if i >= j:
        return
    lo, lc = bounds[2 * i], closed[2 * i]
    hi, hc = bounds[2 * j - 1], closed[2 * j - 1]
    cut: list[float] = []
    flags: list[bool] = []
    if lo < a:
        cut += (lo, a)
        flags += (lc, True)
    elif lo == a and lc:
        cut += (a, a)
        flags += (True, True)
    if hi > b:
        cut += (b, hi)
        flags += (True, hc)
    elif hi == b and hc:
        cut += (b, b)
        flags += (True, True)
    bounds[2 * i : 2 * j] = cut
    closed[2 * i : 2 * j] = flags


def _subtract_point(bounds: list[float], closed: list[bool], m: float) -> None:
    """Remove the single slope ``m`` from the intervals, in place."""
    i = bisect_left(bounds, m) >> 1  # first interval reaching m
    for k in (2 * i, 2 * i + 2):
        if k >= len(bounds):
            return
        lo, hi = bounds[k], bounds[k + 1]
        if m < lo:
            return
        lc, hc = closed[k], closed[k + 1]
        if lo < m < hi or (m == lo and lc) or (m == hi and hc):
            cut: list[float] = []
            flags: list[bool] = []
            if lo < m:
                cut += (lo, m)
                flags += (lc, False)
            if m < hi:
                cut += (m, hi)
                flags += (False, hc)
            bounds[k : k + 2] = cut
            closed[k : k + 2] = flags
            return


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

    def edges(self, runs: npt.NDArray[np.float64] | None = None) -> npt.NDArray[np.float64]:
        """The intervals as one sorted array of keys ``[lo0, hi0, lo1, hi1, ...]`` such
        that a key lies in interval i exactly when ``lo_i < key <= hi_i``: a closed lower
        bound moves down to the float below it, an open upper bound too (no float lies
        between the two). Intervals that touch share an open slope, so the array stays
        sorted. ``runs``: the number each snapshot's keys are made with (by default its
        index); when they do not increase, the caller sorts the array."""
        if not self.bounds:
            return np.zeros(0)
        if runs is None:
            runs = np.arange(len(self.counts), dtype=np.float64)
        out = np.clip(np.array(self.bounds, dtype=np.float64), -_CLIP, _CLIP)
        out += np.repeat(runs * _LINE_KEY, 2 * np.array(self.counts))
        # Moved down: the closed lower bounds and the open upper ones.
        down = np.array(self.closed, dtype=bool)
        down[1::2] ^= True
        np.copyto(out, np.nextafter(out, -np.inf), where=down)
        return out


def _sweep_right(layout: SightLayout, sx: int, sy: int) -> _Lines:
    """Sweep the rays going right from doubled point ``(sx, sy)``."""
    lines = _Lines([], [], [], [])
    snap_bounds, snap_closed = lines.bounds, lines.closed
    counts, line_ids = lines.counts, lines.line_ids
    bounds: list[float] = [-INF, INF]
    closed: list[bool] = [False, False]
    runs_of = layout.wall_runs
    bottoms_of = layout.wall_run_bottoms
    pinches_of = layout.pinch_rows
    pcol = layout.padded_col_mask
    edge_bits = 3 << (sy >> 1) if not sy & 1 else 0  # padded rows sy/2 and sy/2+1
    left, right = bisect_left, bisect_right
    subtract_open = _subtract_open
    changed = True
    d0 = -1
    below = 2 * layout.height + 1  # doubled y past the map's bottom edge, with margin
    for big_x in range(sx + 1, 2 * layout.width + 1):
        d0 += 1  # the half-column between the lines at distances d0 and d1
        d1 = d0 + 1
        c = (big_x - 1) >> 1
        # Intervals whose rays are off the map (above it, or below) from here on hold
        # no more targets: dropped, they narrow the rows the walls are tried in. (A
        # margin of one doubled unit keeps the float products on the safe side.)
        while bounds[1] < 0 and sy + bounds[1] * d0 < -1:
            del bounds[:2], closed[:2]
            if not bounds:
                break
        while bounds and bounds[-2] > 0 and sy + bounds[-2] * d0 > below:
            del bounds[-2:], closed[-2:]
        if not bounds:  # nothing on this line or further is seen
            counts.append(0)
            line_ids.append(big_x)
            break
        runs = runs_of[c]
        pinches = () if big_x & 1 else pinches_of[big_x >> 1]
        if runs or pinches:
            # Doubled y the open rays may reach between the two lines, from the lowest
            # open slope to the highest, widened by one row: walls or pinches in the gaps
            # between open intervals are harmless, their slopes are already gone (each
            # is tested below).
            lo = bounds[0]
            hi = bounds[-1]
            ymin = (sy + lo * d1 if lo < 0 else sy + lo * d0) - 2
            ymax = (sy + hi * d1 if hi > 0 else sy + hi * d0) + 2
            if runs:
                # One run of walls one above the other at a time: its cells' open wedges
                # overlap, so they cut what one wedge of the whole run cuts, but for the
                # horizontal ray along an edge between two of them (slope 0 when the
                # source is on that edge), which the edge rule below cuts all the same.
                i = right(bottoms_of[c], ymin) << 1  # the first run reaching below ymin
                n = len(runs)
                while i < n:
                    top = runs[i]
                    if top > ymax:
                        break
                    a = top - sy
                    b = runs[i + 1] - sy
                    i += 2
                    # _wedge, inlined: this loop is the hot spot of a visibility map.
                    wlo = a / d1 if a >= 0 else (a / d0 if d0 else -INF)
                    whi = (b / d0 if d0 else INF) if b > 0 else b / d1
                    # Most walls lie in slopes already gone: test that before cutting
                    # (wlo inside an interval, or the next interval starting below whi).
                    k = right(bounds, wlo)
                    if k & 1 or (k < len(bounds) and bounds[k] < whi):
                        subtract_open(bounds, closed, wlo, whi)
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
            j = left(pinches, ymin)
            n = len(pinches)
            while j < n:
                y2 = pinches[j]
                if y2 > ymax:
                    break
                j += 1
                m = (y2 - sy) / d1
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


@dataclass(frozen=True, slots=True)
class PointVisibility:
    """What one sample point of a square sees.

    ``corners[Y, X]`` holds quadrant bits (NW/NE/SW/SE of the lattice corner) of the
    open squares for which that corner counts as reached; ``centres[y, x]`` whether
    the centre of square ``(x, y)`` is reached.
    """

    corners: npt.NDArray[np.uint8]
    centres: npt.NDArray[np.bool_]


class PointSweeper:
    """Computes :class:`PointVisibility` for sample points of one layout."""

    def __init__(self, layout: SightLayout) -> None:
        self.layout = layout
        self.mirror = layout.mirrored()
        w, h = layout.width, layout.height
        self._lines = np.arange(2 * w + 1, dtype=np.float64)  # vertical lines X, doubled
        self._corner_x = np.arange(0, 2 * w + 1, 2, dtype=np.float64)  # doubled
        self._corner_y = np.arange(0, 2 * h + 1, 2, dtype=np.float64)
        self._centre_x = np.arange(1, 2 * w, 2, dtype=np.float64)
        self._centre_y = np.arange(1, 2 * h, 2, dtype=np.float64)
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

    def point(self, p: tuple[int, int], owner: Cell) -> PointVisibility:
        """Visibility from doubled point ``p``, a sample of the open square ``owner``."""
        layout = self.layout
        w, h = layout.width, layout.height
        sx, sy = p
        at_pinch = not (sx & 1 or sy & 1) and (sx >> 1, sy >> 1) in layout.pinch
        owner_right = 2 * owner[0] + 1 > sx
        # A sample on a pinch only looks out on its own square's side (rule 4). Both
        # sides' snapshots are looked up at once, numbered so that a row of targets has
        # non-decreasing numbers from left to right (sorted keys search fastest): the
        # left side's (swept in the mirrored layout) from the farthest line in, an
        # empty one for the columns no sweep reads (p's own), the right side's outwards.
        lines = _Lines([], [], [], [])
        run = np.zeros(2 * w + 1)  # the snapshot number of each vertical line X
        nl = 0
        if not at_pinch or not owner_right:
            left = _sweep_right(self.mirror, 2 * w - sx, sy)
            nl = len(left.counts)
            lines.bounds += left.bounds
            lines.closed += left.closed
            lines.counts += left.counts
            if sx and nl:
                # Line X < sx is line 2w - X of the mirrored sweep.
                lefts = np.array(left.line_ids, dtype=np.float64)
                found = np.searchsorted(lefts, self._lines[2 * w - sx + 1 :], side="right")
                run[sx - 1 :: -1] = nl - found
        run[sx] = nl
        numbers = [np.arange(nl - 1, -1, -1, dtype=np.float64)]
        if not at_pinch or owner_right:
            right = _sweep_right(layout, sx, sy)
            lines.bounds += right.bounds
            lines.closed += right.closed
            lines.counts += right.counts
            numbers.append(np.arange(nl + 1, nl + 1 + len(right.counts), dtype=np.float64))
            if right.line_ids:
                rights = np.array(right.line_ids, dtype=np.float64)
                found = np.searchsorted(rights, self._lines[sx + 1 :], side="right")
                run[sx + 1 :] = nl + found
        else:
            run[sx + 1 :] = nl
        run *= _LINE_KEY
        # Keys of the targets from p: their line's number times _LINE_KEY plus their slope
        # dy / |dx| (the own column's dx is taken as 1: it is read apart).
        corner_dx = self._corner_x - sx
        np.abs(corner_dx, out=corner_dx)
        corner_dx[corner_dx == 0] = 1.0
        centre_dx = self._centre_x - sx
        np.abs(centre_dx, out=centre_dx)
        centre_dx[centre_dx == 0] = 1.0
        n_c = (h + 1) * (w + 1)
        keys = np.empty(n_c + h * w)
        corner_keys = keys[:n_c].reshape(h + 1, w + 1)
        centre_keys = keys[n_c:].reshape(h, w)
        np.divide((self._corner_y - sy)[:, None], corner_dx, out=corner_keys)
        corner_keys += run[0::2]
        np.divide((self._centre_y - sy)[:, None], centre_dx, out=centre_keys)
        centre_keys += run[1::2]
        # Inside interval i: lo_i < key <= hi_i, so an odd count of edges below the key.
        edges = lines.edges(np.concatenate(numbers))
        if nl:
            edges.sort()  # the left side's snapshots were listed from the nearest line
        reached = (np.searchsorted(edges, keys, side="left") & 1).astype(bool)
        reached_c = reached[:n_c].reshape(h + 1, w + 1)
        corners = np.where(reached_c, self._from_left, 0)
        left_c = (sx + 1) >> 1  # the corner columns left of p, reached from the right
        corners[:, :left_c] = np.where(reached_c[:, :left_c], self._from_right[:, :left_c], 0)
        centres = reached[n_c:].reshape(h, w).copy()
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
            self._corner_column(p, owner, corners)
        return PointVisibility(corners, centres)

    def _corner_column(
        self, p: tuple[int, int], owner: Cell, corners: npt.NDArray[np.uint8]
    ) -> None:
        """The lattice corners straight above and below the lattice point ``p``, into
        ``corners``. The line runs along the grid line, so only rules 2–4 of
        :mod:`game.geometry.segment` apply, and each longer line is the shorter one
        and one more unit edge: it is blocked from the first edge with blocking
        cells on both sides (off the map blocks), or past the first pinch it passes;
        a pinch at either end lets it through on its own square's side only."""
        layout = self.layout
        sx, sy = p
        big_x, own = sx >> 1, sy >> 1
        column_quads: list[int] = layout.open_quadrants[:, big_x].tolist()
        # Padded rows whose two cells either side of the grid line both block.
        both = layout.padded_col_mask[big_x] & layout.padded_col_mask[big_x + 1]
        pinches = layout.pinch_col_mask[big_x]
        quads = column_quads[own]
        if (big_x, own) in layout.pinch:  # the point itself, seen from its own square's side
            quads = sum(
                bit
                for bit, cell in _quadrants(big_x, own)
                if quads & bit and not segment_blocked(layout, p, p, owner, cell)
            )
        corners[own, big_x] = quads
        start_pinch = pinches >> own & 1
        for step, stop, edge in ((-1, -1, 1), (1, layout.height + 1, 0)):
            if start_pinch and not endpoint_ok(layout, p, owner, 0, step):
                continue
            for big_y in range(own + step, stop, step):
                if both >> (big_y + edge) & 1:  # the unit edge just crossed
                    break
                quads = column_quads[big_y]
                if pinches >> big_y & 1:
                    # An end here on the target's side only; a line past it is blocked.
                    q = (sx, 2 * big_y)
                    corners[big_y, big_x] = sum(
                        bit
                        for bit, cell in _quadrants(big_x, big_y)
                        if quads & bit and endpoint_ok(layout, q, cell, 0, -step)
                    )
                    break
                corners[big_y, big_x] = quads


def _quadrants(big_x: int, big_y: int) -> tuple[tuple[int, Cell], ...]:
    """The quadrant bit and the square of each of the 4 squares around a lattice corner."""
    return (
        (NW, (big_x - 1, big_y - 1)),
        (NE, (big_x, big_y - 1)),
        (SW, (big_x - 1, big_y)),
        (SE, (big_x, big_y)),
    )
