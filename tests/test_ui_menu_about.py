"""Play-test 11 · 5: at 960x540 the map's description was cut at "goes on …", hiding the
"Rules · <ruleset>" paragraph and the pointer to the ruleset's lesson that 1920x1080
shows. The pointer is a button below the text, always in sight; the text scrolls (the
wheel over it, Page Up / Page Down) and says when there is more."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import key_step, quick_window

from game.rules import get_ruleset
from game.ui import menu_about
from game.ui.app import App
from game.ui.catalogue import load_catalogue
from game.ui.menu import MenuScene

SIZES = [(960, 540), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    a = quick_window(tmp_path, size=request.param)
    yield a
    a.close()


def _menu(app: App, stem: str, ruleset: str) -> MenuScene:
    menu = MenuScene(load_catalogue(), ["grid", "clash"], lambda _setup: None)
    app.push(menu)
    menu.select(next(i for i, e in enumerate(menu.entries) if e.path.stem == stem))
    menu.ruleset.set_value(ruleset)
    for _ in range(12):  # the ruleset's code loads on a frame of its own
        app.step(1)
    return menu


def _drawn_lines(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines of text the next frame draws."""
    drawn: list[str] = []
    real = menu_about.text_image

    def recording(line: str, *args: object) -> pygame.Surface:
        drawn.append(line)
        return real(line, *args)

    monkeypatch.setattr(menu_about, "text_image", recording)
    app.step(1)
    monkeypatch.setattr(menu_about, "text_image", real)
    return drawn


@pytest.mark.parametrize(("stem", "ruleset", "title"), [
    ("tutorial", "clash", "Learn to play: Clash"),  # the play-test's screen
    ("battle", "grid", "Learn to play"),
    ("duel", "clash", "Learn to play: Clash"),
])  # fmt: skip
def test_the_lessons_pointer_is_always_in_sight(
    app: App, stem: str, ruleset: str, title: str
) -> None:
    menu = _menu(app, stem, ruleset)
    button = menu.lesson_button
    assert button.visible and button.label == f"{title} (L)"  # whole, never cut
    assert menu.detail_rect.contains(button.rect)
    assert button.rect.top >= menu.about.bottom  # below the text, never over it
    assert button.rect.top <= menu.about.bottom + menu_about.POINTER_GAP  # right below
    assert button.rect.right <= menu.form_rect.left
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(1)
    assert menu.entry is not None and menu.entry.title == title  # the lesson, chosen
    assert not button.visible  # nothing to point at from the lesson itself


def test_a_cut_description_says_so_and_scrolls_to_its_end(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    menu = _menu(app, "tutorial", "clash")
    about = menu.about
    rules = get_ruleset("clash").description
    assert "Rules · Clash: " + rules in about.text
    if app.screen.get_size() != (960, 540):
        assert not about.cut()  # a large window shows it all
        assert _drawn_lines(app, monkeypatch)[-1] == about.lines()[-1]
        return
    assert about.cut()
    first = _drawn_lines(app, monkeypatch)
    assert first[-1] == menu_about.MORE_BELOW and about.lines()[-1] not in first
    for _ in range(len(about.lines())):
        key_step(app, pygame.K_PAGEDOWN)
    last = _drawn_lines(app, monkeypatch)
    assert last[-2:] == [about.lines()[-1], menu_about.MORE_ABOVE]  # the end, in sight
    assert len(last) <= about.room()  # it stays inside its room
    for _ in range(len(about.lines())):
        key_step(app, pygame.K_PAGEUP)
    assert about.scroll == 0
    pygame.mouse.set_pos(about.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step(1)
    assert about.scroll == menu_about.WHEEL_LINES
    menu.select(0)  # another battle starts at the top of its text
    app.step(1)
    assert about.scroll == 0
