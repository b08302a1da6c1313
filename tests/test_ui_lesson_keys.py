"""Play-test 6: at 960×540 the lesson said "pick Disengage in the bar" while the bar
showed only icons; a hint that names a bar button names its key too."""

from __future__ import annotations

from pathlib import Path

from test_ui_lesson import _grid_moves, _start_lesson, _until_human
from ui_support import quick_window

from game.rules.grid.lesson import GRID_LESSON
from game.ui.fitting import key_name
from game.ui.lesson_guide import with_keys


def test_the_disengage_hint_names_the_key_of_its_bar_button(tmp_path: Path) -> None:
    app = quick_window(tmp_path, size=(960, 540))
    try:
        scene = _start_lesson(app, tmp_path)
        guide = scene.guide
        assert guide is not None
        _grid_moves(app, scene)["select"]()  # Ada's turn: the bar shows her actions
        _until_human(app, scene)
        app.step(1)
        scene._build_bar()
        button = next(b for b, o in scene.action_buttons if o.kind == "disengage")
        assert button.shortcut is not None
        key = key_name(button.shortcut)
        guide.tracker.index = next(
            i for i, s in enumerate(GRID_LESSON.steps) if s.key == "disengage"
        )
        app.step(1)
        _title, hint = guide._texts()
        assert f"pick Disengage (key {key}) in the bar" in hint
    finally:
        app.close()


def test_a_hint_without_a_bar_button_is_left_as_written() -> None:
    hint = "Press E (or End turn in the bar) to end her turn."
    assert with_keys(hint, {"Disengage": "I"}) == hint
    assert with_keys("pick Run in the bar.", {"Run": "1"}) == "pick Run (key 1) in the bar."
