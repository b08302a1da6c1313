"""The combat log: every event's text, coloured by its meaning, scrollable.

Events carry a ``tone`` (a colour name such as "hit", "miss", "roll"); only
this renderer turns it into a colour (DESIGN.md · Style, after the tcod
tutorial). New lines stick to the bottom unless the player has scrolled up.

Units that only stood (an "X acts" line straight followed by "X ends their turn", as
End side turn gives for every unit left) fold into one line, and into the side's "are
done" line after them: "Garrison of Greyford are done: 8 units stood (Beorn, …)". The
events stay as they are; only their presentation here is merged.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.theme import colour, font
from game.ui.widgets import draw_panel, draw_text, fit_text, text_image, wrap

MIN_H = 40  # the title and one row
MIN_W = 60
HEAD_H = 40  # the title, and the padding under the rows


def row_height() -> int:
    """A row of the log, px."""
    return font("body", theme.SIZE_SMALL).get_height() + 1


def log_height(rows: int) -> int:
    """The height of a log panel that shows ``rows`` rows."""
    return HEAD_H + rows * row_height()


@dataclass(frozen=True, slots=True)
class LogLine:
    text: str
    tone: str = "info"
    stood: tuple[str, ...] = ()  # the units that only stood, folded into this line
    closed: bool = False  # the side's "are done" line took them: nothing more joins


ACTS = " acts"
ENDS = " ends their turn"
SIDE_DONE = " are done"
SHOWN_NAMES = 3
ROUND_MARK = "— Round "  # the engine's round marker, "— Round 5 —"
ROUND_END = "End of round "
MERGE_BACK = 4  # lines back (what a round's end counted) a round's end joins the next


def stood_words(names: tuple[str, ...]) -> str:
    """ "Beorn stood", "Beorn and Wulf stood", "4 units stood (Beorn, Wulf, Cy, …)"."""
    if len(names) == 1:
        return f"{names[0]} stood"
    if len(names) == 2:
        return f"{names[0]} and {names[1]} stood"
    shown = ", ".join(names[:SHOWN_NAMES]) + (", …" if len(names) > SHOWN_NAMES else "")
    return f"{len(names)} units stood ({shown})"


def round_turned(last: str, text: str) -> str:
    """ "— End of round 4 · Round 5 —" when ``text`` starts the round after the one
    ``last`` ended (play-test 6: at 960×540 the two took the log's few rows); else ""."""
    if not (text.startswith(ROUND_MARK) and text.endswith(" —")):
        return ""
    number = text.removeprefix(ROUND_MARK).removesuffix(" —")
    if not number.isdigit() or last != f"{ROUND_END}{int(number) - 1}":
        return ""
    return f"— {last} · Round {number} —"


def shown_rows(rows: list[tuple[str, str, bool]], end: int, visible: int) -> tuple[int, int]:
    """The rows to draw, ``rows[start:end]``: at most ``visible`` ending at ``end``, the
    first being an entry's first row (play-test: the log began with "rounds", the tail of
    a wrapped entry). An entry taller than the panel shows from its first row, who acts
    on whom, and is cut at its end (play-test 2: "… Half-Hand (Armor 3…" lost the
    attacker); scrolling down (``top_rows``) shows the rest."""
    start = max(0, end - visible)
    first = start
    while first < end and not rows[first][2]:
        first += 1
    if first < end or start >= end:
        return (first if first < end else start), end
    first = start
    while first > 0 and not rows[first][2]:
        first -= 1
    return first, min(len(rows), first + visible)


def scroll_range(rows: list[tuple[str, str, bool]], visible: int) -> tuple[int, int]:
    """The lowest and highest scroll: below 0 only while the newest entry is taller than
    the panel (its rows after the first ``visible`` ones, reached by scrolling down)."""
    top = shown_rows(rows, len(rows), visible)[0]
    return min(0, top - max(0, len(rows) - visible)), max(0, len(rows) - visible)


def view_rows(rows: list[tuple[str, str, bool]], scroll: int, visible: int) -> tuple[int, int]:
    """The rows shown at ``scroll`` (rows up from the newest; below 0 goes down into a
    newest entry taller than the panel)."""
    if scroll >= 0:
        return shown_rows(rows, len(rows) - scroll, visible)
    top = shown_rows(rows, len(rows), visible)[0] - scroll
    return top, min(len(rows), top + visible)


class LogPanel:
    """A scrollable list of wrapped, coloured lines inside ``rect``."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.rect = pygame.Rect(0, 0, 300, 200)
        self.scroll = 0  # wrapped rows scrolled up from the bottom
        self._wrapped: list[tuple[str, str, bool]] = []  # text, tone, first row of its line
        self._wrapped_for = (0, 0)
        self.shown: list[tuple[str, str, bool]] = []  # the rows last drawn
        self.drawn: list[str] = []  # their texts as drawn, with any "…"

    def add(self, text: str, tone: str = "info") -> None:
        if tone == "turn" and self._round_merged(text):
            return
        if tone == "turn" and self.lines and self.lines[-1].tone == "turn":
            last = self.lines[-1]
            who = text.removesuffix(ENDS)
            if text.endswith(ENDS) and last.text == who + ACTS:  # the unit only stood
                self._drop_last()
                names: tuple[str, ...] = (who,)
                before = self.lines[-1] if self.lines else None
                if before is not None and before.stood and not before.closed:
                    self._drop_last()
                    names = before.stood + names
                self.lines.append(LogLine(stood_words(names), tone, names))
                return
            if text.endswith(SIDE_DONE) and last.stood and not last.closed:
                self._drop_last()
                words = f"{text}: {stood_words(last.stood)}"
                self.lines.append(LogLine(words, tone, last.stood, closed=True))
                return
        self.lines.append(LogLine(text, tone))
        if self.scroll < 0:
            self.scroll = 0  # the newest entry, from its first row
        elif self.scroll:
            self.scroll += 1  # keep the view still while the player reads back

    def _round_merged(self, text: str) -> bool:
        """ "End of round 4" and, a few lines later (what the round's end counted), "— Round
        5 —" become one row at the end: "— End of round 4 · Round 5 —"; True if so."""
        for i in range(len(self.lines) - 1, max(-1, len(self.lines) - 1 - MERGE_BACK), -1):
            merged = round_turned(self.lines[i].text, text)
            if merged:
                del self.lines[i]
                self._wrapped, self._wrapped_for = [], (0, 0)  # rows wrapped again
                self.lines.append(LogLine(merged, "turn"))
                return True
        return False

    def _drop_last(self) -> None:
        """Take the last line back (it is being folded into a new one), with its rows."""
        self.lines.pop()
        if self._wrapped_for[0] > len(self.lines):
            while self._wrapped and not self._wrapped[-1][2]:
                self._wrapped.pop()
            if self._wrapped:
                self._wrapped.pop()
            self._wrapped_for = (len(self.lines), self._wrapped_for[1])

    def clear(self) -> None:
        self.lines.clear()
        self.scroll = 0
        self._wrapped = []
        self._wrapped_for = (0, 0)

    def _rows(self) -> list[tuple[str, str, bool]]:
        width = self.rect.w - 26
        if self._wrapped_for != (len(self.lines), width):
            if self._wrapped_for[1] != width:
                self._wrapped = []
                start = 0
            else:
                start = self._wrapped_for[0]
            for line in self.lines[start:]:
                for i, row in enumerate(wrap(line.text, width, "body", theme.SIZE_SMALL)):
                    self._wrapped.append((row, line.tone, i == 0))
            self._wrapped_for = (len(self.lines), width)
        return self._wrapped

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            low, high = scroll_range(self._rows(), self._visible_rows())
            self.scroll = max(low, min(high, self.scroll + event.y * 3))
            return True
        return False

    def _visible_rows(self) -> int:
        return max(1, (self.rect.h - HEAD_H) // row_height())

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.h < MIN_H or self.rect.w < MIN_W:
            return  # the window is too small for it: hidden, not drawn out of shape
        draw_panel(surface, self.rect, fill="night", border="wood_light", alpha=235)
        draw_text(
            surface,
            "Combat log",
            (self.rect.x + 12, self.rect.y + 6),
            role="title",
            size=theme.SIZE_SMALL,
            fg="gold",
        )
        rows = self._rows()
        start, end = view_rows(rows, self.scroll, self._visible_rows())
        self.shown = rows[start:end]
        self.drawn = []
        f = font("body", theme.SIZE_SMALL)
        y = self.rect.y + 30
        for i, (text, tone, first) in enumerate(rows[start:end]):
            x = self.rect.x + 12 + (0 if first else 10)
            if i == 0 and not first:  # the rest of an entry taller than the panel
                text, x = "… " + text, x - 10
            if start + i == end - 1 and end < len(rows) and not rows[end][2]:
                room = self.rect.right - 12 - x  # the entry goes on: cut at its end
                text = fit_text(text + " …", room, "body", theme.SIZE_SMALL)
            self.drawn.append(text)
            try:
                rgb = colour(tone)
            except KeyError:
                rgb = colour("info")
            surface.blit(text_image(text, "body", theme.SIZE_SMALL, rgb), (x, y))
            y += f.get_height() + 1
        if self.scroll > 0:
            draw_text(
                surface,
                f"↓ {self.scroll} newer",
                (self.rect.right - 12, self.rect.y + 8),
                size=theme.SIZE_TINY,
                fg="muted",
                anchor="topright",
            )
