"""The first battle teaches the game (issue 30 · Learning the game): the lessons' tables,
their maps, and each lesson played to its end through the screen under the dummy driver,
step by step, the hint going on only when the player has done what it asks."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import drawn_frame, quick_window, step_until

from game.engine.answers import ANSWER_TYPES
from game.engine.lesson import Deed, Lesson, LessonStep, LessonTracker
from game.geometry.grid import Cell
from game.rules.clash.lesson import CLASH_LESSON
from game.rules.grid.lesson import GRID_LESSON
from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "assets" / "src"))
import make_tutorial_maps  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


# -- the tables ---------------------------------------------------------------------------


def _all_lessons() -> list[Lesson]:
    from game.engine.presenter import Presenter
    from game.rules import get_ruleset, ruleset_ids

    out: list[Lesson] = []
    for rid in ruleset_ids():
        presenter = get_ruleset(rid).presenter()
        assert isinstance(presenter, Presenter)
        out += presenter.lessons()
    return out


def test_every_lesson_has_its_map_and_names_only_answers_the_game_knows() -> None:
    lessons = _all_lessons()
    assert {x.map for x in lessons} >= {"tutorial", "tutorial_clash"}
    decisions = {"choose_unit", "turn", "reaction"}
    for lesson in lessons:
        path = ROOT / "maps" / f"{lesson.map}.tmx"
        assert path.is_file(), path
        for step in lesson.steps:
            assert step.hint and step.title and len(step.hint) < 260, step.key
            for deed in step.deeds:
                assert not deed.answer or deed.answer in ANSWER_TYPES, (step.key, deed)
                assert not deed.decision or deed.decision in decisions, (step.key, deed)


def test_the_lesson_maps_are_what_their_script_makes_and_come_first_in_the_menu() -> None:
    for name, text in make_tutorial_maps.build_all().items():
        assert (ROOT / "maps" / name).read_text(encoding="utf-8") == text, (
            f"maps/{name} is stale: run python assets/src/make_tutorial_maps.py"
        )
    from game.ui.catalogue import load_catalogue

    entries = load_catalogue()
    assert [e.path.stem for e in entries[:2]] == ["tutorial", "tutorial_clash"]
    assert entries[0].title == "Learn to play" and entries[0].difficulty == "tutorial"


def test_a_step_goes_on_only_when_one_of_its_deeds_is_done() -> None:
    from game.engine.events import Moved, Note

    lesson = Lesson(
        "m",
        1,
        "T",
        (
            LessonStep("a", "A", "look", (Deed(look="preview"),)),
            LessonStep("b", "B", "walk", (Deed(event="moved", mine=True),)),
        ),
        "done",
    )
    t = LessonTracker(lesson)
    assert not t.looked("cover") and t.step is not None and t.step.key == "a"
    assert t.looked("preview") and t.step is not None and t.step.key == "b"
    assert not t.happened([Note("x")], lambda u: True)
    walked = Moved(unit="foe", who="Foe", start=(0, 0), path=((0, 1),), feet=5)
    assert not t.happened([walked], lambda u: u == "ada")  # not the player's unit
    assert t.happened([walked], lambda u: True) and t.finished and not t.skipped
    with pytest.raises(ValueError):
        Deed(look="the sky")
    with pytest.raises(ValueError):
        Deed(answer="move", look="preview")


# -- playing the grid lesson through the screen --------------------------------------------


def _until_human(app: App, scene: PlayScene) -> None:
    """Let the AI's side play until the player decides: by a deadline, not a number of
    frames (frames the AI's worker skips move nothing; under load 300 of them were not
    enough, and the lesson went on in the AI's turn)."""

    def players_turn() -> bool:
        d = scene.battle.pending
        if d is None:
            return True
        busy = scene.anim.busy
        return (
            scene.human_turn()
            and d.kind != "reaction"
            and not busy
            and not isinstance(app.top, HandOffScene)
        )

    step_until(app, players_turn, "the player's turn", updates=2)


def _pos(scene: PlayScene, cell: Cell) -> tuple[int, int]:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    return (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)


def _hover(app: App, scene: PlayScene, cell: Cell) -> None:
    pos = _pos(scene, cell)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    drawn_frame(app)  # handled, even while the AI thinks (it skips frames)


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    drawn_frame(app)


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    drawn_frame(app)


def _cell_of(scene: PlayScene, name: str) -> Cell:
    token = next(t for t in scene.engine.tokens() if t.name == name)
    return token.cell


def _acting(scene: PlayScene) -> str:
    d = scene.battle.pending
    return scene.battle.unit(d.unit).name if d is not None and d.unit else ""


def _start_lesson(app: App, tmp_path: Path, lesson: Lesson = GRID_LESSON) -> PlayScene:
    """A first start: the menu opens on the (grid) lesson; Enter starts the one asked."""
    flow = GameFlow(app, tmp_path / "saves")
    menu = flow.menu()
    app.push(menu)
    app.step(1)
    assert isinstance(menu, MenuScene) and menu.entry is not None
    assert menu.entry.title == "Learn to play"
    menu.select(next(i for i, e in enumerate(menu.entries) if e.path.stem == lesson.map))
    app.step(1)
    _key(app, pygame.K_RETURN)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.guide is not None
    assert scene.guide.lesson == lesson and scene.battle.seed == lesson.seed
    _until_human(app, scene)
    return scene


def _bar_button(scene: PlayScene, kind: str) -> tuple[int, int]:
    scene._build_bar()
    return next(b.rect.center for b, o in scene.action_buttons if o.kind == kind)


def _grid_moves(app: App, scene: PlayScene) -> dict[str, Callable[[], None]]:
    """What the player does for each step of the grid lesson."""

    def select() -> None:
        _click(app, _pos(scene, _cell_of(scene, "Ada")))

    def ada_again() -> None:
        """End the turn of whoever acts until Ada's turn comes back, and take it."""
        for _ in range(6):
            _until_human(app, scene)
            d = scene.battle.pending
            if d is not None and d.kind == "choose_unit":
                select()
            elif _acting(scene) == "Ada" and scene.battle.pending is not None:
                return
            else:
                _key(app, pygame.K_e)
        raise AssertionError("Ada's turn never came")

    def shock() -> None:
        _key(app, pygame.K_e)  # Bran's turn
        ada_again()
        _click(app, _pos(scene, _cell_of(scene, "Old Grey")))

    def away() -> None:
        _hover(app, scene, (4, 4))

    def disengage() -> None:
        _key(app, pygame.K_e)
        ada_again()
        _click(app, _bar_button(scene, "disengage"))

    return {
        "select": select,
        "move": lambda: _click(app, _pos(scene, (6, 4))),
        "preview": lambda: _hover(app, scene, _cell_of(scene, "Old Grey")),
        "attack": lambda: _click(app, _pos(scene, _cell_of(scene, "Old Grey"))),
        "end": lambda: _key(app, pygame.K_e),
        "cover": lambda: _hover(app, scene, _cell_of(scene, "Crooked Bones")),
        "shock": shock,
        "opportunity": away,
        "disengage": disengage,
        "retreat": lambda: _click(app, _pos(scene, (3, 4))),
        "finish": lambda: _key(app, pygame.K_e),
    }


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
def test_the_grid_lesson_plays_to_its_end_through_the_screen_step_by_step(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = quick_window(tmp_path, size=size)
    try:
        _play_the_grid_lesson(app, tmp_path)
    finally:
        app.close()


def _play_the_grid_lesson(app: App, tmp_path: Path) -> None:
    scene = _start_lesson(app, tmp_path)
    guide = scene.guide
    assert guide is not None
    moves = _grid_moves(app, scene)
    assert [s.key for s in GRID_LESSON.steps] == list(moves)
    for i, step in enumerate(GRID_LESSON.steps):
        _until_human(app, scene)
        assert guide.tracker.step == step, f"expected step {step.key}"
        # in the side panel, under the card and above the log: never over the board or bar
        assert guide.rect.h > 0 and scene.side_rect.contains(guide.rect), step.key
        assert guide.rect.top >= scene.card_rect.bottom and guide.rect.bottom < scene.log.rect.top
        assert guide.rect.contains(guide.button.rect)
        moves[step.key]()
        app.step(1)
        # the AI answers what the deed asked of it first (Old Grey's reaction to Ada's miss,
        # before its Shock: under load the worker was still thinking on it a frame later)
        _until_human(app, scene)
        assert guide.tracker.index == i + 1, f"step {step.key} did not finish"
    assert guide.tracker.finished and not guide.tracker.skipped
    assert guide.visible  # the closing words, with their Close button
    _click(app, guide.button.rect.center)
    app.step(1)
    assert not guide.visible and scene.note_h == 0


def test_the_lesson_waits_for_the_deed_and_f2_skips_it(app: App, tmp_path: Path) -> None:
    scene = _start_lesson(app, tmp_path)
    guide = scene.guide
    assert guide is not None
    _hover(app, scene, _cell_of(scene, "Old Grey"))  # a look the first step does not ask
    app.step(3)
    assert guide.tracker.index == 0
    log_top = scene.log.rect.y
    _key(app, pygame.K_F2)
    app.step(1)
    assert guide.tracker.skipped and not guide.visible
    assert scene.note_h == 0 and scene.log.rect.y < log_top  # the log has its room back


@pytest.mark.parametrize(("prompt_first", "size"), [(False, (1280, 720)), (True, (960, 540))])
def test_the_clash_guided_round_plays_to_its_end_through_the_screen(
    tmp_path: Path, prompt_first: bool, size: tuple[int, int]
) -> None:
    """The steps follow what happens (play-test 3): the reaction prompt comes right after
    declaring, and the hint says React while it is up; the panel may be read before the
    prompt is answered, or after it (in the next round, once its plans are revealed).
    While the hint asks to read the round plan, it is unfolded, in a small window too."""
    app = quick_window(tmp_path, reaction_prompts="always", size=size)
    try:
        scene = _start_lesson(app, tmp_path, CLASH_LESSON)
        guide = scene.guide
        assert guide is not None

        def hover_plans() -> None:
            _click_free(app, (5, 5))
            _click_free(app, (scene.intentions.rect.centerx + 5, scene.intentions.rect.centery))

        def hover_order() -> None:
            _click_free(app, (scene.intentions.rect.x + 40, scene.intentions.rect.bottom - 6))

        def declare() -> None:
            foe = "Raider" if any(t.name == "Raider" for t in scene.engine.tokens()) else "Thrall"
            _click(app, _pos(scene, _cell_of(scene, foe)))

        def react() -> None:
            assert scene.prompt_buttons, "no reaction prompt"
            if not prompt_first:  # the panel first, with the prompt up
                hover_plans()
                hover_order()
                assert guide.tracker.done_keys[-2:] == ["reveal", "order"]
                assert guide.tracker.step is not None and guide.tracker.step.key == "react"
            _click(app, scene.prompt_buttons[0].rect.center)

        def reveal() -> None:
            hover_plans()
            if guide.tracker.step is not None and guide.tracker.step.key == "reveal":
                declare()  # nothing revealed yet this round: declare, and look again

        moves = {"declare": declare, "reveal": reveal, "order": hover_order, "react": react}
        assert [s.key for s in CLASH_LESSON.steps] == list(moves)
        shown: list[str] = []
        for _ in range(12):
            step_until(  # the raiders answer; the prompt waits for Hild
                app,
                lambda: scene.battle.over or (scene.human_turn() and not scene.anim.busy),
                "Hild's turn",
                updates=2,
            )
            step = guide.tracker.step
            if step is None:
                break
            if scene.prompt_buttons and "react" not in guide.tracker.done_keys:
                assert step.key == "react", "the prompt is up: the hint is about it"
            title, _ = guide._texts()
            assert title.startswith(f"Lesson {CLASH_LESSON.steps.index(step) + 1}/")
            if step.key in ("reveal", "order"):
                assert scene.intentions.pointed and not scene.intentions.folded
            else:
                assert scene.intentions.folded == scene.intentions.small, (step.key, shown)
            if not shown or shown[-1] != step.key:
                shown.append(step.key)
            moves[step.key]()
            app.step(1)
        assert guide.tracker.finished and not guide.tracker.skipped
        assert sorted(guide.tracker.done_keys) == sorted(moves)
        assert shown[:2] == ["declare", "react"]
        if prompt_first:
            assert shown[2:] == ["reveal", "order"]
    finally:
        app.close()


def _click_free(app: App, pos: tuple[int, int]) -> None:
    """Rest the pointer at ``pos`` (no click)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0,) * 3))
    drawn_frame(app)


def test_the_menu_points_from_the_rules_to_their_lesson_and_l_opens_it(
    app: App, tmp_path: Path
) -> None:
    flow = GameFlow(app, tmp_path / "saves")
    menu = flow.menu()
    app.push(menu)
    app.step(1)
    assert isinstance(menu, MenuScene)
    menu.select(next(i for i, e in enumerate(menu.entries) if e.path.stem == "duel"))
    menu.ruleset.set_value("clash")
    assert menu.entry is not None
    app.step(1)
    assert menu.lesson_button.visible  # the pointer, below the description
    assert menu.lesson_button.label == "Learn to play: Clash (L)"
    _key(app, pygame.K_l)
    assert menu.entry is not None and menu.entry.path.stem == "tutorial_clash"
    app.step(1)
    assert not menu.lesson_button.visible  # it is the lesson
    assert "A lesson" in menu._about(menu.entry)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_no_title_or_hint_of_a_lesson_is_cut(tmp_path: Path, size: tuple[int, int]) -> None:
    app = quick_window(tmp_path, size=size)
    try:
        scene = _start_lesson(app, tmp_path)
        guide = scene.guide
        assert guide is not None
        for lesson in (GRID_LESSON, CLASH_LESSON):
            guide.lesson = lesson
            guide.tracker = LessonTracker(lesson)
            for i in range(len(lesson.steps) + 1):  # each step, then the closing words
                guide.tracker.index = i
                app.step(1)
                box, button = guide.rect, guide.button.rect
                assert scene.side_rect.contains(box) and box.contains(button)
                title = guide.title_in(button.left - box.x - 18)  # as drawn
                assert "…" not in title, (size, title)
                assert title.endswith(lesson.steps[i].title if i < len(lesson.steps) else "done")
    finally:
        app.close()


def test_a_lesson_resumed_from_a_save_goes_on_at_the_step_it_was_at(
    app: App, tmp_path: Path
) -> None:
    """A saved lesson goes on with its hints where it was: the steps done before the save
    stay done (the preview, a look the save cannot hold, counts as done because the
    attack that follows it was made)."""
    scene = _start_lesson(app, tmp_path)
    guide = scene.guide
    assert guide is not None
    moves = _grid_moves(app, scene)
    for key in ("select", "move", "preview", "attack"):
        _until_human(app, scene)
        moves[key]()
        app.step(1)
    _until_human(app, scene)  # Old Grey's reaction to the attack: no thought under way
    assert guide.tracker.index == 4
    assert scene.saves is not None and isinstance(scene.flow, GameFlow)
    path = scene.saves.save(scene.battle, scene.fog)
    assert path is not None
    assert scene.flow.resume(path)
    resumed = app.top
    assert isinstance(resumed, PlayScene) and resumed is not scene
    assert resumed.guide is not None and resumed.guide.tracker.index == 4
    assert resumed.guide.tracker.done_keys == ["select", "move", "preview", "attack"]


def test_catching_up_passes_a_look_only_when_the_step_after_it_was_done() -> None:
    from game.engine.answers import EndTurn
    from game.engine.events import Moved

    lesson = Lesson(
        "m",
        1,
        "T",
        (
            LessonStep("walk", "W", "walk", (Deed(event="moved", mine=True),)),
            LessonStep("look", "L", "look", (Deed(look="preview"),)),
            LessonStep("end", "E", "end", (Deed(answer="end_turn"),)),
        ),
        "done",
    )
    walked = Moved(unit="ada", who="Ada", start=(0, 0), path=((0, 1),), feet=5)
    t = LessonTracker(lesson)
    t.catch_up([walked], lambda u: True)
    assert t.step is not None and t.step.key == "look"  # the look may not have been seen
    t = LessonTracker(lesson)
    t.catch_up([walked, ("turn", EndTurn(unit="ada"))], lambda u: True)
    assert t.finished and t.done_keys == ["walk", "look", "end"]
