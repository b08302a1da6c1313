"""How things read to a player (issue 4 play-test): disabled buttons look disabled."""

from __future__ import annotations

import os

import pygame
import pytest

from game.ui.theme import colour
from game.ui.widgets import Button

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _luminance(rgb: tuple[int, ...]) -> float:
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def _look(style: str, enabled: bool, backdrop: str) -> tuple[float, float]:
    """(mean luminance, contrast) of a button drawn on ``backdrop``: contrast is the spread
    between its darkest and brightest pixels, text included."""
    pygame.init()
    surface = pygame.Surface((200, 60))
    surface.fill(colour(backdrop))
    button = Button("Continue", lambda: None, pygame.Rect(10, 10, 180, 40), style=style)
    button.set_enabled(enabled, "nothing to continue")
    button.draw(surface)
    inner = pygame.Rect(14, 14, 172, 32)
    values = [_luminance(tuple(surface.get_at((x, y)))) for x in range(inner.left, inner.right)
              for y in range(inner.top, inner.bottom)]
    return sum(values) / len(values), max(values) - min(values)


@pytest.mark.parametrize(
    ("style", "backdrop"), [("wood", "wood_dark"), ("primary", "wood_dark"), ("flat", "parchment")]
)
def test_a_disabled_button_is_dimmer_and_lower_in_contrast_than_an_enabled_one(
    style: str, backdrop: str
) -> None:
    """Play-test: the disabled Continue was drawn light beige, brighter than the enabled
    buttons beside it. Disabled now has less contrast and, on dark wood, less light."""
    on_mean, on_contrast = _look(style, True, backdrop)
    off_mean, off_contrast = _look(style, False, backdrop)
    assert off_contrast < on_contrast * 0.8
    if backdrop == "wood_dark":
        assert off_mean < on_mean
    else:  # on parchment it sinks into the page
        behind = _luminance(colour(backdrop))
        assert abs(off_mean - behind) < abs(on_mean - behind)
