"""The saves list's truths (issue 30): a save names who commanded each side, autosaves are
named after their battle's map as the README says, and a save can be deleted or renamed
(atomically: a failed rename leaves the old file whole)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from saves_support import battle_on, play_some, six_map

from game.saves import (
    Autosaver,
    SaveError,
    delete_save,
    list_saves,
    load_battle,
    read_save,
    rename_save,
    save_battle,
)
from game.saves import autosave as autosave_module


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return six_map(tmp_path / "maps")


def test_a_save_names_each_side_and_reads_back(field: Path, tmp_path: Path) -> None:
    with battle_on(field, seed=3, answers=2) as battle:
        path = save_battle(battle, tmp_path / "saves" / "mine.json", fog=True)
        sides = tuple((s.id, s.name) for s in battle.battlefield.scenario.sides)
    save = read_save(path)
    assert save.side_names == sides and save.fog is True
    raw = json.loads(path.read_text())
    raw["side_names"] = {"party": 7}
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="side_names.party"):
        read_save(path)


def test_autosaves_are_named_after_the_map_then_the_times(field: Path, tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "saves")
    with battle_on(field, seed=3, answers=1) as battle:
        first = saver.after_answer(battle)
        play_some(battle, 1, seed=3)
        second = saver.after_answer(battle)
    stem = field.stem
    assert first.name.startswith(f"autosave-{stem}-") and first.suffix == ".json"
    tag = autosave_module.battle_tag(first)
    assert tag is not None and tag.startswith(f"{stem}-")
    assert autosave_module.battle_tag(second) == tag
    assert [e.path for e in list_saves(tmp_path / "saves")] == [second]
    # names written before maps were named still belong to their battles
    old = tmp_path / "saves" / "autosave-20200101T000000.000000Z-20200101T000001.000000Z.json"
    assert autosave_module.battle_tag(old) == "20200101T000000.000000Z"
    assert autosave_module.battle_tag(tmp_path / "autosave-duel-x-20200101T.json") is None


def test_delete_removes_the_file_and_says_when_it_cannot(field: Path, tmp_path: Path) -> None:
    with battle_on(field, seed=3, answers=2) as battle:
        path = save_battle(battle, tmp_path / "saves" / "mine.json")
    delete_save(path)
    assert not path.exists()
    with pytest.raises(SaveError, match="gone already"):
        delete_save(path)


def test_rename_changes_the_title_only_and_the_save_still_loads(
    field: Path, tmp_path: Path
) -> None:
    with battle_on(field, seed=3, answers=3) as battle:
        path = save_battle(battle, tmp_path / "saves" / "mine.json")
    before = read_save(path)
    assert rename_save(path, "  The  stand at the ford ") == path
    after = read_save(path)
    assert after.title == "The stand at the ford"
    assert (after.answers, after.state_hash, after.saved_at) == (
        before.answers, before.state_hash, before.saved_at,
    )  # fmt: skip
    load_battle(path).close()
    with pytest.raises(SaveError, match="needs a name"):
        rename_save(path, "   ")
    assert [p.name for p in path.parent.iterdir()] == ["mine.json"]


def test_a_renamed_autosave_becomes_a_save_of_its_own(field: Path, tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "saves")
    with battle_on(field, seed=3, answers=1) as battle:
        auto = saver.after_answer(battle)
    written = rename_save(auto, "Keep this one")
    assert written != auto and written.parent == auto.parent
    assert not written.name.startswith("autosave-") and written.name.startswith("Keep-this-one")
    assert read_save(written).title == "Keep this one"
    assert read_save(auto).title != "Keep this one"  # Continue still has its autosave


def test_a_rename_that_fails_mid_write_leaves_the_old_save_whole(
    field: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with battle_on(field, seed=3, answers=2) as battle:
        path = save_battle(battle, tmp_path / "saves" / "mine.json")
    old = path.read_bytes()

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError):
        rename_save(path, "New name")
    assert path.read_bytes() == old
    assert [p.name for p in path.parent.iterdir()] == ["mine.json"]
