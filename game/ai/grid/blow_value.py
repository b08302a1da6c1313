"""What a blow is worth to the tactical AI, for one square or over a board's arrays
(``Stakes.value`` of ``game.ai.grid.estimates``; split from ``board.py``)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from game.ai.grid import estimates

Array = npt.NDArray[Any]


def value_of(st: estimates.Stakes, p_kill: float, expected: float, kill_focus: bool) -> float:
    """What a blow is worth (``Stakes.value``); without ``kill_focus`` (easy) only the raw
    expected damage counts."""
    return st.value(p_kill, expected) if kill_focus else st.raw(expected)


def value_array(st: estimates.Stakes, p_kill: Array, expected: Array, kill_focus: bool) -> Array:
    """``value_of`` over arrays of kill chances and expected damage."""
    capped = np.minimum(expected, max(0, st.hp))
    if not kill_focus:
        return capped * st.per_hp / estimates.WOUND_SHARE * 0.5
    return p_kill * st.down + (1 - p_kill) * capped * st.per_hp
