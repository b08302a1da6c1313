"""The unit card's condition line, each condition coloured by what it means for the unit:
harmful ones (Grappled, Mortally wounded, Routed) in red, helpful ones (Total Defense,
Disengaged, Holding, Screening) in green, neutral ones (Prone) in the card's soft ink.

Issue 4 play-test: Prone and Disengaged were shown in the same red italics as harmful
states. Play-test 11: the card, the sheet and the square's tooltip kept only the
conditions drawn as markers on a token, so a ruleset's other conditions (a dying unit's,
an injury's, a hindrance) never showed; now every condition the ruleset's presenter
names (a label) does: the markers' first, in their order, then the others in the order
the presenter lists them (``Presenter.condition_texts``), then any it does not list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.presentation import ConditionText
from game.ui import theme
from game.ui.screen_view import screen_words
from game.ui.theme import colour
from game.ui.tokens import MARKERS, TokenInfo
from game.ui.widgets import text_image

if TYPE_CHECKING:
    from game.ui.battle_model import BattleModel

TONE_COLOUR = {"harm": "health_low", "help": "condition_help", "neutral": "ink_soft"}


def naming(model: BattleModel) -> tuple[Callable[[str], ConditionText], Sequence[str]]:
    """How the model's ruleset names a condition, and the order it lists them in."""
    return model.condition_text, model.condition_order()


def sheet_conditions(
    model: BattleModel, token: TokenInfo, name: Callable[[str], str]
) -> list[tuple[str, str]]:
    """The unit sheet's "Conditions" rows: each condition the ruleset names with what it
    does, then the words about screening (none: no rows)."""
    rows = condition_lines(token.conditions, *naming(model))
    rows += [(w, "") for w in screen_words(token.key, model.screen_links(), name)]
    return [("Conditions", ""), *rows] if rows else []


def token_line(model: BattleModel, token: TokenInfo) -> str:
    """A square's tooltip line for the unit on it: its name, health and conditions."""
    line = f"{token.name}: {token.hp}/{token.max_hp} HP"
    conditions = condition_labels(token.conditions, *naming(model))
    return line + (" · " + ", ".join(conditions) if conditions else "")


def named_conditions(
    keys: Iterable[str], text: Callable[[str], ConditionText], order: Sequence[str] = ()
) -> list[tuple[str, ConditionText]]:
    """(key, how ``text`` names it) for each of ``keys`` that ``text`` (the ruleset's
    presenter) gives a label: the markers' first in their order, then the others in
    ``order`` (the presenter's), then any ``order`` leaves out, by key."""
    held = set(keys)
    first = [k for k in MARKERS if k in held]
    listed = [k for k in dict.fromkeys(order) if k in held and k not in MARKERS]
    rest = sorted(held - set(first) - set(listed))
    said = [(k, text(k)) for k in (*first, *listed, *rest)]
    return [(k, t) for k, t in said if t.label]


def card_conditions(
    keys: Iterable[str],
    screen_words: Sequence[str],
    text: Callable[[str], ConditionText],
    order: Sequence[str] = (),
) -> list[tuple[str, str]]:
    """(label, colour name) for each condition of the card (``named_conditions``), named
    as ``text`` (the ruleset's presenter) names them; the words about screening
    (``screen_words``) count as helpful."""
    said = [t for k, t in named_conditions(keys, text, order) if k != "screening"]
    out = [(t.label, TONE_COLOUR.get(t.tone, TONE_COLOUR["neutral"])) for t in said]
    return out + [(w, TONE_COLOUR["help"]) for w in screen_words]


def condition_lines(
    keys: Iterable[str], text: Callable[[str], ConditionText], order: Sequence[str] = ()
) -> list[tuple[str, str]]:
    """One sheet row per condition (``named_conditions``): its name and what it does."""
    return [(t.label, t.effect) for _k, t in named_conditions(keys, text, order)]


def condition_labels(
    keys: Iterable[str], text: Callable[[str], ConditionText], order: Sequence[str] = ()
) -> list[str]:
    """The conditions' names (a square's tooltip), as on the card."""
    return [t.label for _k, t in named_conditions(keys, text, order)]


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
