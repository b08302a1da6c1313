"""Saves that must not hurt the game (issue 29 · Engine and saves): odd dates in the load
list, FIFOs and devices named as saves or maps, saves naming any file as their map, temp
files of a killed quicksave, refusals as long as a path, negative seeds."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from saves_support import battle_on, duel_map

from game.engine import Battle
from game.rules.grid.screen import ScreenAlly
from game.saves import (
    Autosaver,
    SaveEntry,
    SaveError,
    list_saves,
    load_battle,
    read_save,
    save_battle,
)
from game.saves.atomic import STALE_AFTER_S

REPO = Path(__file__).resolve().parents[1]


def _game(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=REPO,
        text=True,
        capture_output=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A save in ``tmp_path/saves`` of a battle on a map in ``tmp_path/maps``."""
    with battle_on(duel_map(tmp_path / "maps"), seed=3, answers=12) as battle:
        return save_battle(battle, tmp_path / "saves" / "mid.json")


def _edit(path: Path, **top: object) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    for key, value in top.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- the load list ------------------------------------------------------------------------


@pytest.mark.parametrize("stamp", ["0001-01-01T00:00:00+23:00", "9999-12-31T23:59:59-23:59"])
def test_a_saved_at_at_the_edge_of_the_calendar_does_not_crash_the_load_list(
    saved: Path, stamp: str
) -> None:
    _edit(saved, saved_at=stamp)
    (entry,) = list_saves(saved.parent)
    assert entry.save is not None and entry.when  # a date (the file's time), no OverflowError


def test_a_save_without_saved_at_and_a_far_future_file_time_is_still_described(
    saved: Path,
) -> None:
    save = read_save(_edit(saved, saved_at=None))
    assert not save.saved_at
    entry = SaveEntry(saved, 1e13, save)  # year 318857: fromtimestamp raises ValueError
    assert entry.when == "date unknown"
    entry = SaveEntry(saved, 1.7e9, save)
    assert entry.when.startswith("20")


# --- not a regular file -------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_replay_of_a_fifo_is_refused_with_one_line_instead_of_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)
    out = _game("replay", str(fifo), "--verify", timeout=30)
    assert out.returncode == 2
    assert out.stderr.strip() == f"replay: {fifo}: is a named pipe (FIFO), not a regular file"
    with pytest.raises(SaveError, match="named pipe"):
        read_save(fifo)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_a_map_is_refused_with_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "x.tmx"
    os.mkfifo(fifo)
    out = _game("simulate", str(fifo), timeout=30)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "named pipe (FIFO), not a regular file" in out.stderr


def test_a_device_as_a_save_is_refused(tmp_path: Path) -> None:
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    with pytest.raises(SaveError, match="is a device, not a regular file"):
        read_save("/dev/zero")


# --- the map is found by name and hash, never by the path a save names ---------------------


def test_a_new_save_records_no_absolute_path(saved: Path) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert set(data["map"]) == {"name", "hash"}
    assert str(saved.parent.parent) not in saved.read_text(encoding="utf-8")


def test_the_path_a_save_records_is_never_opened(saved: Path, tmp_path: Path) -> None:
    """An old save's ``map.path`` (here a real map with the right hash, in a folder the
    game does not search) is not where the map is read from; /etc/passwd even less."""
    elsewhere = tmp_path / "elsewhere"
    shutil.move(tmp_path / "maps", elsewhere)
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["map"]["path"] = str(elsewhere / "field.tmx")
    saved.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="map field.tmx cannot be found") as err:
        load_battle(saved)
    assert "elsewhere" not in str(err.value)
    data["map"]["path"] = "/etc/passwd"
    saved.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as err:
        load_battle(saved)
    assert "passwd" not in str(err.value) and "line" not in str(err.value)
    # the same old save loads by name + hash once the map is beside it
    for name in ("field.tmx", "t.tsx", "t.png"):
        shutil.copy(elsewhere / name, saved.parent / name)
    load_battle(saved).close()


def test_a_map_folder_given_by_the_caller_is_searched_too(saved: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(tmp_path / "maps", elsewhere)
    with pytest.raises(SaveError):
        load_battle(saved)
    load_battle(saved, map_dirs=(elsewhere,)).close()
    out = _game("replay", str(saved), "--verify", "--maps", str(elsewhere))
    assert out.returncode == 0, out.stderr


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks here")
def test_a_symlink_named_like_the_map_is_not_followed(saved: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.move(tmp_path / "maps", elsewhere)
    for name in ("t.tsx", "t.png"):
        shutil.copy(elsewhere / name, saved.parent / name)
    (saved.parent / "field.tmx").symlink_to(elsewhere / "field.tmx")
    with pytest.raises(SaveError, match="cannot be found"):
        load_battle(saved)


# --- temp files, long refusals, seeds --------------------------------------------------------


def test_a_killed_quicksave_leaves_no_temp_file_behind(saved: Path) -> None:
    folder = saved.parent
    stale = folder / ".quicksave.json.k1ll3d.tmp"
    long_ago = time.time() - STALE_AFTER_S - 5  # younger: maybe another window's, kept
    stale.write_bytes(b"{half a save")
    os.utime(stale, (long_ago, long_ago))
    Autosaver(folder)  # the game makes one when it starts
    assert not stale.exists()
    stale.write_bytes(b"{half a save")
    os.utime(stale, (long_ago, long_ago))
    with battle_on(duel_map(folder.parent / "maps"), seed=3, answers=2) as battle:
        save_battle(battle, folder / "quicksave.json")
    assert not stale.exists() and (folder / "quicksave.json").exists()


def test_refusal_reasons_are_capped(tmp_path: Path) -> None:
    battle = Battle(duel_map(tmp_path / "maps"), seed=1)
    try:
        for length in (4000, 40_000):
            path = tuple((i % 7, i % 5) for i in range(length))
            result = battle.answer(ScreenAlly("ada", "bo", path))
            assert not result.ok and len(result.reason) <= 300
    finally:
        battle.close()
    assert len(str(SaveError(tmp_path / ("x" * 200), "y" * 400_000))) <= 600


def test_a_negative_seed_is_refused_not_replayed_as_its_opposite(
    saved: Path, tmp_path: Path
) -> None:
    with pytest.raises(SaveError, match="'seed' is -3, outside 0"):
        read_save(_edit(saved, seed=-3))
    with pytest.raises(SaveError, match=r"'seed' is 9223372036854775808, outside"):
        read_save(_edit(saved, seed=2**63))
    out = _game("simulate", "duel", "--seed", "-3")
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "--seed" in out.stderr
    battle = Battle(duel_map(tmp_path / "maps"), seed=-3)
    try:
        with pytest.raises(SaveError, match="outside 0"):
            save_battle(battle, tmp_path / "neg.json")
    finally:
        battle.close()


def test_a_save_whose_title_cannot_be_drawn_is_listed_with_the_reason(saved: Path) -> None:
    text = saved.read_text(encoding="utf-8").replace('"title": "', '"title": "\\ud800', 1)
    saved.write_text(text, encoding="utf-8")
    (entry,) = list_saves(saved.parent)
    assert entry.save is None and "cannot be described" in entry.problem
    entry.problem.encode("utf-8")
