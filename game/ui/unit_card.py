"""The unit card's rows (right side panel): every row the model lists for the card fits
inside it. A card with many rows (three weapons and a Marks row, say) grows while the
combat log under it keeps ``EASY_LOG`` (a tall window), else draws its rows closer
together, then in the small type (960×540); only when even that does not fit does it grow
further, the log giving up height down to ``least_log``. Values too wide for
their column are shortened with an ellipsis (the right-click sheet shows them whole).

Pure layout: ``card_fit`` says how, ``row_rects`` where; the scene draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.log_panel import log_height
from game.ui.theme import font
from game.ui.widgets import fit_text

CARD_H = 262  # the card's usual height (px at 720; theme.px scales it)
HEADER = 80  # the token disc and the name line above the rows (fixed, like the disc)
FOOT = 40  # under the rows: a gap, then the conditions line
VALUE_X = 110  # where the value column starts, from the card's left edge
PAD = 16  # left and right margins of the rows
MIN_LOG = 60  # the combat log keeps at least this much height when the card grows
LOG_ROWS = 7  # the combat log keeps this many rows when the card grows (play-test 6)
NOTE_LOG = 95  # … three lines beside a lesson's hint
LESSON_LOG = 135  # … and five while the hint points at it ("watch the log")
EASY_LOG = 180  # the card grows in its usual type only while the log keeps this much
LEAST_ROWS = 4  # a card beside a lesson's hint keeps this many rows (its stat lines)
FOOT_BARE = 14  # the foot of such a card when the unit has no conditions to list


@dataclass(frozen=True)
class CardFit:
    size: int  # type size of the rows
    step: int  # px from one row's top to the next
    height: int  # the card height the rows need (never under the usual height)
    foot: int = FOOT  # px under the rows (the conditions line), at 720


def styles() -> list[tuple[int, int]]:
    """(type size, row step) from the roomiest to the tightest."""
    small, tiny = theme.SIZE_SMALL, theme.SIZE_TINY
    return [(small, theme.px(21)), (small, theme.px(18)), (tiny, theme.px(16))]


def line_height(size: int) -> int:
    return max(font("bold", size).get_height(), font("body", size).get_height())


def rows_height(n: int, size: int, step: int, foot: int = FOOT) -> int:
    """The card height ``n`` rows need at ``size`` and ``step``: header, rows, foot."""
    rows = (n - 1) * step + line_height(size) if n else 0
    return HEADER + rows + theme.px(foot)


def least_height(n: int, pointed: frozenset[str], foot: int = FOOT) -> int:
    """The least a card of ``n`` rows gives way to a lesson's hint: its first
    ``LEAST_ROWS`` rows in the tightest style, one fewer while the hint points at the log
    (play-test 4: at 960×540 the hint left the card "… right-click: the full sheet" alone,
    no HP, and the log that step 7 says to watch 1-3 lines)."""
    rows = LEAST_ROWS - 1 if "log" in pointed else LEAST_ROWS
    return rows_height(min(n, rows), *styles()[-1], foot)


def least_log(pointed: frozenset[str], note: bool) -> int:
    """The height the log keeps when the card grows: a few lines beside a lesson's hint,
    more while the hint points at the log (play-test 4: 1-3 lines at 960×540), else
    ``LOG_ROWS`` rows (play-test 6: 3 at 960×540 showed none of an AI turn's moves)."""
    if "log" in pointed or note:
        return theme.px(LESSON_LOG if "log" in pointed else NOTE_LOG)
    return log_height(LOG_ROWS)


def short_card(n: int, base: int, spare: int, least: int, foot: int) -> tuple[int, int]:
    """(card height, log height) in a side panel ``spare`` px tall too short for a card
    ``base`` tall and a log ``least`` tall (play-test 6: 960×540): the card shrinks to
    its ``n`` rows in the tightest style and the log keeps ``least``; a card that needs
    more takes it from the log, down to ``MIN_LOG``."""
    need = rows_height(n, *styles()[-1], foot)
    card = min(base, max(need, spare - least))
    return card, max(theme.px(MIN_LOG), min(least, spare - max(card, need)))


def card_fit(n: int, base_h: int, room_h: int, foot: int = FOOT) -> CardFit:
    """The roomiest style in which ``n`` rows fit a card ``base_h`` tall, or up to
    ``room_h`` tall (what the side panel can spare while the log stays comfortable), else
    the tightest one with the height it needs."""
    limit = max(base_h, room_h)
    for size, step in styles():
        need = rows_height(n, size, step, foot)
        if need <= limit:
            return CardFit(size, step, max(base_h, need), foot)
    size, step = styles()[-1]
    return CardFit(size, step, rows_height(n, size, step, foot), foot)


def rows_that_fit(fit: CardFit, height: int) -> int:
    """How many rows of ``fit`` a card ``height`` tall holds (when the side panel could
    not give it all it asked for)."""
    n = 0
    while rows_height(n + 1, fit.size, fit.step, fit.foot) <= height:
        n += 1
    return n


def card_rows(rows: Sequence[tuple[str, str]], fit: CardFit, height: int) -> list[tuple[str, str]]:
    """The rows to draw: all of them, or as many as fit with the last one saying where
    the rest are; a card with room for ``LEAST_ROWS`` or fewer spends none on that (the
    stat lines first)."""
    room = rows_that_fit(fit, height)
    if len(rows) <= room or room <= LEAST_ROWS:
        return list(rows[:room])
    return [*rows[: max(0, room - 1)], ("…", "right-click: the full sheet")]


def row_rects(card: pygame.Rect, n: int, fit: CardFit) -> list[tuple[pygame.Rect, pygame.Rect]]:
    """(label box, value box) of each row inside ``card``."""
    h = line_height(fit.size)
    label_w = theme.px(VALUE_X) - PAD - 4
    value_x = card.x + theme.px(VALUE_X)
    value_w = card.right - PAD // 2 - value_x
    out = []
    for i in range(n):
        y = card.y + HEADER + i * fit.step
        out.append((pygame.Rect(card.x + PAD, y, label_w, h), pygame.Rect(value_x, y, value_w, h)))
    return out


def conditions_pos(card: pygame.Rect) -> tuple[int, int]:
    """Where the card's conditions line starts."""
    return card.x + PAD, card.bottom - theme.px(28)


def fitted(text: str, role: str, size: int, width: int) -> tuple[str, int]:
    """``text`` and the type size to draw it in ``width`` px: as it is, else in the small
    type, else shortened with an ellipsis."""
    for s in (size, min(size, theme.SIZE_TINY)):
        if font(role, s).size(text)[0] <= width:
            return text, s
    tiny = min(size, theme.SIZE_TINY)
    return fit_text(text, width, role, tiny), tiny


# -- the card with no unit: what the player can do ----------------------------------------

HELP = (
    "Click a unit to select it.",
    "Right-click a unit for its full sheet.",
    "Drag or WASD to pan, wheel to zoom.",
    "G grid · Home fit map · Esc menu",
    "F1 or ?: the legend (markers, colours, keys)",
)


def help_style(spare: int) -> tuple[int, int, int]:
    """(type size, row step, card height) of the "No unit selected" card: as tall as its
    hints need, in the small type and closer rows when the side panel has little room to
    spare for the log (play-test 960×540: the card took half the column, the log 3 lines)."""
    options = [(size, step, theme.px(54) + len(HELP) * step) for size, step in styles()[::2]]
    return next((o for o in options if spare - o[2] >= theme.px(EASY_LOG)), options[-1])


def draw_help(surface: pygame.Surface, card: pygame.Rect, spare: int) -> list[pygame.Rect]:
    """The "No unit selected" card's title and hints inside ``card``; their rects."""
    from game.ui.widgets import draw_text

    size, step, _ = help_style(spare)
    title = draw_text(
        surface,
        "No unit selected",
        (card.x + PAD, card.y + theme.px(10)),
        role="title",
        size=theme.SIZE_SMALL + 2,
        fg="ink_soft",
    )
    out = [title]
    for i, hint in enumerate(HELP):
        text = fit_text(hint, card.w - 2 * PAD, "body", size)
        pos = (card.x + PAD, card.y + theme.px(44) + i * step)
        out.append(draw_text(surface, text, pos, size=size, fg="ink_soft"))
    return out
