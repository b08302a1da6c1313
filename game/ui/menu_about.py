"""The menu detail's text and the pointer to the ruleset's lesson (play-test 11 · 5: at
960x540 the description was cut at "goes on …", hiding the ruleset's paragraph and the
"Learn to play" pointer that a large window shows).

The description scrolls, a line at a time with the wheel over it or a page with Page
Up / Page Down, and a last line says when there is more ("↓ more: scroll"). The lesson's
pointer is a button of its own right below the text, pinned to the bottom of the column
when the text is longer than the room: always in sight.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.theme import colour, font
from game.ui.widgets import Button, fit_text, text_image, wrap

LINE_GAP = 3
WHEEL_LINES = 2  # lines the wheel scrolls a notch
MORE_BELOW = "↓ more: scroll or Page Down"
MORE_ABOVE = "↑ the start: scroll or Page Up"
POINTER_GAP = 10  # between the text and the lesson's button
POINTER_H = 30


class AboutText:
    """Wrapped paragraphs inside ``rect`` that scroll when they do not fit."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.text = ""
        self.scroll = 0  # the first line shown
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.bottom = 0  # where the last frame's text ended

    def set_text(self, text: str) -> None:
        """New text (another map or ruleset) starts at its top."""
        if text != self.text:
            self.text = text
            self.scroll = 0

    def lines(self) -> list[str]:
        return wrap(self.text, max(1, self.rect.w), "body", self.size)

    def _pitch(self) -> int:
        return font("body", self.size).get_height() + LINE_GAP

    def room(self) -> int:
        """How many lines fit in ``rect``."""
        f = font("body", self.size)
        return max(0, (self.rect.h - f.get_height()) // self._pitch() + 1)

    def cut(self) -> bool:
        """True when the text is longer than its room (and so scrolls)."""
        return bool(self.text) and len(self.lines()) > self.room()

    def _shown(self) -> int:
        """Lines of text shown: all that fit, less the last when it says there is more."""
        return max(1, self.room() - 1) if self.cut() else self.room()

    def _last_scroll(self) -> int:
        return max(0, len(self.lines()) - self._shown())

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self._last_scroll(), self.scroll + lines))

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel over the text, and Page Up / Page Down, scroll it when it is cut."""
        if not self.cut():
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(-event.y * WHEEL_LINES)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = max(1, self._shown() - 1)
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            return True
        return False

    def draw(self, surface: pygame.Surface, fg: str) -> int:
        """Draw the lines in sight and, when cut, what the last line says; the height
        used."""
        lines = self.lines()
        self.scroll_by(0)  # a larger window has fewer lines to scroll
        shown = lines[self.scroll : self.scroll + self._shown()]
        y = self.rect.y
        for line in shown:
            if line:
                surface.blit(text_image(line, "body", self.size, colour(fg)), (self.rect.x, y))
            y += self._pitch()
        if self.cut():
            more = self.scroll < self._last_scroll()
            cue = fit_text(MORE_BELOW if more else MORE_ABOVE, self.rect.w, "italic", self.size)
            cue_image = text_image(cue, "italic", self.size, colour("ink_soft"))
            surface.blit(cue_image, (self.rect.x, y))
            y += self._pitch()
        self.bottom = y
        return y - self.rect.y


def lesson_button(open_lesson: Callable[[], object]) -> Button:
    """The pointer to the chosen ruleset's lesson ("Learn to play: <ruleset> (L)"); hidden
    until placed with a lesson to point at."""

    def choose() -> None:
        open_lesson()

    button = Button(
        "",
        choose,
        style="flat",
        size=theme.SIZE_SMALL,
        hint="New to these rules? This battle, at the top of the list, plays with you "
        "step by step [L].",
    )
    button.visible = False
    return button


def pointer_room(title: str | None) -> int:
    """What the text leaves free at the foot of its column for the lesson's pointer."""
    return 0 if title is None else POINTER_H + POINTER_GAP


def place_lesson_button(
    button: Button, title: str | None, area: pygame.Rect, text_bottom: int
) -> None:
    """Show the pointer to the lesson ``title`` right below the text (``text_bottom``),
    never below ``area``; hide it when there is no lesson to point at."""
    button.visible = title is not None
    if title is None:
        return
    button.label = fit_text(f"{title} (L)", area.w - 24, "bold", theme.SIZE_SMALL)
    w = min(area.w, font("bold", theme.SIZE_SMALL).size(button.label)[0] + 28)
    y = min(text_bottom + POINTER_GAP, area.bottom - POINTER_H)
    button.rect = pygame.Rect(area.x, y, w, POINTER_H)
