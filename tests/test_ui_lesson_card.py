"""Play-test 4: at 960×540 the lesson's hint took the unit card's rows (only "…
right-click: the full sheet", no HP, no AC) and the log showed 1-3 lines though step 7
says "watch the log". The card keeps its stat lines, the hint's type shrinks first."""

from __future__ import annotations

from pathlib import Path

from test_ui_lesson import _start_lesson, _until_human
from test_ui_lesson_branches import _to_step
from ui_support import quick_window

from game.rules.clash.lesson import CLASH_LESSON
from game.ui import theme
from game.ui.play_scene import PlayScene
from game.ui.unit_card import least_height, rows_height, styles


def shown(scene: PlayScene) -> list[str]:
    """The labels of the card's rows as drawn."""
    return [label for label, _ in scene._card_fit()[1]]


def stacked(scene: PlayScene) -> None:
    """Card, hint and log one under the other inside the side panel."""
    guide = scene.guide
    assert guide is not None
    assert scene.card_rect.bottom <= guide.rect.top < guide.rect.bottom <= scene.log.rect.top
    assert scene.log.rect.bottom <= scene.side_rect.bottom


def test_the_card_keeps_hp_and_ac_beside_the_hint_at_960(tmp_path: Path) -> None:
    app = quick_window(tmp_path, size=(960, 540))
    try:
        scene = _start_lesson(app, tmp_path)
        _to_step(app, scene, "shock")  # "… attack Old Grey with Ada again and watch the log"
        app.step(2)
        assert "log" in scene.pointed
        assert shown(scene)[:3] == ["HP", "Status", "AC"], shown(scene)
        assert scene.log._visible_rows() >= 5
        stacked(scene)
        guide = scene.guide
        assert guide is not None  # its hint in a smaller type than the roomy one
        assert guide._style(guide.rect.w, guide.rect.h)[0] < theme.SIZE_SMALL
    finally:
        app.close()


def test_the_clash_card_keeps_its_stat_lines_at_960(tmp_path: Path) -> None:
    app = quick_window(tmp_path, size=(960, 540))
    try:
        scene = _start_lesson(app, tmp_path, CLASH_LESSON)
        _until_human(app, scene)
        app.step(2)
        assert shown(scene)[:4] == ["HP", "Status", "Attributes", "Armor"], shown(scene)
        assert scene.log._visible_rows() >= 3
        stacked(scene)
    finally:
        app.close()


def test_the_least_card_holds_its_first_rows() -> None:
    tight = styles()[-1]
    assert least_height(9, frozenset()) == rows_height(4, *tight)
    assert least_height(9, frozenset({"log"})) == rows_height(3, *tight)
    assert least_height(2, frozenset()) == rows_height(2, *tight)
