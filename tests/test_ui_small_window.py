"""At the smallest window the game allows (960×540, settings.MIN_WINDOW) nothing is cut
off (issue 4 play-test): the legend, the unit sheet, the reaction prompt and the victory
screen each fit inside the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App, Scene
from game.ui.legend import BOTTOM, GAP, PAD, TOP, LegendScene, items, layout
from game.ui.settings import Settings

SMALL = (960, 540)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[App]:
    a = App(
        Settings(reaction_prompts="always", ai_speed="fast"),
        settings_file=tmp_path / "settings.json",
        size=SMALL,
    )
    yield a
    a.close()


class _Blank(Scene):
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))


def test_the_legend_fits_the_smallest_window_with_every_entry(small: App) -> None:
    window = small.screen.get_rect()
    assert window.size == SMALL
    small.push(_Blank())
    legend = LegendScene()
    small.push(legend)
    small.step(1)
    assert legend.panel is not None and window.contains(legend.panel)
    panel, columns, fit = layout(*SMALL)
    assert panel == legend.panel
    assert [i for col in columns for i in col] == items()  # nothing left out
    for n, col in enumerate(columns):
        assert panel.x + PAD + n * (fit.col_w + GAP) + fit.col_w <= panel.right
        assert TOP + sum(i.height(fit) for i in col) <= panel.h - BOTTOM + 4


def _inside(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return outer.contains(inner)


def test_a_long_unit_sheet_fits_the_smallest_window(small: App, tmp_path: Path) -> None:
    from test_ui_play import _party_turn

    from game.rules.grid.components import Conditions
    from game.ui.sheet_panel import sheet_layout

    units = (("Ash", "party", "captain", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    scene = _party_turn(small, tmp_path, units)
    c = scene.battle.edit("ash", Conditions)
    c.prone = c.total_defense = c.disengaged = c.mortally_wounded = c.held_action = True
    scene.engine._stamp = -1  # read the conditions set by hand
    scene.sheet_unit = "ash"
    small.step(1)
    window = small.screen.get_rect()
    assert scene.sheet_rect is not None and _inside(window, scene.sheet_rect)
    token = scene.engine.token("ash")
    assert token is not None and len(token.conditions) >= 5
    # every row is placed and the last line of each column ends inside the panel
    rows = scene.engine.sheet_lines("ash")
    layout = sheet_layout(rows + [("Conditions", "")] * 12, scene.viewport, window)
    assert _inside(window, layout.rect)
    for column in layout.columns:
        lines = sum(len(v) * layout.line_h + 4 for _, v in column)
        assert 106 + lines + 24 <= layout.rect.h + 1


def test_the_reaction_prompt_fits_the_smallest_window(small: App, tmp_path: Path) -> None:
    from test_ui_play import _battle_at_a_reaction

    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene

    for offered in ("total_defense", "snap_attack"):
        battle = _battle_at_a_reaction(tmp_path / offered, offered)
        scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
        small.push(scene)
        small.step(2)
        rect = scene.prompt_rect()
        assert _inside(small.screen.get_rect(), rect), offered
        assert scene.prompt_buttons and all(_inside(rect, b.rect) for b in scene.prompt_buttons)
        small.pop()


def test_the_victory_screen_fits_the_smallest_window_even_with_many_sides(small: App) -> None:
    from game.ui.victory_scene import VictoryScene
    from game.ui.victory_summary import SideSummary

    sides = [SideSummary(f"Side {i}", "#a04030", 5, 2, 3, 0, 0, 17) for i in range(8)]
    small.push(_Blank())
    victory = VictoryScene(
        "Victory!",
        "#3060a0",
        12,
        sides,
        "Side 0 hold the field after 12 rounds.",
        lambda: None,
        play_again=lambda same: None,
        watch=lambda: None,
    )
    small.push(victory)
    small.step(1)
    window = small.screen.get_rect()
    assert victory.panel is not None and _inside(window, victory.panel)
    assert all(_inside(victory.panel, b.rect) for b in victory.buttons)


def test_every_side_keeps_its_initiative_chip_in_the_smallest_window(
    small: App, tmp_path: Path
) -> None:
    from test_ui_play import _party_turn

    units = (("Ash", "party", "captain", 1, 1), ("Gor", "foes", "bandit", 6, 4))
    scene = _party_turn(small, tmp_path, units)
    sides = list(scene.engine.sides())
    assert len(sides) == 2
    for side in sides:  # long names, as the shipped maps have
        object.__setattr__(side, "name", side.name + " of the Long Marches and the Fens")
    scene.engine.sides = lambda: sides  # type: ignore[method-assign]
    scene._hud.clear()
    small.step(1)
    assert len(scene.chip_rects) == 2
    assert all(r.right <= scene.menu_button.rect.x for r in scene.chip_rects)


def test_a_sheet_label_wider_than_its_column_puts_its_value_below_it() -> None:
    """Play-test 10 (stress fort, 960x540): "Fine Sword +1" ran into "1d8 slashing" in a
    two-column sheet; a label too wide for its column has the line to itself."""
    from game.ui import theme
    from game.ui.sheet_panel import sheet_layout

    pygame.font.init()
    rows = [("Stress", "7/7"), ("Fine Sword of the Long Watch +1", "1d8 slashing, speed +2")]
    rows += [(f"Row {n}", "a value of some length " * 3) for n in range(24)]
    small = pygame.Rect(0, 0, 600, 420)
    layout = sheet_layout(rows, small, pygame.Rect(0, 0, 960, 540))
    placed = {label: lines for column in layout.columns for label, lines in column}
    bold = theme.font("bold", layout.size)
    assert bold.size("Fine Sword of the Long Watch +1")[0] > layout.label_w - 8
    assert placed["Fine Sword of the Long Watch +1"][0] == ""
    assert "1d8" in " ".join(placed["Fine Sword of the Long Watch +1"][1:])
    assert placed["Stress"] == ["7/7"]  # a label that fits keeps its value beside it
