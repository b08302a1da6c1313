"""The battle screen's short effects of an attack (issue 33 · game feel): a token lunging
at its target, a missile in flight, a hit jolting its target, a blade turned aside, a
unit falling, one running off the field. Plain animation state with a start delay (an
``age`` below zero waits its turn in the batch), advanced by the scene; nothing here
reads the battle: every effect carries the cells and the token picture it draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.geometry.grid import Cell
from game.ui import theme
from game.ui.camera import Camera
from game.ui.theme import colour
from game.ui.tokens import TokenInfo, draw_token

LUNGE_S = 0.28  # out and back
LUNGE_HIT_S = 0.13  # the blow lands this long after the lunge starts
LUNGE_REACH = 0.38  # of a cell
JOLT_S = 0.32
GLINT_S = 0.4
FALL_S = 0.55
FLEE_S = 0.9
FLEE_CELLS = 3.0
PAST_CELLS = 1.6  # a missile that misses flies this far beyond its target


def flight_seconds(a: Cell, b: Cell) -> float:
    """How long a missile flies from ``a`` to ``b``: quick, longer for a longer shot."""
    return max(0.16, min(0.5, 0.045 * math.dist(a, b)))


@dataclass
class Effect:
    """One effect; ``age`` < 0 while it waits for its moment in the batch."""

    age: float
    life: float
    blocks: bool  # the screen waits for it before the next AI answer

    @property
    def started(self) -> bool:
        return self.age >= 0

    @property
    def phase(self) -> float:
        """0 at the start, 1 at the end."""
        return max(0.0, min(1.0, self.age / self.life))


@dataclass
class Lunge(Effect):
    """``token`` darts from ``a`` toward ``b`` and back (the blow lands mid-way)."""

    unit: str
    a: Cell
    b: Cell
    token: TokenInfo


@dataclass
class Missile(Effect):
    """An ``arrow``, ``bolt`` or ``thrown`` weapon flying from ``a`` to ``b``; ``past``: it
    missed and flies on beyond ``b``; ``lands``: a thrown one comes to rest there."""

    kind: str
    a: Cell
    b: Cell
    actor: str
    target: str
    past: bool = False
    lands: Cell | None = None

    def point(self) -> tuple[float, float] | None:
        """Where it is now in cells (None before it leaves or after it is gone)."""
        if not self.started:
            return None
        (ax, ay), (bx, by) = self.a, self.b
        if self.lands is not None:
            bx, by = self.lands
        f = self.phase
        if self.past and self.lands is None:
            d = max(1e-6, math.dist((ax, ay), (bx, by)))
            f *= 1 + PAST_CELLS / d
        return ax + (bx - ax) * f, ay + (by - ay) * f


@dataclass
class Jolt(Effect):
    """A hit: ``token`` flashes and shakes on ``cell``."""

    unit: str
    cell: Cell
    token: TokenInfo


@dataclass
class Glint(Effect):
    """A blade turned aside: a shield's arc on ``cell``, facing ``toward``."""

    cell: Cell
    toward: Cell


@dataclass
class Fall(Effect):
    """``token`` topples on ``cell``; ``struck``: the blow that drops it jolts it first."""

    unit: str
    cell: Cell
    token: TokenInfo
    struck: bool = False


@dataclass
class Flee(Effect):
    """``token`` runs from ``cell`` toward ``away`` (a unit step to the nearest map edge),
    fading, with a marker over it."""

    unit: str
    cell: Cell
    away: tuple[float, float]
    token: TokenInfo


def flee_direction(cell: Cell, width: int, height: int) -> tuple[float, float]:
    """The step toward the nearest edge of a ``width`` × ``height`` map."""
    x, y = cell
    gaps = ((x, (-1.0, 0.0)), (width - 1 - x, (1.0, 0.0)), (y, (0.0, -1.0)),
            (height - 1 - y, (0.0, 1.0)))  # fmt: skip
    return min(gaps, key=lambda g: g[0])[1]


def drawn_units(effects: list[Effect]) -> set[str]:
    """Units an effect draws this frame (the board leaves them out): those whose effect has
    started, and a falling or fleeing one from the start of its batch."""
    out = set()
    for e in effects:
        if isinstance(e, Lunge | Jolt) and e.started:
            out.add(e.unit)
        elif isinstance(e, Fall | Flee):
            out.add(e.unit)
    return out


# --- drawing ------------------------------------------------------------------------------


def _rect(
    cam: Camera, x: float, y: float, origin: tuple[int, int], scale: float = 1.0
) -> pygame.Rect:
    px = cam.cell_px * scale
    sx, sy = cam.world_to_screen((x + (1 - scale) / 2) * cam.tile, (y + (1 - scale) / 2) * cam.tile)
    return pygame.Rect(round(sx) + origin[0], round(sy) + origin[1], round(px), round(px))


def _centre(cam: Camera, x: float, y: float, origin: tuple[int, int]) -> tuple[float, float]:
    sx, sy = cam.world_to_screen((x + 0.5) * cam.tile, (y + 0.5) * cam.tile)
    return sx + origin[0], sy + origin[1]


def _token_image(token: TokenInfo, size: int) -> pygame.Surface:
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_token(img, token, img.get_rect())
    return img


def draw_effect(
    surface: pygame.Surface, e: Effect, cam: Camera, origin: tuple[int, int], seen: bool
) -> None:
    """Draw one effect; ``seen``: its place is not in the viewer's fog."""
    if not seen:
        return
    if isinstance(e, Lunge) and e.started:
        out = math.sin(math.pi * e.phase) * LUNGE_REACH
        (ax, ay), (bx, by) = e.a, e.b
        d = max(1e-6, math.dist(e.a, e.b))
        x, y = ax + (bx - ax) / d * out, ay + (by - ay) / d * out
        draw_token(surface, e.token, _rect(cam, x, y, origin))
        if 0.2 < e.phase < 0.8:
            _draw_slash(surface, e, (x, y), cam, origin)
    elif isinstance(e, Missile):
        _draw_missile(surface, e, cam, origin)
    elif isinstance(e, Jolt) and e.started:
        _draw_jolt(surface, e.token, e.cell, e.age, e.phase, cam, origin)
    elif isinstance(e, Glint) and e.started:
        _draw_glint(surface, e, cam, origin)
    elif isinstance(e, Fall):
        _draw_fall(surface, e, cam, origin)
    elif isinstance(e, Flee):
        _draw_flee(surface, e, cam, origin)


def _draw_slash(
    surface: pygame.Surface,
    e: Lunge,
    at: tuple[float, float],
    cam: Camera,
    origin: tuple[int, int],
) -> None:
    """The blade's sweep: a bright crescent on the target's side of the lunging token."""
    cx, cy = _centre(cam, *at, origin)
    angle = math.atan2(e.b[1] - e.a[1], e.b[0] - e.a[0])
    r = cam.cell_px * 0.7
    box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
    box.center = (round(cx), round(cy))
    fade = max(0.0, 1 - abs(e.phase - 0.5) / 0.3)
    layer = pygame.Surface(box.size, pygame.SRCALPHA)
    start = -angle - 0.8  # pygame's arcs turn counter-clockwise, the screen's y is down
    width = max(3, round(cam.cell_px / 9))
    pygame.draw.arc(layer, (*colour("bone"), int(255 * fade)), layer.get_rect(), start,
                    start + 1.6, width)  # fmt: skip
    surface.blit(layer, box)


def _draw_missile(
    surface: pygame.Surface, e: Missile, cam: Camera, origin: tuple[int, int]
) -> None:
    at = e.point()
    if at is None:
        return
    (ax, ay), (bx, by) = e.a, e.lands or e.b
    d = max(1e-6, math.dist((ax, ay), (bx, by)))
    ux, uy = (bx - ax) / d, (by - ay) / d
    head = _centre(cam, *at, origin)
    start = _centre(cam, *e.a, origin)
    trail = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.line(trail, (*colour("missile"), 70), start, head, 2)  # its track, faint
    surface.blit(trail, (0, 0))
    length = cam.cell_px * (0.75 if e.kind == "arrow" else 0.5)
    tail = (head[0] - ux * length, head[1] - uy * length)
    ink = colour("missile")
    width = max(2, round(cam.cell_px / 14))
    if e.kind == "thrown":  # the weapon itself, spinning
        spin = e.age * 18
        cx, cy = head
        r = cam.cell_px * 0.2
        ends = [(cx + math.cos(spin + k * math.pi) * r, cy + math.sin(spin + k * math.pi) * r)
                for k in (0, 1)]  # fmt: skip
        pygame.draw.line(surface, ink, ends[0], ends[1], width + 1)
        return
    pygame.draw.line(surface, ink, tail, head, width)
    tip = max(5.0, cam.cell_px * 0.18)
    left = (head[0] - ux * tip - uy * tip * 0.6, head[1] - uy * tip + ux * tip * 0.6)
    right = (head[0] - ux * tip + uy * tip * 0.6, head[1] - uy * tip - ux * tip * 0.6)
    pygame.draw.polygon(surface, ink, [head, left, right])
    if e.kind == "arrow":  # fletching
        pygame.draw.line(
            surface, colour("hit"), tail, (tail[0] + ux * tip, tail[1] + uy * tip), width + 2
        )


def _draw_glint(surface: pygame.Surface, e: Glint, cam: Camera, origin: tuple[int, int]) -> None:
    cx, cy = _centre(cam, *e.cell, origin)
    angle = math.atan2(e.toward[1] - e.cell[1], e.toward[0] - e.cell[0])
    r = cam.cell_px * (0.42 + 0.1 * e.phase)
    box = pygame.Rect(0, 0, 2 * r, 2 * r)
    box.center = (round(cx), round(cy))
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    alpha = int(255 * (1 - e.phase))
    # pygame's arc angles run counter-clockwise with y up: the screen's y is down
    start = -angle - 0.9
    pygame.draw.arc(layer, (*colour("glint"), alpha), box, start, start + 1.8, max(3, round(r / 6)))
    surface.blit(layer, (0, 0))


def _draw_fall(surface: pygame.Surface, e: Fall, cam: Camera, origin: tuple[int, int]) -> None:
    struck = JOLT_S / e.life if e.struck else 0.0  # the share of its life spent jolting
    if e.started and e.phase < struck:
        _draw_jolt(surface, e.token, e.cell, e.age, e.phase / struck, cam, origin)
        return
    p = (e.phase - struck) / (1 - struck) if e.started else 0.0
    rect = _rect(cam, *e.cell, origin)
    img = _token_image(e.token, rect.w)
    img = pygame.transform.rotozoom(img, -85 * p, 1 - 0.25 * p)
    img.set_alpha(int(255 - 110 * p))
    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + rect.h * 0.15 * p)))


def _draw_jolt(
    surface: pygame.Surface,
    token: TokenInfo,
    cell: Cell,
    age: float,
    phase: float,
    cam: Camera,
    origin: tuple[int, int],
) -> None:
    """A hit: the token shakes and flashes white, fading."""
    shake = math.sin(age * 70) * 0.09 * (1 - phase)
    rect = _rect(cam, cell[0] + shake, cell[1], origin)
    draw_token(surface, token, rect)
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(glow, (*colour("bone"), int(200 * (1 - phase))), glow.get_rect())
    ring = max(2, rect.w // 10)
    pygame.draw.ellipse(glow, (*colour("hit"), int(255 * (1 - phase))), glow.get_rect(), ring)
    surface.blit(glow, rect)


def _draw_flee(surface: pygame.Surface, e: Flee, cam: Camera, origin: tuple[int, int]) -> None:
    run = FLEE_CELLS * e.phase * e.phase
    x, y = e.cell[0] + e.away[0] * run, e.cell[1] + e.away[1] * run
    rect = _rect(cam, x, y, origin)
    img = _token_image(e.token, rect.w)
    img.set_alpha(int(255 * (1 - e.phase)))
    surface.blit(img, rect)
    if e.started:
        mark = theme.font("bold", max(14, rect.h // 2)).render("!", True, colour("morale"))
        mark.set_alpha(int(255 * (1 - e.phase)))
        surface.blit(mark, mark.get_rect(midbottom=(rect.centerx, rect.top + 4)))
