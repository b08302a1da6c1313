"""Whether one sight line between two sample points is blocked (DESIGN.md · Geometry).

Source 004 · Line of Sight and Cover draws lines between points of two squares;
DESIGN.md makes that exact. All points are in doubled coordinates (see
:mod:`game.geometry.layout`), so the arithmetic below is integer-only.

A segment from ``p`` (a sample of cell ``a``) to ``q`` (a sample of cell ``b``) is
blocked when

1. it enters the open interior of a cell that blocks sight;
2. it runs along a cell edge that has blocking cells on both sides;
3. it passes through a *pinch* (a lattice corner where two diagonally opposite
   cells block), i.e. squeezes between two walls touching at a corner;
4. it starts or ends at a pinch on the far side from its own square: a sample
   at a lattice corner belongs to its cell, so the line must leave that corner
   on the cell's side of the two touching walls. (Two squares meeting only at a
   pinch therefore do not see each other through it.)

Grazing one wall's corner or running along one wall's face does not block, and
creatures never block: this module only knows terrain. The outside of the map
counts as blocking (it only matters along the border).
"""

from __future__ import annotations

from math import gcd

from game.geometry.grid import Cell
from game.geometry.layout import PINCH_ANTI, PINCH_MAIN, SightLayout

Point = tuple[int, int]  # doubled coordinates


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def pinch_side(kind: int, dx: int, dy: int) -> int:
    """Which side of a pinch the direction ``(dx, dy)`` lies on: +1, -1, or 0 (into a wall).

    At an anti pinch (NE and SW block) the sides are north-west (-1) and south-east
    (+1); at a main pinch (NW and SE block) north-east (+1) and south-west (-1).
    Axis directions belong to the side whose open quadrant they border.
    """
    if kind == PINCH_ANTI:
        if dx >= 0 and dy >= 0:
            return 1
        if dx <= 0 and dy <= 0:
            return -1
        return 0
    if kind == PINCH_MAIN:
        if dx >= 0 and dy <= 0:
            return 1
        if dx <= 0 and dy >= 0:
            return -1
        return 0
    return 0  # both diagonals block: every cell around is a wall


def endpoint_ok(layout: SightLayout, v: Point, owner: Cell, dx: int, dy: int) -> bool:
    """Rule 4: a line leaving lattice point ``v`` (doubled) in direction ``(dx, dy)``
    stays on the side of ``owner`` (the square whose sample ``v`` is)."""
    kind = layout.pinch.get((v[0] >> 1, v[1] >> 1), 0)
    if not kind:
        return True
    side = pinch_side(kind, _sign(2 * owner[0] + 1 - v[0]), _sign(2 * owner[1] + 1 - v[1]))
    return side != 0 and side == pinch_side(kind, _sign(dx), _sign(dy))


def _range_bits(lo: int, hi: int) -> int:
    return ((1 << (hi - lo + 1)) - 1) << lo


def segment_blocked(layout: SightLayout, p: Point, q: Point, a: Cell, b: Cell) -> bool:
    """Whether the sight line from ``p`` (sample of square ``a``) to ``q`` (sample of
    square ``b``) is blocked. Points in doubled coordinates, on the map."""
    px, py = p
    qx0, qy0 = qx, qy = q
    dx, dy = qx - px, qy - py
    if dx == 0 and dy == 0:
        if px & 1 or py & 1:
            return False
        kind = layout.pinch.get((px >> 1, py >> 1), 0)
        if not kind:
            return False
        sa = pinch_side(kind, _sign(2 * a[0] + 1 - px), _sign(2 * a[1] + 1 - py))
        sb = pinch_side(kind, _sign(2 * b[0] + 1 - px), _sign(2 * b[1] + 1 - py))
        return sa == 0 or sa != sb
    # Fast path: no blocking cell on the map touches the segment's bounding box
    # (including the cells around its lattice corners), so nothing can block it. Cells
    # off the map only matter next to a blocking cell on the map (a line along the
    # border, a pinch with a wall), so they can be left out of the count.
    x0, x1 = (px, qx) if px <= qx else (qx, px)
    y0, y1 = (py, qy) if py <= qy else (qy, py)
    cx0 = max(((x0 + 1) >> 1) - 1, 0)
    cy0 = max(((y0 + 1) >> 1) - 1, 0)
    cx1 = min(x1 >> 1, layout.width - 1)
    cy1 = min(y1 >> 1, layout.height - 1)
    pre = layout.wall_prefix
    top, bottom = pre[cy0], pre[cy1 + 1]
    if bottom[cx1 + 1] - top[cx1 + 1] - bottom[cx0] + top[cx0] == 0:
        return False

    if dy == 0:
        if py & 1:  # along the middle of a row of cells: rule 1
            row = layout.row_mask[py >> 1]
            return bool(row & _range_bits(x0 >> 1, ((x1 + 1) >> 1) - 1))
        # Along a horizontal grid line: rule 2 on every unit edge, rule 3 inside.
        above = layout.padded_row_mask[py >> 1]  # padded row (py/2 - 1) + 1
        below = layout.padded_row_mask[(py >> 1) + 1]
        if above & below & _range_bits((x0 >> 1) + 1, ((x1 + 1) >> 1)):
            return True
    elif dx == 0:
        if px & 1:
            col = layout.col_mask[px >> 1]
            return bool(col & _range_bits(y0 >> 1, ((y1 + 1) >> 1) - 1))
        left = layout.padded_col_mask[px >> 1]
        right = layout.padded_col_mask[(px >> 1) + 1]
        if left & right & _range_bits((y0 >> 1) + 1, ((y1 + 1) >> 1)):
            return True
    elif abs(dy) <= abs(dx):
        # Rule 1, one row of cells at a time: the open part of the segment inside
        # row r covers x from xa to xb (rationals num / (2*ady) in cell units).
        if py > qy:
            px, py, qx, qy, dx, dy = qx, qy, px, py, -dx, -dy
        rows = layout.row_mask
        den = 2 * dy
        base = px * dy - py * dx
        for r in range(py >> 1, ((qy + 1) >> 1)):
            ya = 2 * r if 2 * r > py else py
            yb = 2 * r + 2 if 2 * r + 2 < qy else qy
            na = base + ya * dx
            nb = base + yb * dx
            if na > nb:
                na, nb = nb, na
            c0 = na // den
            if rows[r] >> c0 & ((1 << (-((-nb) // den) - c0)) - 1):
                return True
    else:
        if px > qx:
            px, py, qx, qy, dx, dy = qx, qy, px, py, -dx, -dy
        cols = layout.col_mask
        den = 2 * dx
        base = py * dx - px * dy
        for c in range(px >> 1, ((qx + 1) >> 1)):
            xa = 2 * c if 2 * c > px else px
            xb = 2 * c + 2 if 2 * c + 2 < qx else qx
            na = base + xa * dy
            nb = base + xb * dy
            if na > nb:
                na, nb = nb, na
            r0 = na // den
            if cols[c] >> r0 & ((1 << (-((-nb) // den) - r0)) - 1):
                return True

    # Rules 3 and 4 at the lattice corners on the segment (if any pinch is near).
    px, py = p
    dx, dy = qx0 - px, qy0 - py
    pinch = layout.pinch
    lx0, ly0 = (x0 + 1) >> 1, (y0 + 1) >> 1  # lattice corners within the bounding box
    lx1, ly1 = x1 >> 1, y1 >> 1
    ppre = layout.pinch_prefix
    ptop, pbottom = ppre[ly0], ppre[ly1 + 1]
    if pbottom[lx1 + 1] - ptop[lx1 + 1] - pbottom[lx0] + ptop[lx0] == 0:
        return False
    return _blocking_pinch(layout, pinch, p, dx, dy, a, b) is not None


def _blocking_pinch(
    layout: SightLayout,
    pinch: dict[tuple[int, int], int],
    p: Point,
    dx: int,
    dy: int,
    a: Cell,
    b: Cell,
) -> tuple[int, int, int] | None:
    """Rules 3 and 4: the first pinch on the segment from ``p`` by ``(dx, dy)`` that
    blocks it, as (lattice x, lattice y, kind), or None."""
    px, py = p
    g = gcd(dx, dy)
    sx, sy = dx // g, dy // g
    for i in range(g + 1):
        vx, vy = px + i * sx, py + i * sy
        if vx & 1 or vy & 1:
            continue
        kind = pinch.get((vx >> 1, vy >> 1), 0)
        if not kind:
            continue
        if i == 0:
            if not endpoint_ok(layout, (vx, vy), a, dx, dy):
                return (vx >> 1, vy >> 1, kind)
        elif i == g:
            if not endpoint_ok(layout, (vx, vy), b, -dx, -dy):
                return (vx >> 1, vy >> 1, kind)
        else:
            return (vx >> 1, vy >> 1, kind)
    return None


_MAX_HINTS = 3


def first_clear(
    layout: SightLayout,
    sources: tuple[Point, ...],
    q: Point,
    a: Cell,
    b: Cell,
    hints: list[tuple[int, int, int, int]],
) -> int:
    """Index of the first of ``sources`` (samples of ``a``) whose line to ``q`` (a
    sample of ``b``) is not blocked, or -1. Same rule as :func:`segment_blocked`.

    Speed for whole cover queries: ``hints`` collects the open interiors of walls
    (doubled boxes) that blocked earlier lines of the same query; most later lines
    are blocked by one of them, which is cheaper to check than a walk.
    """
    qx, qy = q
    for index, p in enumerate(sources):
        px, py = p
        dx, dy = qx - px, qy - py
        hit = False
        for bx0, by0, bx1, by1 in hints:
            # Does the open segment meet the open box? Parametric t in (0, 1),
            # compared as fractions with positive denominators.
            lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
            if dx > 0:
                n1, n2, den = bx0 - px, bx1 - px, dx
            elif dx < 0:
                n1, n2, den = px - bx1, px - bx0, -dx
            elif bx0 < px < bx1:
                n1, n2, den = 0, 1, 1
            else:
                continue
            if n1 * lo_d > lo_n * den:
                lo_n, lo_d = n1, den
            if n2 * hi_d < hi_n * den:
                hi_n, hi_d = n2, den
            if dy > 0:
                n1, n2, den = by0 - py, by1 - py, dy
            elif dy < 0:
                n1, n2, den = py - by1, py - by0, -dy
            elif by0 < py < by1:
                n1, n2, den = 0, 1, 1
            else:
                continue
            if n1 * lo_d > lo_n * den:
                lo_n, lo_d = n1, den
            if n2 * hi_d < hi_n * den:
                hi_n, hi_d = n2, den
            if lo_n * hi_d < hi_n * lo_d:
                hit = True
                break
        if hit:
            continue
        wall = interior_blocker(layout, px, py, qx, qy)
        if wall is not None:
            cx, cy = wall
            # Most recent first, and only a few: checking many costs more than a walk.
            hints.insert(0, (2 * cx, 2 * cy, 2 * cx + 2, 2 * cy + 2))
            if len(hints) > _MAX_HINTS:
                hints.pop()
            continue
        if not segment_blocked(layout, p, q, a, b):
            return index
    return -1


def interior_blocker(layout: SightLayout, px: int, py: int, qx: int, qy: int) -> Cell | None:
    """A blocking cell whose open interior the segment enters (rule 1), or None.
    Segments along grid lines enter no interior and give None."""
    dx, dy = qx - px, qy - py
    if dx == 0 or dy == 0:
        return None
    x0, x1 = (px, qx) if px <= qx else (qx, px)
    y0, y1 = (py, qy) if py <= qy else (qy, py)
    pre = layout.wall_prefix
    top, bottom = pre[y0 >> 1], pre[((y1 + 1) >> 1)]
    c0, c1 = x0 >> 1, (x1 + 1) >> 1
    if bottom[c1] - top[c1] - bottom[c0] + top[c0] == 0:
        return None  # no blocking cell whose interior the bounding box meets
    if abs(dy) <= abs(dx):
        if py > qy:
            px, py, qx, qy, dx, dy = qx, qy, px, py, -dx, -dy
        rows = layout.row_mask
        den = 2 * dy
        base = px * dy - py * dx
        for r in range(py >> 1, ((qy + 1) >> 1)):
            ya = 2 * r if 2 * r > py else py
            yb = 2 * r + 2 if 2 * r + 2 < qy else qy
            na = base + ya * dx
            nb = base + yb * dx
            if na > nb:
                na, nb = nb, na
            c0 = na // den
            bits = rows[r] >> c0 & ((1 << (-((-nb) // den) - c0)) - 1)
            if bits:
                return (c0 + (bits & -bits).bit_length() - 1, r)
    else:
        if px > qx:
            px, py, qx, qy, dx, dy = qx, qy, px, py, -dx, -dy
        cols = layout.col_mask
        den = 2 * dx
        base = py * dx - px * dy
        for c in range(px >> 1, ((qx + 1) >> 1)):
            xa = 2 * c if 2 * c > px else px
            xb = 2 * c + 2 if 2 * c + 2 < qx else qx
            na = base + xa * dy
            nb = base + xb * dy
            if na > nb:
                na, nb = nb, na
            r0 = na // den
            bits = cols[c] >> r0 & ((1 << (-((-nb) // den) - r0)) - 1)
            if bits:
                return (c, r0 + (bits & -bits).bit_length() - 1)
    return None


def _blocks(layout: SightLayout, x: int, y: int) -> bool:
    """Whether cell (x, y) blocks sight; off the map counts as blocking."""
    return not (0 <= x < layout.width and 0 <= y < layout.height) or bool(layout.wall[y, x])


def _pinch_cells(kind: int, vx: int, vy: int) -> tuple[Cell, ...]:
    """The two blocking cells of a pinch at lattice corner (vx, vy)."""
    if kind & PINCH_ANTI:
        return ((vx, vy - 1), (vx - 1, vy))  # NE and SW
    return ((vx - 1, vy - 1), (vx, vy))  # NW and SE


def segment_blockers(layout: SightLayout, p: Point, q: Point, a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The cells that block the sight line ``p`` → ``q`` (as :func:`segment_blocked`), or
    ``()`` when it is clear: the wall whose interior it enters (rule 1), the two walls it
    runs between (rule 2) or the two walls of the pinch it squeezes through (rules 3–4).
    Cells off the map may be named (the map's edge blocks). For explaining cover, not
    for speed: it walks the segment step by step."""
    if not segment_blocked(layout, p, q, a, b):
        return ()
    wall = interior_blocker(layout, *p, *q)
    if wall is not None:
        return (wall,)
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    x0, x1 = sorted((px, qx))
    y0, y1 = sorted((py, qy))
    if dy == 0 and py & 1:  # through the middle of a row of cells
        row = [(x, py >> 1) for x in range(x0 >> 1, (x1 + 1) >> 1)]
        return tuple(c for c in row if _blocks(layout, *c))[:1]
    if dx == 0 and px & 1:
        column = [(px >> 1, y) for y in range(y0 >> 1, (y1 + 1) >> 1)]
        return tuple(c for c in column if _blocks(layout, *c))[:1]
    if dy == 0:  # along a horizontal grid line: a unit edge with walls on both sides
        for x in range(x0 >> 1, (x1 + 1) >> 1):
            if _blocks(layout, x, (py >> 1) - 1) and _blocks(layout, x, py >> 1):
                return ((x, (py >> 1) - 1), (x, py >> 1))
    if dx == 0:
        for y in range(y0 >> 1, (y1 + 1) >> 1):
            if _blocks(layout, (px >> 1) - 1, y) and _blocks(layout, px >> 1, y):
                return (((px >> 1) - 1, y), (px >> 1, y))
    found = _blocking_pinch(layout, layout.pinch, p, dx, dy, a, b)
    return () if found is None else _pinch_cells(found[2], found[0], found[1])
