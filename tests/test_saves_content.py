"""Saves fingerprint the unit and weapon content (issue 6: a save names what it needs to
replay; if the content changed, a replay could diverge: the player is told why)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from saves_support import battle_on, duel_map

from game.content import load_content
from game.content.digest import content_digest
from game.content.loader import DATA_DIR
from game.saves import SaveError, read_save, resume_save, save_battle
from game.saves.format import encode


def _content_with(tmp_path: Path, file: str, old: str, new: str) -> object:
    folder = tmp_path / "content"
    shutil.copytree(DATA_DIR, folder)
    target = folder / file
    text = target.read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_content(folder)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    with battle_on(duel_map(tmp_path / "maps"), seed=4, answers=40) as battle:
        return save_battle(battle, tmp_path / "duel.json")


def test_a_save_records_the_fingerprint_of_the_content_it_fielded(saved: Path) -> None:
    save = read_save(saved)
    fielded = {"warrior", "archer", "bandit", "bandit_archer"}
    assert save.content_hash == content_digest(load_content(), fielded)
    assert b'"content": {"hash": "' in saved.read_bytes()


def test_the_content_fingerprint_ignores_layout_and_unfielded_templates(tmp_path: Path) -> None:
    shipped = content_digest(load_content(), ["warrior"])
    commented = _content_with(tmp_path / "a", "units/party.toml", "hp = 9\n", "hp = 9  # tough\n")
    assert content_digest(commented, ["warrior"]) == shipped  # type: ignore[arg-type]
    other = _content_with(
        tmp_path / "b",
        "units/party.toml",
        "hp = 6\nattack_bonus = 0\nattributes = { STR = 10, DEX = 17",
        "hp = 8\nattack_bonus = 0\nattributes = { STR = 10, DEX = 17",
    )  # the skirmisher, not fielded
    assert content_digest(other, ["warrior"]) == shipped  # type: ignore[arg-type]
    tougher = _content_with(tmp_path / "c", "units/party.toml", "hp = 9\n", "hp = 30\n")
    assert content_digest(tougher, ["warrior"]) != shipped  # type: ignore[arg-type]


def test_changed_content_that_changes_the_battle_is_refused_naming_the_content(
    saved: Path, tmp_path: Path
) -> None:
    tougher = _content_with(tmp_path, "units/party.toml", "hp = 9\n", "hp = 30\n")
    with pytest.raises(SaveError) as err:
        resume_save(saved, content=tougher)
    line = str(err.value)
    assert line.startswith(str(saved)) and "\n" not in line
    assert "the unit and weapon content changed since this battle was saved" in line


def test_changed_content_this_battle_never_used_loads_with_a_warning(
    saved: Path, tmp_path: Path
) -> None:
    heavier = _content_with(
        tmp_path,
        "weapons.toml",
        'damage = "1d10"\nattributes = ["STR"]\nskill = "exert"',
        'damage = "2d10"\nattributes = ["STR"]\nskill = "exert"',
    )  # the maul: nobody in this duel carries one
    replayed = resume_save(saved, content=heavier)
    try:
        assert replayed.matches and replayed.content_changed
        assert "content changed" in replayed.warning and "\n" not in replayed.warning
    finally:
        replayed.battle.close()
    same = resume_save(saved)
    try:
        assert not same.content_changed and same.warning == ""
    finally:
        same.battle.close()


def test_a_save_without_a_content_fingerprint_still_loads(saved: Path, tmp_path: Path) -> None:
    from dataclasses import replace

    old = tmp_path / "old.json"
    old.write_bytes(encode(replace(read_save(saved), content_hash="")))
    assert b'"content"' not in old.read_bytes()
    replayed = resume_save(old)
    try:
        assert replayed.matches and not replayed.content_changed
    finally:
        replayed.battle.close()


def test_a_malformed_content_fingerprint_is_one_clear_line(saved: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    text = saved.read_text(encoding="utf-8")
    start = text.index('"content": {"hash": "') + len('"content": {"hash": "')
    bad.write_text(text[:start] + "xyz" + text[start + 64 :], encoding="utf-8")
    with pytest.raises(SaveError, match=r"'content.hash' is not a sha256 hex digest"):
        read_save(bad)
