"""#29: the menu remembers the battle last started (map, ruleset, who commands each side,
seed, fog) in the settings file, across launches and after a battle."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import write_map

from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene
from game.ui.settings import LastSetup, Settings, load_settings, save_settings


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own with two maps of the player's; no shipped maps."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(folder))
    monkeypatch.setattr("game.maps.library.shipped_maps_dir", lambda: tmp_path / "no-maps")
    write_map(folder / "maps", 9, 7).rename(folder / "maps" / "meadow.tmx")
    write_map(folder / "maps", 8, 6)  # field.tmx
    return folder


def _app(tmp_path: Path) -> App:
    settings, problem = load_settings(tmp_path / "settings.json")
    assert problem is None
    return App(settings, settings_file=tmp_path / "settings.json", size=(1280, 720))


@pytest.fixture
def first(tmp_path: Path, data: Path) -> Iterator[App]:
    a = _app(tmp_path)
    yield a
    a.close()


def _menu(flow: GameFlow) -> MenuScene:
    menu = flow.menu()
    assert isinstance(menu, MenuScene)
    flow.app.push(menu)
    flow.app.step(1)
    return menu


def _pick_second_map_hotseat_seed_fog(menu: MenuScene) -> None:
    assert len(menu.entries) >= 2
    menu.select(1)
    for choice in menu.side_choices:
        choice.set_value("Human")
    menu.seed.text = "4242"
    menu.fog.set_value("on")


def test_the_next_launch_opens_on_the_battle_last_started(first: App, tmp_path: Path) -> None:
    flow = GameFlow(first)
    menu = _menu(flow)
    _pick_second_map_hotseat_seed_fog(menu)
    wanted = menu.setup()
    assert wanted is not None
    menu.start_button.on_click()
    assert isinstance(first.top, PlayScene)
    first.top.discard()
    first.close()
    raw = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert raw["last_setup"]["seed"] == "4242"
    # a new launch: a new window reading the same settings file
    again = _app(tmp_path)
    try:
        menu = _menu(GameFlow(again))
        got = menu.setup()
        assert got is not None
        assert got.map.path == wanted.map.path and got.map.path != menu.entries[0].path
        assert (got.ruleset, got.controllers, got.seed, got.fog) == (
            wanted.ruleset,
            wanted.controllers,
            4242,
            True,
        )
    finally:
        again.close()


def test_back_from_a_battle_the_menu_keeps_the_setup(first: App) -> None:
    flow = GameFlow(first)
    menu = _menu(flow)
    _pick_second_map_hotseat_seed_fog(menu)
    wanted = menu.setup()
    menu.start_button.on_click()
    flow.back_to_menu()
    back = first.top
    assert isinstance(back, MenuScene)
    assert back.setup() == wanted


def test_a_remembered_map_that_is_gone_leaves_the_menu_on_its_defaults(
    first: App, data: Path
) -> None:
    first.save_settings(
        Settings(last_setup=LastSetup(str(data / "gone.tmx"), "clash", (("party", "ai"),), "9"))
    )
    menu = _menu(GameFlow(first))
    setup = menu.setup()
    assert setup is not None and setup.map.path == menu.entries[0].path
    assert setup.seed is None and ("party", "human") in setup.controllers


def test_a_command_line_map_wins_over_the_remembered_one(first: App, data: Path) -> None:
    flow = GameFlow(first)
    menu = _menu(flow)
    menu.select(1)
    last = menu.setup()
    assert last is not None
    menu.start_button.on_click()
    chosen = data / "maps" / "field.tmx"
    again = flow.menu(preselect=chosen)
    assert isinstance(again, MenuScene) and again.entry is not None
    assert again.entry.path.resolve() == chosen.resolve() != last.map.path.resolve()


def test_last_setup_round_trips_and_a_damaged_one_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    last = LastSetup("/maps/x.tmx", "grid", (("party", "human"), ("foes", "hard")), "7", True)
    save_settings(Settings(last_setup=last), path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded.last_setup == last
    # (a bad seed alone is dropped since play-test 3: test_ui_cli_playtest3)
    path.write_text('{"last_setup": {"map": "/x.tmx", "fog": "maybe"}}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert problem is not None and str(path) in problem and "fog" in problem
