"""Paint the Shieldwall terrain tileset: ``assets/tiles/terrain.png`` + ``terrain.tsx``.

A build tool, not part of the game: run ``python assets/src/draw_tileset.py`` from
the repository root after changing a painter or ``tilecatalog.py``, then commit
both files. Every tile is painted at 4x with numpy (value noise for textures,
height fields lit from the upper left for soft shading) and box-filtered down to
32 px, so edges are anti-aliased. The same seeds give the same image.

pygame-ce is used only to write the PNG.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tilecatalog as cat  # noqa: E402

Arr = np.ndarray
Colour = tuple[int, int, int]

T = cat.TILE
SS = 4  # supersampling factor
N = T * SS
_c = (np.arange(N) + 0.5) / SS
X, Y = np.meshgrid(_c, _c)  # X[row, col] in tile pixels, 0..32
LIGHT = np.array([-0.55, -0.65, 0.75])
LIGHT = LIGHT / np.linalg.norm(LIGHT)
N_, E_, S_, W_ = cat.NORTH, cat.EAST, cat.SOUTH, cat.WEST

# --- palette: earthy and muted ---------------------------------------------
GRASS_DARK = (68, 96, 52)
GRASS_MID = (92, 124, 64)
GRASS_LIGHT = (124, 150, 78)
FOREST_DARK = (44, 56, 34)
FOREST_MID = (68, 80, 46)
FOREST_LIGHT = (100, 104, 60)
DIRT_DARK = (104, 80, 56)
DIRT_MID = (138, 108, 76)
DIRT_LIGHT = (164, 134, 98)
SAND_MID = (196, 176, 132)
MUD_MID = (92, 74, 54)
STONE_DARK = (74, 72, 70)
STONE_MID = (132, 128, 120)
STONE_LIGHT = (168, 164, 152)
WOOD_DARK = (78, 54, 34)
WOOD_MID = (122, 88, 56)
WOOD_LIGHT = (158, 120, 80)
WATER_SHALLOW = (78, 128, 138)
WATER_DEEP = (40, 76, 104)
LEAF_DARK = (34, 58, 36)
LEAF_MID = (62, 98, 52)
LEAF_LIGHT = (118, 148, 76)
PINE_DARK = (26, 50, 42)
PINE_MID = (46, 82, 62)
PINE_LIGHT = (86, 122, 84)
OUTLINE = (30, 28, 26)


def rgb(c: Sequence[float]) -> Arr:
    return np.asarray(c, dtype=float) / 255.0


class Canvas:
    """A premultiplied RGBA image at 4x resolution."""

    def __init__(self) -> None:
        self.rgb = np.zeros((N, N, 3))
        self.a = np.zeros((N, N))

    def paint(self, alpha: Arr | float, colour: Arr | Sequence[float]) -> None:
        """Paint ``colour`` (0..255, per pixel or flat) over the canvas with coverage ``alpha``."""
        al = np.clip(np.broadcast_to(np.asarray(alpha, dtype=float), (N, N)), 0.0, 1.0)
        col = np.asarray(colour, dtype=float) / 255.0
        col = np.broadcast_to(col, (N, N, 3))
        self.rgb = col * al[..., None] + self.rgb * (1.0 - al[..., None])
        self.a = al + self.a * (1.0 - al)

    def shadow(self, mask: Arr, dx: float = 2.0, dy: float = 2.5, strength: float = 0.38) -> None:
        """A soft drop shadow of ``mask`` cast down and to the right."""
        self.paint(blur(shift(mask, dx, dy), 3) * strength, (10, 12, 8))

    def downsample(self) -> Arr:
        """32x32x4 uint8, straight alpha."""
        a = self.a.reshape(T, SS, T, SS).mean(axis=(1, 3))
        c = self.rgb.reshape(T, SS, T, SS, 3).mean(axis=(1, 3))
        with np.errstate(invalid="ignore", divide="ignore"):
            straight = np.where(a[..., None] > 1e-6, c / np.maximum(a[..., None], 1e-6), 0.0)
        out = np.dstack([straight, a])
        return np.clip(np.round(out * 255.0), 0, 255).astype(np.uint8)


# --- helpers -----------------------------------------------------------------
def shift(mask: Arr, dx: float, dy: float) -> Arr:
    """Move a mask by (dx, dy) tile pixels, filling with zero."""
    sx, sy = int(round(dx * SS)), int(round(dy * SS))
    out = np.zeros_like(mask)
    h, w = mask.shape
    ys = slice(max(sy, 0), h + min(sy, 0))
    xs = slice(max(sx, 0), w + min(sx, 0))
    yd = slice(max(-sy, 0), h + min(-sy, 0))
    xd = slice(max(-sx, 0), w + min(-sx, 0))
    out[ys, xs] = mask[yd, xd]
    return out


def blur(mask: Arr, radius_px: float) -> Arr:
    """A cheap box blur (two passes) of ``radius_px`` tile pixels."""
    r = max(1, int(radius_px * SS / 2))
    out = mask.astype(float)
    for _ in range(2):
        pad = np.pad(out, r, mode="constant")
        cs = np.cumsum(np.cumsum(pad, axis=0), axis=1)
        cs = np.pad(cs, ((1, 0), (1, 0)))
        k = 2 * r + 1
        out = (cs[k:, k:] - cs[:-k, k:] - cs[k:, :-k] + cs[:-k, :-k]) / (k * k)
    return out


def vnoise(seed: int, kx: int, ky: int | None = None) -> Arr:
    """Tileable value noise (period = one tile) with ``kx`` x ``ky`` lattice cells, 0..1."""
    ky = kx if ky is None else ky
    g = np.random.default_rng(seed).random((ky, kx))
    fx, fy = X / T * kx, Y / T * ky
    x0, y0 = np.floor(fx).astype(int), np.floor(fy).astype(int)
    tx, ty = fx - x0, fy - y0
    tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
    x0m, y0m, x1m, y1m = x0 % kx, y0 % ky, (x0 + 1) % kx, (y0 + 1) % ky
    top = g[y0m, x0m] * (1 - tx) + g[y0m, x1m] * tx
    bot = g[y1m, x0m] * (1 - tx) + g[y1m, x1m] * tx
    return top * (1 - ty) + bot * ty


def fbm(seed: int, base: int = 2, octaves: int = 4) -> Arr:
    total, amp, norm = np.zeros((N, N)), 1.0, 0.0
    for o in range(octaves):
        total += vnoise(seed + o * 101, base * 2**o) * amp
        norm += amp
        amp *= 0.5
    return total / norm


def pixnoise(seed: int) -> Arr:
    """Independent noise per tile pixel (crisp pixel-art grain), 0..1."""
    g = np.random.default_rng(seed).random((T, T))
    return np.kron(g, np.ones((SS, SS)))


def ramp(t: Arr, colours: Sequence[Colour]) -> Arr:
    """Map 0..1 to a colour gradient through ``colours`` (0..255 floats)."""
    t = np.clip(t, 0.0, 1.0) * (len(colours) - 1)
    i = np.minimum(np.floor(t).astype(int), len(colours) - 2)
    f = (t - i)[..., None]
    cs = np.asarray(colours, dtype=float)
    return cs[i] * (1 - f) + cs[i + 1] * f


def lerp(a: Arr | Sequence[float], b: Arr | Sequence[float], t: Arr | float) -> Arr:
    a_, b_ = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    tt = np.asarray(t, dtype=float)
    if tt.ndim == 2:
        tt = tt[..., None]
    return a_ * (1 - tt) + b_ * tt


def lit(height: Arr, strength: float = 1.0) -> Arr:
    """Lambert shading (about 0..1.2) of a height field, light from the upper left."""
    gy, gx = np.gradient(height * SS * strength)
    n = np.dstack([-gx, -gy, np.ones_like(gx)])
    n /= np.linalg.norm(n, axis=2, keepdims=True)
    return np.clip(n @ LIGHT, 0.0, 1.0) / LIGHT[2]


def disc(cx: float, cy: float, r: float) -> Arr:
    return (((X - cx) ** 2 + (Y - cy) ** 2) <= r * r).astype(float)


def ellipse(cx: float, cy: float, rx: float, ry: float) -> Arr:
    return ((((X - cx) / rx) ** 2 + ((Y - cy) / ry) ** 2) <= 1.0).astype(float)


def rect(x0: float, y0: float, x1: float, y1: float) -> Arr:
    return ((X >= x0) & (X < x1) & (Y >= y0) & (Y < y1)).astype(float)


def rrect(x0: float, y0: float, x1: float, y1: float, r: float) -> Arr:
    """A rounded rectangle."""
    cx = np.clip(X, x0 + r, x1 - r)
    cy = np.clip(Y, y0 + r, y1 - r)
    return (((X - cx) ** 2 + (Y - cy) ** 2) <= r * r).astype(float)


def dome(cx: float, cy: float, r: float) -> Arr:
    """Height of a hemisphere (0 outside)."""
    d2 = (X - cx) ** 2 + (Y - cy) ** 2
    return np.sqrt(np.clip(r * r - d2, 0.0, None))


def edge_distance(mask: int, wobble: Arr | None = None, amount: float = 0.0) -> Arr:
    """Distance (tile px) from the nearest tile edge whose neighbour is *not* connected.

    Open corners where both sides connect but the diagonal may not are ignored;
    at 32 px the notch is not worth 47 variants.
    """
    big = np.full((N, N), 99.0)
    if not mask & N_:
        big = np.minimum(big, Y)
    if not mask & S_:
        big = np.minimum(big, T - Y)
    if not mask & W_:
        big = np.minimum(big, X)
    if not mask & E_:
        big = np.minimum(big, T - X)
    if wobble is not None:
        big = big + (wobble - 0.5) * amount
    return big


def smooth(edge0: float, edge1: float, v: Arr) -> Arr:
    t = np.clip((v - edge0) / (edge1 - edge0), 0.0, 1.0)
    return t * t * (3 - 2 * t)


# --- ground textures ----------------------------------------------------------
def grass_colour(seed: int = 11) -> Arr:
    low = fbm(seed, 2, 3)
    grain = pixnoise(seed + 1)
    blades = vnoise(seed + 2, 16, 5)
    t = 0.22 + 0.45 * low + 0.22 * (grain - 0.5) + 0.18 * (blades - 0.5)
    return ramp(t, [GRASS_DARK, GRASS_MID, GRASS_LIGHT])


def paint_grass(cv: Canvas, variant: int) -> None:
    col = grass_colour()
    cv.paint(1.0, col)
    rng = np.random.default_rng(200 + variant)
    # tufts: little dark-light strokes
    for _ in range(6 + variant * 3):
        x, y = rng.uniform(3, 29), rng.uniform(4, 29)
        for k in range(3):
            dx = (k - 1) * 1.3
            blade = ((np.abs(X - (x + dx + (Y - y) * 0.25 * (k - 1))) < 0.5)
                     & (Y > y - 3 + abs(k - 1)) & (Y < y)).astype(float)
            cv.paint(blade * 0.8, GRASS_LIGHT if k != 1 else (140, 162, 88))
        cv.paint(rect(x - 2, y, x + 2, y + 1) * 0.35, GRASS_DARK)
    if variant == 3:
        for _ in range(7):
            x, y = rng.uniform(4, 28), rng.uniform(4, 28)
            petal = [(214, 206, 170), (196, 170, 196), (222, 196, 120)][int(rng.integers(0, 3))]
            cv.paint(disc(x + 0.5, y + 0.5, 0.9) * 0.45, (40, 60, 30))
            cv.paint(disc(x, y, 1.1), petal)
            cv.paint(disc(x, y, 0.45), (230, 200, 110))


def forest_colour() -> Arr:
    t = 0.3 + 0.4 * fbm(31, 2, 3) + 0.25 * (pixnoise(32) - 0.5)
    return ramp(t, [FOREST_DARK, FOREST_MID, FOREST_LIGHT])


def leaf_litter(cv: Canvas, seed: int, count: int, where: Arr | None = None) -> None:
    rng = np.random.default_rng(seed)
    leaf_cols = [(132, 98, 52), (112, 84, 46), (96, 102, 54), (146, 118, 64)]
    for _ in range(count):
        x, y = rng.uniform(1, 31), rng.uniform(1, 31)
        a = rng.uniform(0, np.pi)
        lx = (X - x) * np.cos(a) + (Y - y) * np.sin(a)
        ly = -(X - x) * np.sin(a) + (Y - y) * np.cos(a)
        leaf = ((lx / 1.6) ** 2 + (ly / 0.8) ** 2 <= 1).astype(float)
        if where is not None:
            leaf = leaf * where
        cv.paint(leaf * 0.8, leaf_cols[int(rng.integers(0, 4))])


def paint_forest(cv: Canvas, mask: int) -> None:
    """Woodland floor that fades into grass on the sides where the wood ends."""
    d = edge_distance(mask, vnoise(35, 4), 5.0)
    cv.paint(1.0, grass_colour())
    inside = smooth(3.0, 8.0, d)
    cv.paint(inside, forest_colour())
    leaf_litter(cv, 36 + mask, 14, smooth(6.0, 8.0, d))


def paint_forest_floor(cv: Canvas, variant: int) -> None:
    cv.paint(1.0, forest_colour())
    rng = np.random.default_rng(300 + variant)
    leaf_cols = [(132, 98, 52), (112, 84, 46), (96, 102, 54), (146, 118, 64)]
    for _ in range(22):
        x, y = rng.uniform(1, 31), rng.uniform(1, 31)
        a = rng.uniform(0, np.pi)
        lx = (X - x) * np.cos(a) + (Y - y) * np.sin(a)
        ly = -(X - x) * np.sin(a) + (Y - y) * np.cos(a)
        leaf = ((lx / 1.6) ** 2 + (ly / 0.8) ** 2 <= 1).astype(float)
        cv.paint(leaf * 0.85, leaf_cols[int(rng.integers(0, 4))])
    if variant == 1:
        # a fallen twig
        twig = (np.abs((Y - 12) - (X - 8) * 0.45) < 0.55) & (X > 8) & (X < 24)
        cv.paint(shift(twig.astype(float), 0.6, 0.8) * 0.4, (20, 20, 14))
        cv.paint(twig.astype(float), (92, 70, 46))


def dirt_colour(seed: int = 41, light: float = 0.0) -> Arr:
    t = 0.35 + light + 0.35 * fbm(seed, 2, 3) + 0.25 * (pixnoise(seed + 1) - 0.5)
    return ramp(t, [DIRT_DARK, DIRT_MID, DIRT_LIGHT])


def pebbles(cv: Canvas, seed: int, count: int, colour: Colour = (150, 140, 124)) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(count):
        x, y, r = rng.uniform(3, 29), rng.uniform(3, 29), rng.uniform(0.8, 1.7)
        m = ellipse(x, y, r * 1.2, r)
        cv.paint(shift(m, 0.6, 0.7) * 0.45, (40, 30, 20))
        h = dome(x, y, r * 1.2)
        cv.paint(m, lerp((90, 84, 76), colour, np.clip(lit(h, 0.8) * 0.9, 0, 1.15)))


def paint_dirt(cv: Canvas, variant: int) -> None:
    cv.paint(1.0, dirt_colour())
    pebbles(cv, 400 + variant, 3 + 4 * variant)
    if variant == 2:
        # cart ruts
        for yy in (10.0, 22.0):
            rut = np.abs(Y - yy - 0.8 * np.sin(X / 5)) < 1.1
            cv.paint(rut.astype(float) * 0.35, DIRT_DARK)


def paint_sand(cv: Canvas, _: int) -> None:
    t = 0.5 + 0.25 * fbm(51, 2, 3) + 0.2 * (pixnoise(52) - 0.5)
    ripple = 0.06 * np.sin((Y + 2 * np.sin(X / 6)) * 1.1)
    cv.paint(1.0, ramp(t + ripple, [(160, 140, 100), SAND_MID, (222, 206, 166)]))
    pebbles(cv, 53, 2, (200, 190, 170))


def paint_mud(cv: Canvas, _: int) -> None:
    t = 0.4 + 0.35 * fbm(61, 2, 4) + 0.15 * (pixnoise(62) - 0.5)
    cv.paint(1.0, ramp(t, [(62, 50, 38), MUD_MID, (118, 98, 72)]))
    puddles = fbm(63, 2, 3)
    pm = smooth(0.66, 0.7, puddles)
    cv.paint(pm * 0.5, lerp((70, 72, 62), (100, 104, 92), smooth(0.7, 0.8, puddles)))
    # boot prints and wheel ruts pressed into it
    ruts = (np.abs(Y - 9 - 1.0 * np.sin(X / 5)) < 1.0) | (np.abs(Y - 23 - np.sin(X / 4)) < 1.0)
    cv.paint(ruts.astype(float) * 0.3, (44, 34, 24))


def paint_stone_floor(cv: Canvas, variant: int) -> None:
    """Irregular flagstones: a 2x2 grid of slabs, each its own tone, with grout."""
    base = 0.45 + 0.25 * fbm(71, 2, 3) + 0.18 * (pixnoise(72) - 0.5)
    rng = np.random.default_rng(73)
    tone = np.zeros((N, N))
    # slab boundaries: rows at 0/16 with staggered columns
    row = (Y >= 16).astype(int)
    colx = np.where(row == 0, X, (X + 8) % T)
    col = (colx >= 16).astype(int)
    tones = rng.uniform(-0.12, 0.12, (2, 2))
    tone = tones[row, col]
    ly, lx = Y % 16, colx % 16
    grout = (ly < 1.0) | (lx < 1.0)
    bevel = np.where((ly < 2.0) | (lx < 2.0), 0.12, 0.0)
    bevel -= np.where((ly > 14.5) | (lx > 14.5), 0.1, 0.0)
    cv.paint(1.0, ramp(base + tone + bevel, [(70, 66, 60), (110, 104, 94), (138, 132, 120)]))
    cv.paint(grout.astype(float), (46, 44, 40))
    if variant == 1:
        crack = np.abs(Y - 6 - (X - 18) * 0.6 - 1.2 * np.sin(X)) < 0.45
        crack &= (X > 18) & (X < 30)
        cv.paint(crack.astype(float) * 0.8, (60, 58, 54))
        moss = smooth(0.6, 0.7, fbm(74, 4, 2)) * (grout | (lx < 2.5) | (ly < 2.5))
        cv.paint(moss * 0.7, (90, 110, 62))


def paint_wood_floor(cv: Canvas, variant: int) -> None:
    """Planks running left to right, 8 px wide, with staggered butt joints."""
    plank = (Y // 8).astype(int)
    grain = vnoise(81, 3, 24)
    rng = np.random.default_rng(82 + variant)
    tones = rng.uniform(-0.1, 0.1, 4)
    t = 0.5 + tones[plank % 4] + 0.28 * (grain - 0.5) + 0.1 * (pixnoise(83) - 0.5)
    ly = Y % 8
    t = t + np.where(ly < 1.5, 0.08, 0.0) - np.where(ly > 6.5, 0.1, 0.0)
    cv.paint(1.0, ramp(t, [(118, 86, 54), (160, 122, 80), (192, 154, 106)]))
    cv.paint((ly < 0.75).astype(float), (86, 60, 38))
    offs = [4, 20, 12, 28]
    for p in range(4):
        joint = (plank == p) & (np.abs(X - offs[(p + variant) % 4]) < 0.5)
        cv.paint(joint.astype(float) * 0.9, (62, 44, 28))
        for nx in (offs[(p + variant) % 4] - 2.5, offs[(p + variant) % 4] + 2.5):
            nail = disc(nx, p * 8 + 4, 0.55)
            cv.paint(nail * 0.8, (60, 54, 48))


def paint_cobbles(cv: Canvas, _: int) -> None:
    """Rounded setts: a jittered 4x4 Voronoi-ish pattern, each stone domed."""
    cv.paint(1.0, (70, 66, 60))
    rng = np.random.default_rng(91)
    pts = [(i * 8 + 4 + rng.uniform(-1.2, 1.2), j * 8 + 4 + rng.uniform(-1.2, 1.2))
           for j in range(4) for i in range(4)]
    best = np.full((N, N), 1e9)
    second = np.full((N, N), 1e9)
    owner = np.zeros((N, N), dtype=int)
    for k, (px, py) in enumerate(pts):
        for ox in (-T, 0, T):
            for oy in (-T, 0, T):
                d = np.hypot(X - px - ox, Y - py - oy)
                closer = d < best
                second = np.where(closer, best, np.minimum(second, d))
                owner = np.where(closer, k, owner)
                best = np.where(closer, d, best)
    edge = second - best
    tones = rng.uniform(-0.12, 0.12, len(pts))
    h = np.clip(edge, 0, 3)
    shade = lit(h * 1.2, 0.8)
    t = 0.45 + tones[owner] + 0.25 * (shade - 0.8) + 0.1 * (pixnoise(92) - 0.5)
    stone = smooth(0.5, 1.2, edge)
    cv.paint(stone, ramp(t, [STONE_DARK, STONE_MID, STONE_LIGHT]))


# --- water ------------------------------------------------------------------------
def water_colour(depth: Arr) -> Arr:
    ripple = vnoise(101, 4, 8)
    glints = smooth(0.72, 0.8, vnoise(102, 8, 16))
    base = lerp(WATER_SHALLOW, WATER_DEEP, np.clip(depth, 0, 1))
    base = base * (0.96 + 0.08 * ripple[..., None])
    return lerp(base, (156, 190, 190), glints * 0.35)


def paint_shallow(cv: Canvas, mask: int) -> None:
    wob = vnoise(103, 4)
    d = edge_distance(mask, wob, 3.0)
    cv.paint(1.0, grass_colour())
    bank = smooth(2.0, 3.2, d)
    cv.paint(bank, lerp((96, 82, 58), (112, 98, 70), pixnoise(104)))
    wet = smooth(4.0, 5.2, d)
    cv.paint(wet, water_colour(np.zeros((N, N))))
    foam = (smooth(4.0, 4.8, d) - smooth(5.4, 6.6, d)).clip(0)
    cv.paint(foam * 0.45, (176, 196, 188))
    # pebbles seen through the water
    sub = smooth(0.7, 0.75, vnoise(105, 8)) * wet
    cv.paint(sub * 0.25, (120, 130, 110))


def paint_deep(cv: Canvas, mask: int) -> None:
    d = edge_distance(mask, vnoise(106, 4), 4.0)
    depth = smooth(2.0, 14.0, d)
    cv.paint(1.0, water_colour(depth))


# --- walls ---------------------------------------------------------------------------
FACE = 9.0  # height in px of a wall's south face when the square below is open


def stone_blocks(seed: int, course: float, widths: Sequence[float], stagger: float,
                 lo: float, hi: float) -> tuple[Arr, Arr]:
    """Tone (0..1) and mortar mask of a tileable course of cut stone."""
    rng = np.random.default_rng(seed)
    rowi = np.floor(Y / course).astype(int)
    xs = (X + (rowi % 2) * stagger) % T
    edges = np.cumsum([0.0, *widths])
    brick = np.searchsorted(edges, xs, side="right") - 1
    ly = Y - rowi * course
    lx = xs - edges[np.clip(brick, 0, len(widths) - 1)]
    w = np.asarray(widths)[np.clip(brick, 0, len(widths) - 1)]
    tones = rng.uniform(lo, hi, (64, len(widths)))
    tone = tones[rowi % 64, np.clip(brick, 0, len(widths) - 1)]
    bevel = np.where((ly < 1.6) | (lx < 1.6), 0.12, 0.0)
    bevel -= np.where((ly > course - 1.8) | (lx > w - 1.8), 0.12, 0.0)
    mortar = ((ly < 0.8) | (lx < 0.8)).astype(float)
    return tone + bevel, mortar


def wall_outline(cv: Canvas, mask: int, top_end: float) -> None:
    """Dark outer edge and a light rim along the open sides of a wall's top."""
    rim = np.zeros((N, N))
    dark = np.zeros((N, N))
    if not mask & N_:
        dark = np.maximum(dark, (Y < 1.0))
        rim = np.maximum(rim, (Y >= 1.0) & (Y < 2.2))
    if not mask & W_:
        dark = np.maximum(dark, (X < 1.0))
        rim = np.maximum(rim, (X >= 1.0) & (X < 2.2) & (Y < top_end))
    if not mask & E_:
        dark = np.maximum(dark, (X > T - 1.0))
        cv.paint(((X > T - 2.6) & (X <= T - 1.0) & (Y < top_end)) * 0.35, (20, 18, 16))
    if not mask & S_:
        rim = np.maximum(rim, (Y >= top_end - 1.4) & (Y < top_end))
        dark = np.maximum(dark, (Y > T - 1.0))
    cv.paint(rim * 0.4, (255, 250, 230))
    cv.paint(dark, OUTLINE)


def paint_stone_wall(cv: Canvas, mask: int) -> None:
    top_end = float(T) if mask & S_ else T - FACE
    tone, mortar = stone_blocks(111, 8.0, [11, 10, 11], 6, -0.14, 0.14)
    t = 0.6 + tone + 0.12 * (fbm(112, 4, 2) - 0.5) + 0.1 * (pixnoise(113) - 0.5)
    cv.paint(1.0, ramp(t, [(92, 90, 86), (156, 152, 142), (200, 196, 184)]))
    cv.paint(mortar * 0.85, (78, 74, 68))
    if not mask & S_:
        face = (Y >= top_end).astype(float)
        ftone, fmortar = stone_blocks(114, 4.5, [8, 8, 8, 8], 4, -0.1, 0.1)
        fy = (Y - top_end) / FACE
        ft = 0.42 + ftone * 0.8 - 0.25 * fy + 0.1 * (pixnoise(115) - 0.5)
        cv.paint(face, ramp(ft, [(46, 44, 42), (88, 84, 78), (118, 114, 106)]))
        cv.paint(face * fmortar * 0.7, (40, 38, 36))
        cv.paint(((Y >= top_end) & (Y < top_end + 0.8)) * 0.6, OUTLINE)
    wall_outline(cv, mask, top_end)


def paint_wood_wall(cv: Canvas, mask: int) -> None:
    """Timber walls: a squared beam on top, vertical boards on the south face."""
    top_end = float(T) if mask & S_ else T - FACE
    along_y = bool(mask & (N_ | S_)) and not mask & (E_ | W_)
    v = X if along_y else Y
    grain = vnoise(121, 24, 3) if along_y else vnoise(121, 3, 24)
    board = np.floor(v / 8).astype(int)
    t = 0.5 + 0.26 * (grain - 0.5) + 0.08 * np.sin(board * 2.3) + 0.08 * (pixnoise(122) - 0.5)
    lv = v % 8
    t = t + np.where(lv < 1.5, 0.1, 0.0) - np.where(lv > 6.5, 0.12, 0.0)
    cv.paint(1.0, ramp(t, [(40, 26, 16), (78, 52, 32), (110, 78, 48)]))
    cv.paint((lv < 0.7).astype(float) * 0.8, (30, 20, 12))
    for k in range(4):  # pegs along the beam
        px, py = (16.0, k * 8 + 4.0) if along_y else (k * 8 + 4.0, 16.0)
        cv.paint(disc(px, py, 0.6) * 0.7, (50, 34, 20))
    if not mask & S_:
        face = (Y >= top_end).astype(float)
        fb = (X // 5).astype(int)
        fy = (Y - top_end) / FACE
        ft = 0.42 + 0.07 * np.sin(fb * 1.7) - 0.28 * fy + 0.1 * (pixnoise(123) - 0.5)
        cv.paint(face, ramp(ft, [(30, 20, 12), (64, 44, 28), (92, 66, 42)]))
        cv.paint(face * ((X % 5) < 0.7) * 0.7, (34, 22, 14))
        cv.paint(((Y >= top_end) & (Y < top_end + 0.8)) * 0.6, OUTLINE)
    wall_outline(cv, mask, top_end)


def log_end(cv: Canvas, cx: float, cy: float, r: float, seed: int) -> None:
    """The top of a sharpened stake: bark ring and a lit cone."""
    d = np.hypot(X - cx, Y - cy)
    m = (d <= r).astype(float)
    h = np.clip(r - d, 0, None) * 0.9
    shade = lit(h, 1.0)
    rng = np.random.default_rng(seed)
    tone = rng.uniform(-0.06, 0.06)
    col = ramp(0.15 + 0.55 * shade + tone + 0.08 * (pixnoise(seed) - 0.5),
               [(44, 30, 18), WOOD_MID, (190, 154, 106)])
    cv.paint(m, col)
    cv.paint(((d > r - 1.0) & (d <= r)) * 0.7, (48, 34, 22))


def stakes(cv: Canvas, centres: Sequence[tuple[float, float]]) -> None:
    """A row of overlapping stakes with one shadow; upper ones drawn first."""
    sh = np.zeros((N, N))
    for cx, cy in centres:
        sh = np.maximum(sh, disc(cx, cy, 7.0))
    cv.shadow(sh, 2.5, 3.5, 0.5)
    for cx, cy in sorted(set(centres), key=lambda p: (p[1], p[0])):
        seed = 131 + int(cx * 7 + cy * 13) % 97  # same stake, same look across tiles
        log_end(cv, cx, cy, 6.6, seed)


def arms(mask: int) -> list[tuple[float, float]]:
    """Unit directions toward connected neighbours."""
    out = []
    if mask & N_:
        out.append((0.0, -1.0))
    if mask & E_:
        out.append((1.0, 0.0))
    if mask & S_:
        out.append((0.0, 1.0))
    if mask & W_:
        out.append((-1.0, 0.0))
    return out


def band(mask: int, half_width: float, with_post: bool = True) -> Arr:
    """A strip from the centre toward each connected side (a cross when all four)."""
    m = np.zeros((N, N))
    c = T / 2
    if with_post or not mask:
        m = np.maximum(m, rect(c - half_width, c - half_width, c + half_width, c + half_width))
    for dx, dy in arms(mask):
        if dx:
            x0, x1 = (c, T) if dx > 0 else (0, c)
            m = np.maximum(m, rect(x0, c - half_width, x1, c + half_width))
        else:
            y0, y1 = (c, T) if dy > 0 else (0, c)
            m = np.maximum(m, rect(c - half_width, y0, c + half_width, y1))
    return m


def paint_palisade(cv: Canvas, mask: int) -> None:
    c = T / 2
    centres = [(c, c)]
    step = T / 6
    for dx, dy in arms(mask):
        centres += [(c + dx * step * k, c + dy * step * k) for k in (1, 2, 3)]
    if not arms(mask):
        centres += [(c - 7, c + 4), (c + 7, c + 4), (c, c - 6)]
    stakes(cv, centres)


def paint_low_wall(cv: Canvas, mask: int) -> None:
    """Dry-stone wall: a band of rounded stones, knee high."""
    body = band(mask, 6.5)
    cv.shadow(body, 2.0, 2.5, 0.45)
    rng = np.random.default_rng(141)
    pts = [(rng.uniform(0, T), rng.uniform(0, T)) for _ in range(60)]
    best = np.full((N, N), 1e9)
    second = np.full((N, N), 1e9)
    owner = np.zeros((N, N), dtype=int)
    for k, (px, py) in enumerate(pts):
        for ox in (-T, 0, T):
            for oy in (-T, 0, T):
                d = np.hypot(X - px - ox, Y - py - oy)
                closer = d < best
                second = np.where(closer, best, np.minimum(second, d))
                owner = np.where(closer, k, owner)
                best = np.where(closer, d, best)
    edge = np.clip(second - best, 0, 2.5)
    tones = rng.uniform(-0.15, 0.15, len(pts))
    shade = lit(edge * 1.4, 0.9)
    t = 0.5 + tones[owner] + 0.3 * (shade - 0.8) + 0.08 * (pixnoise(142) - 0.5)
    col = ramp(t, [(70, 68, 62), (136, 130, 118), (178, 172, 156)])
    cv.paint(body, col)
    cv.paint(body * (edge < 0.45) * 0.6, (50, 48, 44))
    # outline
    outline = np.clip(blur(body, 0.6) * 2 - 0.05, 0, 1) * (1 - body)
    cv.paint(outline * 0.8, OUTLINE)


def paint_fence(cv: Canvas, mask: int) -> None:
    """Split-rail fence: two rails toward each neighbour, a post in the middle."""
    c = T / 2
    rails = np.zeros((N, N))
    for dx, dy in arms(mask) or [(1.0, 0.0), (-1.0, 0.0)]:
        for off in (-3.0, 3.0):
            if dx:
                x0, x1 = (c, T) if dx > 0 else (0, c)
                if not arms(mask):
                    x0, x1 = (c, c + 10) if dx > 0 else (c - 10, c)
                rails = np.maximum(rails, rect(x0, c + off - 1.2, x1, c + off + 1.2))
            else:
                y0, y1 = (c, T) if dy > 0 else (0, c)
                rails = np.maximum(rails, rect(c + off - 1.2, y0, c + off + 1.2, y1))
    post = rrect(c - 3.2, c - 3.2, c + 3.2, c + 3.2, 1.2)
    cv.shadow(np.maximum(rails, post), 2.0, 2.5, 0.4)
    grain = vnoise(151, 3, 16)
    cv.paint(rails, ramp(0.45 + 0.3 * (grain - 0.5) + 0.1 * (pixnoise(152) - 0.5),
                         [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
    redge = np.clip(blur(rails, 0.5) * 2.2 - 0.1, 0, 1) * (1 - rails)
    cv.paint(redge * 0.6, OUTLINE)
    cv.paint(post, ramp(0.3 + 0.5 * lit(dome(c, c, 4.5), 0.5) * 0.8, [WOOD_DARK, WOOD_MID,
                                                                       WOOD_LIGHT]))
    cv.paint(np.clip(blur(post, 0.5) * 2.2 - 0.1, 0, 1) * (1 - post) * 0.7, OUTLINE)
    cv.paint(disc(c, c, 1.4) * 0.5, (70, 48, 30))


def paint_hill(cv: Canvas, mask: int) -> None:
    """Raised ground: sunnier grass on top, banks lit on the north-west and shaded on
    the south-east (the light comes from the upper left), a soft shadow at the foot."""
    wob = vnoise(161, 4)
    up = smooth(0.5, 10.0, edge_distance(mask, wob, 3.0))  # 0 at the foot, 1 on top
    light = np.zeros((N, N))
    for side, dist, sign in ((N_, Y, 0.2), (W_, X, 0.14), (S_, T - Y, -0.3), (E_, T - X, -0.22)):
        if not mask & side:
            dd = dist + (wob - 0.5) * 3.0
            light += sign * (1 - smooth(2.0, 10.0, dd)) * smooth(0.0, 2.5, dd)
    sunny = ramp(0.35 + 0.45 * fbm(11, 2, 3) + 0.2 * (pixnoise(12) - 0.5),
                 [(92, 122, 62), (122, 146, 76), (150, 166, 92)])
    col = lerp(grass_colour(), sunny, up) * (1.0 + light)[..., None]
    cv.paint(1.0, np.clip(col, 0, 255))
    foot = np.zeros((N, N))
    if not mask & S_:
        foot = np.maximum(foot, 1 - smooth(0.0, 2.0, T - Y + (wob - 0.5) * 3.0))
    if not mask & E_:
        foot = np.maximum(foot, 1 - smooth(0.0, 2.0, T - X + (wob - 0.5) * 3.0))
    cv.paint(foot * 0.25, (30, 44, 24))
    # a few sparse tufts on the bank
    rng = np.random.default_rng(165 + mask)
    for _ in range(4):
        x, y = rng.uniform(3, 29), rng.uniform(4, 29)
        tuft = ((np.abs(X - x) < 0.5) & (Y > y - 2.5) & (Y < y)).astype(float)
        cv.paint(tuft * 0.6, (150, 164, 92))


def paint_road(cv: Canvas, mask: int) -> None:
    d = edge_distance(mask, vnoise(171, 4), 5.0)
    cv.paint(1.0, grass_colour())
    road = smooth(4.5, 6.0, d)
    col = dirt_colour(light=0.05)
    cv.paint(road, col)
    verge = (smooth(3.6, 4.6, d) - smooth(5.5, 7.0, d)).clip(0)
    cv.paint(verge * 0.35, DIRT_DARK)
    # a few pebbles inside the road
    rng = np.random.default_rng(172 + mask)
    for _ in range(3):
        x, y = rng.uniform(8, 24), rng.uniform(8, 24)
        m = disc(x, y, 0.9) * road
        cv.paint(shift(m, 0.5, 0.6) * 0.4, (40, 30, 20))
        cv.paint(m, (170, 158, 138))


# --- openings ------------------------------------------------------------------------
def paint_door(cv: Canvas, arg: int) -> None:
    """An open doorway in a wooden (0, 1) or stone (2, 3) wall; odd = wall runs N-S."""
    vertical = arg % 2 == 1
    stone = arg >= 2
    wall = paint_stone_wall if stone else paint_wood_wall
    jamb = Canvas()
    wall(jamb, (N_ | S_) if vertical else (E_ | W_))
    if vertical:
        keep = ((Y < 6) | (Y > T - 6)).astype(float)
    else:
        keep = ((X < 6) | (X > T - 6)).astype(float)
    cv.rgb = jamb.rgb * keep[..., None]
    cv.a = jamb.a * keep
    # jamb ends
    if vertical:
        ends = ((Y >= 5.2) & (Y < 6)) | ((Y > T - 6) & (Y <= T - 5.2))
    else:
        ends = ((X >= 5.2) & (X < 6)) | ((X > T - 6) & (X <= T - 5.2))
    cv.paint(ends.astype(float) * 0.9, OUTLINE)
    # threshold
    sill = rect(0, 0, 0, 0)
    if vertical:
        sill = rect(13, 6, 19, T - 6)
    else:
        sill = rect(6, 13, T - 6, 19)
    sill_col = (120, 112, 100) if stone else (96, 68, 42)
    cv.paint(sill * 0.85, sill_col)
    # the leaf, swung open against the inside of the jamb
    leaf = rect(6, 16, 9, 30) if not vertical else rect(16, 6, 30, 9)
    if stone:  # a heavier iron-bound gate leaf
        leaf = rect(6, 16, 10, 30) if not vertical else rect(16, 6, 30, 10)
    cv.shadow(leaf, 1.5, 1.5, 0.5)
    grain = vnoise(181, 3, 12) if not vertical else vnoise(181, 12, 3)
    cv.paint(leaf, ramp(0.45 + 0.3 * (grain - 0.5), [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
    cv.paint(np.clip(blur(leaf, 0.4) * 2.2 - 0.1, 0, 1) * (1 - leaf) * 0.8, OUTLINE)
    if stone:
        bands = (leaf * ((Y % 6 < 1.2) if not vertical else (X % 6 < 1.2)))
        cv.paint(bands * 0.8, (60, 60, 64))


def paint_window(cv: Canvas, arg: int) -> None:
    """A wall with a glazed opening across its middle (sight passes, bodies do not)."""
    vertical = arg % 2 == 1
    stone = arg >= 2
    (paint_stone_wall if stone else paint_wood_wall)(cv, (N_ | S_) if vertical else (E_ | W_))
    if vertical:
        pane = rect(12.5, 6, 19.5, T - 6)
        frame = rect(11, 4.5, 21, T - 4.5)
    else:
        top_end = T - FACE
        pane = rect(6, top_end / 2 - 3.5, T - 6, top_end / 2 + 3.5)
        frame = rect(4.5, top_end / 2 - 5, T - 4.5, top_end / 2 + 5)
    cv.paint(frame, (70, 52, 36) if not stone else (150, 146, 136))
    cv.paint(np.clip(blur(frame, 0.4) * 2.2 - 0.1, 0, 1) * (1 - frame) * 0.7, OUTLINE)
    glass = lerp((120, 150, 160), (176, 200, 204), smooth(0.0, 1.0, (X + Y) / 40.0))
    cv.paint(pane, glass)
    mull = pane * ((np.abs(X - 16) < 0.6) if not vertical else (np.abs(Y - 16) < 0.6))
    cv.paint(mull, (70, 52, 36) if not stone else (110, 106, 98))
    cv.paint(pane * (np.abs((X - Y) % 9 - 4) < 0.6) * 0.25, (240, 246, 240))
    if not vertical:  # the window seen in the south face too
        fw = rect(10, T - FACE + 2, T - 10, T - 2)
        cv.paint(fw, (36, 44, 50))
        cv.paint(fw * (np.abs(X - 16) < 0.6), (90, 80, 70))


def paint_arrow_slit(cv: Canvas, arg: int) -> None:
    """A thick stone wall pierced by a narrow slit that splays on both sides."""
    vertical = arg == 1
    paint_stone_wall(cv, (N_ | S_) if vertical else (E_ | W_))
    if vertical:
        u, v, span = Y, X, float(T)
    else:
        u, v, span = X, Y, T - FACE
    mid = span / 2
    half = 0.8 + np.minimum(0.2 * np.abs(v - mid), 2.6)  # splay toward both faces

    slit = (np.abs(u - 16) <= half) & (v > 1.0) & (v < span - 0.6)
    slit_f = slit.astype(float)
    cv.paint(blur(slit_f, 0.8) * 0.5, OUTLINE)
    cv.paint(slit_f, lerp((20, 20, 22), (60, 58, 56), np.clip(np.abs(v - mid) / mid, 0, 1)))
    cv.paint(((np.abs(u - 16) <= 0.7) & (np.abs(v - mid) < 1.2)).astype(float), (10, 10, 12))
    if not vertical:
        fs = rect(15, T - FACE + 1.5, 17, T - 1.5)
        cv.paint(fs, (14, 14, 16))


def paint_palisade_gate(cv: Canvas, arg: int) -> None:
    """An open gap in a palisade: two end stakes and a trodden opening."""
    c = T / 2
    if arg == 0:
        ends = [(0.0, c), (T, c)]
    else:
        ends = [(c, 0.0), (c, T)]
    stakes(cv, ends)
    # the gate leaf lies open along the inside
    leaf = rect(6, c + 7, T - 6, c + 10) if arg == 0 else rect(c + 7, 6, c + 10, T - 6)
    cv.shadow(leaf, 1.5, 1.5, 0.45)
    grain = vnoise(192, 16, 3) if arg == 0 else vnoise(192, 3, 16)
    cv.paint(leaf, ramp(0.4 + 0.3 * (grain - 0.5), [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
    cv.paint(np.clip(blur(leaf, 0.4) * 2.2 - 0.1, 0, 1) * (1 - leaf) * 0.8, OUTLINE)


def paint_bridge(cv: Canvas, arg: int) -> None:
    """Planks across deep water; arg 0 crosses west-east, 1 north-south."""
    cv.paint(1.0, water_colour(np.full((N, N), 0.7)))
    u, v = (X, Y) if arg == 0 else (Y, X)
    deck = ((v >= 4) & (v < T - 4)).astype(float)
    cv.shadow(deck, 0.0, 2.5, 0.5)
    plank = np.floor(u / 4).astype(int)
    rng = np.random.default_rng(201)
    tones = rng.uniform(-0.1, 0.1, 8)
    grain = vnoise(202, 16, 3) if arg == 1 else vnoise(202, 3, 16)
    t = 0.5 + tones[plank % 8] + 0.24 * (grain - 0.5) + 0.08 * (pixnoise(203) - 0.5)
    cv.paint(deck, ramp(t, [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
    cv.paint(deck * ((u % 4) < 0.7) * 0.8, (54, 38, 24))
    for rail_v in (4.0, T - 4.0):
        rail = (np.abs(v - rail_v) < 1.6).astype(float)
        cv.paint(rail, ramp(0.35 + 0.2 * (grain - 0.5), [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
        cv.paint(((np.abs(v - rail_v) >= 1.6) & (np.abs(v - rail_v) < 2.3)) * 0.8, OUTLINE)
    for post_u in (4.0, 20.0):
        for rail_v in (4.0, T - 4.0):
            p = disc(*((post_u, rail_v) if arg == 0 else (rail_v, post_u)), 1.8)
            cv.paint(p, (70, 50, 32))


def paint_rubble(cv: Canvas, variant: int) -> None:
    rng = np.random.default_rng(211 + variant)
    stones = []
    for _ in range(9 + 3 * variant):
        x, y = rng.uniform(4, 28), rng.uniform(4, 28)
        rx, ry = rng.uniform(1.8, 4.2), rng.uniform(1.5, 3.4)
        stones.append((x, y, rx, ry, rng.uniform(-0.1, 0.12)))
    allm = np.zeros((N, N))
    for x, y, rx, ry, _ in stones:
        allm = np.maximum(allm, ellipse(x, y, rx, ry))
    cv.paint(blur(allm, 4) * 0.35, (60, 52, 40))  # dust
    cv.shadow(allm, 1.2, 1.5, 0.5)
    for x, y, rx, ry, tone in sorted(stones, key=lambda s: s[1]):
        m = ellipse(x, y, rx, ry)
        h = np.sqrt(np.clip(1 - ((X - x) / rx) ** 2 - ((Y - y) / ry) ** 2, 0, None)) * 3
        facet = np.floor(lit(h, 0.7) * 3) / 3
        cv.paint(m, ramp(0.25 + 0.5 * facet + tone + 0.06 * (pixnoise(212) - 0.5),
                         [(64, 62, 58), STONE_MID, (186, 180, 168)]))
        cv.paint(np.clip(blur(m, 0.4) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.5, OUTLINE)


# --- plants and rocks -----------------------------------------------------------------
def canopy(cv: Canvas, seed: int, radius: float, lobes: int, colours: Sequence[Colour],
           cx: float = 16.0, cy: float = 15.0, shadow: float = 0.5) -> Arr:
    """A leafy crown: the union of lit domes, with leaf-cluster texture."""
    rng = np.random.default_rng(seed)
    h = dome(cx, cy, radius * 0.8)
    for _ in range(lobes):
        a = rng.uniform(0, 2 * np.pi)
        r = rng.uniform(radius * 0.35, radius * 0.62)
        dist = radius - r - rng.uniform(0, 1.0)
        h = np.maximum(h, dome(cx + np.cos(a) * dist, cy + np.sin(a) * dist, r))
    clumps = vnoise(seed + 1, 10) + 0.5 * vnoise(seed + 2, 20)
    h = h + (clumps - 0.7) * 1.6 * (h > 0)
    m = (h > 0.25).astype(float)
    cv.shadow(m, 3.0, 3.5, shadow)
    shade = lit(h, 0.55)
    t = 0.1 + 0.62 * shade + 0.12 * (pixnoise(seed + 3) - 0.5)
    cv.paint(m, ramp(t, colours))
    edge = np.clip(blur(m, 0.5) * 2.2 - 0.1, 0, 1) * (1 - m)
    cv.paint(edge * 0.55, (18, 26, 16))
    return m


def paint_oak(cv: Canvas, variant: int) -> None:
    cols = [LEAF_DARK, LEAF_MID, LEAF_LIGHT, (160, 176, 104)]
    if variant == 2:
        cols = [(44, 56, 30), (84, 96, 46), (134, 140, 70), (176, 170, 100)]
    canopy(cv, 221 + variant * 10, 15.5, 10, cols)


def paint_pine(cv: Canvas, variant: int) -> None:
    """A conifer from above: star-shaped tiers of needles around a lighter crown."""
    cx, cy = 16.0, 15.5
    ang = np.arctan2(Y - cy, X - cx)
    d = np.hypot(X - cx, Y - cy)
    spikes = 9 + variant * 2
    outline_r = 14.2 + 1.6 * np.cos(ang * spikes) + 0.8 * np.cos(ang * spikes * 2 + 1)
    m = (d <= outline_r).astype(float)
    cv.shadow(m, 3.0, 3.5, 0.55)
    h = np.clip(outline_r - d, 0, None) * 0.9 + 1.2 * np.cos(ang * spikes) * (d / 14)
    tiers = 0.12 * np.cos(d * 1.4)
    shade = lit(h, 0.55)
    t = 0.1 + 0.55 * shade + tiers + 0.12 * (pixnoise(231 + variant) - 0.5)
    cv.paint(m, ramp(t, [PINE_DARK, PINE_MID, PINE_LIGHT, (124, 150, 104)]))
    cv.paint(np.clip(blur(m, 0.5) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.55, (14, 22, 18))


def paint_dead_tree(cv: Canvas, _: int) -> None:
    cx, cy = 16.0, 16.0
    rng = np.random.default_rng(241)
    branches = np.zeros((N, N))
    for k in range(7):
        a = k * 2 * np.pi / 7 + rng.uniform(-0.3, 0.3)
        length = rng.uniform(11, 15)
        ux, uy = np.cos(a), np.sin(a)
        along = (X - cx) * ux + (Y - cy) * uy
        across = -(X - cx) * uy + (Y - cy) * ux + 1.2 * np.sin(along * 0.5 + k)
        width = 1.6 * (1 - along / length) + 0.4
        branches = np.maximum(branches, ((along > 0) & (along < length)
                                         & (np.abs(across) < width)).astype(float))
        # a twig off each branch
        ta = a + rng.choice([-0.8, 0.8])
        bx, by = cx + ux * length * 0.55, cy + uy * length * 0.55
        tx_, ty_ = np.cos(ta), np.sin(ta)
        al2 = (X - bx) * tx_ + (Y - by) * ty_
        ac2 = -(X - bx) * ty_ + (Y - by) * tx_
        branches = np.maximum(branches, ((al2 > 0) & (al2 < 5) & (np.abs(ac2) < 0.6)) * 1.0)
    trunk = disc(cx, cy, 4.2)
    allm = np.maximum(branches, trunk)
    cv.shadow(allm, 3.0, 3.5, 0.45)
    cv.paint(allm, ramp(0.4 + 0.2 * (pixnoise(242) - 0.5), [(40, 32, 26), (88, 74, 60),
                                                              (130, 114, 96)]))
    cv.paint(trunk, ramp(0.2 + 0.6 * lit(dome(cx, cy, 3.6), 0.5) * 0.8,
                         [(50, 40, 30), (100, 84, 66), (140, 122, 100)]))
    cv.paint(disc(cx - 0.6, cy - 0.6, 1.5) * 0.5, (150, 130, 104))


def paint_bush(cv: Canvas, variant: int) -> None:
    cols = [(40, 64, 36), (72, 106, 56), (124, 150, 82), (160, 176, 104)]
    spots = [(10.0, 11.0, 7.0), (21.0, 13.0, 7.5), (15.0, 22.0, 7.5)]
    if variant == 1:
        spots = [(11.0, 18.0, 7.5), (21.0, 21.0, 6.5), (19.0, 9.5, 6.5)]
    for k, (x, y, r) in enumerate(spots):
        canopy(cv, 251 + variant * 7 + k, r, 5, cols, x, y, 0.4)
    rng = np.random.default_rng(255 + variant)
    for _ in range(6):  # berries / blossoms
        x, y = rng.uniform(6, 26), rng.uniform(6, 26)
        b = disc(x, y, 0.8) * (cv.a > 0.9)
        cv.paint(b, (150, 60, 54) if variant == 0 else (214, 206, 176))


def paint_undergrowth(cv: Canvas, variant: int) -> None:
    """Ferns and low shrubs scattered over most of the square."""
    rng = np.random.default_rng(261 + variant)
    cols = [(44, 66, 34), (78, 110, 56), (128, 152, 82)]
    for _ in range(8 + variant * 2):
        cx, cy = rng.uniform(5, 27), rng.uniform(5, 27)
        fronds = np.zeros((N, N))
        base_a = rng.uniform(0, 2 * np.pi)
        for k in range(5):
            a = base_a + k * 2 * np.pi / 5
            ux, uy = np.cos(a), np.sin(a)
            along = (X - cx) * ux + (Y - cy) * uy
            across = -(X - cx) * uy + (Y - cy) * ux
            length = rng.uniform(4.0, 6.5)
            w = 1.6 * np.sin(np.clip(along / length, 0, 1) * np.pi) + 0.3 * np.cos(along * 3)
            fronds = np.maximum(fronds, ((along > 0) & (along < length)
                                         & (np.abs(across) < w)).astype(float))
        cv.shadow(fronds, 1.2, 1.5, 0.35)
        t = 0.4 + 0.35 * (vnoise(262, 16) - 0.5) + rng.uniform(-0.1, 0.15)
        cv.paint(fronds, ramp(t + 0.15 * (pixnoise(263) - 0.5), cols))
        cv.paint(np.clip(blur(fronds, 0.4) * 2.2 - 0.1, 0, 1) * (1 - fronds) * 0.4,
                 (18, 26, 16))


def blades(cv: Canvas, seed: int, count: int, length: tuple[float, float],
           colours: Sequence[Colour], heads: Colour | None = None) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(count):
        x, y = rng.uniform(2, 30), rng.uniform(6, 31)
        ln = rng.uniform(*length)
        lean = rng.uniform(-0.35, 0.35)
        along = (y - Y)
        stroke = ((along > 0) & (along < ln)
                  & (np.abs(X - x - along * lean) < 0.55 * (1 - along / ln) + 0.25))
        s = stroke.astype(float)
        cv.paint(shift(s, 1.0, 0.6) * 0.3, (20, 26, 14))
        cv.paint(s, colours[int(rng.integers(0, len(colours)))])
        if heads is not None and rng.random() < 0.5:
            cv.paint(ellipse(x + ln * lean, y - ln, 0.8, 1.8), heads)


def paint_tall_grass(cv: Canvas, _: int) -> None:
    blades(cv, 271, 80, (5.0, 10.0), [(96, 128, 60), (120, 146, 70), (150, 160, 86),
                                      (78, 108, 50)])


def paint_reeds(cv: Canvas, _: int) -> None:
    blades(cv, 281, 60, (7.0, 13.0), [(80, 110, 62), (104, 130, 70), (126, 142, 80)],
           heads=(96, 66, 42))


def paint_boulder(cv: Canvas, variant: int) -> None:
    rng = np.random.default_rng(291 + variant)
    h = np.zeros((N, N))
    parts = [(16.0, 17.0, 10.0)] if variant == 0 else [(12.0, 18.0, 8.0), (21.0, 13.0, 7.0)]
    for x, y, r in parts:
        for _ in range(3):
            h = np.maximum(h, dome(x + rng.uniform(-2, 2), y + rng.uniform(-2, 2),
                                   r * rng.uniform(0.7, 0.9)))
    facets = np.floor(lit(h, 0.45) * 4) / 4
    m = (h > 0.2).astype(float)
    cv.shadow(m, 2.5, 3.0, 0.5)
    lichen = smooth(0.65, 0.7, vnoise(293 + variant, 6))
    col = ramp(0.15 + 0.6 * facets + 0.08 * (pixnoise(294) - 0.5),
               [(56, 56, 54), (116, 114, 106), (168, 166, 154), (196, 192, 178)])
    cv.paint(m, col)
    cv.paint(m * lichen * 0.45, (140, 150, 92))
    cv.paint(np.clip(blur(m, 0.5) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.7, OUTLINE)


def paint_rock(cv: Canvas, variant: int) -> None:
    """A crag that fills the square: angular lit facets."""
    rng = np.random.default_rng(301 + variant)
    h = np.zeros((N, N))
    for _ in range(7):
        cx, cy = rng.uniform(9, 23), rng.uniform(9, 23)
        a = rng.uniform(0, np.pi)
        u = (X - cx) * np.cos(a) + (Y - cy) * np.sin(a)
        v = -(X - cx) * np.sin(a) + (Y - cy) * np.cos(a)
        h = np.maximum(h, 9.0 - np.abs(u) * rng.uniform(0.9, 1.3) - np.abs(v) * 0.8)
    h = np.minimum(h, 1.2 * (14.5 - np.hypot(X - 16, Y - 16)))
    m = (h > 0).astype(float)
    cv.shadow(m, 3.0, 3.5, 0.55)
    sh = lit(h, 0.6)
    col = ramp(0.1 + 0.62 * np.round(sh * 5) / 5 + 0.07 * (pixnoise(302) - 0.5),
               [(52, 50, 48), (104, 100, 94), (150, 146, 136), (190, 186, 172)])
    cv.paint(m, col)
    cv.paint(m * smooth(0.66, 0.72, vnoise(303, 5)) * 0.4, (130, 144, 86))
    cv.paint(np.clip(blur(m, 0.5) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.8, OUTLINE)


# --- objects -------------------------------------------------------------------------
def crate_at(cv: Canvas, x0: float, y0: float, size: float, seed: int) -> None:
    m = rrect(x0, y0, x0 + size, y0 + size, 1.0)
    cv.shadow(m, 2.0, 2.5, 0.5)
    grain = vnoise(seed, 3, 16)
    t = 0.5 + 0.25 * (grain - 0.5) + 0.08 * (pixnoise(seed + 1) - 0.5)
    cv.paint(m, ramp(t, [WOOD_DARK, (146, 110, 70), (182, 146, 100)]))
    inner = rrect(x0 + 2, y0 + 2, x0 + size - 2, y0 + size - 2, 0.5)
    slats = inner * ((Y - y0) % (size / 3) < 0.7)
    cv.paint(slats * 0.7, (90, 64, 40))
    frame = m - inner
    cv.paint(frame * 0.5, (100, 72, 44))
    u = (X - x0) / size
    v = (Y - y0) / size
    brace = inner * (np.abs(u - v) < 1.6 / size)
    cv.paint(brace, (150, 114, 72))
    cv.paint(brace * (np.abs(u - v) > 0.8 / size) * 0.5, (84, 58, 36))
    cv.paint(np.clip(blur(m, 0.4) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.8, OUTLINE)
    cv.paint(rect(x0 + 1, y0 + 0.6, x0 + size - 1, y0 + 1.4) * 0.35, (230, 210, 170))


def paint_crate(cv: Canvas, variant: int) -> None:
    if variant == 0:
        crate_at(cv, 6.5, 6.5, 19, 311)
    elif variant == 1:
        crate_at(cv, 3, 4, 14, 312)
        crate_at(cv, 15, 15, 14, 313)
        crate_at(cv, 16, 3, 11, 314)
    else:  # a stack of firewood
        rng = np.random.default_rng(315)
        for row in range(3):
            for k in range(4):
                cx = 7 + k * 6 + (row % 2) * 3
                cy = 8 + row * 7
                m = disc(cx, cy, 3.2 + rng.uniform(-0.3, 0.3))
                if row == 0:
                    cv.shadow(rect(3, 4, 29, 29), 2, 2.5, 0.12)
                d = np.hypot(X - cx, Y - cy)
                ring = 0.5 + 0.2 * np.sin(d * 3.5)
                cv.paint(m, ramp(ring + 0.06 * (pixnoise(316) - 0.5),
                                 [(110, 78, 48), (170, 134, 90), (204, 170, 120)]))
                cv.paint(m * (d > 2.4) * 0.9, (70, 48, 30))


def barrel_at(cv: Canvas, cx: float, cy: float, r: float, seed: int) -> None:
    m = disc(cx, cy, r)
    cv.shadow(m, 2.0, 2.5, 0.5)
    d = np.hypot(X - cx, Y - cy)
    ang = np.arctan2(Y - cy, X - cx)
    staves = 0.05 * np.cos(ang * 14)
    t = 0.35 + 0.35 * lit(dome(cx, cy, r) * 0.6, 0.6) + staves + 0.06 * (pixnoise(seed) - 0.5)
    cv.paint(m, ramp(t, [WOOD_DARK, WOOD_MID, (176, 136, 90)]))
    hoop = m * (np.abs(d - r + 1.4) < 0.8)
    cv.paint(hoop, (70, 68, 66))
    cv.paint(hoop * (ang < -1.5) * (ang > -3.0) * 0.5, (160, 158, 150))
    lid = disc(cx, cy, r - 3.0)
    cv.paint(lid * (np.abs((X - cx) % 3 - 1.5) < 0.35) * 0.4, (70, 48, 30))
    cv.paint(disc(cx + r * 0.25, cy - r * 0.2, 1.0) * 0.8, (60, 40, 26))  # bung
    cv.paint(np.clip(blur(m, 0.4) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.8, OUTLINE)


def paint_barrel(cv: Canvas, variant: int) -> None:
    if variant == 0:
        barrel_at(cv, 16, 16, 9.5, 321)
    else:
        barrel_at(cv, 10, 10, 7.0, 322)
        barrel_at(cv, 22.5, 12, 7.0, 323)
        barrel_at(cv, 14, 22.5, 7.0, 324)


def paint_hay(cv: Canvas, variant: int) -> None:
    spots = [(16.0, 16.0, 11.0)] if variant == 0 else [(10.5, 11.0, 8.0), (21.5, 20.5, 8.5)]
    for cx, cy, r in spots:
        m = disc(cx, cy, r)
        cv.shadow(m, 2.0, 2.5, 0.5)
        d = np.hypot(X - cx, Y - cy)
        ang = np.arctan2(Y - cy, X - cx)
        spiral = 0.5 + 0.5 * np.sin(d * 2.2 - ang)
        straw = pixnoise(331) - 0.5
        t = 0.25 + 0.5 * lit(dome(cx, cy, r) * 0.5, 0.6) + 0.12 * spiral + 0.15 * straw
        cv.paint(m, ramp(t, [(120, 92, 44), (184, 152, 80), (222, 196, 122)]))
        cv.paint(np.clip(blur(m, 0.4) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.7, OUTLINE)


def paint_well(cv: Canvas, _: int) -> None:
    ring = disc(16, 16, 12.0)
    cv.shadow(ring, 2.0, 2.5, 0.5)
    tone, mortar = stone_blocks(341, 4.0, [8, 8, 8, 8], 4, -0.15, 0.15)
    cv.paint(ring, ramp(0.5 + tone * 0.8 + 0.3 * (lit(dome(16, 16, 12) * 0.5, 0.6) - 0.8),
                        [STONE_DARK, STONE_MID, STONE_LIGHT]))
    cv.paint(ring * mortar * 0.5, (70, 68, 62))
    hole = disc(16, 16, 7.5)
    cv.paint(hole, lerp((8, 14, 20), (30, 52, 66), smooth(0, 7.5, Y - 8.5)))
    cv.paint(np.clip(blur(ring, 0.4) * 2.2 - 0.1, 0, 1) * (1 - ring) * 0.8, OUTLINE)
    beam = rect(2, 14.5, 30, 17.5)
    cv.shadow(beam, 1.5, 2.0, 0.4)
    cv.paint(beam, ramp(0.45 + 0.25 * (vnoise(342, 3, 16) - 0.5), [WOOD_DARK, WOOD_MID,
                                                                    WOOD_LIGHT]))
    cv.paint(disc(16, 16, 2.2), (96, 74, 50))  # the rope drum
    cv.paint(np.clip(blur(beam, 0.4) * 2.2 - 0.1, 0, 1) * (1 - beam) * 0.6, OUTLINE)


def paint_table(cv: Canvas, variant: int) -> None:
    if variant == 0:
        top = rrect(2, 8, 30, 24, 1.5)
        grain = vnoise(351, 3, 16)
        seam = (np.abs((Y - 8) % 5.33 - 0) < 0.6)
    else:
        top = rrect(8, 2, 24, 30, 1.5)
        grain = vnoise(351, 16, 3)
        seam = (np.abs((X - 8) % 5.33 - 0) < 0.6)
    cv.shadow(top, 2.5, 3.0, 0.5)
    cv.paint(top, ramp(0.5 + 0.25 * (grain - 0.5) + 0.06 * (pixnoise(352) - 0.5),
                       [WOOD_DARK, (132, 96, 60), (170, 132, 88)]))
    cv.paint(top * seam * 0.5, (70, 48, 30))
    cv.paint(np.clip(blur(top, 0.4) * 2.2 - 0.1, 0, 1) * (1 - top) * 0.8, OUTLINE)
    # a mug and a plate
    cv.paint(disc(11, 13, 2.6) if variant == 0 else disc(13, 10, 2.6), (190, 184, 168))
    cv.paint(disc(22, 18, 1.8) if variant == 0 else disc(18, 22, 1.8), (110, 90, 70))


def paint_tent(cv: Canvas, _: int) -> None:
    """A ridge tent from above: two lit canvas slopes and guy ropes."""
    body = rect(3, 4, 29, 28)
    cv.shadow(body, 2.5, 3.0, 0.5)
    left = body * (X < 16)
    weave = 0.05 * (pixnoise(361) - 0.5) + 0.04 * np.sin(Y * 2.0)
    cv.paint(left, ramp(0.72 + weave, [(120, 108, 80), (176, 162, 124), (214, 202, 164)]))
    cv.paint(body * (X >= 16), ramp(0.35 + weave, [(100, 90, 66), (150, 136, 102),
                                                   (190, 178, 140)]))
    cv.paint(rect(15.2, 3, 16.8, 29), (98, 74, 48))  # ridge pole
    cv.paint(rect(13, 24, 19, 28), (60, 50, 36))  # the flap
    for px, py in ((3, 4), (29, 4), (3, 28), (29, 28)):
        cv.paint(disc(px, py, 1.0), (96, 72, 44))
    cv.paint(np.clip(blur(body, 0.4) * 2.2 - 0.1, 0, 1) * (1 - body) * 0.7, OUTLINE)


def paint_campfire(cv: Canvas, _: int) -> None:
    cv.paint(disc(16, 16, 11) * 0.55, (44, 38, 32))  # scorched earth
    for k in range(9):
        a = k * 2 * np.pi / 9
        x, y = 16 + np.cos(a) * 8.5, 16 + np.sin(a) * 8.5
        m = ellipse(x, y, 2.6, 2.2)
        cv.shadow(m, 0.8, 1.0, 0.4)
        cv.paint(m, ramp(0.3 + 0.5 * lit(dome(x, y, 2.6), 0.5) * 0.8,
                         [(70, 68, 64), (130, 126, 118), (170, 166, 156)]))
    for a in (0.4, 1.9, 3.4, 4.9):
        ux, uy = np.cos(a), np.sin(a)
        along = (X - 16) * ux + (Y - 16) * uy
        across = -(X - 16) * uy + (Y - 16) * ux
        log = ((along > -1) & (along < 7) & (np.abs(across) < 1.3)).astype(float)
        cv.paint(log, (70, 50, 32))
    glow = np.clip(1 - np.hypot(X - 16, Y - 16) / 6.5, 0, 1)
    cv.paint(glow ** 0.7, lerp((150, 60, 24), (250, 206, 120), glow ** 1.5))
    cv.paint(blur(disc(16, 16, 6), 3) * 0.25, (240, 150, 60))


def paint_gravestone(cv: Canvas, variant: int) -> None:
    if variant == 0:
        m = np.maximum(rrect(10, 10, 22, 26, 2), disc(16, 12, 6))
        m = m * (Y >= 6) * (Y < 26)
        cv.shadow(m, 2.5, 3.0, 0.5)
        cv.paint(m, ramp(0.5 + 0.12 * (fbm(371, 4, 2) - 0.5) + 0.05 * (pixnoise(372) - 0.5),
                         [STONE_DARK, STONE_MID, STONE_LIGHT]))
        cv.paint(rect(15.2, 11, 16.8, 21) * 0.6, (70, 68, 64))
        cv.paint(rect(12.5, 13.5, 19.5, 15) * 0.6, (70, 68, 64))
    else:  # a grave mound with a wooden marker
        mound = ellipse(16, 18, 8, 11)
        cv.shadow(mound, 1.5, 2.0, 0.35)
        cv.paint(mound, ramp(0.3 + 0.5 * lit(np.sqrt(np.clip(
            1 - ((X - 16) / 8) ** 2 - ((Y - 18) / 11) ** 2, 0, None)) * 3, 0.6) * 0.7
            + 0.1 * (pixnoise(373) - 0.5), [DIRT_DARK, DIRT_MID, DIRT_LIGHT]))
        m = np.maximum(rect(15, 3, 17.5, 14), rect(11, 5.5, 21.5, 8))
        cv.shadow(m, 1.5, 2.0, 0.5)
        cv.paint(m, (110, 84, 56))
    cv.paint(np.clip(blur(m, 0.4) * 2.2 - 0.1, 0, 1) * (1 - m) * 0.7, OUTLINE)


def paint_cart(cv: Canvas, variant: int) -> None:
    vertical = variant == 1
    if vertical:
        bed = rect(8, 2, 24, 26)
        wheels = [rect(4, 10, 8, 19), rect(24, 10, 28, 19)]
        shaft = np.maximum(rect(11, 26, 12.5, 32), rect(19.5, 26, 21, 32))
    else:
        bed = rect(2, 8, 26, 24)
        wheels = [rect(10, 4, 19, 8), rect(10, 24, 19, 28)]
        shaft = np.maximum(rect(26, 11, 32, 12.5), rect(26, 19.5, 32, 21))
    allm = np.maximum.reduce([bed, shaft, *wheels])
    cv.shadow(allm, 2.5, 3.0, 0.5)
    for w in wheels:
        cv.paint(w, (58, 44, 32))
        cv.paint(w * (((X if not vertical else Y) % 2.2) < 0.8) * 0.5, (110, 90, 64))
    cv.paint(shaft, (104, 76, 48))
    grain = vnoise(381, 3, 16) if not vertical else vnoise(381, 16, 3)
    cv.paint(bed, ramp(0.45 + 0.25 * (grain - 0.5), [WOOD_DARK, WOOD_MID, WOOD_LIGHT]))
    inner = rect(10, 4, 22, 24) if vertical else rect(4, 10, 24, 22)
    cv.paint(inner * 0.35, (40, 28, 18))
    sacks = [disc(14, 10, 3.2), disc(18, 18, 3.4)] if vertical else [disc(9, 14, 3.2),
                                                                       disc(18, 17, 3.4)]
    for s in sacks:
        cv.paint(s, (178, 160, 118))
        cv.paint(np.clip(blur(s, 0.3) * 2.2 - 0.1, 0, 1) * (1 - s) * 0.6, (70, 58, 40))
    cv.paint(np.clip(blur(allm, 0.4) * 2.2 - 0.1, 0, 1) * (1 - allm) * 0.8, OUTLINE)


PAINTERS: dict[str, Callable[[Canvas, int], None]] = {
    "grass": paint_grass,
    "forest_floor": paint_forest_floor,
    "forest": paint_forest,

    "dirt": paint_dirt,
    "sand": paint_sand,
    "mud": paint_mud,
    "stone_floor": paint_stone_floor,
    "wood_floor": paint_wood_floor,
    "cobbles": paint_cobbles,
    "shallow": paint_shallow,
    "deep": paint_deep,
    "stone_wall": paint_stone_wall,
    "wood_wall": paint_wood_wall,
    "palisade": paint_palisade,
    "low_wall": paint_low_wall,
    "fence": paint_fence,
    "hill": paint_hill,
    "road": paint_road,
    "door": paint_door,
    "window": paint_window,
    "arrow_slit": paint_arrow_slit,
    "palisade_gate": paint_palisade_gate,
    "bridge": paint_bridge,
    "rubble": paint_rubble,
    "oak": paint_oak,
    "pine": paint_pine,
    "dead_tree": paint_dead_tree,
    "bush": paint_bush,
    "undergrowth": paint_undergrowth,
    "tall_grass": paint_tall_grass,
    "reeds": paint_reeds,
    "boulder": paint_boulder,
    "rock": paint_rock,
    "crate": paint_crate,
    "barrel": paint_barrel,
    "hay": paint_hay,
    "well": paint_well,
    "table": paint_table,
    "tent": paint_tent,
    "campfire": paint_campfire,
    "gravestone": paint_gravestone,
    "cart": paint_cart,
}


def render_sheet() -> Arr:
    """The whole tileset as an RGBA array (rows x cols of 32 px tiles)."""
    sheet = np.zeros((cat.ROWS * T, cat.COLUMNS * T, 4), dtype=np.uint8)
    for i, spec in enumerate(cat.TILES):
        cv = Canvas()
        PAINTERS[spec.painter](cv, spec.arg)
        r, c = divmod(i, cat.COLUMNS)
        sheet[r * T:(r + 1) * T, c * T:(c + 1) * T] = cv.downsample()
    return sheet


def save_png(sheet: Arr, path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame  # a build tool: pygame only writes the file

    h, w = sheet.shape[:2]
    surf = pygame.image.frombuffer(np.ascontiguousarray(sheet).tobytes(), (w, h), "RGBA")
    pygame.image.save(surf, str(path))


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parents[2]
    out_dir = root / "assets" / "tiles"
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet = render_sheet()
    save_png(sheet, out_dir / cat.IMAGE)
    (out_dir / "terrain.tsx").write_text(cat.tsx_text(), encoding="utf-8")
    print(f"wrote {out_dir / cat.IMAGE} ({sheet.shape[1]}x{sheet.shape[0]}, "
          f"{len(cat.TILES)} tiles) and terrain.tsx")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
