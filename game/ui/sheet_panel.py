"""The right-click unit sheet's panel: where it goes and how its rows are set.

The sheet (issue 4) lists every row of the model's sheet, then the unit's conditions. It
sits over the board when it fits there; a long sheet in a small window (960×540, the
smallest the game allows) may use the whole window, then two columns, then the small
text size, so no row is cut off (issue 4 play-test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.tokens import TokenInfo, draw_token
from game.ui.widgets import draw_close_hint, draw_panel, draw_text, wrap

SHEET_W = 600  # one column
LABEL_W = 130
HEAD_H = 106  # the token, the name and the template above the rows
FOOT_H = 24  # "Esc or right-click elsewhere to close"
GAP = 24  # between two columns
Wrapped = list[tuple[str, list[str]]]


@dataclass(frozen=True)
class SheetLayout:
    rect: pygame.Rect
    columns: list[Wrapped]
    col_w: int
    label_w: int
    size: int

    @property
    def line_h(self) -> int:
        return theme.font("body", self.size).get_height() + 2


def _wrapped(rows: Sequence[tuple[str, str]], label_w: int, value_w: int, size: int) -> Wrapped:
    """Each row's value in lines of ``value_w``; a label wider than its column gets the
    line to itself and its value starts below it (play-test 10: "Fine Sword +1" ran into
    "1d8 slashing" in a narrow sheet)."""
    bold = theme.font("bold", size)
    out: Wrapped = []
    for label, value in rows:
        lines = wrap(value, value_w, "body", size) if value else [""]
        if value and bold.size(label)[0] > label_w - 8:
            lines = ["", *lines]
        out.append((label, lines))
    return out


def _height(rows: Wrapped, line_h: int) -> int:
    return sum(len(lines) * line_h + 4 for _, lines in rows)


def _split(rows: Wrapped, line_h: int) -> list[Wrapped]:
    """Two columns of about the same height (a heading row never ends the first)."""
    best, at = None, len(rows)
    for i in range(1, len(rows)):
        if rows[i - 1][1] == [""] and rows[i - 1][0] == "Conditions":
            continue
        tall = max(_height(rows[:i], line_h), _height(rows[i:], line_h))
        if best is None or tall < best:
            best, at = tall, i
    return [rows[:at], rows[at:]]


def sheet_layout(
    rows: Sequence[tuple[str, str]], board: pygame.Rect, window: pygame.Rect
) -> SheetLayout:
    """The panel for ``rows``: over ``board`` when it fits there (one column, two, then
    the small text size: play-test 2 saw a sheet overhang the action bar at 960×540),
    else within ``window`` likewise, whichever fits first."""
    room = window.inflate(-16, -16)
    sizes = (theme.SIZE_SMALL, theme.SIZE_TINY)
    tries = [(area, n, size) for area in (board, room) for size in sizes for n in (1, 2)]
    for area, n, size in tries:
        width = min(SHEET_W * n, area.w - 8)
        col_w = (width - 40 - GAP * (n - 1)) // n
        # the labels' column: a third of the column, widened to the widest label when
        # that takes no more than two fifths of it
        widest = max((theme.font("bold", size).size(label)[0] for label, _ in rows), default=0)
        label_w = min(LABEL_W, max(col_w // 3, min(widest + 10, col_w * 2 // 5)))
        line_h = theme.font("body", size).get_height() + 2
        rows_w = _wrapped(rows, label_w, col_w - label_w, size)
        columns = [rows_w] if n == 1 else _split(rows_w, line_h)
        height = HEAD_H + max(_height(c, line_h) for c in columns) + FOOT_H
        if height <= area.h or (area is room and n == 2 and size == theme.SIZE_TINY):
            rect = pygame.Rect(0, 0, width, min(height, area.h))
            rect.center = board.center
            rect.clamp_ip(area)
            return SheetLayout(rect, columns, col_w, label_w, size)
    raise AssertionError("unreachable: the last try always returns")


def draw_named_token(
    surface: pygame.Surface,
    token: TokenInfo,
    disc: pygame.Rect,
    size: int,
    offset: tuple[int, int],
) -> None:
    """A unit's token in ``disc`` and its name right of it (the card's and sheet's head);
    ``offset`` places the name from the disc's top-right corner."""
    draw_token(surface, token, disc)
    pos = (disc.right + offset[0], disc.y + offset[1])
    draw_text(surface, token.name, pos, role="title", size=size, fg="ink")


def draw_sheet(
    surface: pygame.Surface, layout: SheetLayout, token: TokenInfo, template_name: str
) -> None:
    rect = layout.rect
    draw_panel(surface, rect, fill="parchment", border="wood_dark")
    disc = pygame.Rect(rect.x + 16, rect.y + 16, 64, 64)
    draw_named_token(surface, token, disc, theme.SIZE_HEADING - 4, (14, 4))
    draw_text(surface, template_name, (disc.right + 14, rect.y + 54), role="italic", fg="ink_soft")
    size, line_h = layout.size, layout.line_h
    for n, column in enumerate(layout.columns):
        x = rect.x + 20 + n * (layout.col_w + GAP)
        y = disc.bottom + 14
        for label, lines in column:
            heading = label == "Conditions" and lines == [""]
            draw_text(
                surface,
                label,
                (x, y),
                role="title" if heading else "bold",
                size=size,
                fg="ink" if not heading else "wood",
            )
            for line in lines:
                draw_text(surface, line, (x + layout.label_w, y), size=size, fg="ink")
                y += line_h
            y += 4
    draw_close_hint(surface, "Esc or right-click elsewhere to close", rect)
