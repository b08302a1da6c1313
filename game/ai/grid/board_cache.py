"""The caches behind ``board.Board`` (issue 5 · Behaviour; issue 31 · Scale): arrays that
outlive one decision, and the distance helpers the board's arrays are made of."""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell

if TYPE_CHECKING:
    from game.engine.context import Context

Array = npt.NDArray[Any]
#: ``(y0, y1, x0, x1)``: rows ``y0 <= y < y1``, columns ``x0 <= x < x1``
Box = tuple[int, int, int, int]

_CACHE_SIZE = 512
_SHOTS_SIZE = 64  # shooters' cover maps kept (three map-sized arrays each)


class BoardCache:
    """Arrays that outlive one decision (an enemy's walking zone, distance fields, a
    shooter's cover map: ``shots``, a smaller store, as its arrays are many and big)."""

    def __init__(self) -> None:
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self.shots: OrderedDict[Hashable, Any] = OrderedDict()
        self._boxes: dict[int, tuple[weakref.ref[Array], Box | None]] = {}
        self.grid_version = -1
        self.grid_id = -1

    def check(self, ctx: Context) -> None:
        """Forget everything when the battle or the blocking layout changed."""
        if self.grid_id != id(ctx.grid) or self.grid_version != ctx.grid.version:
            self._data.clear()
            self.shots.clear()
            self._boxes.clear()
            self.grid_id = id(ctx.grid)
            self.grid_version = ctx.grid.version

    def get(self, key: Hashable, store: OrderedDict[Hashable, Any] | None = None) -> Any:
        data = self._data if store is None else store
        found = data.get(key)
        if found is not None:
            data.move_to_end(key)
        return found

    def put(
        self, key: Hashable, value: Any, store: OrderedDict[Hashable, Any] | None = None
    ) -> Any:
        data, size = (self._data, _CACHE_SIZE) if store is None else (store, _SHOTS_SIZE)
        data[key] = value
        if len(data) > size:
            data.popitem(last=False)
        return value

    def box(self, mask: Array) -> Box | None:
        """The bounding box of a read-only mask's True squares, remembered while the
        mask lives."""
        kept = self._boxes.get(id(mask))
        if kept is not None and kept[0]() is mask:
            return kept[1]
        if len(self._boxes) > 4 * _CACHE_SIZE:
            self._boxes = {k: v for k, v in self._boxes.items() if v[0]() is not None}
        found = mask_box(mask)
        self._boxes[id(mask)] = (weakref.ref(mask), found)
        return found


def chebyshev(width: int, height: int, at: Cell) -> Array:
    """Grid distance (squares) from ``at`` to every square, ``[y, x]`` (read-only).

    A square on the map gets a window of one distance field twice the map's size,
    centred on nothing but ``at`` (issue 32: a map-sized array kept per square was up
    to 4096 of them, ~75 MiB a decision on 256x256); the same numbers, in the same
    dtype, as the field worked out afresh, which a square off the map still gets."""
    x, y = at
    if not (0 <= x < width and 0 <= y < height):
        ys, xs = np.mgrid[0:height, 0:width]
        out = np.maximum(np.abs(xs - x), np.abs(ys - y))
        out.setflags(write=False)
        return out
    field = _distance_field(width, height)
    return field[height - 1 - y : 2 * height - 1 - y, width - 1 - x : 2 * width - 1 - x]


@lru_cache(maxsize=4)
def _distance_field(width: int, height: int) -> Array:
    """Chebyshev distance from the middle square of a ``(2h-1, 2w-1)`` field (read-only,
    so every window of it is too)."""
    ys, xs = np.mgrid[0 : 2 * height - 1, 0 : 2 * width - 1]
    out = np.maximum(np.abs(xs - (width - 1)), np.abs(ys - (height - 1)))
    out.setflags(write=False)
    return out


def dilate(mask: Array, by: int) -> Array:
    """Squares within ``by`` (Chebyshev) of a True square."""
    out = mask.copy()
    for _ in range(by):
        grown = out.copy()
        grown[1:, :] |= out[:-1, :]
        grown[:-1, :] |= out[1:, :]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        out = grown
    return out


def mask_box(mask: Array) -> Box | None:
    """The bounding box of a bool mask's True squares (None: none)."""
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0:
        return None
    cols = np.flatnonzero(mask.any(axis=0))
    return int(rows[0]), int(rows[-1]) + 1, int(cols[0]), int(cols[-1]) + 1
