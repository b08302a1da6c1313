"""A candidate line of play (``Plan``) and the odds that damage adds up to a kill: the
values the planner (``plans``), the special actions (``specials``) and the maneuvers
(``maneuvers``) share, kept apart so none of them imports another in a circle."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.ai.grid.board import Array
from game.engine.answers import Answer
from game.geometry.grid import Cell


@dataclass(slots=True)
class Plan:
    """A candidate line of play: ``first`` is the answer to give now."""

    score: float
    kind: str
    first: Answer
    end: Cell
    note: str = ""
    exact: bool = False


# Damage from several blows spreads about like a sum of dice: its variance grows with the
# expected total, about this many times it (a d8-ish blow).
SPREAD = 5.0


def down_chance(expected: Array, hp: int) -> Array:
    """Chance that damage with mean ``expected`` reaches ``hp``: a normal tail (logistic
    approximation of the normal CDF), since a round's blows add up like dice."""
    sd = np.sqrt(np.maximum(expected, 1e-6) * SPREAD)
    z = (max(1, hp) - 0.5 - expected) / sd
    return np.where(expected > 0, 1.0 / (1.0 + np.exp(np.clip(1.702 * z, -50.0, 50.0))), 0.0)


def damage_tail(need: float, mean: float) -> float:
    """Chance that damage with mean ``mean`` (spread like dice, ``SPREAD``) is at least
    ``need``."""
    if need <= 0:
        return 1.0
    if mean <= 0:
        return 0.0
    z = (need - 0.5 - mean) / math.sqrt(mean * SPREAD)
    return 1.0 / (1.0 + math.exp(min(50.0, 1.702 * z)))


def first_answer(spec: Any, ctx: Any, unit: str) -> Answer | None:
    for ans in spec.enumerate(ctx, unit):
        return ans
    return None
