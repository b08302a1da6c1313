"""The card, the unit sheet and a square's tooltip show every condition the ruleset's
presenter names (play-test 11): they kept only the conditions drawn as markers on a token
(``tokens.MARKERS``), so 002's Dying, Incapacitated and an injury's conditions, 001's
hindrances (Weakened, Stuck) and 003's Crippled and Grabbed never showed, though the
legend explained them "on the unit card". The markers' come first in their order, then
the others in the order the presenter lists them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_support import frames_past_hand_offs, quick_window, write_map

import game.ui.battle_scene as scene_module
from game.engine import Battle
from game.engine.presenter import Presenter
from game.rules.factions.presenter import FactionsPresenter
from game.rules.stress.presenter import StressPresenter
from game.rules.stress.state import Fighter
from game.rules.zones.presenter import ZonesPresenter
from game.ui.app import App
from game.ui.condition_view import card_conditions, condition_labels, condition_lines
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene


def _named(presenter: Presenter) -> tuple[Any, tuple[str, ...]]:
    return presenter.condition_text, tuple(presenter.condition_texts)


def test_every_named_condition_shows_markers_first_then_in_the_presenters_order() -> None:
    stress = _named(StressPresenter())
    shown = card_conditions({"bleeding", "dying", "prone"}, [], *stress)
    assert shown == [("Prone", "health_low"), ("Dying", "health_low"), ("Bleeding", "health_low")]
    assert condition_lines({"incapacitated"}, *stress) == [
        ("Incapacitated", "0 Wound Points: crawls; acting costs 1 WP")
    ]
    assert condition_labels({"stuck", "weakened"}, *_named(ZonesPresenter())) == [
        "Weakened",
        "Stuck",
    ]
    factions = card_conditions({"crippled", "grabbed", "prone"}, ["Screening Ada"], *_named(
        FactionsPresenter()
    ))  # fmt: skip
    assert [label for label, _ in factions] == [
        "Knocked down",
        "Grabbed",
        "Crippled",
        "Screening Ada",
    ]


def test_a_condition_no_presenter_names_still_shows_after_the_named_and_by_its_key() -> None:
    text, order = _named(StressPresenter())
    assert condition_labels({"zeal", "dying", "awed"}, text, order) == ["Dying", "Awed", "Zeal"]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, (960, 540))
    yield a
    a.close()


def test_a_dying_units_card_sheet_and_tooltip_say_it_is_dying_and_what_that_means(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A human deciding for their own dying unit sees it on the card, on the square's
    tooltip and, with what it means, on the sheet (right click)."""
    units = (("Ada", "party", "warrior", 2, 2), ("Gor", "foes", "bandit", 8, 2))
    path = write_map(tmp_path / "dying", 12, 6, units=units, foes="human")
    battle = Battle(path, "stress", 3, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    frames_past_hand_offs(app, 3)
    assert battle.pending is not None and battle.pending.unit == "ada"
    f = battle.edit("ada", Fighter)
    f.stress, f.wp = 0, -2
    scene.engine._stamp = -1  # read the Wound Points set by hand
    token = scene.engine.token("ada")
    assert token is not None and "dying" in token.conditions
    assert ("Dying", "health_low") in scene.card_conds(token)
    x, y, w, h = scene.camera.cell_to_screen(token.cell)
    at = (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)
    assert "Dying" in scene.hud_tooltip(at)
    laid: list[list[tuple[str, str]]] = []
    real = scene_module.sheet_layout

    def record(rows: list[tuple[str, str]], *a: Any, **k: Any) -> Any:
        laid.append(list(rows))
        return real(rows, *a, **k)

    monkeypatch.setattr(scene_module, "sheet_layout", record)
    scene.sheet_unit = "ada"
    app.step(1)
    assert laid and ("Dying", "below 0 Wound Points: loses 1 each round's end") in laid[-1]
    assert ("Conditions", "") in laid[-1]
    pygame.event.clear()
