"""The collector's full scans kept off a battle's frames (issue 32, game.ui.heap): what a
battle screen is built from is frozen once the battle starts, and unfrozen when the
battle is let go, so what it leaves behind can be collected again."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.heap import release_battle, settle_battle
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("game.maps.library.shipped_maps_dir", lambda: tmp_path / "no-maps")
    a = quick_window(tmp_path)
    yield a
    a.close()
    release_battle()


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_settling_freezes_what_exists_and_releasing_lets_it_be_collected() -> None:
    try:
        kept = _Cycle()
        alive = weakref.ref(kept)
        settle_battle()
        assert gc.get_freeze_count() > 0
        del kept  # garbage in a cycle, but frozen: a collection does not look at it
        gc.collect()
        assert alive() is not None
        release_battle()
        assert gc.get_freeze_count() == 0
        gc.collect()
        assert alive() is None
    finally:
        release_battle()


def test_a_battle_started_from_the_menu_is_frozen_until_it_is_let_go(
    app: App, tmp_path: Path
) -> None:
    path = write_map(tmp_path / "maps", 8, 6)
    flow = GameFlow(app)
    menu = flow.menu(preselect=path, seed=3)
    assert isinstance(menu, MenuScene)
    app.push(menu)
    app.step(1)
    center = menu.start_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=center))
    app.step(1)
    scene = app.top
    assert isinstance(scene, PlayScene)
    assert gc.get_freeze_count() > 0, "the battle's start froze what it was built from"
    scene.leave()
    assert scene.closed and gc.get_freeze_count() == 0, "let go: collectable again"
