"""Play-test 3: on the victory screen the Per side / Per unit button covered the last
letter of a long headline at 1920×1080. The headline keeps clear of it (moved left,
smaller, cut last) and stays centred when it fits beside it."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_victory_units import _Blank
from ui_support import quick_window

from game.ui.victory_scene import VictoryScene
from game.ui.victory_tables import UnitSummary


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("headline", ["Haldor's Raiders win", "Draw", "Black Morcar's Outlaws win"])
def test_the_headline_keeps_clear_of_the_table_button(
    tmp_path: Path, size: tuple[int, int], headline: str
) -> None:
    app = quick_window(tmp_path, size)
    try:
        units = [UnitSummary(f"Unit {i}", "#a04030", "dead", 1, "7 WP", "0") for i in range(5)]
        victory = VictoryScene(headline, "#a04030", 5, [], "", lambda: None, units=units)
        app.push(_Blank())
        app.push(victory)
        for per_unit in (False, True):
            if victory.per_unit != per_unit:
                victory.toggle_units()
            app.step(1)
            text = victory.headline_rect
            assert text.w > 0 and not text.colliderect(victory.units_button.rect)
            assert victory.panel is not None and victory.panel.contains(text)
        if headline == "Draw" and victory.panel is not None:
            assert abs(text.centerx - victory.panel.centerx) <= 4
    finally:
        app.close()
