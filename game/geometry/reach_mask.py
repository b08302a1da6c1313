"""Squares within so many squares of a set of squares, as ``[y, x]`` masks: the threat
of a unit that moves, then strikes (``Ruleset.threatened_cells``)."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell

Mask = npt.NDArray[np.bool_]


def mask_of(cells: Iterable[Cell], width: int, height: int) -> Mask:
    """A ``[y, x]`` mask of ``cells``."""
    out = np.zeros((height, width), dtype=bool)
    for x, y in cells:
        out[y, x] = True
    return out


def grown(mask: Mask, by: int) -> Mask:
    """Squares within ``by`` squares (Chebyshev) of a True square: the square grows one
    axis at a time."""
    out = mask.copy()
    for axis in (0, 1):
        wider = out.copy()
        for k in range(1, min(by, out.shape[axis] - 1) + 1):
            if axis == 0:
                wider[k:, :] |= out[:-k, :]
                wider[:-k, :] |= out[k:, :]
            else:
                wider[:, k:] |= out[:, :-k]
                wider[:, :-k] |= out[:, k:]
        out = wider
    return out


def cells_of(mask: Mask) -> frozenset[Cell]:
    """The squares of a ``[y, x]`` mask."""
    ys, xs = np.nonzero(mask)
    return frozenset(zip(xs.tolist(), ys.tolist(), strict=True))
