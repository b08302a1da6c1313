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


def test_every_board_outline_reads_differently_in_the_legend_and_on_the_board() -> None:
    """Play-test: Run and 'what gives cover' were the same yellow border, Charge and an
    enemy differed by a thin border's shade. Any two outlines now differ in pattern (a
    third of a square's pixels) or clearly in colour, and the legend draws them as the
    board does."""
    import numpy as np

    from game.ui.board import draw_outline, outline_stamp
    from game.ui.legend import BOARD

    pygame.init()
    names = ["run_range", "charge_range", "target", "cover_source", "screen_link"]
    squares = {}
    for name in names:
        surface = pygame.Surface((40, 40))
        surface.fill(colour("health_full"))
        draw_outline(surface, surface.get_rect(), name)
        squares[name] = pygame.surfarray.array3d(surface).astype(int)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            differ = np.any(squares[a] != squares[b], axis=2).mean()
            hue = np.linalg.norm(np.array(colour(a)) - np.array(colour(b)))
            assert differ >= 0.3 or hue >= 150, (a, b, differ, hue)
    swatch = pygame.Surface((40, 40))
    legend_run = next(draw for draw, text in BOARD if text.startswith("Run"))
    legend_run(swatch, swatch.get_rect())
    board = pygame.Surface((40, 40))
    board.fill(colour("health_full"))
    board.blit(outline_stamp("run_range", 40, 40), (0, 0))
    assert np.array_equal(pygame.surfarray.array3d(swatch), pygame.surfarray.array3d(board))


def test_the_card_colours_conditions_by_what_they_mean_for_the_unit() -> None:
    """Play-test: Prone and Disengaged were shown in the red italics of harmful states."""
    from game.ui.condition_view import card_conditions

    shown = dict(card_conditions({"prone", "disengaged", "grappled"}, ["Screening Ada"]))
    assert shown["Grappled"] == "health_low"
    assert shown["Prone"] == "ink_soft"
    assert shown["Disengaged"] == shown["Screening Ada"] == "condition_help"
