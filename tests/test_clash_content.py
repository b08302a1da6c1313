"""Clash stat blocks in the content (issue 7 · Rules: stat blocks for every unit template):
the ``clash`` tables, the derivation from the grid numbers and the loader's errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content import DATA_DIR, ContentError, load_content
from game.rules.clash.content import ClashWeaponEntry, clash_stats, clash_weapon, unit_entry


def test_every_shipped_unit_template_has_a_written_clash_stat_block() -> None:
    content = load_content()
    for template in content.templates.values():
        assert unit_entry(template) is not None, template.id
        stats = clash_stats(template, content)
        assert 3 <= stats.STR <= 18 and 3 <= stats.DEX <= 18 and 3 <= stats.WIL <= 18
        assert 1 <= stats.hp and 0 <= stats.armor <= 3
        assert stats.carried < stats.slots


def test_weapon_size_comes_from_the_largest_grid_roll_and_reach_from_polearms() -> None:
    content = load_content()
    sizes = {w: clash_weapon(content.weapons[w]).size for w in content.weapons}
    assert sizes["dagger"] == "fast" and sizes["sword"] == "balanced"
    assert sizes["greatsword"] == "slow" and sizes["ogre_club"] == "slow"
    assert sizes["unarmed"] == "unarmed" and clash_weapon(content.weapons["unarmed"]).die == 4
    assert clash_weapon(content.weapons["pike"]).reach
    assert clash_weapon(content.weapons["spear"]).reach  # written: 000 names spears
    assert not clash_weapon(content.weapons["sword"]).reach


def test_a_template_without_a_clash_table_gets_derived_numbers() -> None:
    content = load_content()
    import dataclasses

    warrior = dataclasses.replace(content.templates["warrior"], tables={})
    stats = clash_stats(warrior, content)
    assert (stats.STR, stats.DEX, stats.WIL) == (16, 12, 11)
    assert stats.hp == 4  # half of 9
    assert stats.armor == 3  # mail 2 + shield 1
    assert stats.carried == 5  # sword 1, javelin 1, mail 2, shield 1
    slow = ClashWeaponEntry(size="slow")
    bite = dataclasses.replace(content.weapons["bite"], tables={"clash": slow})
    assert clash_weapon(bite).die == 10


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(DATA_DIR, target)
    return target


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "units/party.toml",
            "clash = { STR = 15,",
            "clash = { STR = 25,",
            "units/party.toml: units.warrior.clash.STR: expected an integer 3..18, got 25",
        ),
        (
            "units/party.toml",
            "hp = 5, armor = 3 }",
            "hp = 5, armor = 4 }",
            "units/party.toml: units.warrior.clash.armor: expected an integer 0..3, got 4",
        ),
        (
            "units/party.toml",
            "hp = 5, armor = 3 }",
            "hp = 5, armour = 3 }",
            "units/party.toml: units.warrior.clash.armour: unknown key",
        ),
        (
            "weapons.toml",
            "clash = { reach = true }",
            'clash = { size = "huge" }',
            "weapons.toml: weapons.spear.clash.size: expected one of fast, balanced, slow; "
            "got 'huge'",
        ),
        (
            "weapons.toml",
            "clash = { reach = true }",
            "clash = 3",
            "weapons.toml: weapons.spear.clash: expected a table, got 3 (int)",
        ),
    ],
)
def test_bad_clash_tables_name_the_file_and_the_key(
    tmp_path: Path, file: str, old: str, new: str, expected: str
) -> None:
    folder = _copy(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(folder)
    assert expected in info.value.problems
