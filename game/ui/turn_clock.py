"""A clock on a player's turn (a house rule such as 003's chaos of combat), for a
ruleset whose presenter sets one (``Presenter.turn_clock``): the seconds left count down
on the screen while the turn is the player's to play (not behind the hot-seat hand-off,
not while the board animates, not while the game is paused) and, at zero, the screen
gives the presenter's answer through the engine like any other (so saves and replays
keep it)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.widgets import draw_panel, draw_text

HURRY_S = 5.0  # the last seconds are drawn in red


@dataclass
class TurnClock:
    """The seconds left of one unit's turn. ``key`` names the turn it counts (a unit in a
    round: its later decisions in the same turn keep counting down)."""

    key: object = None
    left: float = 0.0

    def tick(self, key: object, limit: float, dt: float) -> bool:
        """Count ``dt`` seconds off turn ``key`` (a new turn starts at ``limit``); True
        once, when the time runs out."""
        if key != self.key:
            self.key, self.left = key, limit
        if self.left <= 0.0:
            return False
        self.left = max(0.0, self.left - dt)
        return self.left <= 0.0

    def shows(self, key: object) -> float | None:
        """The seconds left to draw for turn ``key``: None when it is not the turn counted."""
        return self.left if key == self.key else None


def clock_text(left: float) -> str:
    """ "Time: 12 s" (whole seconds, rounded up: 0 only when the time is up)."""
    return f"Time: {math.ceil(left)} s"


def draw_clock(surface: pygame.Surface, viewport: pygame.Rect, left: float) -> pygame.Rect:
    """The countdown at the top middle of the board: gold, red in its last seconds."""
    hurry = left <= HURRY_S
    size = theme.SIZE_BODY + 2
    text = clock_text(left)
    font_w = max(110, size * len(text) * 3 // 5 + 28)
    rect = pygame.Rect(0, 0, font_w, size + 16)
    rect.midtop = (viewport.centerx, viewport.y + 8)
    draw_panel(surface, rect, fill="wood_dark", border="health_low" if hurry else "gold", radius=6)
    draw_text(surface, text, rect.center, role="bold", size=size,
              fg="health_low" if hurry else "gold_bright", anchor="center")  # fmt: skip
    return rect
