"""Issue 30 with issue 6: in ``App``'s own loop the autosave after every answer is written
by a thread of its own, off the frame; it always writes the newest state, in order, and
nothing is lost: leaving the battle, a crash or ``flush`` puts the newest on disk."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import quick_window, step_until, write_map

from game.ai import make_controller
from game.engine import Battle
from game.saves import Autosaver, SaveData, load_battle, read_save
from game.ui.ai_worker import WORLD_LOCK, frame_lock_acquire, frame_lock_release
from game.ui.app import App
from game.ui.autosave_writer import THREAD_NAME, AutosaveWriter
from game.ui.battle_saves import BattleSaves
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene, ai_controller

FOES = (("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 8, 5))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, ai_speed="fast")
    yield a
    a.close()


def _battle(tmp_path: Path, sides: dict[str, str]) -> Battle:
    path = write_map(tmp_path / "maps", 10, 7, walls=(), units=FOES)
    return Battle(path, "grid", 4, sides)


def _newest(folder: Path) -> Battle:
    latest = Autosaver(folder).latest()
    assert latest is not None
    return load_battle(latest)  # replays the answers and checks the saved state hash


def _answer_in_frames(battle: Battle, saves: BattleSaves, count: int) -> None:
    """``count`` answers, each given holding the frame's lock, as a frame of the game's
    loop gives them, its autosave handed to the writer."""
    ai = make_controller("baseline", 4, "grid")
    for _ in range(count):
        assert frame_lock_acquire(5.0)
        try:
            d = battle.pending
            assert d is not None
            assert battle.answer(ai.choose(battle, d)).ok
            saves.autosave(battle, None, later=True)
        finally:
            frame_lock_release()


def test_the_writer_puts_the_newest_state_on_disk_and_flush_waits_for_it(
    tmp_path: Path,
) -> None:
    battle = _battle(tmp_path, {"party": "human", "foes": "human"})
    folder = tmp_path / "saves"
    saves = BattleSaves(lambda line: None, lambda p: True, lambda: None, folder)
    try:
        _answer_in_frames(battle, saves, 12)
        saves.flush()
        assert not saves.writer.pending
        resumed = _newest(folder)
        try:
            assert len(resumed.answers) == len(battle.answers) == 12
            assert resumed.state_hash() == battle.state_hash()
        finally:
            resumed.close()
        files = Autosaver(folder).autosaves()
        assert 1 <= len(files) <= 3, files  # written in order, the last three kept
        assert [read_save(f).answers for f in files] == sorted(
            (read_save(f).answers for f in files), key=len
        )
    finally:
        battle.close()


def test_a_request_not_begun_is_replaced_by_the_newer_one(tmp_path: Path) -> None:
    battle = _battle(tmp_path, {"party": "human", "foes": "human"})
    saver = Autosaver(tmp_path / "saves")
    writer = AutosaveWriter(saver)
    try:
        with WORLD_LOCK:  # a frame: the writer cannot take a snapshot meanwhile
            writer.request(battle, None)
            writer.request(battle, True)
            assert writer.pending
            job = writer.settle()  # taken back before it began
        assert job == (battle, True)
        assert not writer.pending and saver.autosaves() == []
        writer.request(battle, False)
        writer.flush()
        assert read_save(saver.autosaves()[-1]).fog is False
        assert writer.take_outcome() == saver.autosaves()[-1]
    finally:
        battle.close()


def test_a_failed_background_autosave_is_said_once_and_the_battle_goes_on(
    tmp_path: Path,
) -> None:
    battle = _battle(tmp_path, {"party": "human", "foes": "human"})
    blocker = tmp_path / "saves"
    said: list[str] = []
    saves = BattleSaves(said.append, lambda p: True, lambda: None, blocker)
    blocker.write_text("a file where the saves folder should be")
    try:
        for _ in range(3):
            _answer_in_frames(battle, saves, 1)
            saves.flush()
        failures = [line for line in said if line.startswith("Autosave failed")]
        assert len(failures) == 1 and str(blocker) in failures[0], said
        assert len(battle.answers) == 3
    finally:
        battle.close()


def test_in_the_game_loop_the_ai_answers_are_autosaved_off_the_frame(
    app: App, tmp_path: Path
) -> None:
    sides = {"party": "human", "foes": "baseline"}
    battle = _battle(tmp_path, sides)
    folder = tmp_path / "saves"
    saves = BattleSaves(app.notify, lambda p: True, lambda: None, folder)
    scene = PlayScene(
        battle,
        MapView.from_file(battle.battlefield.path),
        lambda: None,
        saves=saves,
    )
    app.background_saves = True  # as in ``App.run``
    app.push(scene)
    app.step(1)
    scene.ai_answer = ai_controller(sides, 4)
    written: list[str] = []
    capture = saves.autosaver.capture

    def spy(battle: Battle, fog: bool | None = None) -> SaveData:
        written.append(threading.current_thread().name)
        return capture(battle, fog)

    saves.autosaver.capture = spy  # type: ignore[method-assign]
    if scene.human_turn():  # the player ends the turn, clicking in a frame
        d = battle.pending
        assert d is not None and frame_lock_acquire(5.0)
        try:
            scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
        finally:
            frame_lock_release()
    step_until(  # by a deadline: frames the AI's worker skips while it thinks move nothing
        app, lambda: scene.human_turn() and not saves.writer.pending, "the AI's turn ended"
    )
    assert written and set(written) == {THREAD_NAME}, written
    scene.discard()  # leaving the battle writes what the writer still had
    resumed = _newest(folder)
    try:
        assert len(resumed.answers) == len(battle.answers)
    finally:
        resumed.close()
