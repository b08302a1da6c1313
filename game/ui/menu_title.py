"""The menu detail's battle title (play-test at 960x540: long titles were cut where there
was room): the heading type on one line, then a smaller type, then two lines, and only
then an ellipsis."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.fitting import fit_lines
from game.ui.theme import font
from game.ui.widgets import draw_text, fit_text


def draw_title(surface: pygame.Surface, title: str, area: pygame.Rect) -> int:
    """Draw ``title`` at the top of ``area``; the height its lines past the first take
    (what the picture and the briefing below move down by)."""
    least = theme.SIZE_HEADING - 7
    lines, size = fit_lines(title, area.w, 1, role="title", size=theme.SIZE_HEADING,
                            least=least)  # fmt: skip
    if not lines:
        lines, size = fit_lines(title, area.w, 2, role="title", size=least + 3,
                                least=least)  # fmt: skip
    if not lines:
        size = least
        lines = (fit_text(title, area.w, "title", size),)
    step = font("title", size).get_linesize()
    for i, line in enumerate(lines):
        pos = (area.x, area.y + (theme.SIZE_HEADING - size) // 2 + i * step)
        draw_text(surface, line, pos, role="title", size=size, fg="ink")
    return step * (len(lines) - 1)
