"""The main menu (issue 4 · Menu): map list, ruleset preselected, sides, seed, start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import click_step, write_map

from game.maps.battlefield import SideInfo
from game.ui.app import App
from game.ui.catalogue import MapEntry
from game.ui.menu import BattleSetup, MenuScene, default_controllers
from game.ui.settings import Settings

PARTY = SideInfo("party", "The Party", "#3060c0", "any", True)
FOES = SideInfo("foes", "Bandits", "#c03030", "any")
AI_ONLY = SideInfo("beasts", "Beasts", "#30c030", "ai")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(Settings(), settings_file=tmp_path / "settings.json", size=(1280, 720))
    yield a
    a.close()


def _entries(tmp_path: Path) -> list[MapEntry]:
    path = write_map(tmp_path / "m")
    return [
        MapEntry(path, "Field", "Two bands meet.", "grid", (PARTY, FOES), (10, 8)),
        MapEntry(path, "Clash field", "Other rules.", "clash", (FOES, PARTY, AI_ONLY), (10, 8)),
        MapEntry(
            tmp_path / "bad.tmx",
            "bad",
            "",
            "grid",
            (),
            (0, 0),
            problem="bad.tmx: layer 'ground' is missing",
        ),
    ]


def test_party_side_is_human_and_others_ai_by_default() -> None:
    ai = "AI (normal)"
    assert default_controllers([FOES, PARTY]) == [ai, "Human"]
    assert default_controllers([FOES, AI_ONLY]) == ["Human", ai]
    assert default_controllers([SideInfo("a", "A", "#000000", "human"), PARTY]) == ["Human", ai]


def test_start_hands_over_map_ruleset_controllers_and_seed(app: App, tmp_path: Path) -> None:
    started: list[BattleSetup] = []
    menu = MenuScene(_entries(tmp_path), ["grid", "clash"], start=started.append)
    app.push(menu)
    app.step(1)
    click_step(app, menu.seed.rect.center)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="42x7"))
    app.step(1)
    click_step(app, menu.start_button.rect.center)
    assert len(started) == 1
    setup = started[0]
    assert setup.map.title == "Field" and setup.ruleset == "grid"
    assert setup.controllers == (("party", "human"), ("foes", "ai"))
    assert setup.seed == 427  # the seed field takes digits only


def test_selecting_a_map_preselects_its_ruleset_and_lists_its_sides(
    app: App, tmp_path: Path
) -> None:
    menu = MenuScene(_entries(tmp_path), ["grid", "clash"], start=lambda s: None)
    app.push(menu)
    app.step(1)
    click_step(app, menu.rows.row_rect(1).center)
    assert menu.selected == 1 and menu.ruleset.value == "clash"
    assert [c.label for c in menu.side_choices] == ["Bandits", "The Party", "Beasts"]
    # a side the map reserves for the AI offers no other choice
    assert menu.side_choices[2].options == ["AI (normal)"]


def test_switching_a_side_to_human_makes_a_hotseat_battle(app: App, tmp_path: Path) -> None:
    started: list[BattleSetup] = []
    menu = MenuScene(_entries(tmp_path), ["grid"], start=started.append)
    app.push(menu)
    app.step(1)
    right = menu.side_choices[1].rect
    click_step(app, (right.right - 8, right.centery))
    assert menu.side_choices[1].value == "Human"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    app.step(1)
    assert started and started[0].controllers == (("party", "human"), ("foes", "human"))


def test_a_broken_map_is_listed_with_its_problem_and_cannot_start(app: App, tmp_path: Path) -> None:
    started: list[BattleSetup] = []
    menu = MenuScene(_entries(tmp_path), ["grid"], start=started.append)
    app.push(menu)
    app.step(1)
    menu.select(2)
    app.step(1)
    assert not menu.start_button.enabled
    assert "ground" in menu.start_button.reason
    click_step(app, menu.start_button.rect.center)
    assert started == []
    assert "ground" in menu.tooltip(menu.rows.row_rect(2).center)


def test_the_menu_draws_a_thumbnail_of_the_map(app: App, tmp_path: Path) -> None:
    menu = MenuScene(_entries(tmp_path), ["grid"], start=lambda s: None)
    app.push(menu)
    app.step(1)
    thumbs = [t for t in menu._thumbs.values() if isinstance(t, pygame.Surface)]
    assert thumbs, "no thumbnail was rendered"
    # the test map is green grass with one grey wall
    big = max(thumbs, key=lambda s: s.get_width())
    r, g, b, _ = big.get_at((2, 2))
    assert g > r and g > b


def test_quit_button_ends_the_game(app: App, tmp_path: Path) -> None:
    menu = MenuScene(_entries(tmp_path), ["grid"], start=lambda s: None)
    app.push(menu)
    app.step(1)
    click_step(app, menu.quit_button.rect.center)
    assert not app.running


def test_the_menu_lists_every_shipped_map(app: App) -> None:
    from game.maps import shipped_maps_dir
    from game.ui.flow import GameFlow

    shipped = sorted(p.resolve() for p in shipped_maps_dir().glob("*.tmx"))
    if not shipped:
        pytest.skip("no shipped maps yet")
    menu = GameFlow(app).menu()
    assert isinstance(menu, MenuScene)
    listed = {e.path.resolve() for e in menu.entries}
    assert set(shipped) <= listed
    for entry in menu.entries:
        if entry.path.resolve() in shipped:
            assert entry.playable, entry.problem
            assert entry.title and entry.briefing and len(entry.sides) >= 2


@pytest.mark.parametrize("size", [(960, 540), (1024, 640), (1280, 720)])
def test_the_setup_widgets_fit_the_window_without_overlapping(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Play-test (issue 4): at 960×540 Start covered the Seed and Fog rows and House rules
    fell onto the bottom buttons. For a two-side and a three-side map every widget sits
    inside the window, none overlaps another, and the form stays inside its panel."""
    a = App(Settings(), settings_file=tmp_path / "settings.json", size=size)
    try:
        menu = MenuScene(_entries(tmp_path), ["grid", "clash"], start=lambda s: None)
        a.push(menu)
        for index in (0, 1):
            menu.select(index)
            a.step(1)
            window = pygame.Rect((0, 0), size)
            shown = [w for w in menu.widgets() if w.visible]
            assert len(shown) == 9 + index  # the three-side map has one more row
            for widget in shown:
                assert window.contains(widget.rect), widget
            for i, one in enumerate(shown):
                for other in shown[i + 1 :]:
                    assert not one.rect.colliderect(other.rect), (one, other)
            form = [menu.ruleset, menu.seed, menu.fog, menu.house_rules_button]
            for widget in form + menu.side_choices:
                assert menu.detail_rect.contains(widget.rect), widget
                assert widget.rect.h >= 26
    finally:
        a.close()


def test_the_first_frame_loads_no_ruleset_code_and_the_next_shows_the_rules(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu's first frame shows at once (issue 32 · first frame): the chosen map's
    picture loads, the ruleset's code waits for the next frame, which the menu asks for
    at once."""
    from game.ui import house_rules
    from game.ui.menu import RULESET_HINT

    imported: list[str] = []
    monkeypatch.setattr(house_rules, "loaded", lambda ruleset: bool(imported))

    def description(ruleset: str) -> str:
        imported.append(ruleset)
        return "Turns go side by side."

    monkeypatch.setattr(house_rules, "description", description)
    menu = MenuScene(_entries(tmp_path), ["grid"], start=lambda s: None)
    app.push(menu)
    app.step(1)
    assert imported == [] and menu.ruleset.hint == RULESET_HINT
    assert any(isinstance(t, pygame.Surface) for t in menu._thumbs.values())
    assert menu.next_change() == 0
    app.step(1)
    assert imported == ["grid"]
    assert menu.ruleset.hint == f"{RULESET_HINT} Turns go side by side."


def test_the_sides_tooltip_says_what_every_offered_level_is(tmp_path: Path) -> None:
    """Play-test 11 · 5: the tooltip named easy, normal and hard only; the list also
    offers baseline, tactical and search."""
    from game.rulesets import ruleset_ids
    from game.ui import theme
    from game.ui.flow import ai_levels
    from game.ui.wrapping import wrap

    levels = ai_levels()
    assert {"baseline", "tactical", "search"} <= set(levels)
    menu = MenuScene(_entries(tmp_path), ["grid", "clash"], start=lambda s: None, ai_levels=levels)
    for i, free in ((0, True), (1, True), (1, False)):
        menu.select(i)
        choice = menu.side_choices[0 if free else 2]  # the clash field's third is AI-only
        lines = choice.hint.splitlines()
        assert lines[0].startswith("Who commands")
        told = [line.split(": ", 1) for line in lines[1:] if not line.startswith("This map")]
        assert [label for label, _ in told] == choice.options, lines
        assert all(len(about) > 10 for _, about in told)
        for line in lines[1:]:  # one short line each: no line of the tooltip (320 px) wraps
            assert len(wrap(line, 320, "body", theme.SIZE_SMALL)) == 1, line
        assert ("This map reserves it for the AI." in lines) is not free
        words = choice.hint.lower().replace(".", " ").replace(":", " ").split()
        assert not set(words) & set(ruleset_ids()), choice.hint  # shared UI names no ruleset
