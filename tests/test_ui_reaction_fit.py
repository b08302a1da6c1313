"""The reaction prompt (issue 30): it keeps clear of the defender, a Snap Attack shows its
chance to hit, and the clash buttons' labels fit with their keys shown."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from test_ui_play import _battle_at_a_reaction, _click_at, app  # noqa: F401  (fixture)
from ui_support import write_map

from game.engine import Battle
from game.engine.answers import EndTurn
from game.rules.clash.declare import ClashAttack
from game.ui import theme
from game.ui.action_bar import ACTION_KEYS
from game.ui.app import App
from game.ui.fitting import FittedButton, fit_lines
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.reaction_prompt import ReactionPrompt
from game.ui.settings import Settings


def test_a_snap_attack_answer_shows_its_chance_to_hit(app: App, tmp_path: Path) -> None:  # noqa: F811
    battle = _battle_at_a_reaction(tmp_path, "snap_attack")
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    labels = [b.label for b in scene.prompt_buttons]
    at = next(i for i, label in enumerate(labels) if label.startswith("Snap Attack"))
    assert re.fullmatch(r"\d+% to hit", scene.prompt.odds[at]), scene.prompt.odds
    assert scene.prompt.under()[at].startswith(scene.prompt.odds[at] + " · Spends")
    assert scene.prompt.odds[labels.index("Decline")] == ""


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_clash_reaction_labels_fit_their_buttons_and_show_their_keys(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    folder = tmp_path
    window = App(Settings(), settings_file=folder / "s.json", size=size)
    try:
        units = (("Ada", "party", "warrior", 1, 1), ("Wulf Half-Hand", "foes", "bandit", 2, 1))
        path = write_map(folder / "map", 8, 6, units=units)
        battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        window.push(scene)
        window.step(1)
        middle = (size[0] // 2, size[1] // 2)
        assert scene.give(EndTurn("ada"))
        window.step(1)
        _click_at(window, middle)
        foe = next(t.key for t in scene.engine.tokens() if t.side == "foes")
        assert scene.give(ClashAttack(foe, "ada", "spear"))
        window.step(1)
        _click_at(window, middle)
        window.step(2)
        buttons = scene.prompt_buttons
        assert "Fight back: Wulf Half-Hand" in [b.label for b in buttons]
        for i, button in enumerate(buttons):
            assert isinstance(button, FittedButton)
            lines, size_px = button.label_lines()
            assert " ".join(lines) == button.label  # all of it, never cut
            for line in lines:
                assert theme.font("bold", size_px).size(line)[0] <= button.rect.w - 12
            for other in buttons[i + 1 :]:
                assert not button.rect.colliderect(other.rect)
        keys = [b.shortcut for b in buttons]
        assert keys[-1] == pygame.K_ESCAPE and keys[:-1] == list(ACTION_KEYS[: len(keys) - 1])
    finally:
        window.close()


def test_the_prompt_moves_off_the_defender() -> None:
    pygame.font.init()
    prompt = ReactionPrompt(lambda _a: None, str, ACTION_KEYS)
    viewport = pygame.Rect(0, 40, 900, 600)
    prompt.layout(viewport)
    low = prompt.rect.copy()
    defender = pygame.Rect(low.centerx, low.centery, 48, 48)
    prompt.layout(viewport, avoid=[defender])
    assert not prompt.rect.colliderect(defender) and prompt.rect.top < low.top
    prompt.layout(viewport, avoid=[pygame.Rect(10, 60, 48, 48)])  # up there: stays low
    assert prompt.rect == low


def test_fit_lines_shrinks_then_wraps_and_never_cuts() -> None:
    pygame.font.init()
    assert fit_lines("Block", 200, 1, size=17) == (("Block",), 17)
    lines, at = fit_lines("Fight back: Wulf Half-Hand", 120, 2, role="bold", size=17)
    assert len(lines) == 2 and " ".join(lines) == "Fight back: Wulf Half-Hand"
    assert fit_lines("Incomprehensibilities", 20, 2, size=17) == ((), 17)
