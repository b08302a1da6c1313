"""The battle screen's zones (issue 35 · zones on the grid), through a tiny test ruleset
that plays by zones (zone_scuffle_ruleset.py) on the shipped duel map's hand-made zones:
the board draws every zone's outline and name and tints the selected unit's ranges; a
click, or the keyboard cursor and Enter, on any square of a zone the unit can move into
answers the zone move (the unit stands on the zone's landing square); hovering such a
zone highlights it and draws the way to that square; the legend explains the colours. A
ruleset without zones shows none of it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
import zone_scuffle_ruleset
from ui_support import quick_window, write_map
from zone_scuffle_ruleset import RULESET_ID, ZoneStep, graph_of

from game.engine import Battle
from game.geometry.zones import ZoneRange
from game.maps import shipped_maps_dir
from game.maps.battlefield import SideInfo
from game.ui.app import App
from game.ui.legend import LegendScene, items
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene

DUEL = shipped_maps_dir() / "duel.tmx"


@pytest.fixture(autouse=True)
def installed() -> Iterator[None]:
    zone_scuffle_ruleset.install()
    yield
    zone_scuffle_ruleset.uninstall()


def _screen(tmp_path: Path, path: Path = DUEL, ruleset: str = RULESET_ID,
            size: tuple[int, int] = (1280, 720)) -> tuple[App, PlayScene, Battle]:  # fmt: skip
    battle = Battle(path, ruleset, 3, {s.id: "human" for s in _sides(path)})
    app = quick_window(tmp_path, size)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return app, scene, battle


def _sides(path: Path) -> list[SideInfo]:
    from game.maps import load_battlefield

    return list(load_battlefield(path).scenario.sides)


def _acting(scene: PlayScene, battle: Battle) -> str:
    """Choose the first unit offered, if asked; the unit acting."""
    d = battle.pending
    assert d is not None
    if d.kind == "choose_unit":
        assert scene.give(d.answers[0])
        scene.app.step(1)
        d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit is not None
    return d.unit


def _pos(scene: PlayScene, cell: tuple[int, int]) -> tuple[int, int]:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    return (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)


def _far_square(scene: PlayScene, zone: int) -> tuple[int, int]:
    """A free square of ``zone`` far from its landing square (any square must do)."""
    graph = graph_of(scene.battle.ctx)
    taken = {t.cell for t in scene.engine.tokens()}
    return graph.free_cells(zone, taken)[-1]


def test_the_board_draws_the_zones_and_tints_the_selected_units_ranges(tmp_path: Path) -> None:
    app, scene, battle = _screen(tmp_path)
    unit = _acting(scene, battle)
    graph = graph_of(battle.ctx)
    zones = scene.board.zones
    assert zones is not None and zones.graph is graph
    assert [a.name for a in graph.zones] == [
        "North glade",
        "West glade",
        "Shrine",
        "East glade",
        "South glade",
    ]
    assert zones.borders and len(zones.anchors) == 5
    here = graph.zone_at(battle.unit(unit).cell)
    look = scene.zone_look()
    assert look is not None and look.tint_from == here
    assert here is not None
    tints = dict((tone, cells) for cells, tone in zones.tints(here))
    assert battle.unit(unit).cell in tints["zone_close"]
    nearby = {c for z in graph.neighbours(here) for c in graph.zones[z].cells}
    assert tints["zone_nearby"] == nearby
    assert look.legal == frozenset(graph.neighbours(here))
    assert "Zone: Shrine" in scene.model.cell_tooltip(next(iter(graph.zones[2].cells)))
    surface = pygame.display.get_surface()
    assert surface is not None
    name_at = _pos(scene, zones.anchors[2])  # the Shrine's name is drawn on its square
    drawn = surface.get_at(name_at)
    scene.board.zones = None
    app.step(1)
    assert surface.get_at(name_at) != drawn
    app.close()
    battle.close()


def test_a_click_on_any_square_of_a_nearby_zone_moves_the_unit_there(tmp_path: Path) -> None:
    app, scene, battle = _screen(tmp_path)
    unit = _acting(scene, battle)
    graph = graph_of(battle.ctx)
    start = battle.unit(unit).cell
    here = graph.zone_at(start)
    assert here is not None
    target = min(graph.neighbours(here))
    square = _far_square(scene, target)
    scene.hover = square
    look = scene.zone_look()
    assert look is not None and look.hovered == target and look.pick
    taken = {t.cell for t in scene.engine.tokens() if t.key != unit}
    landing = graph.landing(target, taken, start)
    assert scene.overlays().path == [start, landing]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=_pos(scene, square)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=_pos(scene, square)))
    app.step(2)
    assert battle.answers[-1] == ZoneStep(unit, target)
    assert battle.unit(unit).cell == landing
    assert graph.range(here, graph.zone_at(landing) or 0) == ZoneRange.NEARBY
    app.close()
    battle.close()


def test_a_zone_the_unit_cannot_move_into_is_not_picked(tmp_path: Path) -> None:
    app, scene, battle = _screen(tmp_path)
    unit = _acting(scene, battle)
    graph = graph_of(battle.ctx)
    here = graph.zone_at(battle.unit(unit).cell)
    assert here is not None
    far = next(a.index for a in graph.zones if graph.range(here, a.index) > ZoneRange.NEARBY)
    square = _far_square(scene, far)
    scene.hover = square
    look = scene.zone_look()
    assert look is not None and look.hovered == far and not look.pick
    assert scene.answer_for_cell(square) is None
    count = len(battle.answers)
    scene.click_cell(square)
    assert len(battle.answers) == count
    app.close()
    battle.close()


def test_the_keyboard_cursor_and_enter_pick_a_zone_and_full_stop_cycles_them(
    tmp_path: Path,
) -> None:
    app, scene, battle = _screen(tmp_path)
    unit = _acting(scene, battle)
    graph = graph_of(battle.ctx)
    here = graph.zone_at(battle.unit(unit).cell)
    assert here is not None
    targets = scene.target_cells()  # no enemy in reach: a square of each zone to move into
    assert {graph.zone_at(c) for c in targets} == set(graph.neighbours(here))
    key = pygame.K_PERIOD
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=".")])
    cursor = scene.hover
    assert cursor is not None and cursor in targets
    zone = graph.zone_at(cursor)
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    app.step(1)
    assert battle.answers[-1] == ZoneStep(unit, zone or 0)
    assert graph.zone_at(battle.unit(unit).cell) == zone
    app.close()
    battle.close()


def test_picking_the_zone_action_then_a_square_moves_too(tmp_path: Path) -> None:
    app, scene, battle = _screen(tmp_path)
    unit = _acting(scene, battle)
    d = battle.pending
    assert d is not None
    step = next(o for o in d.options if o.kind == ZoneStep.kind)
    assert step.target_kind == "zone" and step.target_field == "zone"
    scene.pick_action(step)
    assert scene.mode == ZoneStep.kind  # a mode to click in, not a chooser of numbers
    graph = graph_of(battle.ctx)
    here = graph.zone_at(battle.unit(unit).cell)
    assert here is not None
    target = max(graph.neighbours(here))
    scene.click_cell(_far_square(scene, target))
    assert battle.answers[-1] == ZoneStep(unit, target)
    app.close()
    battle.close()


def test_the_legend_explains_the_zone_colours_only_when_there_are_zones(tmp_path: Path) -> None:
    app, scene, battle = _screen(tmp_path)
    texts = [i.text for i in items(zones=True)]
    assert any(t.startswith("Nearby: ") for t in texts)
    assert any(t.startswith("Far-Away: ") for t in texts)
    assert not any(t.startswith("Nearby: ") for t in (i.text for i in items()))
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="")])
    legend = app.top
    assert isinstance(legend, LegendScene) and legend.zones
    app.close()
    battle.close()


def test_a_ruleset_without_zones_draws_none(tmp_path: Path) -> None:
    path = write_map(tmp_path / "map", 8, 6)
    app, scene, battle = _screen(tmp_path, path, "grid")
    assert scene.board.zones is None and scene.zone_look() is None
    assert scene.model.zone_graph() is None
    assert "Zone:" not in scene.model.cell_tooltip((0, 0))
    app.close()
    battle.close()
