"""The parts of the battle screen around the board (top bar, side column, action bar),
each drawn once into a cache and blitted until its key changes (DESIGN.md: a frame
within 4 ms).

A part's draw function draws in window coordinates, so it draws into one window-sized
scratch surface shared by all parts, and only the part's rectangle is kept (issue 32:
a window-sized surface per part was ~25 MiB at 1920x1080)."""

from __future__ import annotations

from collections.abc import Callable

import pygame


class HudCache:
    """Cached screen parts by name: (key, rectangle, pixels)."""

    def __init__(self) -> None:
        self._parts: dict[str, tuple[object, pygame.Rect, pygame.Surface]] = {}
        self._scratch: pygame.Surface | None = None

    def clear(self) -> None:
        """Forget every part (each is drawn again on its next blit)."""
        self._parts.clear()

    def blit(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: object,
        draw: Callable[[pygame.Surface], None],
    ) -> None:
        """Blit part ``name`` into ``rect`` of ``surface``, drawn again (by ``draw``, onto
        black) when its key or its rectangle changed."""
        entry = self._parts.get(name)
        if entry is None or entry[0] != key or entry[1] != rect:
            scratch = self._scratch
            if scratch is None or scratch.get_size() != surface.get_size():
                # a new window-sized surface costs ms: made again only on a resize
                scratch = self._scratch = pygame.Surface(surface.get_size()).convert()
            scratch.fill((0, 0, 0), rect)
            draw(scratch)
            size = (max(0, rect.w), max(0, rect.h))  # none left in a window too small
            part = entry[2] if entry is not None and entry[2].get_size() == size else None
            if part is None:
                part = pygame.Surface(size).convert()
            part.blit(scratch, (0, 0), rect)
            entry = self._parts[name] = (key, pygame.Rect(rect), part)
        surface.blit(entry[2], rect.topleft)
