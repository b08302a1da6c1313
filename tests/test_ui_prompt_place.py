"""Play-test 3: reaction prompts covered the attacker (clash duel 1920×1080, factions duel
1280×720). The prompt keeps clear of every unit its trigger names (the defender, each of
its attackers) and may stand to one side of the board when the middle is taken."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _click_at
from ui_support import write_map

from game.engine import Battle
from game.engine.answers import EndTurn
from game.ui.action_bar import ACTION_KEYS
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.reaction_prompt import ReactionPrompt, units_named
from game.ui.settings import Settings


def test_the_prompt_goes_to_one_side_when_both_middles_are_taken() -> None:
    pygame.font.init()
    prompt = ReactionPrompt(lambda _a: None, str, ACTION_KEYS)
    viewport = pygame.Rect(0, 40, 1500, 700)
    prompt.layout(viewport)
    low = prompt.rect.copy()
    defender = pygame.Rect(low.centerx, low.centery, 48, 48)
    attacker = pygame.Rect(viewport.centerx - 24, viewport.top + 30, 48, 48)
    prompt.layout(viewport, avoid=[defender, attacker])
    assert not prompt.rect.colliderect(defender) and not prompt.rect.colliderect(attacker)
    assert viewport.contains(prompt.rect)
    prompt.layout(viewport, avoid=[pygame.Rect(10, 60, 48, 48)])  # up there: stays as it was
    assert prompt.rect == low


def test_a_clash_prompt_keeps_clear_of_its_attacker(tmp_path: Path) -> None:
    window = App(Settings(), settings_file=tmp_path / "s.json", size=(1920, 1080))
    try:
        units = (("Ada", "party", "warrior", 3, 5), ("Wulf", "foes", "bandit_archer", 3, 0))
        path = write_map(tmp_path / "map", 8, 6, units=units)
        battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        window.push(scene)
        window.step(1)
        foe = archer_shoots_ada(window, scene, (960, 540))
        rect = scene.prompt_rect()
        for unit in (foe, "ada"):
            assert not rect.colliderect(square_of(scene, unit)), unit
    finally:
        window.close()


def archer_shoots_ada(window: App, scene: PlayScene, middle: tuple[int, int]) -> str:
    """Hotseat clash: Ada (the party) holds, the hand-off at ``middle`` is clicked, the
    foes' archer declares a shortbow shot at her and the next hand-off is clicked: Ada's
    reaction prompt is up. The archer's key."""
    battle = scene.battle
    assert scene.give(EndTurn("ada"))
    window.step(1)
    _click_at(window, middle)
    foe = next(t.key for t in scene.engine.tokens() if t.side == "foes")
    shot = next(
        a for a in battle.legal_answers() if getattr(a, "target", None) == "ada"
        and getattr(a, "weapon", None) == "shortbow"
    )  # fmt: skip
    assert scene.give(shot)
    window.step(1)
    _click_at(window, middle)
    window.step(2)
    d = battle.pending
    assert d is not None and d.kind == "reaction"
    assert foe in units_named(d.trigger) and foe in scene.prompt.about
    return foe


def square_of(scene: PlayScene, unit: str) -> pygame.Rect:
    """The window rectangle of ``unit``'s square."""
    token = scene.engine.token(unit)
    assert token is not None
    x, y, w, h = scene.camera.cell_to_screen(token.cell)
    return pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h)
