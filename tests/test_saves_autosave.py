"""Autosave and atomic writing (issue 6: autosave after every answer into the per-user data
folder, atomically, keeping the last few; a ``kill -9`` loses at most the last answer)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from saves_support import battle_on, play_some, six_map

from game.engine import Battle
from game.saves import Autosaver, SaveError, data_dir, load_battle, read_save, saves_dir
from game.saves import autosave as autosave_module
from game.saves.atomic import STALE_AFTER_S, write_atomic

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return six_map(tmp_path / "maps")


def test_data_folder_comes_from_the_environment_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    assert saves_dir() == tmp_path / "data" / "saves"
    assert Autosaver().directory == tmp_path / "data" / "saves"
    monkeypatch.delenv("SHIELDWALL_DATA_DIR")
    assert data_dir().name.lower() == "shieldwall"


def test_autosave_after_every_answer_keeps_the_newest_few(field: Path, tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "saves", keep=3)
    assert saver.latest() is None
    with battle_on(field, seed=3, answers=0) as battle:
        for _ in range(7):
            play_some(battle, 1, seed=3)
            written = saver.after_answer(battle)
            assert written.name.startswith("autosave-") and written.suffix == ".json"
        files = saver.autosaves()
        assert len(files) == 3
        assert [len(read_save(p).answers) for p in files] == [5, 6, 7]
        latest = saver.latest()
        assert latest == files[-1]
        resumed = load_battle(latest)
        try:
            assert resumed.state_hash() == battle.state_hash()
        finally:
            resumed.close()


def test_autosave_names_keep_increasing_when_the_clock_steps_back(
    field: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    moments = iter([datetime(2030, 1, 1, 12, tzinfo=UTC), datetime(2020, 1, 1, tzinfo=UTC)])

    class Clock(datetime):
        @classmethod
        def now(cls, tz: object = None) -> datetime:  # type: ignore[override]
            return next(moments)

    monkeypatch.setattr(autosave_module, "datetime", Clock)
    saver = Autosaver(tmp_path / "saves", keep=1)
    with battle_on(field, seed=3, answers=1) as battle:
        saver.after_answer(battle)
        play_some(battle, 1, seed=3)
        second = saver.after_answer(battle)
    assert saver.autosaves() == [second]
    assert len(read_save(second).answers) == 2


def test_latest_skips_a_damaged_newest_autosave(field: Path, tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "saves")
    with battle_on(field, seed=3, answers=2) as battle:
        good = saver.after_answer(battle)
        play_some(battle, 1, seed=3)
        bad = saver.after_answer(battle)
    bad.write_bytes(bad.read_bytes()[:100])
    assert saver.latest() == good


def test_autosaver_switching_battles_or_undoing_writes_the_right_answers(
    field: Path, tmp_path: Path
) -> None:
    saver = Autosaver(tmp_path / "saves")
    with battle_on(field, seed=3, answers=6) as one, battle_on(field, seed=4, answers=2) as two:
        saver.after_answer(one)
        path = saver.after_answer(two)
        assert read_save(path).answers == tuple(two.answers)
        assert read_save(path).seed == 4
        while not two.can_undo():
            play_some(two, 1, seed=4)
        saver.after_answer(two)
        assert two.undo()
        path = saver.after_answer(two)
        assert read_save(path).answers == tuple(two.answers)


def test_autosaver_clears_temp_files_left_by_a_killed_writer(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    killed = folder / ".autosave-20300101T000000.000000Z.json.abc123.tmp"
    killed.write_bytes(b"{half")
    long_ago = time.time() - STALE_AFTER_S - 5  # a younger one may be another window's
    os.utime(killed, (long_ago, long_ago))
    (folder / "keep-me.txt").write_text("mine")
    Autosaver(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["keep-me.txt"]


def test_atomic_write_failure_keeps_the_old_file_and_leaves_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "slot.json"
    write_atomic(target, b"old and good")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old and good"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_unwritable_save_folder_is_one_clear_line(field: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x")
    with battle_on(field, seed=3, answers=1) as battle, pytest.raises(SaveError) as err:
        Autosaver(blocker / "saves").after_answer(battle)
    assert str(err.value).startswith(str(blocker / "saves"))
    assert "cannot be written" in str(err.value)


# --- kill -9 in the middle of a battle --------------------------------------------------

_CHILD = """
import sys
sys.path[:0] = [{repo!r}, {tests!r}]
from game.ai import make_controller
from game.engine import Battle
from game.saves import Autosaver
battle = Battle({map!r}, seed=7)
controllers = {{s: make_controller("baseline", 7) for s in battle.controllers}}
saver = Autosaver({saves!r})
while not battle.over:
    decision = battle.pending
    assert battle.answer(controllers[decision.side].choose(battle, decision)).ok
    saver.after_answer(battle)
    print(len(battle.answers), battle.state_hash(), flush=True)
print("over", flush=True)
sys.stdin.read()  # wait to be killed
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9 (POSIX)")
@pytest.mark.parametrize("kill_after", [1, 9, 30])
def test_kill_9_while_autosaving_loses_at_most_the_last_answer(
    field: Path, tmp_path: Path, kill_after: int
) -> None:
    saves = tmp_path / "saves"
    code = _CHILD.format(
        repo=str(REPO), tests=str(REPO / "tests"), map=str(field), saves=str(saves)
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert child.stdout is not None
    printed: dict[int, str] = {}
    try:
        for line in child.stdout:
            if line.startswith("over"):
                break
            count, digest = line.split()
            printed[int(count)] = digest
            if int(count) >= kill_after:
                break
    finally:
        os.kill(child.pid, signal.SIGKILL)
        rest, errors = child.communicate()
    for line in rest.splitlines():  # what it managed to report before it died
        if line and not line.startswith("over"):
            count, digest = line.split()
            printed[int(count)] = digest
    assert child.returncode == -signal.SIGKILL, errors
    last_reported = max(printed)
    latest = Autosaver(saves).latest()
    assert latest is not None
    resumed = load_battle(latest)  # replays and checks the saved state hash
    try:
        n = len(resumed.answers)
        assert last_reported <= n <= last_reported + 1, (n, last_reported)
        if n in printed:
            assert resumed.state_hash() == printed[n]
    finally:
        resumed.close()


def test_a_battle_resumed_from_autosave_finishes_like_the_uninterrupted_one(
    field: Path, tmp_path: Path
) -> None:
    with battle_on(field, seed=8) as whole:
        final, answers = whole.state_hash(), list(whole.answers)
    saver = Autosaver(tmp_path / "saves")
    battle = Battle(field, seed=8)
    try:
        for _ in range(15):
            play_some(battle, 1, seed=8)
            saver.after_answer(battle)
    finally:
        battle.close()
    latest = saver.latest()
    assert latest is not None
    resumed = load_battle(latest)
    try:
        for answer in answers[len(resumed.answers) :]:
            assert resumed.answer(answer).ok
        assert resumed.over and resumed.state_hash() == final
    finally:
        resumed.close()


def test_the_data_folder_override_moves_the_players_maps_and_settings_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.maps import user_maps_dir
    from game.maps.library import map_dirs
    from game.ui.settings import settings_path

    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "stick"))
    assert user_maps_dir() == tmp_path / "stick" / "maps"
    assert map_dirs()[0] == tmp_path / "stick" / "maps"
    assert settings_path() == tmp_path / "stick" / "settings.json"
    assert saves_dir() == tmp_path / "stick" / "saves"
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", "  ")  # blank: the platform's folders
    assert user_maps_dir().parent == data_dir()
    assert data_dir().name.lower() == "shieldwall"


def test_each_battle_keeps_its_own_newest_autosaves(field: Path, tmp_path: Path) -> None:
    """#8: one battle's answers no longer push another battle's autosaves out."""
    saver = Autosaver(tmp_path / "saves", keep=2, battles=5)
    with battle_on(field, seed=3, answers=1) as one, battle_on(field, seed=4, answers=1) as two:
        for _ in range(2):
            play_some(one, 1, seed=3)
            saver.after_answer(one)
        for _ in range(6):
            play_some(two, 1, seed=4)
            saver.after_answer(two)
        files = saver.autosaves()
        tags = [autosave_module.battle_tag(p) for p in files]
        assert len(files) == 4 and len(set(tags)) == 2
        assert [read_save(p).seed for p in files] == [3, 3, 4, 4]
        assert [len(read_save(p).answers) for p in files[2:]] == [6, 7]
        assert saver.latest() == files[-1]


def test_only_the_battles_autosaved_last_keep_their_files(field: Path, tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "saves", keep=3, battles=2)
    for seed in (3, 4, 5):
        with battle_on(field, seed=seed, answers=2) as battle:
            saver.after_answer(battle)
            play_some(battle, 1, seed=seed)
            saver.after_answer(battle)
    assert sorted({read_save(p).seed for p in saver.autosaves()}) == [4, 5]
    assert len(saver.autosaves()) == 4


def test_a_battle_resumed_from_its_autosave_goes_on_in_the_same_files(
    field: Path, tmp_path: Path
) -> None:
    saver = Autosaver(tmp_path / "saves", keep=2)
    with battle_on(field, seed=3, answers=2) as battle:
        first = saver.after_answer(battle)
    resumed = load_battle(first)
    try:
        saver.continues(resumed, first)
        play_some(resumed, 1, seed=3)
        again = saver.after_answer(resumed)
        tag = autosave_module.battle_tag(first)
        assert tag and autosave_module.battle_tag(again) == tag
        manual = tmp_path / "mine.json"
        manual.write_bytes(again.read_bytes())
        saver.continues(resumed, manual)  # loaded from a manual save: a battle of its own
        play_some(resumed, 1, seed=3)
        other = saver.after_answer(resumed)
        assert autosave_module.battle_tag(other) not in (None, tag)
    finally:
        resumed.close()


def test_autosaves_from_before_battle_tags_count_as_one_battle(field: Path, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    saver = Autosaver(folder, keep=2)
    with battle_on(field, seed=3, answers=2) as battle:
        made = saver.after_answer(battle)
        old = [folder / f"autosave-2020010{i}T000000.000000Z.json" for i in range(1, 5)]
        for path in old:
            path.write_bytes(made.read_bytes())
        assert autosave_module.battle_tag(old[0]) == ""
        play_some(battle, 1, seed=3)
        saver.after_answer(battle)
    left = saver.autosaves()
    assert left[:2] == old[2:] and len(left) == 4


def test_the_load_list_shows_one_autosave_per_battle(field: Path, tmp_path: Path) -> None:
    from game.saves import list_saves

    folder = tmp_path / "saves"
    saver = Autosaver(folder, keep=3)
    for seed in (3, 4):
        with battle_on(field, seed=seed, answers=1) as battle:
            for _ in range(3):
                play_some(battle, 1, seed=seed)
                saver.after_answer(battle)
    assert len(saver.autosaves()) == 6
    rows = list_saves(folder)
    assert [(e.kind, e.save.seed if e.save else None) for e in rows] == [
        ("autosave", 4),
        ("autosave", 3),
    ]
    assert rows[0].save is not None and len(rows[0].save.answers) == 4


def test_a_battle_whose_rules_broke_off_mid_answer_is_not_saved(
    field: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review: an autosave taken between a frame that crashed in the middle of an answer
    and the crash handler saved the broken state, the crashing answer last, so Continue
    would replay it. The battle marks itself broken and no save of it is taken."""
    saver = Autosaver(tmp_path / "saves")
    with battle_on(field, answers=2) as battle:
        assert saver.capture(battle) is not None and not battle.broken

        def fault(*_args: object) -> None:
            raise RuntimeError("a bug in the rules")

        answer = battle.legal_answers()[0]
        monkeypatch.setattr(battle.ctx.ruleset, "perform", fault)
        with pytest.raises(RuntimeError):
            battle.answer(answer)
        assert battle.broken and battle.answers[-1] == answer
        with pytest.raises(SaveError, match="broke off in the middle of an answer"):
            saver.capture(battle)
