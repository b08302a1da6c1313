"""The shipped content: every template resolves, and the numbers follow source 004's
conventions (004 · Attack Rolls, Damage, Shock; the family's attributes and armour)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.content import (
    Armour,
    Dice,
    Shield,
    UnitTemplate,
    armour_class,
    attribute_modifier,
    load_content,
)
from game.rules.grid.balance import expected_damage, fighting_strength, hit_chance

PARTY = ("warrior", "skirmisher", "archer", "spearman", "captain")
NPCS = (
    "bandit",
    "bandit_archer",
    "bandit_chief",
    "wolf",
    "orc",
    "orc_archer",
    "skeleton",
    "ogre",
    "militia",
    "crossbowman",
)
ICON_DIR = Path(__file__).resolve().parents[1] / "assets" / "icons"


def test_shipped_content_has_the_promised_ids_and_counts() -> None:
    content = load_content()
    assert set(PARTY + NPCS) <= set(content.templates)
    assert len(content.templates) >= 15
    assert len(content.weapons) >= 14
    assert len(content.armours) >= 3
    assert len(content.shields) >= 1


def test_load_content_default_is_cached() -> None:
    assert load_content() is load_content()


@pytest.mark.parametrize("template_id", PARTY + NPCS)
def test_every_template_resolves_its_weapons_armour_and_shield(template_id: str) -> None:
    content = load_content()
    template = content.templates[template_id]
    weapons = content.template_weapons(template_id)
    assert weapons and weapons[0].id == template.weapons[0]
    assert template.armour is None or template.armour in content.armours
    assert template.shield is None or template.shield in content.shields
    if template.shield is not None:
        assert not weapons[0].two_handed
    assert 2 <= template.morale <= 12
    assert template.speed_ft % 5 == 0
    assert isinstance(template.hp, int) or isinstance(template.hp, Dice)


@pytest.mark.parametrize("template_id", PARTY + NPCS)
def test_every_template_icon_is_a_shipped_game_icon(template_id: str) -> None:
    if not ICON_DIR.is_dir():
        pytest.skip("assets/icons not present in this checkout")
    icon = load_content().templates[template_id].icon
    assert (ICON_DIR / f"{icon}.svg").is_file(), f"{template_id}: no assets/icons/{icon}.svg"


def test_party_archetypes_have_scores_and_skills_npcs_have_hd_attack_bonus() -> None:
    content = load_content()
    for template_id in PARTY:
        template = content.templates[template_id]
        assert template.is_party and template.trained
        assert all(3 <= template.score(a) <= 18 for a in template.attributes)
        assert max(template.skills.values()) >= 1
    for template_id in NPCS:
        template = content.templates[template_id]
        assert not template.is_party
        assert template.attack_bonus >= template.hd - 1


def test_special_templates_skeleton_fearless_ogre_large_wolf_bites() -> None:
    content = load_content()
    skeleton = content.templates["skeleton"]
    assert skeleton.fearless and skeleton.morale == 12
    ogre = content.templates["ogre"]
    assert ogre.size == "large"
    club = content.weapon(ogre.weapons[0])
    assert club.shock is not None and club.shock.ac is None  # the "/-" form
    assert club.damage.max >= 12
    bite = content.weapon(content.templates["wolf"].weapons[0])
    assert bite.natural and not bite.unarmed


def test_shipped_weapons_cover_every_trait_source_004_uses() -> None:
    weapons = load_content().weapons.values()
    assert any(w.attributes == ("STR",) for w in weapons)
    assert any(w.attributes == ("DEX",) for w in weapons)
    assert any(w.attributes == ("STR", "DEX") for w in weapons)
    assert {w.skill for w in weapons} == {"stab", "shoot", "brawl", "exert"}
    assert any(w.shock is not None and w.shock.ac is not None for w in weapons)
    assert any(w.shock is not None and w.shock.ac is None for w in weapons)
    assert any(w.reach == 2 and "polearm" in w.tags for w in weapons)
    assert any(w.two_handed and w.melee for w in weapons)
    assert any(w.thrown for w in weapons)
    assert any("bow" in w.tags and w.reload == "free_if_trained" for w in weapons)
    assert any("crossbow" in w.tags and w.reload == "main" for w in weapons)
    assert any(w.ranged and not w.two_handed for w in weapons)
    assert any(w.unarmed for w in weapons)
    assert any(w.magic > 0 for w in weapons)
    for weapon in weapons:
        if weapon.shoots:
            assert weapon.range_normal_ft is not None and weapon.range_long_ft is not None
            assert weapon.range_normal_ft <= weapon.range_long_ft


@pytest.mark.parametrize(
    ("score", "modifier"),
    [(3, -2), (4, -1), (7, -1), (8, 0), (13, 0), (14, 1), (17, 1), (18, 2)],
)
def test_attribute_modifier_table(score: int, modifier: int) -> None:
    assert attribute_modifier(score) == modifier


def test_shield_sets_base_ac_13_or_adds_one_to_better_armour() -> None:
    shield = Shield("shield", "Shield", 13, 1)
    assert armour_class(None, None) == 10
    assert armour_class(None, shield) == 13
    assert armour_class(Armour("gambeson", "Gambeson", 12, "light"), shield) == 13
    assert armour_class(Armour("leather", "Leather", 13, "light"), shield) == 14
    assert armour_class(Armour("mail", "Mail", 15, "medium"), shield, dex_modifier=1) == 17


def test_party_ac_adds_dex_modifier_npc_ac_does_not() -> None:
    content = load_content()
    skirmisher = content.templates["skirmisher"]  # leather 13, DEX 17 (+1)
    assert skirmisher.ac == 14
    warrior = content.templates["warrior"]  # mail 15 + shield, DEX 12 (+0)
    assert warrior.ac == 16
    bandit = content.templates["bandit"]  # leather 13 + shield, no DEX
    assert bandit.ac == 14
    assert content.templates["ogre"].ac == 13  # given in the file


def test_party_attack_adds_attack_bonus_best_attribute_skill_and_magic() -> None:
    content = load_content()
    captain = content.templates["captain"]  # +1, STR 14 (+1) DEX 13 (0), Stab-1
    fine_sword = content.weapon("fine_sword")  # magic +1
    assert captain.weapon_attribute(fine_sword) == "STR"
    assert captain.attack_modifier(fine_sword) == 1 + 1 + 1 + 1
    assert captain.damage_modifier(fine_sword) == 1 + 1
    assert captain.shock_damage(fine_sword) == 2 + 1 + 1


def test_untrained_skill_is_minus_one_and_thrown_attacks_may_use_stab() -> None:
    content = load_content()
    archer = content.templates["archer"]  # DEX 16 (+1), Shoot-1, Stab-0, no Brawl
    assert archer.skill("brawl") == -1
    assert archer.skill("heal") == -1
    dagger = content.weapon("dagger")
    assert archer.weapon_attribute(dagger) == "DEX"
    assert archer.attack_modifier(dagger) == 0 + 1 + 0
    assert archer.attack_modifier(dagger, thrown=True) == 0 + 1 + 1


def test_unarmed_attack_adds_brawl_to_damage() -> None:
    content = load_content()
    warrior = content.templates["warrior"]  # STR 16 (+1), Brawl-0
    fists = content.weapon("unarmed")
    assert warrior.damage_modifier(fists) == 1 + 0
    brawler = dataclasses.replace(warrior, skills={**warrior.skills, "brawl": 2})
    assert brawler.damage_modifier(fists) == 1 + 2


def test_npc_attack_is_attack_bonus_plus_magic_without_attributes() -> None:
    content = load_content()
    ogre = content.templates["ogre"]
    club = content.weapon("ogre_club")
    assert ogre.attack_modifier(club) == ogre.attack_bonus == 5
    assert ogre.damage_modifier(club) == 0
    assert ogre.shock_damage(club) == 3


def test_template_values_are_hashable_and_frozen() -> None:
    template: UnitTemplate = load_content().templates["orc"]
    hash(template)
    with pytest.raises(dataclasses.FrozenInstanceError):
        template.hd = 9  # type: ignore[misc]


def test_expected_damage_counts_shock_on_miss_and_as_floor_on_hit() -> None:
    content = load_content()
    warrior = content.templates["warrior"]  # +3 to hit, 1d8+1, Shock 3/AC13
    sword = content.weapon("sword")
    assert hit_chance(3, 13) == pytest.approx(0.55)
    # Hit: 1d8+1 but never below 3 → mean of (3,3,4,5,6,7,8,9) = 5.625; miss: 3.
    expected = 0.55 * 5.625 + 0.45 * 3
    assert expected_damage(warrior, sword, 13) == pytest.approx(expected)
    assert expected_damage(warrior, sword, 13, target_has_shield=True) == pytest.approx(0.55 * 5.5)


@pytest.mark.parametrize(
    "bandit_ids",
    [
        ("bandit",) * 6,
        ("bandit",) * 4 + ("bandit_archer", "bandit_chief"),
        ("bandit",) * 3 + ("bandit_archer",) * 2 + ("bandit_chief",),
    ],
    ids=["six_bandits", "four_bandits_archer_chief", "three_bandits_two_archers_chief"],
)
def test_five_party_archetypes_against_six_bandits_is_close(bandit_ids: tuple[str, ...]) -> None:
    """Balance target from the brief: the five archetypes against six bandits is a close
    fight by Lanchester's square law (strength ratio within 1.35 either way)."""
    content = load_content()
    t = content.templates
    party = [t[i] for i in PARTY]
    bandits = [t[i] for i in bandit_ids]
    ratio = fighting_strength(content, party, bandits) / fighting_strength(content, bandits, party)
    assert 1 / 1.35 <= ratio <= 1.35
