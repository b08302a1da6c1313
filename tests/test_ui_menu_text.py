"""#27: long names and briefings are shortened at a word with an ellipsis, never cut
mid-word or dropped unseen; #28: each side's controller says Human or AI and its level."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.menu import DEFAULT_AI, controller_label, controller_labels, controller_value
from game.ui.theme import font
from game.ui.widgets import draw_paragraphs, fit_text, wrap


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_a_long_name_is_shortened_after_a_whole_word() -> None:
    name = "Black Morcar's Outlaws"
    width = font("bold", theme.SIZE_BODY).size("Black Morcar's Outla")[0]
    short = fit_text(name, width, "bold", theme.SIZE_BODY)
    assert short == "Black Morcar's…"
    assert fit_text(name, 2000, "bold") == name
    one_word = fit_text("Supercalifragilistic", 60, "body")  # no word to stop at: cut it
    assert one_word.endswith("…") and font("body", theme.SIZE_BODY).size(one_word)[0] <= 60


def test_a_briefing_too_long_for_its_box_ends_with_an_ellipsis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ui import widgets

    drawn: list[str] = []
    real = widgets.text_image

    def recording(line: str, *args: object) -> pygame.Surface:
        drawn.append(line)
        return real(line, *args)

    monkeypatch.setattr(widgets, "text_image", recording)
    text = " ".join(f"word{i}" for i in range(200))
    surface = pygame.Surface((300, 200))
    f = font("body", theme.SIZE_BODY)
    box = pygame.Rect(0, 0, 300, 3 * (f.get_height() + 3))
    assert draw_paragraphs(surface, text, box) <= box.h
    lines = wrap(text, 300)
    assert len(lines) > 3 and len(drawn) == 3
    assert drawn[:2] == lines[:2] and drawn[-1].endswith(" …")
    drawn.clear()
    draw_paragraphs(surface, "A short briefing.", box)
    assert drawn == ["A short briefing."]


def test_controller_labels_name_human_or_the_ai_and_its_level() -> None:
    labels = controller_labels(["baseline", "easy", "normal", "hard"])
    assert labels == ["Human", "AI (easy)", "AI (normal)", "AI (hard)", "AI (baseline)"]
    assert [controller_value(label) for label in labels] == [
        "human",
        "easy",
        "ai",
        "hard",
        "baseline",
    ]
    for value in ("human", "ai", "easy", "hard", "baseline"):
        assert controller_value(controller_label(value)) == value
    assert controller_label("normal") == DEFAULT_AI
    assert controller_labels([]) == ["Human", DEFAULT_AI]


def test_a_long_map_error_wraps_inside_its_panel_even_a_long_path() -> None:
    """Play-test (issue 34): a long error in the menu's map panel ran into the setup
    column, because a path has no space to break at."""
    import pygame

    from game.ui.theme import font
    from game.ui.widgets import wrap

    pygame.font.init()
    text = (
        "/home/someone/very/long/folder/name/that/goes/on/and/on/maps/mybattle_long.tmx: "
        "layer 'ground': 3 cells have no tile"
    )
    lines = wrap(text, 200, "body", 18)
    assert all(font("body", 18).size(line)[0] <= 200 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
