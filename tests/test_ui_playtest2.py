"""Second play-test of the battle screen at 960×540: the combat log shows a tall newest
entry from its first row, cut at its end, and scrolling still reaches all of it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window

from game.ui.app import App
from game.ui.log_panel import LogPanel, scroll_range
from game.ui.play_scene import PlayScene

SMALL = (960, 540)


def shoot(app: App, name: str) -> None:
    """A screenshot to look at when SHIELDWALL_SHOTS names a folder."""
    folder = os.environ.get("SHIELDWALL_SHOTS")
    if folder:
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


ATTACK = (
    "Hild (Sword, balanced d8) attacks Wulf Half-Hand (Armor 3, HP 6/6, STR 13, 6/10 "
    "slots). Damage minus Armor goes into HP, the rest into STR, and a long tail of "
    "words that makes this entry taller than the panel at the smallest window."
)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=SMALL)
    yield a
    a.close()


def test_a_tall_newest_log_entry_shows_its_first_row_and_is_cut_at_its_end(
    small: App,
) -> None:
    log = LogPanel()
    log.rect = pygame.Rect(630, 330, 320, 100)  # the side column's log at 960×540
    log.add("Round 4")
    log.add(ATTACK, "hit")
    log.draw(small.screen)
    assert log.shown[0][2] and log.drawn[0].startswith("Hild (Sword"), log.drawn
    assert log.drawn[-1].endswith("…"), log.drawn
    rows = log._rows()
    seen = {text for text, _, _ in log.shown}
    low, high = scroll_range(rows, log._visible_rows())
    assert low < 0 < high
    for log.scroll in range(low, high + 1):  # every scroll position the wheel reaches
        log.draw(small.screen)
        seen |= {text for text, _, _ in log.shown}
    assert seen == {text for text, _, _ in rows}
    log.scroll = low
    log.draw(small.screen)
    assert log.shown[-1] == rows[-1] and not log.drawn[-1].endswith("…")
    log.add("Wulf Half-Hand blocks")
    assert log.scroll == 0


@pytest.mark.parametrize("zones", [False, True])
def test_every_legend_row_is_drawn_inside_the_smallest_window(small: App, zones: bool) -> None:
    from game.engine.presenter import Presenter
    from game.rules import get_ruleset, ruleset_ids
    from game.ui.legend import BOTTOM, GAP, PAD, TOP, items, layout

    window = small.screen.get_rect()
    for ruleset in ruleset_ids():
        shown = get_ruleset(ruleset).presenter()
        assert isinstance(shown, Presenter)
        panel, columns, fit = layout(*SMALL, shown, zones=zones)
        assert window.contains(panel), ruleset
        placed = [(i.kind, i.text, i.label) for col in columns for i in col]
        assert placed == [(i.kind, i.text, i.label) for i in items(shown, zones=zones)]
        for n, col in enumerate(columns):
            assert panel.x + PAD + n * (fit.col_w + GAP) + fit.col_w <= panel.right, ruleset
            bottom = panel.y + TOP + sum(i.height(fit) for i in col)
            assert bottom <= panel.bottom - BOTTOM + 4, (ruleset, n, len(columns))


@pytest.mark.parametrize(("ruleset", "name"), [("zones", "fort"), ("factions", "village")])
def test_zone_names_do_not_overlap_and_keep_off_units_where_there_is_room(
    small: App, ruleset: str, name: str
) -> None:
    from game.engine import Battle
    from game.maps import find_map
    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene

    path = find_map(name)
    from game.maps import load_battlefield

    sides = load_battlefield(path).scenario.sides
    battle = Battle(path, ruleset, 4, {s.id: "human" for s in sides})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    small.push(scene)
    small.step(2)
    scene.camera = scene.camera.fit(scene.model.width, scene.model.height)
    small.step(1)
    shoot(small, f"zones-{ruleset}-{name}")
    board = scene.board
    assert board.zones is not None
    plates = board.zone_names
    assert len(plates) >= len(board.zones.graph.zones) - 2, len(plates)  # few dropped
    for i, plate in enumerate(plates):
        assert plate.collidelist(plates[i + 1 :]) < 0, plate
    units = {t.cell for t in scene.engine.tokens()}
    for place in board.zones.names:
        area = board.zones.graph.zones[place.zone]
        if len(area.cells - units) >= len(area.cells) // 2:  # a zone with room: off units
            assert place.cell not in units, (area.name, place.cell)
    battle.close()


def _screen(app: App, ruleset: str, name: str) -> PlayScene:
    from game.engine import Battle
    from game.maps import find_map, load_battlefield
    from game.ui.map_view import MapView

    path = find_map(name)
    sides = load_battlefield(path).scenario.sides
    battle = Battle(path, ruleset, 4, {s.id: "human" for s in sides})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(2)
    return scene


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_the_round_limit_stays_in_the_top_bar_while_nobody_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    from game.ui import top_bar

    app = quick_window(tmp_path, size=size)
    try:
        drawn: list[str] = []
        real = top_bar.draw_text

        def record(surface: pygame.Surface, text: str, *a: object, **k: object) -> pygame.Rect:
            drawn.append(text)
            return real(surface, text, *a, **k)  # type: ignore[arg-type]

        monkeypatch.setattr(top_bar, "draw_text", record)
        scene = _screen(app, "clash", "duel")
        assert scene.model.objective_progress() == ""  # nobody holds the shrine yet
        shoot(app, f"round-limit-{size[0]}")
        assert f"Round {scene.model.round_no()} of 12" in drawn, drawn
    finally:
        app.close()


@pytest.mark.parametrize("zoomed", [False, True])
def test_a_new_window_size_refits_the_board_unless_the_player_zoomed(
    tmp_path: Path, zoomed: bool
) -> None:
    from dataclasses import replace

    app = quick_window(tmp_path, size=SMALL)
    try:
        scene = _screen(app, "clash", "fort")
        if zoomed:
            scene._zoom(scene.viewport.center, -1)
            app.step(1)
        before = scene.camera.cell_px
        app.settings = replace(app.settings, window=(1920, 1080))
        app.apply_window_settings()  # what Settings does on Apply
        app.step(2)
        shoot(app, f"refit-{'zoomed' if zoomed else 'fit'}")
        assert app.screen.get_size() == (1920, 1080)
        if zoomed:
            assert scene.camera.cell_px == before  # the player's zoom is kept
        else:
            expected = scene.first_camera(scene.camera).cell_px
            assert scene.camera.cell_px == expected > before
    finally:
        app.close()


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_the_house_rules_help_of_every_rule_is_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    from game.rulesets import ruleset_ids
    from game.ui import house_rules
    from game.ui.house_rules import HouseRulesScene, rule_options
    from game.ui.theme import font
    from game.ui.wrapping import wrap

    shown: list[tuple[str, pygame.Rect, int]] = []
    real = house_rules.draw_paragraphs

    def record(surface: pygame.Surface, text: str, rect: pygame.Rect, **k: object) -> int:
        shown.append((text, pygame.Rect(rect), int(k["size"])))  # type: ignore[call-overload]
        return real(surface, text, rect, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(house_rules, "draw_paragraphs", record)
    app = quick_window(tmp_path, size=size)
    try:
        tried = 0
        for ruleset in ruleset_ids():
            specs = rule_options(ruleset)
            dialog = HouseRulesScene(ruleset, specs, {}, lambda _v: None)
            app.push(dialog)
            for spec in specs:  # each rule's help in turn, as hovering shows it
                dialog.focus = spec
                shown.clear()
                app.step(1)
                if spec is specs[0]:
                    shoot(app, f"house-help-{ruleset}-{size[0]}")
                text, rect, type_size = shown[-1]
                assert app.screen.get_rect().contains(dialog.panel)
                line = font("body", type_size).get_height() + 3
                lines = wrap(text, rect.w, "body", type_size)
                assert len(lines) * line <= rect.h + 3, (ruleset, spec.name, len(lines))
                tried += 1
            app.pop()
        assert tried >= 7
    finally:
        app.close()


@pytest.mark.parametrize(("ruleset", "name"), [("stress", "village"), ("clash", "fort")])
def test_the_unit_sheet_stays_over_the_board_at_960(small: App, ruleset: str, name: str) -> None:
    scene = _screen(small, ruleset, name)
    for token in scene.engine.tokens():
        scene.sheet_unit = token.key
        small.step(1)
        assert scene.sheet_rect is not None
        assert scene.viewport.contains(scene.sheet_rect), (token.key, scene.sheet_rect)
    shoot(small, f"sheet-{ruleset}-{name}")
