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
