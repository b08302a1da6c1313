"""The action bar's grid of action buttons: how big, how many rows, captions or not, and
how each button's shortcut letter and caption are drawn.

Issue 4 play-test: at 960×540 the bar showed three rows of 21-px icons, at 1920×1080 two
rows of 38-px icons beside 400 px of nothing. The grid now takes the space the bar has:
the bar grows with the window's height, the buttons take the largest size that fits,
with a caption under each whenever a caption fits; the shortcut letter sits on a dark
badge in a legible size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.engine.decision import Option
from game.ui import theme
from game.ui.fitting import draw_key_badge, fit_lines
from game.ui.overlays import NUMBER_KEYS
from game.ui.widgets import Button, draw_text

ACTION_KEYS = (
    *NUMBER_KEYS,
    pygame.K_0,
    pygame.K_r,
    pygame.K_t,
    pygame.K_y,
    pygame.K_u,
    pygame.K_i,
    pygame.K_o,
    pygame.K_p,
    pygame.K_f,
    pygame.K_h,
    pygame.K_j,
    pygame.K_k,
    pygame.K_l,
    pygame.K_c,
    pygame.K_v,
    pygame.K_b,
    pygame.K_n,
    pygame.K_m,
    pygame.K_x,
)  # enough for every action of a ruleset's bar (grid has 24 besides End Turn); not WASD,
# E (end turn), Z (undo) nor G (grid), which the screen keeps for itself


BAR_MIN_H = 96  # the bar's height in a window up to 600 px tall
BAR_MAX_H = 144
GAP = 4
CAPTION_W = 62  # a caption needs this much width under its button...
CAPTION_H = 15  # ...and this much height
MIN_CAPTIONED = 32  # captions only while the icons stay at least this big
ROOMY = 44  # two-line captions while the icons stay at least this big
MIN_CAPTION_SIZE = 9  # a caption shrinks down to this type size, then wraps or goes
MAX_BUTTON = 64


def bar_height(window_h: int) -> int:
    """The action bar's height for a window ``window_h`` pixels tall: 96 up to 600,
    then 16% of the height (115 at 720), at most 144 (from 900 on)."""
    return max(BAR_MIN_H, min(BAR_MAX_H, round(window_h * 0.16)))


@dataclass(frozen=True, slots=True)
class BarGrid:
    """``rows`` rows of at most ``per_row`` buttons ``size`` px tall (and wide, or wider
    when the row has room to spare), ``pitch`` px apart from left to left; ``captions``:
    the lines of caption under each button (0: none), ``caption_h`` px tall."""

    rows: int
    per_row: int
    size: int
    pitch: int
    captions: int
    caption_h: int = 0

    def rect(self, index: int, left: int, top: int) -> pygame.Rect:
        row, col = divmod(index, self.per_row)
        row_h = self.size + self.caption_h + GAP
        width = max(self.size, self.pitch - GAP)
        return pygame.Rect(left + col * self.pitch, top + row * row_h, width, self.size)


def caption_height(lines: int) -> int:
    """The height ``lines`` lines of caption take under a button, at today's type scale."""
    return theme.px(CAPTION_H) * lines - (lines - 1) * theme.px(2)


def bar_grid(n: int, width: int, height: int) -> BarGrid:
    """The grid for ``n`` buttons in ``width`` × ``height`` px: the biggest buttons with
    two-line captions if they reach ROOMY px, else the biggest with one-line captions if
    they reach MIN_CAPTIONED px, else the biggest buttons (fewer rows on a tie)."""
    n = max(1, n)
    captioned: dict[int, list[BarGrid]] = {1: [], 2: []}
    plain: list[BarGrid] = []
    for rows in (1, 2, 3):
        per_row = -(-n // rows)
        cell_w = (width - GAP * (per_row - 1)) // per_row
        cell_h = (height - GAP * (rows - 1)) // rows
        size = max(12, min(cell_w, cell_h, MAX_BUTTON))
        plain.append(BarGrid(rows, per_row, size, size + GAP, 0))
        if cell_w < CAPTION_W:
            continue
        for lines in (1, 2):
            caption_h = caption_height(lines)
            size = min(cell_w, cell_h - caption_h, MAX_BUTTON)
            pitch = min(cell_w, size + 48) + GAP
            captioned[lines].append(BarGrid(rows, per_row, size, pitch, lines, caption_h))
    for lines, least in ((2, ROOMY), (1, MIN_CAPTIONED)):
        fits = [g for g in captioned[lines] if g.size >= least]
        if fits:
            return max(fits, key=lambda g: (g.size, -g.rows))
    return max(plain, key=lambda g: (g.size, -g.rows))


def icon_size(grid: BarGrid) -> int:
    """The icon drawn inside a button of the grid."""
    return max(10, grid.size - max(10, grid.size // 3))


def short_caption(label: str) -> str:
    """The words of a caption under an action button: the label without the words every
    action shares ("… Attack", "Make a …"); never cut (issue 30)."""
    text = label.removesuffix(" Attack").removesuffix(" an Action").removesuffix(" an Ally")
    return text.removeprefix("Make a ").removeprefix("Use a ")


def fit_caption(label: str, width: int, lines: int) -> tuple[tuple[str, ...], int]:
    """The caption's lines and type size so that every line is at most ``width`` px wide
    (issue 30: "no label is ever cut"): the tiny size on one line, else on up to ``lines``
    lines, else a smaller size down to MIN_CAPTION_SIZE; no caption at all (the tooltip
    still names it) when even that does not fit."""
    return fit_lines(
        short_caption(label), width, lines, size=theme.SIZE_TINY, least=MIN_CAPTION_SIZE
    )


def shortcut_size(grid: BarGrid) -> int:
    """The shortcut letter's type size: 14 px on buttons of 40 px and more, else 12."""
    return theme.SIZE_TINY + 1 if grid.size >= 40 else theme.SIZE_TINY - 1


def draw_actions(
    surface: pygame.Surface,
    buttons: Sequence[tuple[Button, Option]],
    grid: BarGrid,
    mode: str | None,
) -> None:
    """Each button, its shortcut letter on a dark badge in its top-right corner, and its
    caption under it when the grid has captions."""
    letter_size = shortcut_size(grid)
    for button, option in buttons:
        button.selected = mode == option.kind
        button.draw(surface)
        if button.shortcut is not None:
            draw_key_badge(
                surface,
                button.shortcut,
                {"topright": (button.rect.right - 2, button.rect.y + 2)},
                letter_size,
                option.allowed,
            )
        if grid.captions:
            draw_caption(surface, button.rect, option, grid)


def draw_caption(
    surface: pygame.Surface, rect: pygame.Rect, option: Option, grid: BarGrid
) -> list[pygame.Rect]:
    """The option's caption under its button ``rect``, fitted to the button's width;
    return the rectangles its lines took."""
    text, size = fit_caption(option.label, rect.w, grid.captions)
    step = theme.font("body", size).get_linesize() - theme.px(2)
    return [
        draw_text(
            surface,
            line,
            (rect.centerx, rect.bottom + 1 + i * step),
            size=size,
            anchor="midtop",
            fg="parchment_dark" if option.allowed else "disabled",
        )
        for i, line in enumerate(text)
    ]
