"""The load menu's list of saves, and the player's fog choice kept in a save (issue 6 ·
Save/Load in the Esc menu: a load list with map, ruleset, round, date)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from saves_support import battle_on, duel_map

from game.saves import (
    Autosaver,
    list_saves,
    load_battle,
    new_save_path,
    read_save,
    save_battle,
)


def test_the_load_list_shows_every_save_newest_first_with_map_ruleset_round_and_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    folder = tmp_path / "data" / "saves"
    with battle_on(duel_map(tmp_path / "maps"), seed=2, answers=12) as battle:
        manual = save_battle(battle, new_save_path("field"))
        os.utime(manual, (1_000_000_000, 1_000_000_000))  # the oldest
        Autosaver().after_answer(battle)
        quick = save_battle(battle, folder / "quicksave.json")
    (folder / "broken.json").write_text('{"format": "shieldwall-save", "sch', encoding="utf-8")
    entries = list_saves()
    assert [e.path for e in entries][-1] == manual
    kinds = {e.path.name: e.kind for e in entries}
    assert kinds[quick.name] == "quicksave" and kinds[manual.name] == "save"
    assert sorted(kinds.values()) == ["autosave", "quicksave", "save", "save"]
    good = next(e for e in entries if e.path == quick)
    assert good.save is not None and good.save.ruleset == "grid" and good.save.round >= 1
    assert good.save.map_name == "field.tmx" and len(good.when) == len("2025-01-01 12:00")
    broken = next(e for e in entries if e.path.name == "broken.json")
    assert broken.save is None and broken.problem.startswith(str(broken.path))
    assert "cut short" in broken.problem


def test_a_missing_saves_folder_lists_nothing(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "none") == []


def test_new_save_names_are_safe_and_never_reuse_a_file(tmp_path: Path) -> None:
    first = new_save_path("../we ird/name", tmp_path)
    assert first.parent == tmp_path and "/" not in first.name and first.suffix == ".json"
    first.write_text("x")
    second = new_save_path("../we ird/name", tmp_path)
    assert second != first and not second.exists()


def test_the_fog_choice_is_kept_in_the_save(tmp_path: Path) -> None:
    with battle_on(duel_map(tmp_path / "maps"), seed=2, answers=5) as battle:
        foggy = save_battle(battle, tmp_path / "fog.json", fog=True)
        plain = save_battle(battle, tmp_path / "plain.json")
    assert read_save(foggy).fog is True
    assert read_save(plain).fog is None and b'"view"' not in plain.read_bytes()
    resumed = load_battle(foggy)  # a view setting never changes what is replayed
    resumed.close()


def test_the_load_list_names_the_winning_side_not_its_id(tmp_path: Path) -> None:
    from game.ui.save_list import describe

    with battle_on(duel_map(tmp_path / "maps"), seed=2) as battle:
        assert battle.over and battle.winner is not None
        name = {s.id: s.name for s in battle.battlefield.scenario.sides}[battle.winner]
        path = save_battle(battle, tmp_path / "saves" / "done.json")
    assert name != battle.winner and read_save(path).winner_name == name
    [entry] = list_saves(tmp_path / "saves")
    assert f", {name} won" in describe(entry)[1]
    # a save from before winner_name was kept still says who won, by the side's id
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'  "winner_name": "{name}",\n', ""), encoding="utf-8")
    [old] = list_saves(tmp_path / "saves")
    assert old.save is not None and old.save.winner_name == ""
    assert f", {battle.winner} won" in describe(old)[1]
