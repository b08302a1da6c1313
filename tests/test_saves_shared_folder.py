"""Two game windows sharing one saves folder (play-test 4): a new autosaver clears only
temp files that are really stale, never another window's save in the middle of being
written, and a temp file removed under a writer anyway is written again, not lost."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from saves_support import battle_on, six_map

from game.saves import Autosaver, SaveError, read_save
from game.saves import atomic as atomic_module
from game.saves.atomic import STALE_AFTER_S, remove_stale_temp_files, write_atomic


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return six_map(tmp_path / "maps")


def _temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_new_autosaver_leaves_another_windows_temp_file_alone(
    field: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Window A is between writing its temp file and renaming it when window B starts an
    autosaver on the same folder: A's autosave is still written."""
    folder = tmp_path / "saves"
    real_replace = os.replace
    seen: list[list[str]] = []

    def second_window_starts(src: str | Path, dst: str | Path) -> None:
        seen.append(_temp_files(folder))
        Autosaver(folder)  # window B: clears stale temp files on start
        real_replace(src, dst)

    monkeypatch.setattr(atomic_module.os, "replace", second_window_starts)
    with battle_on(field, seed=3, answers=2) as battle:
        written = Autosaver(folder).after_answer(battle)
    assert seen and len(seen[0]) == 1  # A's temp file was there while B started
    assert tuple(read_save(written).answers) == tuple(battle.answers)
    assert _temp_files(folder) == []


def test_only_temp_files_older_than_a_minute_are_stale(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    old = folder / ".autosave-duel-x.json.killed.tmp"
    fresh = folder / ".autosave-duel-y.json.writing.tmp"
    for temp in (old, fresh):
        temp.write_bytes(b"{half")
    long_ago = time.time() - STALE_AFTER_S - 5
    os.utime(old, (long_ago, long_ago))
    assert remove_stale_temp_files(folder, "autosave-") == 1
    assert _temp_files(folder) == [fresh.name]
    assert remove_stale_temp_files(folder, "autosave-", older_than=0) == 1
    assert _temp_files(folder) == []


def test_a_temp_file_removed_before_its_rename_is_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "slot.json"
    write_atomic(target, b"old and good")
    real_replace = os.replace
    removed: list[str] = []

    def someone_removes_it_once(src: str | Path, dst: str | Path) -> None:
        if not removed:
            removed.append(str(src))
            os.unlink(src)  # what an older game's clean-up did to the other window
        real_replace(src, dst)

    monkeypatch.setattr(atomic_module.os, "replace", someone_removes_it_once)
    write_atomic(target, b"new")
    assert len(removed) == 1
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_a_temp_file_removed_every_time_is_one_clear_line_and_the_old_save_stays(
    field: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "saves"
    real_replace = os.replace
    tries: list[str] = []

    def always_removed(src: str | Path, dst: str | Path) -> None:
        tries.append(str(src))
        os.unlink(src)
        real_replace(src, dst)

    with battle_on(field, seed=3, answers=1) as battle:
        saver = Autosaver(folder)
        first = saver.after_answer(battle)
        monkeypatch.setattr(atomic_module.os, "replace", always_removed)
        with pytest.raises(SaveError) as err:
            saver.after_answer(battle)
    assert len(tries) == atomic_module.RENAME_TRIES
    assert "removed by another process before it could be renamed" in str(err.value)
    assert tuple(read_save(first).answers) == tuple(battle.answers[:1])
    assert _temp_files(folder) == []


def test_two_writers_in_one_folder_never_lose_a_write(tmp_path: Path) -> None:
    """Two writers, each clearing the folder's stale temp files before every write (as
    every new autosaver does), write 40 files each: every write lands."""
    folder = tmp_path / "saves"
    folder.mkdir()
    errors: list[BaseException] = []
    data = b"x" * 200_000

    def writer(name: str) -> None:
        try:
            for i in range(40):
                remove_stale_temp_files(folder, "autosave-")
                write_atomic(folder / f"autosave-{name}-{i}.json", data)
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in ("a", "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(list(folder.glob("autosave-*.json"))) == 80
    assert _temp_files(folder) == []
