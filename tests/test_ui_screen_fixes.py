"""Small wrong things on the battle screen (issue 30): a square's tooltip over the unit
sheet and the reaction prompt, "Chance to drop" red at 0%, the enemy's number missing
from the legend, Settings naming a window size that is not the window's."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _battle_at_a_reaction, _click_at, _pos, _scene, app  # noqa: F401

from game.rules.grid.presenter import attack_rows
from game.rules.preview import AttackPreview
from game.ui.app import App
from game.ui.legend import NUMBER_TEXT, items
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene, SettingsScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings


def test_no_square_tooltip_over_the_unit_sheet(app: App, tmp_path: Path) -> None:  # noqa: F811
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    scene.model.cell_tooltip = lambda cell: "Open ground"  # type: ignore[method-assign]
    token = scene.engine.tokens()[0]
    at = _pos(scene, token.cell)
    assert token.name in scene.hud_tooltip(at)
    _click_at(app, at, button=3)
    app.step(1)
    sheet = scene.sheet_rect
    assert scene.sheet_unit == token.key and sheet is not None
    inside = next(
        (x, y)
        for x in range(sheet.x + 2, sheet.right - 2, 8)
        for y in range(sheet.y + 2, sheet.bottom - 2, 8)
        if scene._cell_at((x, y)) is not None
    )
    assert scene.hud_tooltip(inside) == ""
    scene.sheet_unit = None  # closed: the square under it speaks again
    assert "Open ground" in scene.hud_tooltip(inside)


def test_no_square_tooltip_over_the_reaction_prompt(app: App, tmp_path: Path) -> None:  # noqa: F811
    battle = _battle_at_a_reaction(tmp_path)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    scene.model.cell_tooltip = lambda cell: "Open ground"  # type: ignore[method-assign]
    rect = scene.prompt_rect()
    spots = [
        (x, y)
        for x in range(rect.x + 2, rect.right - 2, 6)
        for y in range(rect.y + 2, rect.bottom - 2, 6)
        if scene._cell_at((x, y)) is not None
        and not any(b.rect.collidepoint((x, y)) for b in scene.prompt_buttons)
    ]
    assert spots, "the prompt covers no square in this layout"
    assert all(scene.hud_tooltip(p) == "" for p in spots)
    outside = next(
        (x, y)
        for x in range(scene.viewport.x + 2, scene.viewport.right, 6)
        for y in range(scene.viewport.y + 2, scene.viewport.bottom, 6)
        if scene._cell_at((x, y)) is not None and not rect.collidepoint((x, y))
    )
    assert "Open ground" in scene.hud_tooltip(outside)


def _preview(kill: float) -> AttackPreview:
    return AttackPreview(
        "ada", "gor", "sword", False, True, "", 3, (), 12, 0.6, 1, 8, 2, "none", kill
    )


def test_chance_to_drop_is_red_only_when_there_is_one() -> None:
    def tone(kill: float) -> str:
        rows = attack_rows(_preview(kill), charge=False)
        return next(r.tone for r in rows if r.label == "Chance to drop")

    assert tone(0.0) == "ink" and tone(0.004) == "ink"
    assert tone(0.3) == "hit"


def test_the_legend_explains_the_enemy_number() -> None:
    pygame.init()
    entry = next(i for i in items() if i.text == NUMBER_TEXT)
    assert entry.swatch is not None
    surface = pygame.Surface((40, 24))
    surface.fill((0, 0, 0))
    entry.swatch(surface, surface.get_rect())
    assert pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1)).count() < 40 * 24


def test_settings_names_the_window_as_it_is(tmp_path: Path) -> None:
    window = App(Settings(), settings_file=tmp_path / "s.json", size=(1920, 1080))
    try:
        assert window.settings.window == (1280, 720)
        scene = SettingsScene()
        window.push(scene)
        window.step(1)
        assert scene.window.value == "1920 × 1080"
    finally:
        window.close()
