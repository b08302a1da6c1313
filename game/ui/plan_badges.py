"""The round plan's badges on the tokens (issue 7): the group's letter and the place in the
order, or the number that placed it; ``?`` for a unit that has declared something the
viewer may not know yet; "ok" for the viewer's own declared units.

A badge sits with its unit as the unit is drawn (play-test 8: while the round resolved,
numbered badges floated on the empty squares where walks would end, the tokens still
waiting or walking towards them): over a walking token where the walk has brought it,
and never on a square the viewer cannot see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.geometry.grid import Cell
from game.ui import theme
from game.ui.intentions import DECLARED, REVEALED, PlanRow
from game.ui.theme import colour

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.ui.play_animation import Animations
    from game.ui.tokens import TokenInfo


def badge_text(row: PlanRow) -> str:
    """The badge on a token: the group's badge once revealed (``PlanRow.badge``), "?"
    declared but unknown to the viewer, "ok" for the viewer's own declared unit; "" for
    none."""
    if row.state == REVEALED and row.turn:
        return row.badge
    if row.state == DECLARED:
        return "ok" if row.text and row.text != "holds" else ("?" if not row.text else "")
    return ""


def drawn_at(unit: str, cell: Cell, anim: Animations) -> tuple[float, float]:
    """Where ``unit`` is drawn now, in cells: along its walk while one is under way (or
    waits to start: on the walk's first square), else on ``cell``."""
    walk = next((w for w in anim.walks if w.unit == unit), None)
    return walk.position() if walk is not None else (float(cell[0]), float(cell[1]))


def badge_spots(
    rows: Sequence[PlanRow],
    token_of: Callable[[str], TokenInfo | None],
    anim: Animations,
    fogged: frozenset[Cell],
    viewer: str | None,
) -> list[tuple[PlanRow, str, tuple[float, float]]]:
    """The badges to draw: (row, label, where its unit is drawn, in cells); none for a
    unit fallen out of the round (a downed unit that still acts, ``PlanRow.down``, has its
    badge like anyone: play-test 11) or drawn on a square the viewer cannot see (its own
    units' always shown)."""
    out = []
    for r in rows:
        token = token_of(r.unit)
        label = badge_text(r)
        if token is None or (token.down and not r.down) or not label:
            continue
        x, y = drawn_at(r.unit, token.cell, anim)
        if token.side != viewer and (round(x), round(y)) in fogged:
            continue
        out.append((r, label, (x, y)))
    return out


def draw_badges(
    surface: pygame.Surface,
    spots: Sequence[tuple[PlanRow, str, tuple[float, float]]],
    cam: Camera,
    viewport: pygame.Rect,
) -> list[pygame.Rect]:
    """Each badge at the top centre of its unit's drawn square (the top-left holds an
    enemy's number, the top-right its markers); their rectangles on the screen."""
    clip = surface.get_clip()
    surface.set_clip(viewport)
    size = max(12, min(22, int(cam.cell_px * 0.42)))
    font = theme.font("bold", max(9, size - 6))
    out = []
    for r, label, (cx, cy) in spots:
        sx, sy = cam.world_to_screen(cx * cam.tile, cy * cam.tile)
        img = font.render(label, True, colour("ink" if r.acting else "bone"))
        box = pygame.Rect(0, 0, max(size, img.get_width() + 6), size)
        box.midtop = (round(sx + cam.cell_px / 2) + viewport.x, round(sy) + viewport.y - 4)
        fill = "gold_bright" if r.acting else ("wood" if r.done else "wood_dark")
        pygame.draw.rect(surface, colour(fill), box, border_radius=size // 2)
        pygame.draw.rect(surface, colour("gold"), box, 1, border_radius=size // 2)
        surface.blit(img, img.get_rect(center=box.center))
        out.append(box)
    surface.set_clip(clip)
    return out
