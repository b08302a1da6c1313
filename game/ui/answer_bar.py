"""Where the action bar puts a closed decision's answer buttons (which side begins the
round, a side's Pass) and its question, as arithmetic on rectangles.

Play-test 6: at 960×540 the two "… begin" buttons sat over the question, and after a
resize the bar laid them out as 64-px action buttons with their labels cut. The buttons
now keep to the bar's right, each as wide as its label asks while all of them take at
most ``MOST_SHARE`` of the bar (a longer label wraps onto two lines inside its button);
the question wraps into the room left of them, its type shrinking before a line is cut.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui import theme
from game.ui.wrapping import fit_lines, wrap

PAD = 12  # from the bar's edges
GAP = 10  # between two buttons, and between the question and the first button
BUTTON_H = 44  # room for a label on two lines
LEAST_W = 96
MOST_SHARE = 0.55  # of the bar's width, for all the buttons together
LABEL_SIZE = theme.SIZE_SMALL
QUESTION_SIZES = (theme.SIZE_BODY, theme.SIZE_SMALL, theme.SIZE_TINY)


def answer_widths(labels: Sequence[str], most: int) -> list[int]:
    """Each button's width: its label on one line plus padding and its key's badge, at
    least ``LEAST_W``; all of them (with their gaps) shrunk alike to fit ``most``."""
    face = theme.font("bold", LABEL_SIZE)
    wants = [max(LEAST_W, face.size(label)[0] + 36) for label in labels]
    room = most - GAP * max(0, len(labels) - 1)
    total = sum(wants)
    if total <= room or not wants:
        return wants
    return [max(LEAST_W // 2, w * room // total) for w in wants]


def answer_rects(bar: pygame.Rect, labels: Sequence[str], top: bool) -> list[pygame.Rect]:
    """The buttons in a row against the bar's right edge: at its top when ``top`` (the
    side's End side turn button sits under them), else in its middle."""
    widths = answer_widths(labels, int(bar.w * MOST_SHARE))
    y = bar.y + 8 if top else bar.centery - BUTTON_H // 2
    x = bar.right - PAD - sum(widths) - GAP * max(0, len(widths) - 1)
    out = []
    for width in widths:
        out.append(pygame.Rect(x, y, width, BUTTON_H))
        x += width + GAP
    return out


def question_lines(text: str, room: int, height: int) -> tuple[tuple[str, ...], int]:
    """The question's lines and type size (bold) in ``room`` px × ``height`` px: the
    largest size at which it fits on as many lines as the height holds; at the smallest
    size, the lines that fit (the last one cut short by the wrap, never drawn over)."""
    for size in QUESTION_SIZES:
        most = max(1, height // (theme.font("bold", size).get_linesize()))
        lines, at = fit_lines(text, room, most, role="bold", size=size, least=size)
        if lines:
            return lines, at
    size = QUESTION_SIZES[-1]
    most = max(1, height // theme.font("bold", size).get_linesize())
    return tuple(wrap(text, max(1, room), "bold", size)[:most]), size
