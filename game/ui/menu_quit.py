"""Esc on the main menu asks before leaving (play-test 11): one Esc too many after
backing out of Settings used to close the game. The question is the game's confirm
dialog (``ConfirmScene``): Quit (Enter, or Esc a second time) and Stay (any other key,
or a click anywhere but Quit). Closing the window still quits at once (``App``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.overlays import ConfirmScene
from game.ui.widgets import Button

QUIT_TITLE = "Quit Shieldwall?"
QUIT_MESSAGE = "Enter or Esc again quits; any other key or a click stays."
QUIT_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
# keys that are only held with another, never pressed as an answer
_MODIFIERS = (
    pygame.K_LSHIFT,
    pygame.K_RSHIFT,
    pygame.K_LCTRL,
    pygame.K_RCTRL,
    pygame.K_LALT,
    pygame.K_RALT,
    pygame.K_LGUI,
    pygame.K_RGUI,
    pygame.K_CAPSLOCK,
    pygame.K_NUMLOCKCLEAR,
)


class QuitConfirmScene(ConfirmScene):
    """ "Quit Shieldwall?" over the dimmed menu: Quit or Stay."""

    width = 440

    def __init__(self, on_quit: Callable[[], None]) -> None:
        super().__init__(QUIT_TITLE, QUIT_MESSAGE, "Quit", on_quit)
        self.quit_button = Button(
            "Quit",
            self._confirm,
            style="primary",
            shortcut=pygame.K_RETURN,
            hint="Leave Shieldwall [Enter or Esc].",
        )
        self.stay_button = Button("Stay", self.close, hint="Back to the menu.")
        self.items = [self.quit_button, self.stay_button]

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets_take(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in QUIT_KEYS:
                self._confirm()
            elif event.key not in _MODIFIERS:
                self.close()
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            self.close()  # a click off Quit: stay (a wheel's turn is no click)
