"""Play-test 6: a reaction prompt open while the window is resized was placed and the
camera aimed only when it first appeared, so after 960 → 1920 → 960 it covered the
attacker and its target (or spread over the unit card). A resize places it anew."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_prompt_place import archer_shoots_ada, square_of
from ui_support import write_map

from game.engine import Battle
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings


def _resize(app: App, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(2)


def _clear(scene: PlayScene, units: tuple[str, ...]) -> None:
    rect = scene.prompt_rect()
    for unit in units:
        square = square_of(scene, unit)
        assert scene.viewport.contains(square), unit  # in view
        assert not rect.colliderect(square), unit  # not under the prompt
    assert not rect.colliderect(scene.card_rect)  # nor over the unit card


@pytest.mark.parametrize("sizes", [[(1920, 1080), (960, 540)], [(1280, 720), (960, 540)]])
def test_a_prompt_open_during_a_resize_keeps_clear_of_its_units(
    tmp_path: Path, sizes: list[tuple[int, int]]
) -> None:
    window = App(
        Settings(reaction_prompts="always"), settings_file=tmp_path / "s.json", size=(960, 540)
    )
    try:
        units = (("Ada", "party", "warrior", 20, 15), ("Wulf", "foes", "bandit_archer", 15, 15))
        path = write_map(tmp_path / "map", 40, 30, walls=(), units=units)
        battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        window.push(scene)
        window.step(1)
        foe = archer_shoots_ada(window, scene, (480, 270))
        _clear(scene, (foe, "ada"))
        for size in sizes:
            _resize(window, size)
            _clear(scene, (foe, "ada"))
    finally:
        window.close()
