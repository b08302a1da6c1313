"""Play-test 3: the unit sheet opened over a reaction prompt. Esc closes the sheet and
leaves the prompt; the prompt is drawn over the sheet, so the keys it answers to are never
those of a hidden prompt."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _battle_at_a_reaction, _click_at, _key, _pos
from ui_support import quick_window

from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene


def _scene_at_prompt(tmp_path: Path) -> tuple[PlayScene, object]:
    battle = _battle_at_a_reaction(tmp_path)
    app = quick_window(tmp_path, (960, 540), reaction_prompts="always", ai_speed="fast")
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    return scene, app


def test_esc_closes_the_sheet_and_leaves_the_prompt(tmp_path: Path) -> None:
    scene, app = _scene_at_prompt(tmp_path)
    try:
        d = scene.battle.pending
        assert d is not None and d.kind == "reaction" and d.unit is not None
        token = scene.engine.token(d.unit)
        assert token is not None
        _click_at(scene.app, _pos(scene, token.cell), button=3)
        assert scene.sheet_unit == d.unit
        _key(scene.app, pygame.K_ESCAPE)
        assert scene.sheet_unit is None
        assert scene.battle.pending is not None and scene.battle.pending.id == d.id
        _key(scene.app, pygame.K_ESCAPE)  # now the prompt's own Esc: decline
        assert scene.battle.pending is None or scene.battle.pending.id != d.id
    finally:
        scene.app.close()


def test_the_prompt_is_drawn_over_the_open_sheet(tmp_path: Path) -> None:
    scene, app = _scene_at_prompt(tmp_path)
    try:
        d = scene.battle.pending
        assert d is not None and d.unit is not None
        surface = scene.app.screen
        scene.draw(surface)
        rect = scene.prompt_rect().inflate(-16, -16)  # inside its rounded corners
        plain = surface.subsurface(rect).copy()
        scene.sheet_unit = d.unit
        scene.draw(surface)
        assert scene.sheet_rect is not None and scene.sheet_rect.colliderect(rect)
        covered = surface.subsurface(rect).copy()
        assert pygame.image.tobytes(covered, "RGB") == pygame.image.tobytes(plain, "RGB")
    finally:
        scene.app.close()
