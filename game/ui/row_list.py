"""A scrolling column of equal rows (the menu's battles, the load list's saves): where
each row is, which one a click or the keys choose, and the scrolling that keeps the
chosen one in view. Drawing the rows stays with the screen that owns them.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

WHEEL_STEP = 40  # pixels per wheel notch
NEXT_KEYS = (pygame.K_DOWN, pygame.K_s)
PREVIOUS_KEYS = (pygame.K_UP, pygame.K_w)


class RowList:
    """``count`` rows of ``row_h`` pixels, ``gap`` apart, scrolling inside ``rect``;
    ``on_select(i)`` when a row is clicked."""

    def __init__(self, row_h: int, gap: int, on_select: Callable[[int], None]) -> None:
        self.row_h = row_h
        self.gap = gap
        self.on_select = on_select
        self.rect = pygame.Rect(0, 0, 0, 0)  # where rows show (0 × 0 until laid out)
        self.count = 0
        self.scroll = 0

    def row_rect(self, i: int) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x, r.y + i * (self.row_h + self.gap) - self.scroll, r.w, self.row_h)

    def max_scroll(self) -> int:
        return max(0, self.count * (self.row_h + self.gap) - self.gap - self.rect.h)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + pixels))

    def ensure_visible(self, i: int) -> None:
        """Scroll just enough to show row ``i`` whole."""
        if not self.rect.h or not 0 <= i < self.count:
            return
        row = self.row_rect(i)
        if row.top < self.rect.top:
            self.scroll_by(row.top - self.rect.top)
        elif row.bottom > self.rect.bottom:
            self.scroll_by(row.bottom - self.rect.bottom)
        else:
            self.scroll_by(0)  # clamp after a resize

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        for i in range(self.count):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def visible(self) -> range:
        """The rows at least partly inside the area."""
        step = self.row_h + self.gap
        first = max(0, self.scroll // step)
        last = min(self.count, (self.scroll + self.rect.h) // step + 1)
        return range(first, last)

    def handle(self, event: pygame.event.Event, selected: int) -> bool:
        """A left click on a row chooses it, ↓/S and ↑/W the next and the one before
        ``selected``; the wheel over the area scrolls."""
        if event.type == pygame.KEYDOWN and event.key in NEXT_KEYS + PREVIOUS_KEYS:
            self.on_select(selected + (1 if event.key in NEXT_KEYS else -1))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.row_at(event.pos)
            if i is not None:
                self.on_select(i)
                return True
        elif event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll_by(-event.y * WHEEL_STEP)
            return True
        return False
