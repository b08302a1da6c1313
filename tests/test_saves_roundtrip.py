"""Saves and replays (issue 6 · Saves and replays; DESIGN.md · One path for every choice):
a save replays to the same state hash, and every way it can be wrong is refused with one
line naming the file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from saves_support import battle_on, six_map

from game.engine import Battle
from game.engine.answers import ChooseUnit
from game.saves import (
    SCHEMA,
    ReplayCursor,
    SaveError,
    load_battle,
    read_save,
    replay_save,
    save_battle,
)


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return six_map(tmp_path / "maps")


def _edit(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data), encoding="utf-8")


def test_save_then_load_replays_to_the_same_state_hash_mid_battle(
    field: Path, tmp_path: Path
) -> None:
    with battle_on(field, seed=5, answers=23) as battle:
        path = save_battle(battle, tmp_path / "mid.json")
        loaded = load_battle(path)
        try:
            assert loaded.state_hash() == battle.state_hash()
            assert loaded.answers == battle.answers
            assert loaded.pending == battle.pending
            assert not loaded.over
        finally:
            loaded.close()


def test_save_of_a_finished_battle_keeps_winner_round_and_metadata(
    field: Path, tmp_path: Path
) -> None:
    with battle_on(field, seed=2) as battle:
        path = save_battle(battle, tmp_path / "done.json", title="Field of tests")
        save = read_save(path)
    assert save.over and save.winner == battle.winner and save.round == battle.round
    assert save.title == "Field of tests" and save.schema == SCHEMA
    assert save.map_name == "field.tmx" and save.seed == 2 and save.ruleset == "grid"
    assert save.saved_at.endswith("+00:00")
    assert len(save.answers) == len(battle.answers)


def test_a_loaded_battle_can_be_continued_and_matches_the_uninterrupted_one(
    field: Path, tmp_path: Path
) -> None:
    with battle_on(field, seed=9) as whole:
        final, answers = whole.state_hash(), list(whole.answers)
    part = Battle(field, seed=9)
    try:
        for answer in answers[:17]:
            assert part.answer(answer).ok
        path = save_battle(part, tmp_path / "part.json")
    finally:
        part.close()
    resumed = load_battle(path)
    try:
        for answer in answers[17:]:
            assert resumed.answer(answer).ok
        assert resumed.over and resumed.state_hash() == final
    finally:
        resumed.close()


def test_save_file_is_json_with_one_answer_per_line(field: Path, tmp_path: Path) -> None:
    with battle_on(field, seed=1, answers=6) as battle:
        path = save_battle(battle, tmp_path / "s.json")
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["format"] == "shieldwall-save" and data["schema"] == SCHEMA
    assert data["map"]["name"] == "field.tmx" and len(data["map"]["hash"]) == 64
    assert data["controllers"] == {"party": "ai", "bandits": "ai"}
    answer_lines = [ln for ln in text.splitlines() if ln.strip().startswith('{"kind"')]
    assert len(answer_lines) == 6


def test_scripted_dice_and_maps_built_in_memory_cannot_be_saved(tmp_path: Path) -> None:
    from engine_support import battle as scripted_battle
    from engine_support import field as memory_field
    from saves_support import DUEL, DUEL_MAP

    in_memory = Battle(memory_field(DUEL_MAP, DUEL), seed=1)
    scripted = scripted_battle(memory_field(DUEL_MAP, DUEL), faces=[5, 5])
    try:
        for battle, why in ((in_memory, "not loaded from a file"), (scripted, "scripted dice")):
            with pytest.raises(SaveError, match=why):
                save_battle(battle, tmp_path / "x.json")
        assert not (tmp_path / "x.json").exists()
    finally:
        in_memory.close()
        scripted.close()


def test_saving_over_a_good_save_that_cannot_be_made_keeps_the_old_file(
    field: Path, tmp_path: Path
) -> None:
    from engine_support import battle as scripted_battle
    from engine_support import field as memory_field
    from saves_support import DUEL, DUEL_MAP

    with battle_on(field, seed=1, answers=4) as battle:
        path = save_battle(battle, tmp_path / "slot.json")
    before = path.read_bytes()
    scripted = scripted_battle(memory_field(DUEL_MAP, DUEL), faces=[5, 5])
    try:
        with pytest.raises(SaveError):
            save_battle(scripted, path)
    finally:
        scripted.close()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.is_file()] == ["slot.json"]


# --- refusals on load -------------------------------------------------------------------


@pytest.fixture
def saved(field: Path, tmp_path: Path) -> Path:
    with battle_on(field, seed=4, answers=30) as battle:
        return save_battle(battle, tmp_path / "saved.json")


def _one_line(exc: SaveError, path: Path) -> str:
    text = str(exc)
    assert "\n" not in text and text.startswith(f"{path}: ")
    return text


def test_a_map_whose_content_changed_is_refused(saved: Path, field: Path) -> None:
    field.write_text(
        field.read_text(encoding="utf-8").replace("Test field", "Other field"), encoding="utf-8"
    )
    with pytest.raises(SaveError) as err:
        load_battle(saved)
    assert "has changed since this battle was saved" in _one_line(err.value, saved)


def test_a_map_that_cannot_be_found_is_refused(saved: Path, field: Path) -> None:
    shutil.rmtree(field.parent)
    with pytest.raises(SaveError) as err:
        load_battle(saved)
    assert "map field.tmx cannot be found" in _one_line(err.value, saved)


def test_a_moved_map_is_found_beside_the_save(saved: Path, field: Path) -> None:
    for name in ("field.tmx", "t.tsx", "t.png"):
        shutil.move(field.parent / name, saved.parent / name)
    battle = load_battle(saved)
    battle.close()


def test_a_replay_that_diverges_is_refused_with_both_hashes(saved: Path) -> None:
    _edit(saved, lambda d: d.__setitem__("state_hash", "0" * 64))
    with pytest.raises(SaveError) as err:
        load_battle(saved)
    assert "replay diverged" in _one_line(err.value, saved)
    replayed = replay_save(read_save(saved), saved)
    try:
        assert not replayed.matches
    finally:
        replayed.battle.close()


def test_a_different_seed_diverges(saved: Path) -> None:
    _edit(saved, lambda d: d.__setitem__("seed", d["seed"] + 1))
    with pytest.raises(SaveError, match="replay diverged|illegal at that point"):
        load_battle(saved)


def test_an_illegal_answer_in_the_list_is_refused_with_its_number(saved: Path) -> None:
    def bad(d: dict[str, Any]) -> None:
        d["answers"][2] = ChooseUnit("nobody").to_dict()

    _edit(saved, bad)
    with pytest.raises(SaveError) as err:
        load_battle(saved)
    assert "answer 3 of 30" in _one_line(err.value, saved)
    assert "illegal at that point" in str(err.value)


def test_answers_after_the_end_of_the_battle_are_refused(field: Path, tmp_path: Path) -> None:
    with battle_on(field, seed=2) as battle:
        path = save_battle(battle, tmp_path / "end.json")
        extra = ChooseUnit(battle.unit_ids()[0]).to_dict()
    _edit(path, lambda d: d["answers"].append(extra))
    with pytest.raises(SaveError, match="the battle is over"):
        load_battle(path)


def test_a_newer_schema_is_refused_and_asks_for_an_update(saved: Path) -> None:
    _edit(saved, lambda d: d.__setitem__("schema", SCHEMA + 1))
    with pytest.raises(SaveError, match="newer Shieldwall"):
        read_save(saved)


def test_an_unknown_ruleset_is_refused(saved: Path) -> None:
    _edit(saved, lambda d: d["ruleset"].__setitem__("id", "chess"))
    with pytest.raises(SaveError, match="unknown ruleset 'chess'"):
        read_save(saved)


def test_a_side_the_map_does_not_have_is_refused(saved: Path) -> None:
    _edit(saved, lambda d: d["controllers"].__setitem__("pirates", "ai"))
    with pytest.raises(SaveError, match="side 'pirates'"):
        load_battle(saved)


def test_missing_and_directory_paths(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        read_save(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="is a folder"):
        read_save(tmp_path)


# --- the replay viewer's cursor ---------------------------------------------------------


def test_replay_cursor_steps_forward_and_back_to_the_same_states(
    field: Path, tmp_path: Path
) -> None:
    hashes = []
    with battle_on(field, seed=6, answers=0) as battle:
        from saves_support import play_some

        hashes.append(battle.state_hash())
        for _ in range(12):
            play_some(battle, 1, seed=6)
            hashes.append(battle.state_hash())
        path = save_battle(battle, tmp_path / "c.json")
    cursor = ReplayCursor.open(path)
    try:
        assert cursor.position == 0 and cursor.battle.state_hash() == hashes[0]
        for i in range(1, 13):
            events = cursor.forward()
            assert events and cursor.battle.state_hash() == hashes[i]
        assert cursor.at_end and cursor.forward() == ()
        cursor.back()
        assert cursor.position == 11 and cursor.battle.state_hash() == hashes[11]
        cursor.seek(3)
        assert cursor.battle.state_hash() == hashes[3]
        cursor.seek(99)
        assert cursor.position == 12 and cursor.battle.state_hash() == hashes[12]
    finally:
        cursor.close()
