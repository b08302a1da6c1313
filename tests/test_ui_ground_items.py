"""Weapons on the ground on the battle screen (issue 4 · tokens and markers; 004 · Pick up
an Item): a slain unit's dropped weapon is drawn at a corner of its square and named in the
square's tooltip; fog hides what lies on unseen squares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from engine_support import act, push
from grid_more_support import set_hp
from ui_support import write_map

from game.engine import Battle, ScriptedRandom
from game.rules.grid.attack import MeleeAttack
from game.ui.app import App
from game.ui.ground_items import piles, tooltip_line
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings
from game.ui.theme import colour

UNITS = (
    ("Ada", "party", "warrior", 1, 1),
    ("Gor", "foes", "bandit", 2, 1),
    ("Hal", "foes", "bandit_archer", 6, 4),
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(
        Settings(reaction_prompts="never", ai_speed="instant"),
        settings_file=tmp_path / "settings.json",
        size=(1280, 720),
    )
    yield a
    a.close()


def _gor_slain(tmp_path: Path) -> Battle:
    """Ada kills Gor with her sword: Gor's spear lies on his square, (2, 1)."""
    path = write_map(tmp_path / "map", 8, 6, walls=(), units=UNITS, foes="human")
    b = Battle(path, "grid", 0, {"party": "human", "foes": "human"}, dice=ScriptedRandom((8, 1)))
    set_hp(b, "gor", 1)
    push(b, 20, 5, 1, 1, 1, 1)  # the hit kills Gor; Hal's morale checks hold
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert b.ground_items() == [((2, 1), "spear")]
    return b


def test_a_slain_units_dropped_weapon_is_drawn_and_named_in_the_tooltip(
    app: App, tmp_path: Path
) -> None:
    battle = _gor_slain(tmp_path)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(1)
    assert scene.ground() == {(2, 1): [("spear", "Spear")]}
    # the badge sits at the square's top-left corner: its parchment rim is on screen there
    x, y, w, _ = scene.camera.cell_to_screen((2, 1))
    left, top = x + scene.viewport.x - 2, y + scene.viewport.y - 2
    size = max(12, w * 2 // 5)
    assert app.screen.get_at((left + size // 2, top + 2))[:3] == colour("parchment")
    # nothing lies on Ada's square, so no badge there
    ax, ay, _, _ = scene.camera.cell_to_screen((1, 1))
    corner = (ax + scene.viewport.x - 2 + size // 2, ay + scene.viewport.y)
    assert app.screen.get_at(corner)[:3] != colour("parchment")
    pos = (x + scene.viewport.x + w // 2, y + scene.viewport.y + w // 2)
    assert "On the ground: Spear" in scene.hud_tooltip(pos).splitlines()
    empty = scene.camera.cell_to_screen((4, 3))
    assert "On the ground" not in scene.hud_tooltip(
        (empty[0] + scene.viewport.x + 3, empty[1] + scene.viewport.y + 3)
    )


def test_fog_hides_the_weapons_on_squares_the_viewer_cannot_see() -> None:
    items = [((2, 1), "spear", "Spear"), ((6, 4), "dagger", "Dagger"), ((6, 4), "sword", "Sword")]
    assert piles(items, frozenset({(2, 1)})) == {(6, 4): [("dagger", "Dagger"), ("sword", "Sword")]}
    assert set(piles(items)) == {(2, 1), (6, 4)}


def test_the_tooltip_counts_several_of_a_kind() -> None:
    pile = [("javelin", "Javelin"), ("sword", "Sword"), ("javelin", "Javelin")]
    assert tooltip_line(pile) == "On the ground: Javelin ×2, Sword"
    assert tooltip_line([]) == ""


def test_a_badge_with_several_items_shows_their_number() -> None:
    from game.ui.ground_items import pile_badge

    pygame.init()
    one, three = pile_badge("spears", 1, 24), pile_badge("spears", 3, 24)
    assert one.get_size() == three.get_size()
    differs = sum(
        one.get_at((x, y)) != three.get_at((x, y)) for x in range(12, 24) for y in range(12, 24)
    )
    assert differs > 10, "the count is drawn in the badge's lower right"
