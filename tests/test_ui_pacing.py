"""Play-test 11, finding 3 ("stale panels"): the log and the panels follow the board.

On village under 002 the raiders' last declaration of a round resolves the whole round
(75 events) while the board plays its walks and blows for seconds. The log tells each event
when the board comes to it; the round plan, the top bar and the action bar show the next
round (the player's "deciding…") once the board has played the round out; Space shows it
all at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_support import quick_window

import game.ui.play_bar as bar_module
import game.ui.top_bar as top_module
from game.ai import make_controller
from game.engine import Battle
from game.engine.events import Moved
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.paced import Paced
from game.ui.play_animation import Animations, Walk
from game.ui.play_scene import PlayScene

VILLAGE = Path(__file__).resolve().parents[1] / "maps" / "village.tmx"
ROUND_END = "— End of round 1 · Round 2 —"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=(960, 540), ai_speed="normal")
    yield a
    a.close()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the top bar and the action bar draw from now on."""
    out: list[str] = []
    for module in (top_module, bar_module):
        real = module.draw_text

        def record(surface: pygame.Surface, text: str, *a: Any, _real: Any = real, **k: Any):
            out.append(text)
            return _real(surface, text, *a, **k)

        monkeypatch.setattr(module, "draw_text", record)
    return out


def _round_resolving(app: App) -> tuple[Battle, PlayScene, int]:
    """The Company (human) against the raiders on village; every unit declares as the
    baseline AI would, frame by frame, until the raiders' last declaration resolves round
    1. Returns the battle, its screen and the log's length before that answer."""
    battle = Battle(VILLAGE, "stress", 5, {"party": "human", "raiders": "baseline"})
    scene = PlayScene(battle, MapView.from_file(VILLAGE), lambda: None)  # no AI driver
    app.push(scene)
    app.step(1)
    choose = make_controller("baseline", 5, "stress").choose
    for _ in range(40):  # 19 units declare
        if battle.round != 1:
            break
        d = battle.pending
        assert d is not None and not scene.anim.busy
        before = len(scene.log.lines)
        assert scene.give(choose(battle, d))
        app.step(1)
    assert battle.round == 2, "round 1 never resolved"
    return battle, scene, before


def _play_out(app: App, scene: PlayScene) -> None:
    """Frames until the board has played everything out (20 s of game time at most)."""
    for _ in range(1200):
        if not scene.anim.busy:
            return
        app.step(1)
    raise AssertionError("the board still plays after 20 s")


def _last(scene: PlayScene) -> str:
    return scene.log.lines[-1].text


def test_the_log_and_the_panels_wait_for_the_round_the_board_plays(
    app: App, drawn: list[str]
) -> None:
    battle, scene, before = _round_resolving(app)
    assert battle.round == 2 and scene.human_turn()  # the next decision is the player's
    assert scene.anim.busy
    drawn.clear()
    app.step(1)
    told = [len(scene.log.lines)]
    assert _last(scene) != ROUND_END
    plan = scene.intentions.plan(scene)
    assert plan is not None and plan.round == 1, "the plan ran ahead to round 2"
    frames = 0
    while scene.anim.busy and frames < 1200:
        assert _last(scene) != ROUND_END, f"the log told the round's end at frame {frames}"
        assert not any(t.startswith("Round 2") for t in drawn), "the top bar ran ahead"
        assert not any(t.startswith("Beorn") for t in drawn), "the action bar ran ahead"
        plan = scene.intentions.plan(scene)
        assert plan is not None and plan.round == 1
        app.step(1)
        told.append(len(scene.log.lines))
        frames += 1
    assert frames > 120  # seconds of walks and blows
    assert told == sorted(told) and len(set(told)) > 10, "the lines came one by one"
    assert told[0] < told[-1] and told[0] > before  # the reveal at once, the rest later
    app.step(1)
    assert _last(scene) == ROUND_END
    plan = scene.intentions.plan(scene)
    assert plan is not None and (plan.round, plan.phase) == (2, "declaring")
    assert any(t.startswith("Round 2") for t in drawn)
    assert any(t.startswith("Beorn") for t in drawn)  # the player's unit, in the bar


def test_space_tells_the_rest_at_once(app: App) -> None:
    battle, scene, _ = _round_resolving(app)
    assert scene.anim.busy and _last(scene) != ROUND_END
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    app.step(1)
    assert not scene.anim.busy
    assert _last(scene) == ROUND_END
    plan = scene.intentions.plan(scene)
    assert plan is not None and (plan.round, plan.phase) == (2, "declaring")
    assert scene.top_facts().round == 2


def test_the_player_acts_once_the_board_has_played_the_round_out(app: App) -> None:
    battle, scene, _ = _round_resolving(app)
    answers = len(battle.answers)
    for key in (pygame.K_END, pygame.K_1):  # End side turn, the first action
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step(1)
    assert len(battle.answers) == answers and scene.mode is None
    _play_out(app, scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode=""))
    app.step(1)
    assert scene.mode is not None  # the bar is the player's again


def test_a_line_with_nothing_to_show_is_told_at_once(app: App) -> None:
    battle = Battle(VILLAGE, "stress", 5, {"party": "human", "raiders": "baseline"})
    scene = PlayScene(battle, MapView.from_file(VILLAGE), lambda: None)
    app.push(scene)
    app.step(1)
    d = battle.pending
    assert d is not None and scene.human_turn()
    assert scene.give(make_controller("baseline", 5, "stress").choose(battle, d))
    app.step(1)
    assert _last(scene) == battle.events[-1].text()


def test_cues_come_as_the_board_plays_and_a_batch_settles_when_its_walk_ends() -> None:
    anim = Animations()
    anim.walks.append(Walk("ada", [(0, 0), (1, 0), (2, 0)], 2.0))  # one second
    anim.cue(10, [0.0, 0.5, 0.5], blocks=True)
    assert anim.told() == 11 and anim.shown_upto() == 11 and anim.owing and anim.busy
    anim.update(0.6)
    assert anim.told() is None  # every event's line
    assert anim.shown_upto() == 12  # but not the state after the batch: the walk goes on
    anim.update(0.5)
    assert anim.shown_upto() is None and not anim.owing and not anim.busy
    anim.walks.append(Walk("ada", [(2, 0), (3, 0)], 1.0))
    anim.cue(13, [0.2], blocks=False)
    assert anim.told() == 13 and not anim.owing and anim.busy  # the player's own walk
    assert anim.shown_upto() is None  # the panels show the player's own answer at once
    anim.skip()
    assert anim.told() is None and anim.shown_upto() is None


def test_a_dropped_walk_is_not_waited_for() -> None:
    anim = Animations()
    walk = Walk("gor", [(0, 0), (5, 0)], 1.0)
    anim.walks.append(walk)
    anim.cue(3, [0.0], blocks=True)
    assert anim.owing
    anim.walks.remove(walk)  # hidden in the fog
    assert not anim.owing and anim.shown_upto() is None


def test_paced_values_follow_the_events_shown() -> None:
    paced: Paced[str] = Paced()
    assert paced.shown(5, "before", None) == "before"
    assert paced.shown(9, "after", 5) == "before"  # the board is at event 5
    assert paced.shown(9, "after", 8) == "before"
    assert paced.shown(12, "later", 9) == "after"
    assert paced.shown(12, "later", None) == "later"
    assert paced.shown(7, "undone", 7) == "undone"  # an undo cut the events


def test_moves_are_cued_where_the_board_walks_them(app: App, tmp_path: Path) -> None:
    from ui_support import write_map

    path = write_map(tmp_path / "m")
    battle = Battle(path, "grid", 1, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    n = len(battle.events)
    walk = Moved("ada", "Ada", (1, 1), ((2, 1), (3, 1)), 10)
    scene.animate([walk, walk], first=n)
    assert scene.anim.told() == n + 1  # the second move waits for the first walk
    scene.anim.walks.clear()  # say the fog hid them: the line still waits for its moment
    assert scene.anim.told() == n + 1 and not scene.anim.showing
    assert scene.moving()  # so the frames run on until it comes
    app.step(60)
    assert scene.anim.told() is None
