"""The unit card's condition line, each condition coloured by what it means for the unit:
harmful ones (Grappled, Mortally wounded, Routed) in red, helpful ones (Total Defense,
Disengaged, Holding, Screening) in green, neutral ones (Prone) in the card's soft ink.

Issue 4 play-test: Prone and Disengaged were shown in the same red italics as harmful
states.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.engine.presentation import ConditionText
from game.ui import theme
from game.ui.theme import colour
from game.ui.tokens import MARKERS
from game.ui.widgets import text_image

TONE_COLOUR = {"harm": "health_low", "help": "condition_help", "neutral": "ink_soft"}


def card_conditions(
    keys: Iterable[str], screen_words: Sequence[str], text: Callable[[str], ConditionText]
) -> list[tuple[str, str]]:
    """(label, colour name) for each condition of the card, in the markers' order, named
    as ``text`` (the ruleset's presenter) names them; the words about screening
    (``screen_words``) count as helpful."""
    held = set(keys)
    said = [text(key) for key in MARKERS if key in held and key != "screening"]
    out = [(t.label, TONE_COLOUR.get(t.tone, TONE_COLOUR["neutral"])) for t in said]
    return out + [(w, TONE_COLOUR["help"]) for w in screen_words]


def condition_lines(
    keys: Iterable[str], text: Callable[[str], ConditionText]
) -> list[tuple[str, str]]:
    """One sheet row per condition, in the markers' order: its name and what it does."""
    held = set(keys)
    return [(t.label, t.effect) for t in (text(key) for key in MARKERS if key in held)]


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
