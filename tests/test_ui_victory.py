"""#36: the victory screen: a table per side, Play again (new dice or the same seed),
Watch replay (the viewer on this battle), Back to menu."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, step_until, write_map

from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene
from game.ui.replay_scene import ReplayScene
from game.ui.victory_scene import VictoryScene
from game.ui.victory_summary import side_summaries


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("game.maps.library.shipped_maps_dir", lambda: tmp_path / "no-maps")
    a = quick_window(tmp_path)
    yield a
    a.close()


def _finished(app: App, tmp_path: Path) -> tuple[GameFlow, PlayScene, VictoryScene]:
    """An AI-against-AI battle on a small map, started from the menu and played out."""
    flow = GameFlow(app)
    menu = flow.menu(preselect=write_map(tmp_path / "maps", 8, 6), seed=11)
    assert isinstance(menu, MenuScene)
    app.push(menu)
    app.step(1)
    for choice in menu.side_choices:
        choice.set_value("AI (normal)")
    menu.start_button.on_click()
    scene = app.top
    assert isinstance(scene, PlayScene)
    # by a deadline: frames the AI's worker skips while it thinks move nothing
    step_until(app, lambda: isinstance(app.top, VictoryScene), "the battle's end", updates=4)
    assert isinstance(app.top, VictoryScene)
    return flow, scene, app.top


def _button(victory: VictoryScene, label: str) -> pygame.Rect:
    return next(b for b in victory.buttons if b.label == label).rect


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.step(1)


def test_the_summary_has_a_row_per_side_that_adds_up(app: App, tmp_path: Path) -> None:
    _, scene, victory = _finished(app, tmp_path)
    rows = side_summaries(scene.battle, scene.engine.damage_by_side())
    assert [r.name for r in victory.sides] == ["The Party", "Bandits"] == [r.name for r in rows]
    for row in victory.sides:
        assert row.standing + row.fallen + row.fled + row.surrendered == row.units == 1
    loser = next(r for r in victory.sides if r.standing == 0)
    winner = next(r for r in victory.sides if r.standing == 1)
    assert winner.damage > 0 and loser.fallen + loser.fled + loser.surrendered == 1
    assert [b.label for b in victory.buttons] == [
        "Watch replay",
        "Play again",
        "Same seed",
        "Back to menu",
    ]


def test_play_again_is_the_same_battle_with_new_dice(app: App, tmp_path: Path) -> None:
    _, old, victory = _finished(app, tmp_path)
    _click(app, _button(victory, "Play again").center)
    new = app.top
    assert isinstance(new, PlayScene) and new is not old and app.stack == [new]
    assert old.closed and not new.closed
    assert new.battle.battlefield.path == old.battle.battlefield.path
    assert new.battle.controllers == old.battle.controllers
    assert new.battle.ruleset_id == old.battle.ruleset_id
    # a new battle from the map (its AI may already have answered a few times in the frame
    # that opened it, more or fewer by machine load, so the answers are not counted)
    assert new.battle is not old.battle and new.battle.seed != old.battle.seed


def test_same_seed_plays_the_same_dice_again(app: App, tmp_path: Path) -> None:
    _, old, victory = _finished(app, tmp_path)
    answers = list(old.battle.answers)
    _click(app, _button(victory, "Same seed").center)
    new = app.top
    assert isinstance(new, PlayScene) and new.battle.seed == old.battle.seed == 11
    # the same AIs with the same dice: the same battle
    step_until(app, lambda: isinstance(app.top, VictoryScene), "the battle's end", updates=4)
    assert list(new.battle.answers) == answers


def test_watch_replay_opens_the_viewer_on_this_battle_and_comes_back(
    app: App, tmp_path: Path
) -> None:
    _, scene, victory = _finished(app, tmp_path)
    _click(app, _button(victory, "Watch replay").center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    assert viewer.cursor.length == len(scene.battle.answers)
    viewer.go(viewer.cursor.length)
    app.step(1)
    assert viewer.verdict() == "it reaches the saved state"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1)
    assert app.top is victory and viewer.closed and not scene.closed
