"""The sight layout of one grid version: which cells block sight, in fast-query forms.

Line-of-sight code works in *doubled* coordinates so that every sample point
(a cell's corners and centre, source 004 · Line of Sight and Cover) is an integer
point: cell ``(x, y)`` is the square ``[2x, 2x+2] × [2y, 2y+2]``, its corners are
even/even points and its centre is ``(2x+1, 2y+1)``. Lattice corners of the grid
(original integer points) are the even/even doubled points.

A *pinch* is a lattice corner where two diagonally opposite cells both block
sight (outside the map counts as blocking): a segment may not pass through it,
and a point there is only reached from the side it is approached from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell, Grid

#: Pinch kinds at a lattice corner (bit flags).
PINCH_ANTI = 1  # the NE and SW cells block (NW and SE are the open sides)
PINCH_MAIN = 2  # the NW and SE cells block (NE and SW are the open sides)

#: Quadrant bits: which of the 4 cells around a lattice corner (y grows downwards).
NW, NE, SW, SE = 1, 2, 4, 8


@dataclass(frozen=True, slots=True, eq=False)
class SightLayout:
    """Blocking data of one grid version for line-of-sight queries (DESIGN.md · Geometry)."""

    width: int
    height: int
    version: int
    wall: npt.NDArray[np.bool_]  # [y, x] blocks sight
    padded: npt.NDArray[np.bool_]  # [y+1, x+1], a ring of blocking cells around the map
    row_mask: tuple[int, ...]  # per map row: bit x set when (x, row) blocks sight
    col_mask: tuple[int, ...]  # per map column: bit y set when (col, y) blocks sight
    padded_row_mask: tuple[int, ...]  # per padded row (y+1): bit x+1, outside included
    padded_col_mask: tuple[int, ...]  # per padded column (x+1): bit y+1, outside included
    pinch: dict[tuple[int, int], int]  # lattice corner (X, Y) -> PINCH_* flags (non-zero only)
    pinch_col_mask: tuple[int, ...]  # per lattice column X: bit Y set when (X, Y) is a pinch
    open_quadrants: npt.NDArray[np.uint8]  # [Y, X] quadrant bits of the open cells around
    wall_prefix: tuple[tuple[int, ...], ...]  # [y][x]: walls in rows < y, columns < x
    pinch_prefix: tuple[tuple[int, ...], ...]  # [Y][X]: pinches with Y' < Y, X' < X
    cover: npt.NDArray[np.int8]  # [y, x] cover granted by the tile (0 none)
    cover_prefix: tuple[tuple[int, ...], ...]  # like wall_prefix for cover tiles
    cover_cells: dict[Cell, int]  # cells whose tile grants cover -> Cover value
    cover_col_mask: tuple[int, ...]  # per map column: bit y set when (col, y) grants cover
    # Per map column, its runs of sight-blocking cells one above the other, top to bottom,
    # as flat doubled (top edge, bottom edge) pairs, and the bottom edges alone (sweeps).
    wall_runs: tuple[tuple[int, ...], ...]
    wall_run_bottoms: tuple[tuple[int, ...], ...]
    pinch_rows: tuple[tuple[int, ...], ...]  # per lattice column X: doubled Y of its pinches
    cover_runs: tuple[tuple[int, ...], ...]  # like wall_runs, for the cover tiles
    full_cover_runs: tuple[tuple[int, ...], ...]  # the same, for the tiles of full cover

    @classmethod
    def of(cls, grid: Grid) -> SightLayout:
        arrays = grid.arrays()
        return cls.from_arrays(arrays.blocks_sight, arrays.cover, grid.version)

    @classmethod
    def from_arrays(
        cls, wall: npt.NDArray[np.bool_], cover: npt.NDArray[np.int8], version: int = 0
    ) -> SightLayout:
        wall = np.ascontiguousarray(wall, dtype=bool)
        cover = np.ascontiguousarray(cover, dtype=np.int8)
        h, w = wall.shape
        padded = np.ones((h + 2, w + 2), dtype=bool)
        padded[1:-1, 1:-1] = wall

        # Cells around lattice corner (X, Y): NW = padded[Y, X], NE = padded[Y, X+1],
        # SW = padded[Y+1, X], SE = padded[Y+1, X+1].
        nw, ne = padded[:-1, :-1], padded[:-1, 1:]
        sw, se = padded[1:, :-1], padded[1:, 1:]
        kinds = (ne & sw).astype(np.uint8) * PINCH_ANTI + (nw & se).astype(np.uint8) * PINCH_MAIN
        pinch = {
            (int(x), int(y)): int(kinds[y, x]) for y, x in zip(*np.nonzero(kinds), strict=True)
        }
        open_q = (
            (~nw).astype(np.uint8) * NW
            + (~ne).astype(np.uint8) * NE
            + (~sw).astype(np.uint8) * SW
            + (~se).astype(np.uint8) * SE
        )
        prefix = np.zeros((h + 1, w + 1), dtype=np.int64)
        prefix[1:, 1:] = wall.astype(np.int64).cumsum(0).cumsum(1)
        pprefix = np.zeros((h + 2, w + 2), dtype=np.int64)
        pprefix[1:, 1:] = (kinds != 0).astype(np.int64).cumsum(0).cumsum(1)
        cprefix = np.zeros((h + 1, w + 1), dtype=np.int64)
        cprefix[1:, 1:] = (cover > 0).astype(np.int64).cumsum(0).cumsum(1)
        cover_cells = {
            (int(x), int(y)): int(cover[y, x]) for y, x in zip(*np.nonzero(cover), strict=True)
        }
        runs = _runs(wall)
        return cls(
            width=w,
            height=h,
            version=version,
            wall=wall,
            padded=padded,
            row_mask=_masks(wall),
            col_mask=_masks(wall.T),
            padded_row_mask=_masks(padded),
            padded_col_mask=_masks(padded.T),
            pinch=pinch,
            pinch_col_mask=_masks((kinds != 0).T),
            open_quadrants=open_q,
            wall_prefix=tuple(tuple(int(v) for v in row) for row in prefix.tolist()),
            pinch_prefix=tuple(tuple(int(v) for v in row) for row in pprefix.tolist()),
            cover=cover,
            cover_prefix=tuple(tuple(int(v) for v in row) for row in cprefix.tolist()),
            cover_cells=cover_cells,
            cover_col_mask=_masks((cover > 0).T),
            wall_runs=runs,
            wall_run_bottoms=tuple(r[1::2] for r in runs),
            pinch_rows=_doubled_rows(kinds.T),
            cover_runs=_runs(cover > 0),
            full_cover_runs=_runs(cover > 1),
        )

    def mirrored(self) -> SightLayout:
        """The same layout flipped left-to-right (cell x becomes width-1-x)."""
        return SightLayout.from_arrays(self.wall[:, ::-1], self.cover[:, ::-1], self.version)

    def walls_in(self, x0: int, y0: int, x1: int, y1: int) -> int:
        """How many sight-blocking cells lie in columns x0..x1, rows y0..y1 (on the map)."""
        p = self.wall_prefix
        return p[y1 + 1][x1 + 1] - p[y0][x1 + 1] - p[y1 + 1][x0] + p[y0][x0]

    def cover_tiles_in(self, x0: int, y0: int, x1: int, y1: int) -> int:
        """How many cover-granting tiles lie in columns x0..x1, rows y0..y1 (on the map)."""
        p = self.cover_prefix
        return p[y1 + 1][x1 + 1] - p[y0][x1 + 1] - p[y1 + 1][x0] + p[y0][x0]

    def blocks(self, cell: Cell) -> bool:
        """Whether ``cell`` blocks sight; outside the map does."""
        x, y = cell
        return (
            bool(self.padded[y + 1, x + 1])
            if -1 <= x <= self.width and -1 <= y <= self.height
            else True
        )


def _runs(cells: npt.NDArray[np.bool_]) -> tuple[tuple[int, ...], ...]:
    """Per column of ``cells`` (``[y, x]``), its runs of set cells one above the other,
    top to bottom, as flat doubled (top edge, bottom edge) pairs: where the column,
    framed by unset rows, changes."""
    framed = np.zeros((cells.shape[0] + 2, cells.shape[1]), dtype=np.int8)
    framed[1:-1] = cells
    return _doubled_rows(np.diff(framed, axis=0).T)


def _doubled_rows(columns: npt.NDArray[np.generic]) -> tuple[tuple[int, ...], ...]:
    """Per row of ``columns``, the doubled indices of its non-zero entries."""
    col, row = np.nonzero(columns)
    rows: list[int] = (2 * row).tolist()
    cuts: list[int] = np.searchsorted(col, np.arange(columns.shape[0] + 1)).tolist()
    return tuple(tuple(rows[i:j]) for i, j in zip(cuts, cuts[1:], strict=False))


def _masks(rows: npt.NDArray[np.bool_]) -> tuple[int, ...]:
    """Each row of a boolean array as an int with bit ``i`` set when ``row[i]``."""
    packed = np.packbits(np.ascontiguousarray(rows, dtype=bool), axis=1, bitorder="little")
    return tuple(int.from_bytes(row.tobytes(), "little") for row in packed)
