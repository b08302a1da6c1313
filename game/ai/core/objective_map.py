"""What the map's objectives ask of a side's units, for every AI (maps/README.md ·
Objectives): the areas to go to and stay in, and how much each is worth.

- a side that must **escape** or **reach** runs for the area (strong pull);
- a side that must **hold** an area (its own or one for any side), and a side guarding
  an area with **protect**, goes there and stays; so do the enemies of a protected area,
  who must take it;
- a **protected unit** keeps away from danger (``protected``).

Neutral: reads only the battlefield's objectives and side ids.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from game.geometry.grid import Cell
from game.maps.battlefield import Battlefield, Objective

Array = npt.NDArray[np.float64]

RUN = 2.0  # escape / reach: worth per move of distance to the area
STAY = 0.6  # hold / protect an area: worth per move of distance
INSIDE = 1.0  # hold / protect: worth of standing inside the area


def pull(objective: Objective, side: str) -> float:
    """How strongly ``side``'s units are drawn to ``objective``'s area (0: not at all)."""
    mine = objective.side is None or objective.side == side
    if objective.kind in ("escape", "reach"):
        return RUN if mine else 0.0
    if objective.kind == "hold":
        return STAY if mine else 0.0
    if objective.kind == "protect" and objective.unit is None:
        return STAY  # the guards stay in it; the others must take it
    return 0.0


def goals(battlefield: Battlefield, side: str) -> list[tuple[Objective, float]]:
    """The objectives ``side`` plays for, with their pull, in the map's order."""
    out = [(o, pull(o, side)) for o in battlefield.objectives]
    return [(o, p) for o, p in out if p > 0]


def stays(objective: Objective) -> bool:
    """Whether a unit in the area should stay there (hold, protect) rather than pass."""
    return objective.kind in ("hold", "protect")


def protected(battlefield: Battlefield, unit_name: str, side: str) -> bool:
    """Whether the unit is one its side must protect (it keeps away from danger)."""
    return any(
        o.kind == "protect" and o.unit == unit_name and o.side == side
        for o in battlefield.objectives
    )


@lru_cache(maxsize=64)
def distance_to(cells: frozenset[Cell], width: int, height: int) -> Array:
    """Squares (Chebyshev) from every square to the nearest cell of ``cells``, ``[y, x]``
    (read-only, shared)."""
    ys, xs = np.mgrid[0:height, 0:width]
    out = np.full((height, width), float(width + height))
    for x, y in cells:
        out = np.minimum(out, np.maximum(np.abs(xs - x), np.abs(ys - y)))
    out.setflags(write=False)
    return out


def value_map(battlefield: Battlefield, side: str, worth: float, speed: int) -> Array | None:
    """The value the objectives add to ending a turn on each square, ``[y, x]``, for a unit
    of ``side`` worth ``worth`` that moves ``speed`` squares; None when it plays for none."""
    found = goals(battlefield, side)
    if not found:
        return None
    grid = battlefield.grid
    total = np.zeros((grid.height, grid.width))
    for objective, weight in found:
        dist = distance_to(objective.cells, grid.width, grid.height)
        total -= weight * worth * dist / max(1, speed)
        if stays(objective):
            total += np.where(dist == 0, INSIDE * worth, 0.0)
    return total


def share_out(
    cells: list[Cell], areas: list[frozenset[Cell]], width: int, height: int
) -> list[int]:
    """Which of ``areas`` (of equal worth) each of a side's units, standing on ``cells``,
    makes for: the nearest pairs first, at most an even share on each area, so that
    every area gets its share (not all on the first, nor all on one nearest the most)."""
    quota = -(-len(cells) // max(1, len(areas)))
    pairs = sorted(
        (float(distance_to(a, width, height)[y, x]), i, j)
        for i, (x, y) in enumerate(cells)
        for j, a in enumerate(areas)
    )
    taken = [0] * len(areas)
    out = [0] * len(cells)
    placed: set[int] = set()
    for _, i, j in pairs:
        if i in placed or taken[j] >= quota:
            continue
        placed.add(i)
        out[i] = j
        taken[j] += 1
    return out
