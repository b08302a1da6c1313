"""The unit card's condition line, each condition coloured by what it means for the unit:
harmful ones (Grappled, Mortally wounded, Routed) in red, helpful ones (Total Defense,
Disengaged, Holding, Screening) in green, neutral ones (Prone) in the card's soft ink.

Issue 4 play-test: Prone and Disengaged were shown in the same red italics as harmful
states.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from game.ui import theme
from game.ui.theme import colour
from game.ui.tokens import MARKERS
from game.ui.widgets import text_image

TONE_COLOUR = {"harm": "health_low", "help": "condition_help", "neutral": "ink_soft"}


def card_conditions(keys: Iterable[str], screen_words: Sequence[str]) -> list[tuple[str, str]]:
    """(label, colour name) for each condition of the card, in the markers' order; the
    words about screening (``screen_words``) count as helpful."""
    held = set(keys)
    out = [
        (m.label, TONE_COLOUR[m.tone])
        for key, m in MARKERS.items()
        if key in held and key != "screening"
    ]
    return out + [(w, TONE_COLOUR["help"]) for w in screen_words]


def draw_conditions(
    surface: pygame.Surface, items: Sequence[tuple[str, str]], pos: tuple[int, int], width: int
) -> None:
    """The conditions in a row from ``pos``, comma-separated, italic, each in its colour;
    what does not fit in ``width`` is left out after an ellipsis."""
    x, y = pos
    right = x + width
    size = theme.SIZE_SMALL
    for i, (label, name) in enumerate(items):
        text = label + (", " if i < len(items) - 1 else "")
        image = text_image(text, "italic", size, colour(name))
        if x + image.get_width() > right:
            surface.blit(text_image("…", "italic", size, colour("ink_soft")), (x, y))
            return
        surface.blit(image, (x, y))
        x += image.get_width()
