"""#26: the screens say when they change by themselves, so the loop can sleep while a
player thinks (the menu, a battle waiting for a human) and runs every frame only while
something moves (an animation, the AI's turn, thumbnails being drawn)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import step_until, write_map

from game.engine import Battle
from game.maps.battlefield import SideInfo
from game.ui.app import App
from game.ui.catalogue import MapEntry
from game.ui.map_view import MapView
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(Settings(ai_speed="fast"), settings_file=tmp_path / "settings.json", size=(1280, 720))
    yield a
    a.close()


def _battle(app: App, tmp_path: Path, foes: str) -> PlayScene:
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "grid", 5, {"party": "human", "foes": foes})
    from game.ui.play_scene import ai_controller

    ai = ai_controller(battle.controllers, battle.seed)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=ai)
    app.push(scene)
    return scene


def _settle(app: App, scene: PlayScene) -> None:
    """By a deadline: frames the AI's worker skips while it thinks move nothing."""
    step_until(app, lambda: scene.next_change() is None, "the battle screen at rest", updates=4)


def test_a_battle_rests_on_a_human_decision_and_moves_while_it_animates(
    app: App, tmp_path: Path
) -> None:
    scene = _battle(app, tmp_path, "human")
    app.step(1)
    _settle(app, scene)
    d = scene.battle.pending
    assert d is not None and scene.human_turn()
    assert app.idle_ms() > 0  # the player thinks: nothing is redrawn
    move = next(p.answer for p in scene.moves())
    scene.give(move)
    assert scene.next_change() == 0 and app.idle_ms() == 0  # the token walks
    _settle(app, scene)


def test_the_ai_s_turn_runs_every_frame_until_a_human_must_answer(app: App, tmp_path: Path) -> None:
    scene = _battle(app, tmp_path, "ai")
    app.step(1)
    _settle(app, scene)
    first = scene.battle.pending
    assert first is not None
    end = next(o.answer for o in first.options if o.kind == "end_turn")
    while scene.human_turn():
        assert scene.give(end if end is not None else scene.battle.legal_answers()[0])
        if scene.battle.over:
            break
        d = scene.battle.pending
        end = next((o.answer for o in d.options if o.kind == "end_turn"), None) if d else None
    if not scene.battle.over:
        assert not scene.human_turn() and scene.next_change() == 0  # the AI is to move
    _settle(app, scene)
    assert scene.battle.over or scene.human_turn()


def test_a_held_pan_key_keeps_the_battle_screen_drawing(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _battle(app, tmp_path, "human")
    app.step(1)
    _settle(app, scene)
    held = {pygame.K_d}

    class Keys:
        def __getitem__(self, key: int) -> bool:
            return key in held

    monkeypatch.setattr(pygame.key, "get_pressed", Keys)
    assert scene.next_change() == 0
    held.clear()
    assert scene.next_change() is None


def test_the_menu_draws_every_frame_until_its_thumbnails_are_in(app: App, tmp_path: Path) -> None:
    side = SideInfo("party", "The Party", "#3060c0", "any", True)
    foes = SideInfo("foes", "Bandits", "#c03030", "any")
    entries = [
        MapEntry(write_map(tmp_path / f"m{i}"), f"Field {i}", "", "grid", (side, foes), (10, 8))
        for i in range(3)
    ]
    menu = MenuScene(entries, ["grid"], start=lambda s: None)
    app.push(menu)
    frames = 0
    while menu.next_change() == 0 or app.frames == 0:
        app.step(1)
        frames += 1
        assert frames < 20, "the thumbnails never finished"
    assert frames >= 3  # one map's images a frame
    assert menu.next_change() is None and app.idle_ms() > 0
    menu.seed.focused = True  # typing a seed: the cursor blinks
    blink = menu.next_change()
    assert blink is not None and 0 < blink <= 0.5


def test_the_screenshot_tool_waits_for_every_thumbnail(app: App, tmp_path: Path) -> None:
    """The README's menu picture must not show blank thumbnails (the fort's once was)."""
    from game.ui.tools.screenshots import wait_for_thumbnails

    side = SideInfo("party", "The Party", "#3060c0", "any", True)
    foes = SideInfo("foes", "Bandits", "#c03030", "any")
    entries = [
        MapEntry(write_map(tmp_path / f"w{i}"), f"Field {i}", "", "grid", (side, foes), (10, 8))
        for i in range(4)
    ]
    menu = MenuScene(entries, ["grid"], start=lambda s: None)
    app.push(menu)
    wait_for_thumbnails(app, menu)
    drawn = {key[0] for key, thumb in menu._thumbs.items() if isinstance(thumb, pygame.Surface)}
    assert drawn == {str(e.path) for e in entries}
