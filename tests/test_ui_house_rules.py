"""House-rule toggles in the menu (issue 7): the selected ruleset's optional rules are
listed as choices, and what the player sets there reaches the battle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import click_step, write_map

from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.house_rules import HouseRulesScene, changed_only, rule_options, summary
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("game.maps.library.shipped_maps_dir", lambda: tmp_path / "no-maps")
    a = App(Settings(), settings_file=tmp_path / "settings.json", size=(1280, 720))
    yield a
    a.close()


def _menu(app: App, tmp_path: Path) -> tuple[GameFlow, MenuScene]:
    flow = GameFlow(app)
    menu = flow.menu(preselect=write_map(tmp_path / "maps", 8, 6), seed=3)
    assert isinstance(menu, MenuScene)
    app.push(menu)
    app.step(1)
    return flow, menu


def _set_ruleset(app: App, menu: MenuScene, ruleset: str) -> None:
    for _ in range(len(menu.ruleset.options)):
        if menu.ruleset.value == ruleset:
            return
        right = menu.ruleset.rect
        click_step(app, (right.right - 8, right.centery))
    assert menu.ruleset.value == ruleset


def test_a_house_rule_toggled_in_the_menu_reaches_the_battle(app: App, tmp_path: Path) -> None:
    _flow, menu = _menu(app, tmp_path)
    _set_ruleset(app, menu, "clash")
    click_step(app, menu.house_rules_button.rect.center)
    app.step(1)
    assert menu.house_rules_button.label == "House rules: as written"
    dialog = app.top
    assert isinstance(dialog, HouseRulesScene)
    labels = [c.label for c in dialog.choices]
    assert [s.label for s in rule_options("clash")] == labels  # every house rule listed
    clashes = dialog.choices[labels.index("Melee clashes")]
    click_step(app, (clashes.rect.right - 8, clashes.rect.centery))  # the › arrow: off → on
    critical = dialog.choices[labels.index("Critical damage")]
    click_step(app, (critical.rect.right - 8, critical.rect.centery))  # d6 → locations
    click_step(app, dialog.done_button.rect.center)
    assert app.top is menu
    app.step(1)
    assert menu.house_rules_button.label == "House rules: 2 changed"
    click_step(app, menu.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, PlayScene)
    assert scene.battle.ruleset_id == "clash"
    options = scene.battle.ruleset_options
    assert options["melee_clashes"] == "on" and options["critical"] == "locations"
    assert options["initiative"] == "declared"  # the rest as written


def test_cancel_keeps_the_house_rules_and_as_written_resets_them(app: App, tmp_path: Path) -> None:
    _flow, menu = _menu(app, tmp_path)
    _set_ruleset(app, menu, "clash")
    menu.house_rules["clash"] = {"morale": "off"}
    click_step(app, menu.house_rules_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, HouseRulesScene)
    assert (
        dict(zip([s.name for s in dialog.specs], [c.value for c in dialog.choices], strict=True))[
            "morale"
        ]
        == "off"
    )
    click_step(app, dialog.reset_button.rect.center)
    click_step(app, dialog.cancel_button.rect.center)
    assert menu.house_rules["clash"] == {"morale": "off"}  # cancelled: unchanged
    click_step(app, menu.house_rules_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, HouseRulesScene)
    click_step(app, dialog.reset_button.rect.center)
    click_step(app, dialog.done_button.rect.center)
    assert menu.house_rules["clash"] == {}
    setup = menu.setup()
    assert setup is not None and setup.options == ()


def test_a_ruleset_without_house_rules_greys_the_button(app: App, tmp_path: Path) -> None:
    _flow, menu = _menu(app, tmp_path)
    _set_ruleset(app, menu, "grid")
    click_step(app, menu.house_rules_button.rect.center)  # loads the ruleset if need be: greyed
    assert app.top is menu  # no dialog (when it was not loaded yet, a note says why)
    app.step(1)
    assert menu.house_rules_button.label == "House rules: none"
    assert not menu.house_rules_button.enabled


def test_house_rule_summary_counts_only_changes() -> None:
    specs = rule_options("clash")
    assert summary(specs, {}) == "House rules: as written"
    assert changed_only(
        specs, {"melee_clashes": "off", "critical": "locations", "nonsense": "1"}
    ) == {"critical": "locations"}
    assert summary(specs, {"critical": "locations"}) == "House rules: 1 changed"
    assert summary((), {}) == "House rules: none"
    assert summary(None, {}) == "House rules"  # the ruleset not loaded yet
