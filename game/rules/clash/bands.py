"""Range bands on the grid (000 · Range Bands), in squares (Chebyshev distance, 5 ft):

| band | squares | on the table |
| --- | --- | --- |
| Close | 1 (adjacent) | in your face: within sword range |
| Near | 2–6 | one move away (6 squares = 30 ft, a human's move) |
| Far | 7–24 | a few rooms away: where bows and crossbows shoot |
| Distant | 25+ | beyond the reach of ranged weapons |

Reach weapons do not make a farther square Close: 000 uses Reach only to order a clash
(decision). A move covers the unit's speed in squares (6 for 30 ft), so one move is
"one range band" for a human, as 000 says of Near.
"""

from __future__ import annotations

from game.geometry.grid import Cell
from game.geometry.movement import distance

CLOSE, NEAR, FAR, DISTANT = "Close", "Near", "Far", "Distant"
BANDS: tuple[str, ...] = (CLOSE, NEAR, FAR, DISTANT)
NEAR_MAX = 6
FAR_MAX = 24


def band_of(squares: int) -> str:
    if squares <= 1:
        return CLOSE
    if squares <= NEAR_MAX:
        return NEAR
    if squares <= FAR_MAX:
        return FAR
    return DISTANT


def band(a: Cell, b: Cell) -> str:
    return band_of(distance(a, b))
