"""Line of sight, cover and visibility maps (source 004 · Line of Sight and Cover).

The rule, as DESIGN.md · Geometry makes it exact:

- A sees B when some straight line joins one of A's 5 sample points (its 4
  corners and its centre) to one of B's 5 sample points without being blocked
  (see :mod:`game.geometry.segment` for exactly what blocks a line).
- Corner rule: count B's corners that some sample of A reaches. All 4: no cover;
  1–3: half cover; none while A still sees B (through B's centre): full cover.
- Tile cover (our decision, DESIGN.md leaves "which lines" open): a tile that
  grants cover (low wall: half, window or arrow slit: full) counts when the line
  from A's centre to B's centre passes through its interior. A's own cell and the
  8 cells around A do not count (an archer at an arrow slit or behind a low wall
  shoots through or over it freely), nor does B's own cell. The cover is the
  larger of the corner rule and the tiles.
- Creatures never block sight or give cover here: geometry only knows terrain.
  The engine may add creature rules on top.
- A square that blocks sight is never seen and sees nothing (no creature stands
  in a wall). A square off the map is treated the same. A square sees itself
  with no cover. For fog of war, reveal a wall when a neighbouring open square
  is seen.

Results are cached per Sight and dropped when the grid's ``version`` changes
(``Grid.set_terrain`` bumps it).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell, Cover, Grid
from game.geometry.layout import NE, NW, SE, SW, SightLayout
from game.geometry.segment import Point, first_clear, segment_blocked
from game.geometry.sweep import PointSweeper, PointVisibility
from game.geometry.tile_sweep import tile_cover_map

#: Visibility-map value of a square that is not seen.
NOT_VISIBLE = -1

IntArray = npt.NDArray[np.int64]

_MAX_PAIRS = 200_000
_MAX_MAPS = 128
_MAX_POINTS = 512
# ... and at most about so many bytes of them (a point's sweep holds two arrays the size of
# the map: 130 KiB on 256x256, where 512 of them were 64 MiB of a 400 MiB budget)
_POINT_BYTES = 16 * 2**20


def sample_points(cell: Cell) -> tuple[Point, Point, Point, Point, Point]:
    """The 5 sample points of a square in doubled coordinates: centre first, then the
    corners top-left, top-right, bottom-left, bottom-right."""
    x2, y2 = 2 * cell[0], 2 * cell[1]
    return ((x2 + 1, y2 + 1), (x2, y2), (x2 + 2, y2), (x2, y2 + 2), (x2 + 2, y2 + 2))


@dataclass(frozen=True, slots=True)
class SightLine:
    """One drawn sight line, in cell units (``(2.0, 3.5)`` is the middle of a left edge)."""

    start: tuple[float, float]
    end: tuple[float, float]


def _enters(p: Point, q: Point, cell: Cell) -> bool:
    """Whether the open segment p→q (doubled) passes through the open square ``cell``."""
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for pv, qv, c in ((p[0], q[0], cell[0]), (p[1], q[1], cell[1])):
        d = qv - pv
        a, b = 2 * c, 2 * c + 2
        if d == 0:
            if not a < pv < b:
                return False
            continue
        if d > 0:
            n1, n2, den = a - pv, b - pv, d
        else:
            n1, n2, den = pv - b, pv - a, -d
        if n1 * lo_d > lo_n * den:
            lo_n, lo_d = n1, den
        if n2 * hi_d < hi_n * den:
            hi_n, hi_d = n2, den
    return lo_n * hi_d < hi_n * lo_d


def tile_cover_between(layout: SightLayout, a: Cell, b: Cell) -> Cover:
    """Cover granted by tiles on the centre-to-centre line from ``a`` to ``b`` (see the
    module docstring for which tiles count)."""
    found = tile_cover_source(layout, a, b)
    return Cover.NONE if found is None else found[1]


def tile_cover_source(layout: SightLayout, a: Cell, b: Cell) -> tuple[Cell, Cover] | None:
    """The tile that grants :func:`tile_cover_between`'s cover and its level (the first
    of the highest level found), or None when no tile counts."""
    if not layout.cover_cells:
        return None
    x0, x1 = min(a[0], b[0]), max(a[0], b[0])
    y0, y1 = min(a[1], b[1]), max(a[1], b[1])
    if layout.cover_tiles_in(x0, y0, x1, y1) == 0:
        return None
    p = (2 * a[0] + 1, 2 * a[1] + 1)
    q = (2 * b[0] + 1, 2 * b[1] + 1)
    best = 0
    source: Cell | None = None
    for cell, level in layout.cover_cells.items():
        if level <= best or not (x0 <= cell[0] <= x1 and y0 <= cell[1] <= y1):
            continue
        if cell == b or max(abs(cell[0] - a[0]), abs(cell[1] - a[1])) <= 1:
            continue
        if _enters(p, q, cell):
            best, source = level, cell
    return None if source is None else (source, Cover(best))


def tile_cover_column(layout: SightLayout, a: Cell) -> npt.NDArray[np.int8]:
    """:func:`tile_cover_between` from ``a`` to every square of ``a``'s own column
    (``[y]``): the vertical centre line enters exactly the column's squares between
    the two, so it is the highest tile strictly between them, 2 or more rows from
    ``a`` (the 8 around ``a`` do not count, nor does the target's own tile)."""
    ax, ay = a
    column = layout.cover[:, ax]
    out = np.zeros(layout.height, dtype=np.int8)
    below = column[ay + 2 :]
    if below.size > 1:
        out[ay + 3 :] = np.maximum.accumulate(below[:-1])
    above = column[: max(0, ay - 1)][::-1]  # rows ay-2, ay-3, ... 0
    if above.size > 1:
        out[: ay - 2] = np.maximum.accumulate(above[:-1])[::-1]
    return out


@dataclass(frozen=True, slots=True, eq=False)
class CoverPairs:
    """Every cover tile of a layout against a fixed list of target squares, what
    :func:`tile_cover_towards` needs that does not depend on the viewer."""

    xs: IntArray  # targets
    ys: IntArray
    tx: IntArray  # tiles
    ty: IntArray
    level: IntArray
    dx: npt.NDArray[np.int32]  # [target, tile]: tile x - target x
    dy: npt.NDArray[np.int32]
    differ: npt.NDArray[np.bool_]  # [target, tile]: the tile is not the target's own

    @classmethod
    def of(cls, layout: SightLayout, xs: IntArray, ys: IntArray) -> CoverPairs:
        cells = list(layout.cover_cells.items())
        tx = np.array([c[0] for c, _ in cells], dtype=np.int64)
        ty = np.array([c[1] for c, _ in cells], dtype=np.int64)
        dx = (tx[None, :] - xs[:, None]).astype(np.int32)
        dy = (ty[None, :] - ys[:, None]).astype(np.int32)
        level = np.array([v for _, v in cells], dtype=np.int64)
        return cls(xs, ys, tx, ty, level, dx, dy, (dx != 0) | (dy != 0))

    def targets(self, keep: npt.NDArray[np.bool_]) -> CoverPairs:
        """The same tiles against the targets ``keep`` marks only."""
        return CoverPairs(
            self.xs[keep],
            self.ys[keep],
            self.tx,
            self.ty,
            self.level,
            self.dx[keep],
            self.dy[keep],
            self.differ[keep],
        )


def tile_cover_towards(
    layout: SightLayout, a: Cell, xs: IntArray, ys: IntArray, pairs: CoverPairs | None = None
) -> IntArray:
    """:func:`tile_cover_between` from ``a`` to each square ``(xs[i], ys[i])``, every
    cover tile against every target at once (``pairs``: :meth:`CoverPairs.of` these, kept
    by the caller): first the pairs whose tile counts by place (inside the box of the
    two squares, not the target's own, not next to ``a``), then :func:`_enters`' test on
    those, in float quotients of small integers, which compare exactly."""
    out = np.zeros(len(xs), dtype=np.int64)
    if not layout.cover_cells or not len(xs):
        return out
    if pairs is None:
        pairs = CoverPairs.of(layout, xs, ys)
    ax, ay = a
    tx, ty = pairs.tx, pairs.ty
    ux = (tx - ax).astype(np.int32)
    uy = (ty - ay).astype(np.int32)
    far = np.maximum(np.abs(ux), np.abs(uy)) > 1
    # Between a and the target on both axes: (t - a) and (t - b) not of one sign.
    placed = (ux * pairs.dx <= 0) & (uy * pairs.dy <= 0) & pairs.differ & far
    bi, ti = np.nonzero(placed)
    if not len(bi):
        return out
    lo = np.zeros(len(bi))
    hi = np.ones(len(bi))
    ok = np.ones(len(bi), dtype=bool)
    for p, q, c in ((2 * ax + 1, 2 * xs[bi] + 1, tx[ti]), (2 * ay + 1, 2 * ys[bi] + 1, ty[ti])):
        d = q - p
        flat = d == 0
        ok &= ~flat | ((2 * c < p) & (p < 2 * c + 2))
        forward = d > 0
        n1 = np.where(forward, 2 * c - p, p - 2 * c - 2)
        n2 = np.where(forward, 2 * c + 2 - p, p - 2 * c)
        den = np.where(flat, 1, np.abs(d))
        lo = np.where(flat, lo, np.maximum(lo, n1 / den))
        hi = np.where(flat, hi, np.minimum(hi, n2 / den))
    ok &= lo < hi
    np.maximum.at(out, bi[ok], pairs.level[ti[ok]])
    return out


class Sight:
    """Line-of-sight questions about one grid, cached until the grid changes.

    ``sees(a, b)``, ``cover(a, b)`` and ``corner_lines(a, b)`` answer for one pair
    of squares; ``visibility(a)`` answers for every square at once.
    """

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self._version = -1
        self._layout: SightLayout | None = None
        self._sweeper: PointSweeper | None = None
        self._pairs: dict[tuple[Cell, Cell], Cover | None] = {}
        self._seen: dict[tuple[Cell, Cell], bool] = {}
        self._maps: OrderedDict[Cell, npt.NDArray[np.int8]] = OrderedDict()
        self._points: OrderedDict[tuple[Point, Cell | None], PointVisibility] = OrderedDict()
        self._cover_cells: tuple[SightLayout, CoverPairs] | None = None

    # -- cache management -------------------------------------------------
    @property
    def layout(self) -> SightLayout:
        """The blocking layout of the grid's current version."""
        if self._layout is None or self._version != self.grid.version:
            self._layout = SightLayout.of(self.grid)
            self._version = self.grid.version
            self._sweeper = None
            self._pairs.clear()
            self._seen.clear()
            self._maps.clear()
            self._points.clear()
        return self._layout

    def prepare(self) -> None:
        """Build the per-version data now (layout, mirrored layout) rather than on the
        first visibility map; answers do not change."""
        layout = self.layout
        if self._sweeper is None:
            self._sweeper = PointSweeper(layout)

    def _usable(self, layout: SightLayout, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < layout.width and 0 <= y < layout.height and not layout.wall[y, x]

    # -- one pair -----------------------------------------------------------
    def sees(self, a: Cell, b: Cell) -> bool:
        """Whether a creature in square ``a`` has line of sight to square ``b``."""
        layout = self.layout
        key = (a, b)
        cached = self._pairs.get(key, False)
        if cached is not False:
            return cached is not None
        seen = self._seen.get(key)
        if seen is None:
            seen = self._compute_sees(layout, a, b)
            if len(self._seen) >= _MAX_PAIRS:
                self._seen.clear()
            self._seen[key] = seen
        return seen

    def _compute_sees(self, layout: SightLayout, a: Cell, b: Cell) -> bool:
        if not (self._usable(layout, a) and self._usable(layout, b)):
            return False
        if a == b:
            return True
        sa = sample_points(a)
        hints: list[tuple[int, int, int, int]] = []
        # Stop at the first clear line; the centre first, as it is most often clear.
        return any(first_clear(layout, sa, q, a, b, hints) >= 0 for q in sample_points(b))

    def cover(self, a: Cell, b: Cell) -> Cover | None:
        """The cover ``b`` has against ``a``, or None when ``a`` does not see ``b``."""
        layout = self.layout
        key = (a, b)
        cached = self._pairs.get(key, False)
        if cached is not False:
            return cached  # type: ignore[return-value]
        result = self._compute_cover(layout, a, b)
        if len(self._pairs) >= _MAX_PAIRS:
            self._pairs.clear()
        self._pairs[key] = result
        return result

    def _compute_cover(self, layout: SightLayout, a: Cell, b: Cell) -> Cover | None:
        if not (self._usable(layout, a) and self._usable(layout, b)):
            return None
        if a == b:
            return Cover.NONE
        sa = sample_points(a)
        sb = sample_points(b)
        hints: list[tuple[int, int, int, int]] = []
        seen = 0
        for corner in sb[1:]:
            if first_clear(layout, sa, corner, a, b, hints) >= 0:
                seen += 1
        if seen == 0:
            if first_clear(layout, sa, sb[0], a, b, hints) < 0:
                return None
            return Cover.FULL
        corner_cover = Cover.NONE if seen == 4 else Cover.HALF
        return max(corner_cover, tile_cover_between(layout, a, b))

    def corner_lines(self, a: Cell, b: Cell) -> tuple[SightLine | None, ...]:
        """For each corner of ``b`` (top-left, top-right, bottom-left, bottom-right) the
        line from the first sample of ``a`` that reaches it (centre tried first, then
        a's corners in the same order), or None. This is the picture source 004 draws."""
        layout = self.layout
        out: list[SightLine | None] = []
        usable = self._usable(layout, a) and self._usable(layout, b)
        sa = sample_points(a)
        for corner in sample_points(b)[1:]:
            line = None
            if usable:
                for s in sa:
                    if not segment_blocked(layout, s, corner, a, b):
                        line = SightLine((s[0] / 2, s[1] / 2), (corner[0] / 2, corner[1] / 2))
                        break
            out.append(line)
        return tuple(out)

    # -- one square to every square -------------------------------------------
    def _point(self, layout: SightLayout, p: Point, owner: Cell) -> PointVisibility:
        if self._sweeper is None:
            self._sweeper = PointSweeper(layout)
        # Only at a pinch does the owning square change the answer (rule 4).
        at_pinch = not (p[0] & 1 or p[1] & 1) and (p[0] >> 1, p[1] >> 1) in layout.pinch
        key = (p, owner if at_pinch else None)
        found = self._points.get(key)
        if found is None:
            found = self._sweeper.point(p, owner)
            self._points[key] = found
            per_point = 2 * (layout.width + 1) * (layout.height + 1)
            if len(self._points) > max(64, min(_MAX_POINTS, _POINT_BYTES // per_point)):
                self._points.popitem(last=False)
        else:
            self._points.move_to_end(key)
        return found

    def visibility(self, a: Cell) -> npt.NDArray[np.int8]:
        """Every square as seen from ``a``: ``[y, x]`` int8, -1 not seen, else the Cover.

        Exactly the same answers as :meth:`cover` for every pair. The returned array
        is shared with the cache: do not modify it.
        """
        layout = self.layout
        cached = self._maps.get(a)
        if cached is not None:
            self._maps.move_to_end(a)
            return cached
        h, w = layout.height, layout.width
        if not self._usable(layout, a):
            result = np.full((h, w), NOT_VISIBLE, dtype=np.int8)
        else:
            result = self._compute_map(layout, a)
        result.setflags(write=False)
        self._maps[a] = result
        if len(self._maps) > _MAX_MAPS:
            self._maps.popitem(last=False)
        return result

    def seen(self, a: Cell) -> npt.NDArray[np.bool_]:
        """Every square ``a`` sees, ``[y, x]``: exactly ``visibility(a) >= 0`` (a cached
        map is reused), without working out the cover (fog of war needs only this)."""
        layout = self.layout
        cached = self._maps.get(a)
        if cached is not None:
            return cached >= 0
        if not self._usable(layout, a):
            return np.zeros((layout.height, layout.width), dtype=np.bool_)
        return self._seen_parts(layout, a)[0]

    def _seen_parts(
        self, layout: SightLayout, a: Cell
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int8]]:
        """The squares ``a`` sees, and how many corners of each it sees (0-4)."""
        corners: npt.NDArray[np.uint8] | None = None
        centres: npt.NDArray[np.bool_] | None = None
        for p in sample_points(a):
            pv = self._point(layout, p, a)
            corners = pv.corners.copy() if corners is None else corners | pv.corners
            centres = pv.centres.copy() if centres is None else centres | pv.centres
        assert corners is not None and centres is not None
        seen = (
            ((corners[:-1, :-1] & SE) != 0).astype(np.int8)
            + ((corners[:-1, 1:] & SW) != 0)
            + ((corners[1:, :-1] & NE) != 0)
            + ((corners[1:, 1:] & NW) != 0)
        )
        visible = ((seen > 0) | centres) & ~layout.wall
        return visible, seen

    def _tile_cover_map(
        self, layout: SightLayout, a: Cell, need: npt.NDArray[np.bool_]
    ) -> npt.NDArray[np.int8] | None:
        """:func:`tile_cover_between` from ``a`` to the squares ``need`` marks, at least
        (others may be 0); None: no tile counts."""
        tiles_at = layout.cover_cells
        # More than 9 tiles: some lie outside a's 3x3 block.
        if len(tiles_at) <= 9 and all(max(abs(x - a[0]), abs(y - a[1])) <= 1 for x, y in tiles_at):
            return None
        assert self._sweeper is not None
        tiles = tile_cover_map(layout, self._sweeper.mirror, a, need)
        # The sweep leaves out a's own column and counts a square's own tile; those
        # few squares are answered apart (the cover tiles only where ``need`` asks).
        tiles[:, a[0]] = tile_cover_column(layout, a)
        pairs = self._cover_pairs(layout)
        keep = need[pairs.ys, pairs.xs]
        if keep.any():
            pairs = pairs.targets(keep)
            tiles[pairs.ys, pairs.xs] = tile_cover_towards(layout, a, pairs.xs, pairs.ys, pairs)
        return tiles

    def _cover_pairs(self, layout: SightLayout) -> CoverPairs:
        """The cover tiles against themselves as targets, once per layout."""
        held = self._cover_cells
        if held is None or held[0] is not layout:
            cells = list(layout.cover_cells)
            xs = np.array([c[0] for c in cells], dtype=np.int64)
            ys = np.array([c[1] for c in cells], dtype=np.int64)
            held = self._cover_cells = (layout, CoverPairs.of(layout, xs, ys))
        return held[1]

    def _compute_map(self, layout: SightLayout, a: Cell) -> npt.NDArray[np.int8]:
        visible, seen = self._seen_parts(layout, a)
        cover = np.where(seen == 4, Cover.NONE, np.where(seen > 0, Cover.HALF, Cover.FULL))
        cover = cover.astype(np.int8)
        # Tiles matter only on the squares seen with less than full cover.
        tiles = self._tile_cover_map(layout, a, visible & (cover < Cover.FULL))
        if tiles is not None:
            # Tiles only add to the corner rule where the corners leave less than full.
            cover = np.maximum(cover, tiles)
        return np.where(visible, cover, NOT_VISIBLE).astype(np.int8)
