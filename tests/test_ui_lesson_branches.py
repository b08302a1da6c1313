"""A lesson never dead-ends (play-test 3): whatever way the player takes, each step's goal
is reached or the step goes moot with a line saying why, and the lesson plays to its end."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_lesson import (
    _cell_of,
    _click,
    _grid_moves,
    _hover,
    _pos,
    _start_lesson,
    _until_human,
)
from ui_support import quick_window

from game.engine.events import Damaged
from game.rules.grid.lesson import GRID_LESSON
from game.ui import theme
from game.ui.app import App
from game.ui.play_scene import PlayScene
from game.ui.unit_card import LESSON_LOG


def test_the_grid_lesson_goes_on_when_bran_shoots_instead_of_ending_his_turn(
    tmp_path: Path,
) -> None:
    """Bran shoots Crooked Bones (the hint's other option): the dice change, Ada hits and
    Old Grey takes Total Defense, so no miss can Shock him; the step goes on, says why,
    and the lesson plays to its closing words."""
    app = quick_window(tmp_path, size=(960, 540))
    try:
        scene = _start_lesson(app, tmp_path)
        guide = scene.guide
        assert guide is not None
        moves = _grid_moves(app, scene)
        keys = [s.key for s in GRID_LESSON.steps]
        for key in keys[: keys.index("shock")]:
            _until_human(app, scene)
            assert guide.tracker.step is not None and guide.tracker.step.key == key
            moves[key]()
            app.step(1)
        assert guide.tracker.step is not None and guide.tracker.step.key == "shock"
        _click(app, _pos(scene, _cell_of(scene, "Crooked Bones")))  # Bran shoots
        _until_human(app, scene)
        tries = 0
        while guide.tracker.step is not None and guide.tracker.step.key == "shock":
            assert tries < 6, "the Shock step never finished"
            tries += 1
            moves["shock"]()  # E, Ada's turn again, attack Old Grey
            _until_human(app, scene)
        shocked = any(isinstance(e, Damaged) and e.source == "Shock" for e in scene.battle.events)
        assert not shocked, "this branch was meant to show no Shock"
        assert guide.tracker.note.startswith("No Shock then")
        title, hint = guide._texts()
        assert hint.startswith("No Shock then") and "opportunity" in title.lower()
        for key in keys[keys.index("opportunity") :]:
            _until_human(app, scene)
            assert guide.tracker.step is not None and guide.tracker.step.key == key
            moves[key]()
            app.step(1)
        assert guide.tracker.finished and not guide.tracker.skipped
        assert guide.tracker.note == ""
    finally:
        app.close()


def test_a_moot_event_finishes_a_step_only_when_no_deed_came_with_it() -> None:
    from game.engine.events import Note
    from game.engine.lesson import Deed, Lesson, LessonStep, LessonTracker

    step = LessonStep(
        "hurt",
        "Hurt",
        "wait for a hurt",
        (Deed(event="damaged"),),
        moot=(Deed(event="note"),),
        moot_note="It cannot happen now.",
    )
    lesson = Lesson("m", 1, "T", (step, LessonStep("b", "B", "go", (Deed(answer="move"),))), "end")
    hurt = Damaged(unit="foe", who="Foe", amount=1, source="Shock", hp=2, max_hp=3)
    seen = LessonTracker(lesson)
    assert seen.happened([Note("x"), hurt], lambda u: True)
    assert seen.step is not None and seen.step.key == "b" and seen.note == ""
    moot = LessonTracker(lesson)
    assert not moot.happened([], lambda u: True)
    assert moot.happened([Note("x")], lambda u: True)
    assert moot.step is not None and moot.step.key == "b" and moot.note == "It cannot happen now."
    caught = LessonTracker(lesson)
    caught.catch_up([Note("x")], lambda u: True)
    assert caught.index == 1 and caught.note == "It cannot happen now."


def _to_step(app: App, scene: PlayScene, key: str) -> None:
    """Play the grid lesson the usual way until ``key`` is the step shown."""
    guide = scene.guide
    assert guide is not None
    moves = _grid_moves(app, scene)
    for _ in range(len(GRID_LESSON.steps)):
        _until_human(app, scene)
        step = guide.tracker.step
        assert step is not None
        if step.key == key:
            return
        moves[step.key]()
        app.step(1)
    raise AssertionError(f"never came to {key}")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_cover_step_keeps_the_preview_off_the_wall_and_the_lines(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Play-test 3: the preview box covered the low wall and the cover lines the hint
    asks to look at."""
    app = quick_window(tmp_path, size=size)
    try:
        scene = _start_lesson(app, tmp_path)
        _to_step(app, scene, "cover")
        bones = _cell_of(scene, "Crooked Bones")
        _hover(app, scene, bones)
        app.step(1)
        box = scene.preview_rect
        assert box is not None
        d = scene.battle.pending
        assert d is not None and d.unit is not None
        me = scene.engine.token(d.unit)
        assert me is not None
        walls, line = scene._cover_cells(None, me.cell, bones)
        assert walls == [(8, 2)]  # the low wall
        # the wall, the two units and, where the board has room, every square on the line
        for cell in [*walls, me.cell, bones, *(line if size[0] > 960 else [])]:
            x, y, w, h = scene.camera.cell_to_screen(cell)
            square = pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h)
            assert not box.colliderect(square.inflate(-w // 2, -h // 2)), cell
    finally:
        app.close()


def test_the_log_has_room_while_the_hint_says_watch_it(tmp_path: Path) -> None:
    """Play-test 3: at 960x540 the combat log shrank to one line under the hint "watch
    the log"."""
    app = quick_window(tmp_path, size=(960, 540))
    try:
        scene = _start_lesson(app, tmp_path)
        _to_step(app, scene, "shock")
        app.step(2)
        assert "log" in scene.pointed
        assert scene.log.rect.h >= theme.px(LESSON_LOG) - 2  # a few lines
        assert scene.guide is not None and scene.guide.rect.bottom < scene.log.rect.top
    finally:
        app.close()
