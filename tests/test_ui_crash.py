"""Issue 30: a bug of the game's own does not close the window. The loop autosaves a
sound battle, writes a crash report into the data folder and shows the crash screen with
"Continue from the autosave" and "Back to menu"."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import esper
import pygame
import pytest
from ui_support import DEADLINE_S, drawn_frame, quick_window, step_until, write_map

from game.engine import Answer, Battle
from game.saves import resume_save
from game.ui.app import App
from game.ui.crash import CrashScene, handle_crash
from game.ui.flow import GameFlow
from game.ui.map_view import MapView
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene, ai_controller, play_scene_for


class InjectedFault(RuntimeError):
    pass


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(tmp_path: Path, data: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    a.on_crash = handle_crash  # as the game sets it
    yield a
    a.close()


def _battle_on_screen(app: App, tmp_path: Path) -> tuple[GameFlow, PlayScene]:
    """A battle through the game's own flow, the player's answers given (each autosaved)
    until the foes' turn; nobody answers for the foes."""
    flow = GameFlow(app, tmp_path / "saves")
    app.crash_menu = flow.back_to_menu
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bea", "party", "warrior", 1, 3),
        ("Gor", "foes", "bandit", 6, 4),
    )
    path = write_map(tmp_path / "saves", 8, 6, units=units)  # where saves look for maps
    battle = Battle(path, "grid", 9, {"party": "human", "foes": "ai"})
    scene = play_scene_for(battle, MapView.from_file(path), flow, fog=False)
    assert isinstance(scene, PlayScene)
    scene.ai_answer = None
    app.push(scene)
    app.step(1)
    for _ in range(3):
        d = battle.pending
        if d is None or not scene.human_turn():
            break
        end = next((o.answer for o in d.options if o.kind == "end_turn" and o.answer), None)
        assert scene.give(end if end is not None else battle.legal_answers()[0])
    assert battle.answers and app.top is scene
    return flow, scene


def _click(app: App, pos: tuple[int, int]) -> None:
    app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def test_a_fault_in_a_scene_shows_the_crash_screen_with_a_report_and_an_autosave(
    app: App, tmp_path: Path, data: Path
) -> None:
    _flow, scene = _battle_on_screen(app, tmp_path)
    battle = scene.battle
    answers = list(battle.answers)
    seed, world = battle.seed, battle.world_name

    def broken(surface: pygame.Surface) -> None:
        raise InjectedFault("a bug drawing the board")

    scene.draw = broken  # type: ignore[method-assign]
    app.guarded_step(1)  # what the loop runs: the window stays open

    crash = app.top
    assert isinstance(crash, CrashScene) and len(app.stack) == 1
    assert app.running
    # the report: in the data folder, with the traceback, version, map, seed, answers
    report = crash.outcome.report
    assert report is not None and report.parent == data / "crashes"
    text = report.read_text(encoding="utf-8")
    assert "InjectedFault: a bug drawing the board" in text
    assert "version: " in text and f"seed: {seed}" in text
    assert f"map: {battle.battlefield.path}" in text
    assert f"answers ({len(answers)}):" in text
    assert all(a.describe() in text for a in answers)
    # the autosave written at the crash loads, with every answer
    saved = crash.outcome.autosave
    assert saved is not None and saved.is_file()
    assert str(saved) not in ("",) and saved.name in crash.outcome.note
    replayed = resume_save(saved)
    assert list(replayed.battle.answers) == answers
    replayed.battle.close()
    assert scene.closed, "the crashed battle's world is let go"
    # the screen says so, and draws
    lines = " ".join(crash.lines())
    assert str(report) in lines and "saved" in lines
    app.step(1)
    assert crash.resume_button.enabled and crash.back_button.label == "Back to menu"

    _click(app, crash.resume_button.rect.center)
    again = app.top
    assert isinstance(again, PlayScene) and again is not scene
    assert list(again.battle.answers)[: len(answers)] == answers  # the AI may go on
    assert again.battle.world_name != world


def test_back_to_menu_from_the_crash_screen(app: App, tmp_path: Path) -> None:
    _flow, scene = _battle_on_screen(app, tmp_path)

    def broken(dt: float) -> None:
        raise InjectedFault("a bug in an update")

    scene.update = broken  # type: ignore[method-assign]
    app.guarded_step(1)
    crash = app.top
    assert isinstance(crash, CrashScene)
    app.step(1)
    _click(app, crash.back_button.rect.center)
    assert isinstance(app.top, MenuScene)


def test_a_battle_broken_off_inside_the_engine_is_not_saved_as_it_stands(
    app: App, tmp_path: Path
) -> None:
    _flow, scene = _battle_on_screen(app, tmp_path)
    battle = scene.battle
    kept = len(battle.answers)
    before = list(battle.answers)

    class Broken:
        def send(self, _answer: object) -> None:
            raise InjectedFault("the rules broke mid-answer")

    battle._flow = Broken()  # type: ignore[assignment]
    d = battle.pending
    assert d is not None
    end = next(o.answer for o in d.options if o.kind == "end_turn" and o.answer)

    def give_in_a_frame(_dt: float) -> None:
        scene.give(end)

    scene.update = give_in_a_frame  # type: ignore[method-assign, assignment]
    app.guarded_step(1)
    crash = app.top
    assert isinstance(crash, CrashScene)
    assert crash.outcome.autosave is None
    assert "middle of an answer" in crash.outcome.note
    assert crash.outcome.report is not None
    # Continue goes back to the autosave before the broken answer
    app.step(1)
    _click(app, crash.resume_button.rect.center)
    again = app.top
    assert isinstance(again, PlayScene), app.messages
    assert list(again.battle.answers)[:kept] == before  # the AI may go on from there


def test_a_crash_of_the_crash_screen_itself_is_raised(app: App, tmp_path: Path) -> None:
    _flow, scene = _battle_on_screen(app, tmp_path)
    scene.update = lambda dt: (_ for _ in ()).throw(InjectedFault("first"))  # type: ignore[method-assign]
    app.guarded_step(1)
    crash = app.top
    assert isinstance(crash, CrashScene)
    crash.draw = lambda surface: (_ for _ in ()).throw(InjectedFault("second"))  # type: ignore[method-assign]
    with pytest.raises(InjectedFault, match="second"):
        app.guarded_step(1)


def test_a_crash_while_the_ai_thinks_hands_the_battle_over_when_the_ai_lets_go(
    app: App, tmp_path: Path, data: Path
) -> None:
    """The AI's worker has the battle (its answer is held back, as for a slow AI on a big
    map) when the game trips: the crash screen shows at once, the battle is saved and its
    esper world let go only once the worker has let go of it, and the worker's late answer
    changes nothing."""
    _flow, scene = _battle_on_screen(app, tmp_path)
    battle = scene.battle
    world = battle.world_name
    real = ai_controller(dict(battle.controllers), battle.seed)
    assert real is not None
    started, released = threading.Event(), threading.Event()
    late: list[Answer] = []

    def held(b: Battle) -> Answer:
        started.set()
        released.wait(DEADLINE_S)  # a cap only, so a broken test cannot hang
        answer = real(b)
        late.append(answer)
        return answer

    scene.ai_answer = held
    step_until(app, started.is_set, "the AI thinking")
    answers = list(battle.answers)
    try:
        raise InjectedFault("a bug while the AI thinks")
    except InjectedFault as exc:
        handle_crash(app, exc)  # as ``guarded_step`` does with a frame's exception
    crash = app.top
    assert isinstance(crash, CrashScene) and len(app.stack) == 1
    drawn = app.frames
    app.step(1)
    app.step(1)
    assert app.frames > drawn, "the crash screen is drawn while the AI's worker thinks"
    assert not released.is_set() and not late, "the worker still had the battle"
    assert world in esper.list_worlds(), "no world is deleted under the worker"
    assert not crash.resume_button.enabled and not crash.back_button.enabled
    assert "AI" in " ".join(crash.lines())
    # the report is written at once (a window closed now would lose nothing else)
    reports = list((data / "crashes").glob("crash-*.txt"))
    assert len(reports) == 1 and crash.outcome.report == reports[0]
    assert "a bug while the AI thinks" in reports[0].read_text(encoding="utf-8")

    released.set()
    step_until(app, lambda: crash.outcome.autosave is not None, "the hand-over")
    assert late, "the worker finished its thought"
    for _ in range(3):
        drawn_frame(app)
    assert app.top is crash and list(battle.answers) == answers, "the late answer was dropped"
    assert world not in esper.list_worlds(), "the battle's world was let go"
    assert scene.closed
    saved = crash.outcome.autosave
    assert saved is not None and crash.outcome.report == reports[0]
    assert list((data / "crashes").glob("crash-*.txt")) == reports  # the same report, whole
    assert "save: " + crash.outcome.note in reports[0].read_text(encoding="utf-8")
    replayed = resume_save(saved)
    assert list(replayed.battle.answers) == answers
    replayed.battle.close()
    assert crash.resume_button.enabled and crash.back_button.enabled
