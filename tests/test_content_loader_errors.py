"""The content loader names the file and the key of every problem (issue 2 §4)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.content import DATA_DIR, ContentError, load_content


def _content_copy(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(DATA_DIR, target)
    return target


def _edit(directory: Path, file: str, old: str, new: str) -> None:
    path = directory / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in {file}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _problems(directory: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_content(directory)
    return info.value.problems


# (file, text to replace, replacement, the exact expected problem line)
CASES: list[tuple[str, str, str, str, str]] = [
    (
        "bad_shock",
        "weapons.toml",
        'shock = "2/13"\ntags = ["blade"]\ndescription = "A one-handed blade',
        'shock = "2/thirteen"\ntags = ["blade"]\ndescription = "A one-handed blade',
        'weapons.toml: weapons.sword.shock: expected "N/AC" or "N/-", got \'2/thirteen\'',
    ),
    (
        "bad_dice_sides",
        "weapons.toml",
        'name = "Sword"\ndamage = "1d8"',
        'name = "Sword"\ndamage = "1d7"',
        "weapons.toml: weapons.sword.damage: dice sides must be one of "
        "d2/d3/d4/d6/d8/d10/d12/d20, got '1d7'",
    ),
    (
        "not_dice",
        "weapons.toml",
        'name = "Sword"\ndamage = "1d8"',
        'name = "Sword"\ndamage = "eight"',
        'weapons.toml: weapons.sword.damage: expected dice like "1d8" or "2d4+1", got \'eight\'',
    ),
    (
        "unknown_weapon_key",
        "weapons.toml",
        'reach = 2\ntwo_handed = true\ntags = ["polearm"]',
        'reech = 2\ntwo_handed = true\ntags = ["polearm"]',
        "weapons.toml: weapons.pike.reech: unknown key",
    ),
    (
        "boolean_as_string",
        "weapons.toml",
        'reach = 2\ntwo_handed = true\ntags = ["polearm"]',
        'reach = 2\ntwo_handed = "yes"\ntags = ["polearm"]',
        "weapons.toml: weapons.pike.two_handed: expected true or false, got 'yes'",
    ),
    (
        "unknown_skill_for_weapon",
        "weapons.toml",
        'name = "Sword"\ndamage = "1d8"\nattributes = ["STR", "DEX"]\nskill = "stab"',
        'name = "Sword"\ndamage = "1d8"\nattributes = ["STR", "DEX"]\nskill = "fence"',
        "weapons.toml: weapons.sword.skill: expected one of stab, shoot, brawl, exert; got 'fence'",
    ),
    (
        "ranged_without_reload",
        "weapons.toml",
        'range_long_ft = 300\nreload = "main"',
        "range_long_ft = 300",
        "weapons.toml: weapons.crossbow.reload: a ranged weapon must say how it reloads "
        "(free_if_trained or main)",
    ),
    (
        "range_not_whole_squares",
        "weapons.toml",
        "range_normal_ft = 50\nrange_long_ft = 150",
        "range_normal_ft = 52\nrange_long_ft = 150",
        "weapons.toml: weapons.sling.range_normal_ft: must be a multiple of 5 ft "
        "(one square), got 52",
    ),
    (
        "unknown_tag",
        "weapons.toml",
        'tags = ["natural"]',
        'tags = ["furry"]',
        "weapons.toml: weapons.bite.tags: unknown tag 'furry' (expected natural, bow, "
        "crossbow, sling, blade, blunt, polearm, nonlethal)",
    ),
    (
        "armour_ac_out_of_range",
        "armour.toml",
        'name = "Plate"\nac = 18',
        'name = "Plate"\nac = 30',
        "armour.toml: armours.plate.ac: expected an integer 11..22, got 30",
    ),
    (
        "armour_weight_unknown",
        "armour.toml",
        'ac = 15\nweight = "medium"',
        'ac = 15\nweight = "middling"',
        "armour.toml: armours.mail.weight: expected one of light, medium, heavy; got 'middling'",
    ),
    (
        "bad_toml",
        "armour.toml",
        '[shields.shield]\nname = "Shield"',
        '[shields.shield\nname = "Shield"',
        "armour.toml: not valid TOML: Expected ']' at the end of a table declaration "
        "(at line 29, column 16)",
    ),
    (
        "unknown_weapon_reference",
        "units/bandits.toml",
        'weapons = ["spear", "dagger"]',
        'weapons = ["lance", "dagger"]',
        "units/bandits.toml: units.bandit.weapons: unknown weapon 'lance' (not in weapons.toml)",
    ),
    (
        "unknown_armour_reference",
        "units/soldiers.toml",
        'armour = "gambeson"',
        'armour = "chainmail"',
        "units/soldiers.toml: units.militia.armour: unknown armour 'chainmail' "
        "(not in armour.toml [armours])",
    ),
    (
        "attribute_score_too_high",
        "units/party.toml",
        "attributes = { STR = 16, DEX = 12",
        "attributes = { STR = 19, DEX = 12",
        "units/party.toml: units.warrior.attributes.STR: expected a score 3..18, got 19 (int)",
    ),
    (
        "party_missing_attribute",
        "units/party.toml",
        "{ STR = 16, DEX = 12, CON = 14, INT = 9, WIS = 11, CHA = 10 }",
        "{ STR = 16, DEX = 12, CON = 14, INT = 9, WIS = 11 }",
        "units/party.toml: units.warrior.attributes: a party archetype needs all six "
        "scores; missing CHA",
    ),
    (
        "unknown_skill",
        "units/party.toml",
        "skills = { stab = 1, shoot = 0, sneak = 1",
        "skills = { stab = 1, shoot = 0, stealth = 1",
        "units/party.toml: units.skirmisher.skills.stealth: unknown skill "
        "(expected stab, shoot, brawl, exert, sneak, notice, heal)",
    ),
    (
        "morale_out_of_range",
        "units/bandits.toml",
        "morale = 9",
        "morale = 13",
        "units/bandits.toml: units.bandit_chief.morale: expected an integer 2..12, got 13",
    ),
    (
        "fearless_needs_morale_12",
        "units/monsters.toml",
        "morale = 12\nfearless = true",
        "morale = 10\nfearless = true",
        "units/monsters.toml: units.skeleton.morale: a fearless unit has morale 12, got 10",
    ),
    (
        "two_handed_with_shield",
        "units/party.toml",
        'weapons = ["pike", "dagger"]\narmour = "mail"',
        'weapons = ["pike", "dagger"]\narmour = "mail"\nshield = "shield"',
        "units/party.toml: units.spearman.shield: the readied weapon 'pike' is two-handed; "
        "no hand is left for a shield",
    ),
    (
        "party_with_given_ac",
        "units/party.toml",
        'armour = "leather"\nmorale = 9\nspeed_ft = 30',
        'armour = "leather"\nac = 17\nmorale = 9\nspeed_ft = 30',
        "units/party.toml: units.skirmisher.ac: a party archetype's AC comes from armour, "
        "shield and DEX; remove it",
    ),
    (
        "unknown_kind",
        "units/monsters.toml",
        'name = "Ogre"\nkind = "npc"',
        'name = "Ogre"\nkind = "boss"',
        "units/monsters.toml: units.ogre.kind: expected one of party, npc; got 'boss'",
    ),
    (
        "hp_not_dice",
        "units/monsters.toml",
        'hp = "4d8+4"',
        'hp = "lots"',
        'units/monsters.toml: units.ogre.hp: expected dice like "1d8" or "2d4+1", got \'lots\'',
    ),
    (
        "missing_required_key",
        "units/monsters.toml",
        'icon = "wolf-head"\n',
        "",
        "units/monsters.toml: units.wolf.icon: missing (required)",
    ),
    (
        "speed_not_whole_squares",
        "units/monsters.toml",
        "speed_ft = 40",
        "speed_ft = 42",
        "units/monsters.toml: units.wolf.speed_ft: must be a multiple of 5 ft (one square), got 42",
    ),
]


@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_content_error_names_file_and_key(
    tmp_path: Path, file: str, old: str, new: str, expected: str
) -> None:
    directory = _content_copy(tmp_path)
    _edit(directory, file, old, new)
    assert _problems(directory) == [expected]


def test_content_error_for_missing_file_names_it(tmp_path: Path) -> None:
    directory = _content_copy(tmp_path)
    (directory / "weapons.toml").unlink()
    # Only the cause is reported, not every template that refers to a weapon.
    assert _problems(directory) == ["weapons.toml: file is missing"]


def test_content_error_for_duplicate_template_across_files(tmp_path: Path) -> None:
    directory = _content_copy(tmp_path)
    extra = (directory / "units" / "soldiers.toml").read_text(encoding="utf-8")
    (directory / "units" / "zz_more.toml").write_text(extra, encoding="utf-8")
    problems = _problems(directory)
    assert problems == [
        "units/zz_more.toml: units.militia: duplicate template id (also in units/soldiers.toml)",
        "units/zz_more.toml: units.crossbowman: duplicate template id "
        "(also in units/soldiers.toml)",
    ]


def test_content_error_collects_every_problem_in_one_pass(tmp_path: Path) -> None:
    directory = _content_copy(tmp_path)
    _edit(directory, "weapons.toml", 'name = "Sword"\ndamage = "1d8"', 'name = "Sword"\ndamage = 8')
    _edit(directory, "units/monsters.toml", "speed_ft = 40", "speed_ft = 42")
    assert _problems(directory) == [
        # The broken sword is reported once, not again by each template carrying it.
        "weapons.toml: weapons.sword.damage: expected a string, got 8 (int)",
        "units/monsters.toml: units.wolf.speed_ft: must be a multiple of 5 ft (one square), got 42",
    ]


def test_content_error_for_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="content directory is missing"):
        load_content(tmp_path / "nowhere")


def test_content_error_for_unknown_top_level_table(tmp_path: Path) -> None:
    directory = _content_copy(tmp_path)
    path = directory / "armour.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[helmets.cap]\nname = 'Cap'\n")
    assert _problems(directory) == ["armour.toml: helmets: unknown key (expected armours, shields)"]


def test_content_error_for_bad_id(tmp_path: Path) -> None:
    directory = _content_copy(tmp_path)
    _edit(directory, "units/monsters.toml", "[units.wolf]", '[units."Dire Wolf"]')
    assert _problems(directory) == [
        "units/monsters.toml: units.Dire Wolf: id must be lower case letters, digits and _ "
        "(starting with a letter)"
    ]
