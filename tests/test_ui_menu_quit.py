"""Play-test 11 · 5: Esc on the main menu asks "Quit Shieldwall?" first (Enter or a
second Esc quits, any other key or click stays); closing the window quits at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import click_step, key_step, write_map

from game.maps.battlefield import SideInfo
from game.ui.app import App
from game.ui.catalogue import MapEntry
from game.ui.menu import MenuScene
from game.ui.menu_quit import QuitConfirmScene
from game.ui.overlays import SettingsScene
from game.ui.settings import Settings

PARTY = SideInfo("party", "The Party", "#3060c0", "any", True)
FOES = SideInfo("foes", "Bandits", "#c03030", "any")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(Settings(), settings_file=tmp_path / "settings.json", size=(960, 540))
    yield a
    a.close()


@pytest.fixture
def menu(app: App, tmp_path: Path) -> MenuScene:
    path = write_map(tmp_path / "m")
    entry = MapEntry(path, "Field", "Two bands meet.", "grid", (PARTY, FOES), (10, 8))
    scene = MenuScene([entry], ["grid"], start=lambda s: None)
    scene.open_settings = lambda: app.push(SettingsScene())
    app.push(scene)
    app.step(1)
    return scene


def _asked(app: App) -> QuitConfirmScene:
    top = app.top
    assert isinstance(top, QuitConfirmScene), type(top).__name__
    return top


def test_esc_on_the_menu_asks_and_a_second_esc_quits(app: App, menu: MenuScene) -> None:
    key_step(app, pygame.K_ESCAPE)
    assert app.running
    assert _asked(app).title == "Quit Shieldwall?"
    key_step(app, pygame.K_ESCAPE)
    assert not app.running


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_enter_quits(app: App, menu: MenuScene, key: int) -> None:
    key_step(app, pygame.K_ESCAPE)
    key_step(app, key)
    assert not app.running


def test_any_other_key_stays_on_the_menu(app: App, menu: MenuScene) -> None:
    key_step(app, pygame.K_ESCAPE)
    key_step(app, pygame.K_LSHIFT)  # only held with another key: no answer yet
    _asked(app)
    key_step(app, pygame.K_a)
    assert app.running and app.top is menu
    key_step(app, pygame.K_ESCAPE)  # and asks again
    _asked(app)


def test_the_buttons_and_a_click_elsewhere(app: App, menu: MenuScene) -> None:
    key_step(app, pygame.K_ESCAPE)
    stay = _asked(app).stay_button
    assert stay.label == "Stay"
    click_step(app, stay.rect.center)
    assert app.running and app.top is menu
    key_step(app, pygame.K_ESCAPE)
    click_step(app, (5, 5))  # off the dialog
    assert app.running and app.top is menu
    key_step(app, pygame.K_ESCAPE)
    quit_button = _asked(app).quit_button
    assert quit_button.label == "Quit"
    click_step(app, quit_button.rect.center)
    assert not app.running


def test_one_esc_too_many_after_settings_does_not_quit(app: App, menu: MenuScene) -> None:
    click_step(app, menu.settings_button.rect.center)
    assert isinstance(app.top, SettingsScene)
    key_step(app, pygame.K_ESCAPE)  # backs out of Settings
    assert app.top is menu
    key_step(app, pygame.K_ESCAPE)  # one too many
    assert app.running
    _asked(app)


def test_the_dialog_fits_the_smallest_window(app: App, menu: MenuScene) -> None:
    key_step(app, pygame.K_ESCAPE)
    dialog = _asked(app)
    app.draw()
    screen = app.screen.get_rect()
    assert screen.contains(dialog.panel)
    assert all(dialog.panel.contains(b.rect) for b in dialog.items)


def test_closing_the_window_quits_at_once(app: App, menu: MenuScene) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1)
    assert not app.running
    assert app.top is menu  # nothing asked
