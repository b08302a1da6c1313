"""Weapons on the ground on the battle screen (issue 4 · tokens and markers; 004 · Pick up
an Item): a slain unit's dropped weapon is drawn at a corner of its square and named in the
square's tooltip; fog hides what lies on unseen squares."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from clash_support import declare, decline_all
from engine_support import act, push
from grid_more_support import set_hp
from ui_support import quick_window, write_map

from game.engine import Battle, ScriptedRandom
from game.engine.answers import EndTurn
from game.rules.clash.declare import ClashShoot
from game.rules.grid.attack import MeleeAttack
from game.ui.app import App
from game.ui.battle_scene import BattleScene
from game.ui.flow import GameFlow
from game.ui.ground_items import piles, tooltip_line
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.replay_scene import ReplayScene
from game.ui.theme import colour

UNITS = (
    ("Ada", "party", "warrior", 1, 1),
    ("Gor", "foes", "bandit", 2, 1),
    ("Hal", "foes", "bandit_archer", 6, 4),
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
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
    _assert_drawn(app, scene, (2, 1), "Spear", empty=[(1, 1), (4, 3)])


def _assert_drawn(
    app: App, scene: BattleScene, cell: tuple[int, int], name: str, empty: list[tuple[int, int]]
) -> None:
    """The badge of ``cell`` is drawn at its top-left corner and its tooltip names
    ``name``; the ``empty`` squares have neither."""
    # the badge sits at the square's top-left corner: its parchment rim is on screen there
    x, y, w, _ = scene.camera.cell_to_screen(cell)
    left, top = x + scene.viewport.x - 2, y + scene.viewport.y - 2
    size = max(12, w * 2 // 5)
    assert app.screen.get_at((left + size // 2, top + 2))[:3] == colour("parchment")
    pos = (x + scene.viewport.x + w // 2, y + scene.viewport.y + w // 2)
    assert f"On the ground: {name}" in scene.hud_tooltip(pos).splitlines()
    for other in empty:
        ox, oy, _, _ = scene.camera.cell_to_screen(other)
        corner = (ox + scene.viewport.x - 2 + size // 2, oy + scene.viewport.y)
        assert app.screen.get_at(corner)[:3] != colour("parchment")
        assert "On the ground" not in scene.hud_tooltip(
            (ox + scene.viewport.x + 3, oy + scene.viewport.y + 3)
        )


def test_a_clash_thrown_javelin_is_drawn_where_it_landed(app: App, tmp_path: Path) -> None:
    """The clash rules lay their dropped and thrown weapons the same way (clash README ·
    thrown weapons land by their target), and the screen reads them with no ruleset of
    its own."""
    path = write_map(
        tmp_path / "map",
        8,
        6,
        walls=(),
        units=(("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 4, 1)),
        foes="human",
    )
    battle = Battle(
        path, "clash", 0, {"party": "human", "foes": "human"}, dice=ScriptedRandom((2,))
    )
    declare(battle, ClashShoot("ada", "gor", "javelin"), EndTurn("gor"))
    decline_all(battle)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(1)
    assert scene.ground() == {(4, 1): [("javelin", "Javelin")]}
    _assert_drawn(app, scene, (4, 1), "Javelin", empty=[(1, 1), (2, 3)])


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


def test_the_replay_of_a_clash_battle_shows_the_thrown_javelin_from_its_throw_on(
    app: App, tmp_path: Path
) -> None:
    """The victory screen's Watch replay (``GameFlow.watch_battle``) and the replay viewer
    read the ground like the battle screen: nothing before the throw, the javelin on
    Gor's square after it (hit or miss, whatever the seed's dice)."""
    path = write_map(
        tmp_path / "map",
        8,
        6,
        walls=(),
        units=(("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 4, 1)),
        foes="human",
    )
    battle = Battle(path, "clash", 3, {"party": "human", "foes": "human"})
    declare(battle, ClashShoot("ada", "gor", "javelin"), EndTurn("gor"))
    decline_all(battle)
    assert battle.ground_items() == [((4, 1), "javelin")]
    GameFlow(app).watch_battle(battle, MapView.from_file(path), fog=False)
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    app.step(1)
    assert viewer.ground() == {}
    viewer.go(viewer.cursor.length)
    app.step(1)
    assert viewer.ground() == {(4, 1): [("javelin", "Javelin")]}
    _assert_drawn(app, viewer, (4, 1), "Javelin", empty=[(1, 1), (2, 3)])
