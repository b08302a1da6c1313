"""Play-test 8 fixes: a move onto a square where a fallen ally lies, taken by click and by
the keyboard's Enter (the fallen's card still shows on right-click); the victory screen's
table per unit scrolled by keys; one message for words said again, none left over the end
screen; a top bar whose names and objectives stay readable at 960×540."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from ui_support import quick_window, write_map

import game.ui.victory_scene as victory_scene_module
from game.engine import Battle
from game.ui.app import App, Scene
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.progress_fit import compact_count, short_area, short_names, short_side
from game.ui.victory_scene import VictoryScene
from game.ui.victory_tables import UnitSummary

PARTY_AND_FOE = (
    ("Ada", "party", "warrior", 1, 1),
    ("Bea", "party", "warrior", 2, 1),
    ("Gor", "foes", "bandit", 8, 6),
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, (960, 540))
    yield a
    a.close()


def _press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    app.step(1)


def _kill(battle: Battle, ruleset: str, unit: str) -> None:
    """``unit`` dies where it stands, by each ruleset's own hand."""
    with battle._active():
        ctx = battle.ctx
        if ruleset == "stress":
            from game.rules.stress.units import fighter

            fighter(ctx, unit).dead = True
        elif ruleset == "grid":
            from game.rules.grid.units import conditions

            conditions(ctx, unit).dead = True
        else:
            from game.rules.clash.damage import kill

            kill(ctx, unit, "a test")


def _ada_acting(battle: Battle) -> None:
    """Answer the battle's first decisions until Ada has her turn."""
    for _ in range(10):
        d = battle.pending
        assert d is not None
        if d.kind == "turn" and d.unit == "ada":
            return
        if d.kind == "choose_unit":
            battle.answer(next(a for a in d.answers if getattr(a, "unit", None) == "ada"))
            continue
        ends = [o.answer for o in d.options if o.kind == "end_turn" and o.answer]
        assert ends, f"no way past {d.kind} for {d.side}"
        battle.answer(ends[0])
    raise AssertionError("Ada never got her turn")


def _beside_the_fallen(app: App, tmp_path: Path, ruleset: str) -> tuple[PlayScene, Battle]:
    path = write_map(tmp_path / "map", 10, 8, walls=(), units=PARTY_AND_FOE)
    battle = Battle(path, ruleset, 3, {"party": "human", "foes": "human"})
    _ada_acting(battle)
    _kill(battle, ruleset, "bea")
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    bea = scene.engine.token("bea")
    assert bea is not None and bea.down
    assert bea.cell in scene.ranges("ada").move  # the ruleset offers the square
    return scene, battle


@pytest.mark.parametrize("ruleset", ["grid", "clash", "stress"])
def test_a_click_on_a_fallen_allys_square_moves_there(
    app: App, tmp_path: Path, ruleset: str
) -> None:
    scene, battle = _beside_the_fallen(app, tmp_path, ruleset)
    cell = (2, 1)
    move = scene.answer_for_cell(cell)
    assert move is not None and move in battle.legal_answers()
    scene.click_cell(cell)
    assert move in battle.answers  # clash declares it, the others move at once
    battle.close()


def test_enter_on_a_fallen_allys_square_moves_there_and_right_click_shows_the_fallen(
    app: App, tmp_path: Path
) -> None:
    scene, battle = _beside_the_fallen(app, tmp_path, "stress")
    cell = (2, 1)
    x, y, w, h = scene.camera.cell_to_screen(cell)
    pos = (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=pos))
    app.step(1)
    assert scene.sheet_unit == "bea"
    scene.sheet_unit = None
    for key in (pygame.K_RIGHT, pygame.K_RIGHT):  # the cursor appears on Ada, then moves
        _press(app, key)
    assert scene.hover == cell
    move = scene.answer_for_cell(cell)
    assert move is not None and getattr(move, "to", None) == cell
    _press(app, pygame.K_RETURN)
    assert battle.answers[-1] == move  # declared: the stress rules move it in its phase
    battle.close()


class _Blank(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_the_table_per_unit_scrolls_by_keys_and_says_so(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = victory_scene_module.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        return real(surface, text, *args, **kw)

    monkeypatch.setattr(victory_scene_module, "draw_text", spy)
    units = [UnitSummary(f"Unit {i}", "#a04030", "dead", 1, "7 HP", "0") for i in range(19)]
    victory = VictoryScene("Defeat", "#3060a0", 9, [], "", lambda: None, units=units)
    app.push(_Blank())
    app.push(victory)
    _press(app, pygame.K_u)
    assert victory.per_unit and 1 < victory.unit_rows < 19
    shown, last = victory.unit_rows, 19 - victory.unit_rows
    words = " | ".join(drawn)
    assert f"Units 1–{shown} of 19" in words and "PgUp/PgDn" in words and "Home/End" in words
    _press(app, pygame.K_DOWN)
    assert victory.first == 1
    _press(app, pygame.K_UP)
    assert victory.first == 0
    _press(app, pygame.K_PAGEDOWN)
    assert victory.first == min(last, shown - 1)  # a page, keeping one row in sight
    _press(app, pygame.K_END)
    assert victory.first == last
    _press(app, pygame.K_DOWN)
    assert victory.first == last  # no further
    _press(app, pygame.K_PAGEUP)
    assert victory.first == max(0, last - (shown - 1))
    _press(app, pygame.K_HOME)
    assert victory.first == 0
    _press(app, pygame.K_u)  # the table per side does not scroll
    _press(app, pygame.K_END)
    assert not victory.per_unit and victory.first == 0


def test_a_message_said_again_is_one_message_shown_afresh(app: App) -> None:
    app.push(_Blank())
    app.notify("No target in reach")
    app.step(1)
    first = app.messages[0][1]
    pygame.time.wait(5)
    app.notify("Undo: nothing to undo.")
    app.notify("No target in reach")
    app.notify("No target in reach")
    app.step(1)
    assert [t for t, _ in app.messages] == ["Undo: nothing to undo.", "No target in reach"]
    assert app.messages[-1][1] > first  # its seconds count again
    assert len(app.message_rects(960)) == 2


def test_the_end_screen_opens_clear_of_the_battles_messages(app: App) -> None:
    app.push(_Blank())
    app.notify("No target in reach")
    app.inform("Quicksaved")
    app.step(1)
    units = [UnitSummary("Ada", "#a04030", "dead", 0, "0", "7 HP")]
    app.push(VictoryScene("Defeat", "#3060a0", 9, [], "", lambda: None, units=units))
    app.step(1)
    assert app.messages == [] and app.message_rects(960) == []
    app.notify("Screenshot saved")  # what is said on it still shows
    app.step(1)
    assert [t for t, _ in app.messages] == ["Screenshot saved"]


VILLAGE_LINE = (
    "Haldor's Raiders hold Village square (counts at round 20) · "
    "Haldor's Raiders hold The barn's stores: 1 of 5 rounds"
)
BATTLE_LINE = (
    "The Grey Maw Horde hold South bridge, Watchtower (counts at round 30) · "
    "The Company of the Wren hold North bridge (counts at round 30)"
)


def _top_bar_words(
    app: App, monkeypatch: pytest.MonkeyPatch, name: str, ruleset: str, progress: str
) -> tuple[list[str], list[tuple[int, int, int, int]]]:
    """The texts the top bar draws for map ``name`` with ``progress`` as the objectives'
    line (its second side an AI), and where it draws coloured dots."""
    import game.ui.top_bar as top_bar
    from game.maps import find_map

    path = find_map(name)
    sides = [s.id for s in Battle(path, ruleset, 3, {}).battlefield.scenario.sides]
    battle = Battle(path, ruleset, 3, {s: "ai" if i else "human" for i, s in enumerate(sides)})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    monkeypatch.setattr(scene.model, "objective_progress", lambda: progress)
    drawn: list[str] = []
    dots: list[tuple[int, int, int, int]] = []
    real_text, real_circle = top_bar.draw_text, pygame.draw.circle

    def text(surface: pygame.Surface, words: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(words)
        return real_text(surface, words, *args, **kw)

    def circle(surface: pygame.Surface, colour: Any, *args: Any, **kw: Any) -> pygame.Rect:
        dots.append(tuple(pygame.Color(colour)))  # type: ignore[arg-type]
        return real_circle(surface, colour, *args, **kw)

    monkeypatch.setattr(top_bar, "draw_text", text)
    monkeypatch.setattr(top_bar.pygame.draw, "circle", circle)
    top_bar.draw_top_bar(app.screen, scene.model, scene.menu_button, scene.side_count)
    monkeypatch.undo()
    battle.close()
    return drawn, dots


def test_the_top_bar_at_960_keeps_whole_names_and_compact_objectives(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play-test 8: "2. Hald… (AI) 13/13 · Haldo… hold Village square" at 960×540."""
    drawn, _ = _top_bar_words(app, monkeypatch, "village", "stress", VILLAGE_LINE)
    assert "2. Haldor's Raiders  (AI)  13/13" in drawn, drawn
    assert "Haldor's: Village, Barn 1/5" in drawn, drawn
    assert not [t for t in drawn if "…" in t and "Raid" not in t], drawn  # the title may cut


def test_a_title_that_would_say_nothing_gives_way_to_the_chips(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play-test 8: at 960×540 "The Battl…", "1. Comp…", "2. Grey…" and the objectives
    without their holders: the title goes, the sides keep their short names and each
    area the colour of the side that holds it."""
    drawn, dots = _top_bar_words(app, monkeypatch, "battle", "clash", BATTLE_LINE)
    assert not any("Battle" in t for t in drawn), drawn
    assert "1. Company  14/14" in drawn and "2. Grey Maw  (AI)  29/29" in drawn, drawn
    assert "South bridge, Watchtower" in drawn and "North bridge" in drawn, drawn
    horde, wren = pygame.Color("#8a3b2e"), pygame.Color("#3f6fb5")
    assert dots[-2:] == [tuple(horde), tuple(wren)], dots  # after the chips' own dots
    assert not [t for t in drawn if "…" in t], drawn


@pytest.mark.parametrize(
    ("name", "short"),
    [
        ("The Company", "Company"),
        ("Haldor's Raiders", "Haldor's"),
        ("Black Morcar's Outlaws", "Morcar's"),
        ("The Company of the Wren", "Company"),
        ("Garrison of Greyford", "Garrison"),
        ("The Grey Maw Horde", "Grey Maw"),
        ("The Black Tusk War Band", "Black Tusk"),
        ("Raiders", "Raiders"),
    ],
)
def test_a_sides_short_name(name: str, short: str) -> None:
    assert short_side(name) == short


def test_two_sides_whose_short_names_meet_keep_their_names() -> None:
    names = ["The Company", "The Company of the Wren", "Haldor's Raiders"]
    assert short_names(names) == {
        "The Company": "Company",
        "The Company of the Wren": "Company of the Wren",
        "Haldor's Raiders": "Haldor's",
    }


def test_an_areas_short_name_and_a_compact_count() -> None:
    assert short_area("The barn's stores") == "Barn"
    assert short_area("Village square") == "Village"
    assert short_area("South bridge") == "South bridge"  # "South" alone says nothing
    assert compact_count("1 of 5 rounds") == "1/5"
    assert compact_count("2 of 4 escaped") == "2/4 escaped"
    assert compact_count("held") == "held"
