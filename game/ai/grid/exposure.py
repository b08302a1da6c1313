"""``Board.exposure`` worked out enemy by enemy over the squares each enemy can touch
(issue 31 · Scale: on a 128×128 map with ~150 units the full-map array built for
every enemy, for every friend the planner might screen, was half of a hard battle's
time).

The figures are the ones the full-map sum gave, bit for bit: an enemy adds nothing
outside the bounding box of the squares its blow or shot could reach next round, so
its share is added inside that box only (adding 0.0 changes no float), and the
friends that share its blow (``part``) are the same units in the same order. A
``Region`` asks for part of the map: the whole map (``Board.exposure``) or one
square (``Board.exposure_at``, what a screen saves a ward where it stands).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.ai.grid import estimates
from game.ai.grid.board_cache import Box, chebyshev
from game.rules.grid import units
from game.rules.grid.move import move_squares

if TYPE_CHECKING:
    from game.ai.grid.board import Board, EnemyPicture

Array = npt.NDArray[Any]


@dataclass(frozen=True, slots=True)
class ThreatArea:
    """Where one enemy's blow (``zone``) and shot (``ok``) could land, their bounding
    box, and which of the side's friends stand inside each (indexes into
    ``Board.friends``, in its order)."""

    zone: Array | None
    zone_friends: tuple[int, ...]
    ok: Array | None
    ok_friends: tuple[int, ...]
    box: Box | None


def union(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return min(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), max(a[3], b[3])


def intersect(a: Box, b: Box) -> Box | None:
    y0, y1, x0, x1 = max(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), min(a[3], b[3])
    return (y0, y1, x0, x1) if y0 < y1 and x0 < x1 else None


def threat_area(board: Board, pic: EnemyPicture, late: bool) -> ThreatArea:
    """The area of ``pic``'s threat next round (``late``: the round after)."""
    zone: Array | None = None
    box: Box | None = None
    if pic.melee is not None:
        zone = board.late_zone(pic) if late else pic.zone
        box = board.cache.box(zone)
    ok: Array | None = None
    if pic.shot is not None and pic.shot_mod is not None and pic.shot_ok is not None:
        ok = pic.shot_ok
        speed = move_squares(board.ctx, pic.unit)
        long_sq = pic.shot.range_long_squares or 0
        if late:
            far = chebyshev(board.width, board.height, pic.cell) - 2 * speed
            ok = far <= long_sq
        # every square it could shoot at is within its long range of one (two, late)
        # Moves: a box around it (a Move of a grappled shooter is shorter, never longer)
        radius = long_sq + (2 if late else 1) * speed
        x, y = pic.cell
        box = union(
            box,
            (
                max(0, y - radius),
                min(board.height, y + radius + 1),
                max(0, x - radius),
                min(board.width, x + radius + 1),
            ),
        )
    return ThreatArea(zone, inside(board, zone), ok, inside(board, ok), box)


def inside(board: Board, mask: Array | None) -> tuple[int, ...]:
    """Indexes of the friends standing inside ``mask``, in ``Board.friends`` order."""
    if mask is None or not board.friends:
        return ()
    xs, ys = board.friend_squares()
    return tuple(int(i) for i in np.flatnonzero(mask[ys, xs]))


def exposure_region(board: Board, unit: str, ac: int, late: bool, region: Box) -> Array:
    """``Board.exposure`` of ``unit`` (at AC ``ac``) over ``region`` only."""
    ctx = board.ctx
    ry0, ry1, rx0, rx1 = region
    total = np.zeros((ry1 - ry0, rx1 - rx0), dtype=np.float64)
    friends = board.friends
    lures = board.lures()
    mine = board.lure(unit)

    def part(within: tuple[int, ...]) -> float:
        """My part of one blow that could fall on any of us inside an area."""
        rivals = sum(lures[i] for i in within if friends[i] != unit)
        return float((mine / (mine + rivals)) ** board.share)

    threats = board.threats()
    for i in board.touching(region, late):
        pic = threats[i]
        area = board.threat_area(pic, late)
        assert area.box is not None
        box = intersect(area.box, region)
        if box is None:
            continue
        y0, y1, x0, x1 = box
        sub = (slice(y0, y1), slice(x0, x1))
        best: Array | None = None
        if pic.melee is not None and area.zone is not None:
            e = board.blow(pic.unit, pic.melee, ac)
            # one blow a round, shared among the targets it can reach
            best = np.where(area.zone[sub], e * part(area.zone_friends), 0.0)
        if pic.shot is not None and pic.shot_mod is not None and area.ok is not None:
            tmpl = units.stats(ctx, pic.unit).template
            thrown = pic.shot.thrown and not pic.shot.ranged
            bonus = tmpl.attack_modifier(pic.shot, thrown=thrown)
            p = np.clip((21 - (ac - bonus - pic.shot_mod[sub])) / 20.0, 0.0, 1.0)
            mean = estimates.mean_damage(ctx, pic.unit, pic.shot)
            factor = pic.shot_factor
            if isinstance(factor, np.ndarray):
                factor = factor[sub]
            shots = np.where(area.ok[sub], p * mean * factor * part(area.ok_friends), 0.0)
            best = shots if best is None else np.maximum(best, shots)
        if best is not None:
            total[y0 - ry0 : y1 - ry0, x0 - rx0 : x1 - rx0] += best
    return total
