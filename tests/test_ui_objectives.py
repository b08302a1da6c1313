"""Objectives on screen (maps/README.md · Objectives): the briefing lists each side's,
the board shades and labels their areas, the top bar shows progress, the victory screen
says which objective decided the battle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window

from game.engine import Battle
from game.maps import find_map, load_battlefield
from game.rules.ending import finish
from game.rules.objectives import Progress
from game.ui.app import App
from game.ui.catalogue import entry_from_battlefield
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.victory_summary import victory_scene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def fort() -> Battle:
    return Battle(find_map("fort"), "grid", 0, {"party": "human", "horde": "human"})


def test_the_briefing_lists_each_sides_objectives() -> None:
    entry = entry_from_battlefield(load_battlefield(find_map("fort")))
    assert entry.briefing.startswith("An orc war band")
    assert "Objectives:" in entry.briefing
    assert "Garrison of Greyford: hold Keep courtyard when the last round ends" in entry.briefing
    assert "The Black Tusk War Band: hold The gate 2 round ends in a row" in entry.briefing


def test_an_objective_squares_tooltip_gives_its_description() -> None:
    from game.ui.engine_model import EngineModel

    model = EngineModel(fort())
    assert "Keep courtyard: Have a defender in the courtyard" in model.cell_tooltip((26, 7))
    assert "Keep courtyard" not in model.cell_tooltip((2, 2))


def test_the_board_shades_and_labels_the_objective_areas(app: App) -> None:
    battle = fort()
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(1)
    names = [(a.label, a.colour) for a in scene.board.areas]
    assert names == [("Keep courtyard", "#3f6fb5"), ("The gate", "#6e7d2c")]
    cell = (26, 7)  # inside the courtyard, no unit on it
    left, top, w, h = scene.camera.cell_to_screen(cell)
    at = (scene.viewport.x + left + w // 2, scene.viewport.y + top + h // 2)

    def pixel() -> tuple[int, int, int]:
        surface = pygame.Surface(app.screen.get_size())
        scene.board.draw(surface, scene.viewport, scene.camera)
        return tuple(surface.get_at(at))[:3]  # type: ignore[return-value]

    shaded = pixel()
    areas, scene.board.areas = scene.board.areas, ()
    plain = pixel()
    scene.board.areas = areas
    assert shaded != plain
    assert shaded[2] - shaded[0] > plain[2] - plain[0]  # washed with the garrison's blue


def test_the_top_bar_shows_objective_progress(app: App) -> None:
    battle = fort()
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(1)
    courtyard = "Garrison of Greyford hold Keep courtyard (counts at round 15)"
    assert scene.model.objective_progress() == courtyard
    battle.ctx.objectives = (Progress(), Progress(holder="horde", streak=1))
    text = scene.model.objective_progress()
    assert text == courtyard + " · The Black Tusk War Band hold The gate: 1 of 2 rounds"
    app.step(1)  # the bar is drawn with it


def test_the_victory_screen_names_the_deciding_objective() -> None:
    battle = fort()
    finish(battle.ctx, "party", "held Keep courtyard to the end", "Keep courtyard")
    scene = victory_scene(battle, {}, ["party"], lambda: None)
    assert scene.headline == "Victory!"
    assert scene.detail.startswith("Garrison of Greyford held Keep courtyard to the end")
