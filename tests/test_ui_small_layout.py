"""The battle screen and menus at small windows (issue 30's first hour, play-test at
960×540): what the player opened is drawn on top, the panels leave the board usable, and
texts are cut only with an ellipsis, where there is no room."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_support import quick_window

from game.engine import Battle
from game.ui.app import App, Scene
from game.ui.intentions_panel import PlanScreen
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene

ROOT = Path(__file__).resolve().parents[1]
FORT = ROOT / "maps" / "fort.tmx"
SMALL = (960, 540)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=SMALL)
    yield a
    a.close()


def shoot(app: App, name: str) -> None:
    """A screenshot to look at when SHIELDWALL_SHOTS names a folder."""
    folder = os.environ.get("SHIELDWALL_SHOTS")
    if folder:
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


def on_screen(app: App, ruleset: str, path: Path = FORT) -> PlayScene:
    battle = Battle(path, ruleset, 4, {"party": "human", "horde": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(2)
    return scene


@pytest.mark.parametrize("ruleset", ["clash", "stress"])
def test_the_unit_sheet_is_drawn_over_the_round_plan(small: App, ruleset: str) -> None:
    scene = on_screen(small, ruleset)
    scene.intentions.folded = False
    token = next(t for t in scene.engine.tokens() if t.side == "party")
    scene.sheet_unit = token.key
    order: list[str] = []
    plan_draw, sheet_draw = scene.intentions.draw, scene._draw_sheet

    def plan(
        surface: pygame.Surface, screen: PlanScreen, avoid: Sequence[pygame.Rect] = ()
    ) -> None:
        order.append("plan")
        plan_draw(surface, screen, avoid)

    def sheet(surface: pygame.Surface, key: str) -> None:
        order.append("sheet")
        sheet_draw(surface, key)

    scene.intentions.draw = plan  # type: ignore[method-assign,assignment]
    scene._draw_sheet = sheet  # type: ignore[method-assign]
    small.step(1)
    shoot(small, f"sheet-{ruleset}")
    assert scene.sheet_rect is not None and scene.sheet_rect.colliderect(scene.intentions.rect)
    assert order == ["plan", "sheet"]
    # a click on the sheet over the plan's title does not fold the plan under it
    spot = scene.sheet_rect.clip(scene.intentions.rect).move(0, 0).topleft
    spot = (spot[0] + 2, spot[1] + 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=spot))
    small.step(1)
    assert not scene.intentions.folded


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1366, 768)])
def test_the_window_sizes_in_settings_run_smallest_first(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from game.ui.overlays import SettingsScene

    app = quick_window(tmp_path, size=size)
    try:
        scene = SettingsScene()
        app.push(scene)
        app.step(1)
        sizes = [tuple(int(n) for n in o.split(" × ")) for o in scene.window.options]
        assert sizes == sorted(sizes, key=lambda s: s[0] * s[1])
        assert len(sizes) == len(set(sizes)) >= 4
        assert scene.window.value == f"{size[0]} × {size[1]}"
        shoot(app, f"settings-{size[0]}")
    finally:
        app.close()


def test_the_objective_countdown_survives_a_small_window(
    small: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.top_bar as top_bar

    scene = on_screen(small, "clash")
    progress = "The Black Tusk War Band hold Gatehouse: 4 of 5 rounds"
    monkeypatch.setattr(scene.model, "objective_progress", lambda: progress)
    drawn: list[tuple[str, pygame.Rect]] = []
    real = top_bar.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(top_bar, "draw_text", spy)
    top_bar.draw_top_bar(small.screen, scene.model, scene.menu_button, scene.side_count)
    shoot(small, "top-bar-960")
    shown = [(t, r) for t, r in drawn if "of 5 rounds" in t or "4/5" in t]
    assert shown, [t for t, _ in drawn]
    text, rect = shown[0]
    assert text.endswith(("4 of 5 rounds", "Gatehouse 4/5")), text  # play-test 8: "4/5"
    assert rect.right <= scene.menu_button.rect.x
    assert all(not r.colliderect(rect) for t, r in drawn if t != text)


def test_progress_shortens_names_first_then_leaves_them_out() -> None:
    from game.ui.progress_fit import Segment, fit_segments
    from game.ui.top_bar import fit_progress

    pygame.font.init()
    line = "Haldor's Raiders hold Village square: 4 of 5 rounds · East road: 1 of 4 escaped"
    assert fit_progress(line, 4000) == line
    # play-test 8: counts in few letters, the holder's short name, the area's short name,
    # then the side's colour for the holder (play-test 3: who holds what stays)
    some = fit_progress(line, 420)
    assert some == "Haldor's Raiders hold Village square 4/5 · East road 1/4 escaped", some
    fewer = fit_progress(line, 330)
    assert fewer == "Haldor's hold Village 4/5 · East road 1/4 escaped", fewer
    assert fit_progress(line, 260) == "Village 4/5 · East road 1/4 escaped"
    dots = fit_segments(line, 260, {"Haldor's Raiders": "#a8432f"})
    assert dots == [Segment("Village 4/5", "#a8432f"), Segment("East road 1/4 escaped")]
    hold = "Haldor's Raiders hold Village square (counts at round 20)"
    # play-test 4: the round note goes first; who holds what stays
    assert fit_progress(hold, 200) == "Haldor's hold Village square"
    assert fit_progress(hold, 130) == "Haldor's: Village"
    assert fit_progress("Gate held by nobody yet", 80).endswith("…")


def test_two_areas_of_one_short_name_keep_their_names_and_a_cut_says_how_many_went() -> None:
    from game.ui.progress_fit import area_shorts
    from game.ui.top_bar import fit_progress

    pygame.font.init()
    # review: "Barn roof" and "Barn door" both shortened to "Barn" ("…: Barn, Barn 1/5")
    assert area_shorts(["Barn roof", "Barn door", "Village square"]) == {
        "Barn roof": "Barn roof",
        "Barn door": "Barn door",
        "Village square": "Village",
    }
    line = "Haldor's Raiders hold Barn roof, Barn door: 1 of 5 rounds · Village square: 2 of 3"
    assert "Barn, Barn" not in fit_progress(line, 260)
    # objectives left out of a line too narrow for them all say so: "+N"
    many = " · ".join(f"Post {n} held by nobody" for n in range(1, 7))
    cut = fit_progress(many, 160)
    assert cut.endswith(("+5", "+4", "+3", "+2", "+1")), cut


VILLAGE = ROOT / "maps" / "village.tmx"


@pytest.mark.parametrize("size", [SMALL, (1000, 600), (1280, 720), (1920, 1080)])
def test_the_log_starts_at_an_entry_and_the_help_card_leaves_it_room(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = quick_window(tmp_path, size=size)
    try:
        battle = Battle(VILLAGE, "grid", 11, {"party": "human", "raiders": "ai"})
        scene = PlayScene(battle, MapView.from_file(VILLAGE), lambda: None)
        app.push(scene)
        app.step(2)
        scene.selected = None
        for i in range(12):  # long entries: each wraps in the side column
            scene.log.add(f"Entry {i}: " + "a long line of the log that wraps " * 2)
        scene.log.add("The last entry, short")
        app.step(1)
        shoot(app, f"log-{size[0]}")
        assert scene.card_token() is None
        shown = scene.log.shown
        assert shown and shown[0][2], shown[:2]  # begins at an entry's first row
        assert shown[-1][0] == "The last entry, short"
        assert scene.card_rect.h <= scene.side_rect.h * 0.45
        assert len(shown) >= 6
        for rect in scene.card_row_rects:
            assert scene.card_rect.contains(rect), (rect, scene.card_rect)
    finally:
        app.close()


def test_the_log_shows_whole_entries_and_only_a_too_tall_one_in_part() -> None:
    from game.ui.log_panel import shown_rows

    rows = [("a1", "", True), ("a2", "", False), ("b1", "", True), ("b2", "", False)]
    rows += [("b3", "", False)]
    assert shown_rows(rows, 5, 4) == (2, 5)  # not "a2": b whole
    assert shown_rows(rows, 5, 5) == (0, 5)
    assert shown_rows(rows, 5, 2) == (2, 4)  # b is taller than the panel: its first rows
    assert shown_rows(rows, 2, 5) == (0, 2)  # scrolled back to a
    assert shown_rows([], 0, 3) == (0, 0)


def _victory() -> object:
    from game.ui.victory_scene import VictoryScene
    from game.ui.victory_tables import SideSummary, UnitSummary

    sides = [
        SideSummary("The Company", "#3f6fb5", 2, 2, 0, 0, 0, 29, "14 HP, 10 of a second track"),
        SideSummary("Wulf's Brigands of the Shrine", "#a8432f", 2, 0, 1, 0, 1, 5, "5 HP"),
    ]
    more = (("Gear", "intact"),)
    units = [
        UnitSummary("Hild", "#3f6fb5", "standing", 1, "14 HP, 10 of a second track", "0", more),
        UnitSummary("Crow", "#a8432f", "incapacitated", 0, "0", "5 HP", more),
        UnitSummary("Wulf Half-Hand", "#a8432f", "surrendered", 0, "0", "0", more),
    ]
    return VictoryScene("The Company win", "#3f6fb5", 1, sides, "", lambda: None, units=units)


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
def test_the_victory_tables_show_every_name_and_value_whole(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.victory_tables as tables
    from game.ui.victory_scene import VictoryScene

    app = quick_window(tmp_path, size=size)
    try:
        scene = _victory()
        assert isinstance(scene, VictoryScene)
        app.push(scene)
        drawn: list[tuple[str, pygame.Rect]] = []
        real = tables.draw_text

        def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
            rect = real(surface, text, *args, **kw)  # type: ignore[arg-type]
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(tables, "draw_text", spy)
        for per_unit in (False, True):
            scene.per_unit = per_unit
            drawn.clear()
            app.step(1)
            shoot(app, f"victory-{size[0]}-{'units' if per_unit else 'sides'}")
            texts = [t for t, _ in drawn]
            assert not [t for t in texts if t.endswith("…")], texts
            assert "14 HP, 10 of a second track" in texts
            assert "Wulf Half-Hand" in texts or not per_unit
            assert scene.panel is not None
            for i, (_, a) in enumerate(drawn):
                assert scene.panel.contains(a)
                for _, b in drawn[i + 1 :]:
                    assert not a.colliderect(b), (a, b)
    finally:
        app.close()


def test_the_victory_line_says_round_for_one() -> None:
    from game.ui.victory_summary import rounds

    assert rounds(1) == "1 round"
    assert rounds(4) == "4 rounds"


class _Backdrop(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
def test_the_house_rules_dialog_fits_the_window_for_every_ruleset(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from game.rulesets import ruleset_ids
    from game.ui.house_rules import HouseRulesScene, rule_options

    app = quick_window(tmp_path, size=size)
    try:
        app.push(_Backdrop())
        window = app.screen.get_rect()
        tried = 0
        for ruleset in ruleset_ids():
            specs = rule_options(ruleset)
            if not specs:
                continue
            tried += 1
            dialog = HouseRulesScene(ruleset, specs, {}, lambda _v: None)
            app.push(dialog)
            app.step(1)
            shoot(app, f"house-rules-{ruleset}-{size[0]}")
            panel = dialog.panel
            assert window.inflate(-8, -8).contains(panel), (ruleset, panel)
            parts = [c.rect for c in dialog.choices]
            buttons = [dialog.done_button, dialog.reset_button, dialog.cancel_button]
            parts += [dialog.help_rect, *(b.rect for b in buttons)]
            for i, a in enumerate(parts):
                assert panel.contains(a), (ruleset, a, panel)
                for b in parts[i + 1 :]:
                    assert not a.colliderect(b), (ruleset, a, b)
            assert dialog.help_rect.y >= panel.y + 84  # under the title
            app.pop()
        assert tried >= 3
    finally:
        app.close()


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
def test_the_menu_uses_its_room_and_cuts_only_with_an_ellipsis(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.ui.map_rows as map_rows
    import game.ui.menu as menu_module
    import game.ui.widgets as widgets
    from game.ui.catalogue import MapEntry, load_catalogue
    from game.ui.menu import MenuScene

    entries = load_catalogue()
    broken = MapEntry(
        tmp_path / "no_spawns.tmx", "no_spawns", "", "grid", (), (0, 0), problem="no spawns"
    )
    entries.append(broken)
    fort = next(i for i, e in enumerate(entries) if e.path.name == "fort.tmx")
    drawn: list[tuple[str, pygame.Rect]] = []
    for module in (map_rows, menu_module, widgets):
        real = module.draw_text

        def spy(
            surface: pygame.Surface, text: str, *a: Any, _real: Any = real, **kw: Any
        ) -> pygame.Rect:
            rect = _real(surface, text, *a, **kw)
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(module, "draw_text", spy)
    app = quick_window(tmp_path, size=size)
    try:
        menu = MenuScene(entries, ["grid", "clash", "factions"], start=lambda s: None)
        app.push(menu)
        menu.select(fort)
        drawn.clear()
        app.step(1)
        shoot(app, f"menu-fort-{size[0]}")
        joined = " ".join(t for t, _ in drawn)
        entry = entries[fort]
        assert entry.title in joined, joined
        for side in entry.sides:
            assert side.name in joined, (side.name, joined)
            if size != SMALL:  # room enough: on one line, beside a box that fits its values
                assert side.name in [t for t, _ in drawn], side.name
        menu.select(len(entries) - 1)
        drawn.clear()
        app.step(1)
        shoot(app, f"menu-broken-{size[0]}")
        subs = [(t, r) for t, r in drawn if t.startswith("cannot be played")]
        assert subs
        for text, rect in subs:
            assert rect.right <= menu.rows.rect.right - 4, (text, rect, menu.rows.rect)
            assert text.endswith(("why", ")", "…")), text
    finally:
        app.close()


@pytest.mark.parametrize("size", [SMALL, (1280, 720), (1920, 1080)])
def test_the_round_plan_starts_folded_on_a_small_board_and_ctrl_tab_opens_it(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from game.ui.intentions_panel import MIN_WIDTH

    app = quick_window(tmp_path, size=size)
    try:
        scene = on_screen(app, "clash")
        panel, view = scene.intentions, scene.viewport
        shoot(app, f"plan-{size[0]}")
        small = size == SMALL
        assert panel.folded == small
        if small:
            assert panel.rect.h <= 50 and panel.rect.w <= max(MIN_WIDTH, view.w * 2 // 5)
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_CTRL)
        )
        app.step(1)
        assert panel.folded != small
        shoot(app, f"plan-{size[0]}-toggled")
        assert view.contains(panel.rect)
        if small:  # opened by the player: as long as it is, never wider than two fifths
            assert panel.rect.h > 100 and panel.rect.w <= max(MIN_WIDTH, view.w * 2 // 5)
    finally:
        app.close()


@pytest.mark.parametrize("folded", [None, False])
def test_the_round_plan_and_the_camera_leave_the_attacked_unit_in_sight(
    tmp_path: Path, folded: bool | None
) -> None:
    from test_ui_play import _click_at
    from ui_support import write_map

    from game.engine.answers import EndTurn
    from game.rules.clash.declare import ClashAttack
    from game.ui.settings import Settings

    app = App(Settings(), settings_file=tmp_path / "s.json", size=SMALL)
    try:
        units = (("Ada", "party", "warrior", 30, 20), ("Wulf", "foes", "bandit", 31, 20))
        path = write_map(tmp_path / "map", 36, 26, units=units)
        battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        app.push(scene)
        app.step(1)
        scene.intentions.chosen = folded
        middle = (SMALL[0] // 2, SMALL[1] // 2)
        assert scene.give(EndTurn("ada"))
        app.step(1)
        _click_at(app, middle)
        foe = next(t.key for t in scene.engine.tokens() if t.side == "foes")
        assert scene.give(ClashAttack(foe, "ada", "spear"))
        app.step(1)
        _click_at(app, middle)
        for _ in range(3):  # the player looks elsewhere (zoomed in, far corner)
            scene.camera = scene.camera.zoom_at(0, 0, 1)
        scene.camera = scene.camera.pan(5000, 5000).clamped(36, 26)
        scene.prompt.decision_id = -1  # the prompt comes up now
        app.step(2)
        assert scene.decision is not None and scene.decision.kind == "reaction"
        shoot(app, f"reaction-plan-{folded}")
        ada = scene.engine.token("ada")
        assert ada is not None and ada.cell is not None
        x, y, w, h = scene.camera.cell_to_screen(ada.cell)
        square = pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h)
        assert scene.viewport.contains(square)
        assert not scene.prompt.rect.colliderect(square)
        assert not scene.intentions.rect.colliderect(square)
        assert not scene.intentions.rect.colliderect(scene.prompt.rect)
    finally:
        app.close()
