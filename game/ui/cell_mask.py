"""Squares kept both ways: a frozenset of cells and the bool mask ``[y, x]`` they came
from (issue 32: the fog of a 256x256 map is some 50,000 squares; drawing it, or finding
its bounding box, from the mask takes a few numpy calls instead of a Python loop)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell


class CellMask(frozenset[Cell]):
    """The True squares of ``mask`` as a frozenset of ``(x, y)``; ``mask`` stays on it
    (read-only). Equal to, and hashed as, the plain frozenset of the same cells."""

    __slots__ = ("mask",)
    mask: npt.NDArray[np.bool_]

    def __new__(cls, mask: npt.NDArray[np.bool_]) -> CellMask:
        ys, xs = np.nonzero(mask)
        made = super().__new__(cls, zip(xs.tolist(), ys.tolist(), strict=True))
        kept = mask.copy() if mask.flags.writeable else mask
        kept.setflags(write=False)
        made.mask = kept
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (frozenset, (list(self),))  # copied or pickled: the plain set of cells


def mask_of(cells: frozenset[Cell], width: int, height: int) -> npt.NDArray[np.bool_]:
    """``cells`` as a bool mask ``[y, x]`` of a ``width`` x ``height`` map (squares off
    it left out); the kept mask when ``cells`` is a ``CellMask`` of that size."""
    mask = getattr(cells, "mask", None)
    if isinstance(mask, np.ndarray) and mask.shape == (height, width):
        return mask
    out = np.zeros((height, width), dtype=bool)
    if cells:
        xy = np.array(list(cells), dtype=np.intp).reshape(-1, 2)
        xs, ys = xy[:, 0], xy[:, 1]
        on = (xs >= 0) & (xs < width) & (ys >= 0) & (ys < height)
        out[ys[on], xs[on]] = True
    return out
