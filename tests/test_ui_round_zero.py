"""Play-test 6: during the factions ambushers' bonus turn (round 0) the top bar showed no
round at all. It names the turn in the ruleset's words; a map shown without a battle
still shows no round."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_support import quick_window

from game.engine import Battle
from game.maps.library import find_map
from game.ui import top_bar
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=(960, 540))
    yield a
    a.close()


def _top_texts(scene: PlayScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    said: list[str] = []
    real = top_bar.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(top_bar, "draw_text", spy)
    surface = pygame.Surface((960, 540))
    top_bar.draw_top_bar(surface, scene.model, scene.menu_button, scene.side_count)
    return said


def test_the_ambush_bonus_turn_is_named_in_the_top_bar(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = find_map("ambush")
    battle = Battle(path, "factions", 1, {"party": "human", "outlaws": "human"})
    assert battle.round == 0 and battle.pending is not None
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    assert "Ambush: bonus turn" in _top_texts(scene, monkeypatch)


def test_round_one_is_a_round_again(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    path = find_map("duel")
    battle = Battle(path, "grid", 3, {"party": "human", "brigands": "easy"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    texts = _top_texts(scene, monkeypatch)
    assert any(t.startswith(f"Round {battle.round}") for t in texts)
    assert scene.model.before_rounds() == ""
