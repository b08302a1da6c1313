"""The replay viewer keeps the fog of war of a battle still in progress (issue 30): it shows
what the viewing side saw; a finished battle, or one without fog, is shown whole."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from ui_support import foes_step_once_unseen, quick_window, write_map

from game.engine import Battle
from game.saves import ReplayCursor, read_save, save_battle, write_save
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.replay_scene import ReplayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def _saved(tmp_path: Path, fog: bool | None, controllers: dict[str, str]) -> Path:
    """A fogged map (a wall with a gap between the sides); the bandits step once, unseen."""
    wall = tuple((5, y) for y in range(0, 7))
    path = write_map(tmp_path / "fog", 10, 8, walls=wall, fog=True)
    battle = Battle(path, "grid", 3, controllers)
    foes_step_once_unseen(battle)
    saved = save_battle(battle, tmp_path / "fog" / "mine.json", fog=fog)
    battle.close()
    return saved


def _viewer(app: App, saved: Path) -> ReplayScene:
    cursor = ReplayCursor.open(saved)
    viewer = ReplayScene(cursor, MapView.from_file(cursor.battle.battlefield.path), list)
    app.push(viewer)
    app.step(1)
    viewer.go(cursor.length)
    app.step(1)
    assert cursor.at_end
    return viewer


def _bandit(viewer: ReplayScene) -> str:
    return next(t.key for t in viewer.engine.tokens() if t.side == "foes")


def test_an_unfinished_fogged_battle_is_replayed_as_its_human_side_saw_it(
    app: App, tmp_path: Path
) -> None:
    viewer = _viewer(app, _saved(tmp_path, True, {"party": "human", "foes": "ai"}))
    bandit = _bandit(viewer)
    token = viewer.engine.token(bandit)
    assert viewer.viewer() == "party"
    assert token is not None and token.cell in viewer.hidden_cells()
    assert bandit in viewer.hidden_tokens()
    assert viewer.selected is None and viewer.card_token() is None  # it acted last, unseen
    counts = {side.id: viewer.side_count(side) for side in viewer.engine.sides()}
    assert counts == {"party": "1/1", "foes": "0 seen"}
    name = viewer.engine.name(bandit)
    assert not any(line.text.startswith(f"{name} moves") for line in viewer.log.lines)
    viewer.go(0)  # a step back builds the battle again: the fog follows it
    app.step(1)
    assert _bandit(viewer) in viewer.hidden_tokens()
    viewer.discard()


@pytest.mark.parametrize(
    ("fog", "controllers", "over"),
    [
        (True, {"party": "human", "foes": "ai"}, True),  # finished: shown whole
        (False, {"party": "human", "foes": "ai"}, False),  # fog chosen off
        (True, {"party": "ai", "foes": "ai"}, False),  # nobody's eyes to follow
    ],
)
def test_a_finished_unfogged_or_unwatched_battle_is_replayed_whole(
    app: App, tmp_path: Path, fog: bool, controllers: dict[str, str], over: bool
) -> None:
    saved = _saved(tmp_path, fog, controllers)
    if over:  # as if the battle had ended there (the answers still replay)
        write_save(replace(read_save(saved), over=True, winner="party"), saved)
    viewer = _viewer(app, saved)
    assert viewer.hidden_cells() == frozenset()
    assert _bandit(viewer) not in viewer.hidden_tokens()
    assert all("seen" not in viewer.side_count(s) for s in viewer.engine.sides())
    viewer.discard()
