"""#36: the victory screen: a table per side, Play again (new dice or the same seed),
Watch replay (the viewer on this battle), Back to menu."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import click_step, drawn_frame, quick_window, step_until, write_map

from game.ui.app import STEP, App
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.play_animation import END_FADE_S, Animations, Flash, Floater, Walk
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
    click_step(app, _button(victory, "Play again").center)
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
    click_step(app, _button(victory, "Same seed").center)
    new = app.top
    assert isinstance(new, PlayScene) and new.battle.seed == old.battle.seed == 11
    # the same AIs with the same dice: the same battle
    step_until(app, lambda: isinstance(app.top, VictoryScene), "the battle's end", updates=4)
    assert list(new.battle.answers) == answers


def test_watch_replay_opens_the_viewer_on_this_battle_and_comes_back(
    app: App, tmp_path: Path
) -> None:
    _, scene, victory = _finished(app, tmp_path)
    click_step(app, _button(victory, "Watch replay").center)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    assert viewer.cursor.length == len(scene.battle.answers)
    viewer.go(viewer.cursor.length)
    app.step(1)
    assert viewer.verdict() == "it reaches the saved state"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1)
    assert app.top is victory and viewer.closed and not scene.closed


def test_the_last_words_fade_under_the_end_screen_and_no_strike_line_is_left(
    app: App, tmp_path: Path
) -> None:
    """Play-test 8: the last round's numbers hung over the board under the end screen for
    good, and a strike line was still drawn there. Under the end screen the words still
    rising fade out within ``END_FADE_S`` and no strike line is drawn."""
    _, scene, victory = _finished(app, tmp_path)
    assert scene.anim.floaters, "the last blow's number is still rising as the end shows"
    assert not scene.anim.flashes
    drawn_frame(app, updates=round(END_FADE_S / STEP) + 2)
    assert app.top is victory
    assert not scene.anim.showing, "the last words faded out under the end screen"
    assert victory.next_change() is None, "nothing left to play: the screen may sleep"


def test_winding_down_drops_strike_lines_and_what_has_not_begun() -> None:
    anim = Animations(
        floaters=[Floater("-4", (1, 1), "damage", age=0.2), Floater("miss", (2, 2), "miss", -0.3)],
        flashes=[Flash((0, 0), (1, 1), "hit", age=0.1), Flash((0, 0), (2, 2), "hit", -0.2)],
        walks=[Walk("a", [(0, 0), (1, 0)], 9.0, t=-1.0)],
    )
    rising = anim.floaters[0]
    phase = rising.age / rising.life
    anim.wind_down()
    assert not anim.flashes and not anim.walks and anim.floaters == [rising]
    assert rising.age / rising.life == pytest.approx(phase), "it fades on from where it is"
    anim.update(END_FADE_S)
    assert not anim.showing
