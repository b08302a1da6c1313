"""The target preview: what hovering an enemy shows before an attack.

Issue 4 · Battle screen: the rows come from the ruleset's presenter
(``game.engine.presenter``), in its own words (the d20 rows with every modifier itemised,
or a damage die against the target's protection, a charge's or a swarm's own rows); the
screen heads them with the answer and the weapon, and says why no attack on the target is
on offer now when none is. The panel sits in the viewport corner farthest from both units,
so the cover lines stay in view.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.presentation import AnswerPreview, Row
from game.ui import theme
from game.ui.widgets import draw_panel, draw_text, wrap

__all__ = ["Row", "draw_rows", "panel_rect", "preview_rows"]

ROW_H = 22
MIN_W = 270
TEXT_W = MIN_W - 28  # a wrapped line fits the narrowest panel
_CORNER_NAMES = ("topleft", "topright", "bottomleft", "bottomright")


def preview_rows(
    preview: AnswerPreview, title: str, weapon: str, *, not_now: str = ""
) -> list[Row]:
    """The panel's rows for ``preview`` ("Charge · Sword", then the presenter's rows);
    ``not_now`` says why no attack on this target is on offer now, if none is. An answer
    that cannot be made shows why instead (what stops this turn first, then the weapon)."""
    rows = [Row(f"{title} · {weapon}")]
    why_not = _wrapped(not_now) if not_now else []
    if not preview.allowed:
        return [*rows, *why_not, *_wrapped(preview.reason or "not possible now"), *preview.rows]
    return [*rows, *preview.rows, *why_not]


def _wrapped(text: str, tone: str = "hit") -> list[Row]:
    """A long line of the panel as rows no wider than ``TEXT_W`` (never cut off)."""
    return [Row(line, "", tone) for line in wrap(text, TEXT_W, "bold", theme.SIZE_SMALL)]


def panel_rect(
    rows: Sequence[Row],
    viewport: pygame.Rect,
    avoid: Sequence[tuple[float, float]],
    cell: float = 0.0,
    others: Sequence[tuple[float, float]] = (),
) -> pygame.Rect:
    """The panel's place (issue 30 play-test: it sat in a far corner, over other units):
    beside the target (``avoid[0]``, screen), a square's width (``cell``) away, right of
    it, else left, below or above, flipped at the viewport's edges so that it covers none
    of the ``avoid`` points (the target, the attacker, where it strikes from); the
    viewport corner over the fewest of them, and farthest from them, when no side has
    room. A side that covers none of
    ``others`` (the other units in sight) either is taken first."""
    f = theme.font("bold", theme.SIZE_SMALL)
    width = max(
        [MIN_W]
        + [f.size(r.label)[0] + 28 for r in rows if not r.value]
        + [f.size(r.label)[0] + f.size(r.value)[0] + 44 for r in rows if r.value]
    )
    rect = pygame.Rect(0, 0, width, 16 + theme.px(ROW_H) * len(rows))
    view = viewport.inflate(-16, -16)
    half = max(cell / 2, 4.0)

    def squares(points: Sequence[tuple[float, float]]) -> list[pygame.Rect]:
        size = round(2 * half)
        return [pygame.Rect(round(x - half), round(y - half), size, size) for x, y in points]

    must, rather = squares(avoid), squares(others)
    if avoid:
        tx, ty = round(avoid[0][0]), round(avoid[0][1])
        gap = round(half) + 8
        beside = (
            ("midleft", (tx + gap, ty)),
            ("midright", (tx - gap, ty)),
            ("midtop", (tx, ty + gap)),
            ("midbottom", (tx, ty - gap)),
        )
        for keep_clear in (must + rather, must):
            for name, point in beside:
                box = rect.copy()
                setattr(box, name, point)
                box.clamp_ip(view)
                if view.contains(box) and box.collidelist(keep_clear) < 0:
                    return box
    corners = [view.topleft, view.topright, view.bottomleft, view.bottomright]

    def placed_at(i: int) -> pygame.Rect:
        box = rect.copy()
        setattr(box, _CORNER_NAMES[i], corners[i])
        return box

    def clearance(i: int) -> float:
        box = placed_at(i)
        return min(abs(box.centerx - px) + abs(box.centery - py) for px, py in avoid)

    def fewest_covered(i: int) -> tuple[int, int, float]:
        """A corner over the fewest points first (play-test 3: a lesson's cover lines)."""
        box = placed_at(i).clamp(viewport)
        return (-len(box.collidelistall(must)), -len(box.collidelistall(rather)), clearance(i))

    best = placed_at(max(range(4), key=fewest_covered) if avoid else 1)
    best.clamp_ip(viewport)
    return best


def draw_rows(surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[Row]) -> None:
    draw_panel(surface, rect, fill="parchment", border="target")
    y = rect.y + 8
    for row in rows:
        draw_text(
            surface,
            row.label,
            (rect.x + 12, y),
            role="body" if row.label.startswith(" ") else "bold",
            size=theme.SIZE_SMALL,
            fg=row.tone,
        )
        if row.value:
            draw_text(
                surface,
                row.value,
                (rect.right - 12, y),
                role="bold",
                size=theme.SIZE_SMALL,
                fg=row.tone,
                anchor="topright",
            )
        y += theme.px(ROW_H)
