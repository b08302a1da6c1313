"""The unit card on the right of the battle screen fits every row it lists (issue 4
play-test: a unit carrying three weapons lost its last rows, "Armour" among them), at the
smallest window (960×540) and at 1280×720, in the grid and the clash rules."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_ui_play import _party_turn
from ui_support import quick_window, write_map

from game.engine import Battle
from game.rules.clash.state import ClashState
from game.rules.grid.components import Conditions
from game.ui.app import App
from game.ui.battle_scene import BattleScene
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.unit_card import CARD_H, card_fit, conditions_pos
from game.world.components import Loadout

SIZES = [(960, 540), (1280, 720)]


@pytest.fixture(params=SIZES, ids=["960x540", "1280x720"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, request.param)
    yield a
    a.close()


def _assert_every_row_inside(app: App, scene: BattleScene, key: str) -> None:
    scene.selected = key
    app.step(1)
    rows = scene.model.card_lines(key)
    card = scene.card_rect
    assert len(scene.card_row_rects) == 2 * len(rows), "a label and a value for every row"
    cond_top = conditions_pos(card)[1]
    for drawn in scene.card_row_rects:
        assert card.contains(drawn), (drawn, card)
        assert drawn.bottom <= cond_top, "rows stay above the conditions line"
    assert scene.log.rect.top > card.bottom and scene.log.rect.h >= 60
    assert app.screen.get_rect().contains(scene.log.rect)


def test_a_grid_unit_with_four_weapons_and_two_conditions_shows_every_row(
    app: App, tmp_path: Path
) -> None:
    units = (("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    scene = _party_turn(app, tmp_path, units)
    lo = scene.battle.edit("ada", Loadout)
    lo.readied, lo.stowed = ["sword", "javelin"], ["dagger", "hand_axe"]
    c = scene.battle.edit("ada", Conditions)
    c.prone = c.disengaged = True
    scene.engine._stamp = -1  # read the loadout and conditions set by hand
    labels = [label for label, _ in scene.engine.card_lines("ada")]
    assert labels[-5:] == ["Sword", "Javelin", "Dagger", "Hand Axe", "Armour"]
    _assert_every_row_inside(app, scene, "ada")


def test_a_clash_unit_with_three_weapons_and_marks_shows_every_row(
    app: App, tmp_path: Path
) -> None:
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    key = next(u for u in battle.units() if u.side == "party").id
    st = battle.edit(key, ClashState)
    st.weapons = ["sword", "javelin", "dagger"]
    st.prone = st.stunned = True
    scene.engine._stamp = -1
    labels = [label for label, _ in scene.engine.card_lines(key)]
    assert {"Sword", "Javelin", "Dagger", "Slots", "Marks"} <= set(labels)
    _assert_every_row_inside(app, scene, key)


def test_the_card_keeps_its_size_and_type_when_its_rows_fit() -> None:
    pygame.init()
    fit = card_fit(7, CARD_H, 0)
    assert fit.height == CARD_H and fit.step == 21
    assert card_fit(9, CARD_H, 400).height > CARD_H  # room to spare: it grows
    assert card_fit(9, CARD_H, 0).height == CARD_H  # none: closer rows, smaller type
