"""Source 003 · Blast attacks, Attack stunts, Non-lethal attacks, Sneaking in combat,
Morale, Surrendering, Combat gear degradation and the optional fast and slow activations
(factions ruleset), with fixed dice."""

from __future__ import annotations

from typing import Any

from factions_support import (
    activate,
    begin,
    decline,
    decline_all,
    end,
    fate,
    fbattle,
    ffield,
    gear,
    hp,
    log,
    ok,
    pass_,
    react,
    set_hp,
    start,
    turn,
    weapon_table,
)

from game.engine.answers import ChooseUnit
from game.rules.factions.answers import (
    AcceptStunt,
    Attack,
    Blast,
    Counter,
    Disarm,
    Grapple,
    HideBehind,
    Move,
    Surrender,
)

CLOSE = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Dun", "bandits", "bandit", (9, 4)),
]


def test_a_melee_blast_hits_its_zone_and_its_borders_spares_the_attacker_and_cannot_miss() -> None:
    spawns = [
        ("Ada", "party", "warrior", (5, 1)),
        ("Bea", "party", "skirmisher", (3, 2)),  # west, on the middle zone's border
        ("Cara", "party", "archer", (0, 4)),  # west, away from the border
        ("Og", "bandits", "ogre", (5, 2)),
        ("Gor", "bandits", "bandit", (6, 3)),  # the ogre's own side is hit too
    ]
    b = fbattle(ffield(spawns), [2, 10])
    start(b, "bandits", "og")
    assert b.validate(Blast("og", "ogre_club", 0)) is not None  # only its own zone
    ok(b, Blast("og", "ogre_club", 1))
    decline_all(b)
    assert not any("WIT save" in line for line in log(b))
    assert [line for line in log(b) if line.startswith("Og damage")] == [
        "Og damage Ogre's Tree-Club: d12 10 = 10"
    ]  # one roll for every target
    assert hp(b, "ada") == 2 and hp(b, "bea") == 0 and hp(b, "gor") == 0
    assert hp(b, "cara") == 6 and hp(b, "og") == 14


def test_a_blast_is_countered_by_one_target_only() -> None:
    spawns = [
        ("Ada", "party", "warrior", (5, 1)),
        ("Bea", "party", "skirmisher", (4, 2)),
        ("Og", "bandits", "ogre", (5, 2)),
        ("Dun", "bandits", "bandit", (9, 4)),
    ]
    b = fbattle(ffield(spawns), [2, 3, 2])
    start(b, "bandits", "og")
    ok(b, Blast("og", "ogre_club", 1))
    react(b, Counter("ada", "og", "sword", "melee"))
    assert b.pending is None or b.pending.kind != "reaction"  # Bea is not offered a counter


def test_a_ranged_blast_that_misses_deviates_to_a_neighbouring_zone(monkeypatch: Any) -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 2)),
        ("Gor", "bandits", "bandit", (5, 2)),
        ("Dun", "bandits", "bandit", (9, 4)),
    ]
    b = fbattle(ffield(spawns), [1, 18, 1, 4])
    weapon_table(b, monkeypatch, "javelin", blast=True, range=18)
    start(b, "party", "ada")
    ok(b, Move("ada", (2, 2)))
    ok(b, Blast("ada", "javelin", 2))  # at the east zone, while moving: a WIT save
    decline_all(b)
    assert any("WIT save to hit (while moving): d20 18" in line for line in log(b))
    assert "Ada deviation: d1 1 = 1" in log(b)
    assert "The blast hits middle and its borders" in log(b)
    assert hp(b, "gor") == 4 and hp(b, "dun") == 6


def test_a_stunt_the_target_accepts_replaces_the_damage_and_allows_no_reaction() -> None:
    b = fbattle(ffield(CLOSE), [1])
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword", stunt="knock_down"))
    d = b.pending
    assert d is not None and d.unit == "gor" and AcceptStunt("gor", "knock_down") in d.answers
    react(b, AcceptStunt("gor", "knock_down"))
    assert fate(b, "gor").prone and hp(b, "gor") == 6
    assert b.pending is not None and b.pending.kind == "turn"
    end(b, "ada")
    activate(b, "gor")
    assert b.validate(Move("gor", (5, 1))) is not None  # its move goes on getting up


def test_a_refused_stunt_is_resolved_as_a_normal_attack() -> None:
    b = fbattle(ffield(CLOSE), [1, 6])
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword", stunt="surrender"))
    decline(b)  # refuses the stunt
    decline(b)  # does not react
    assert hp(b, "gor") == 2 and not fate(b, "gor").surrendered


def test_disarm_makes_the_target_save_str_or_drop_the_weapon_the_attacker_chose() -> None:
    b = fbattle(ffield(CLOSE), [1, 15])
    start(b, "party", "ada")
    ok(b, Disarm("ada", "gor", "spear"))
    decline_all(b)
    assert any("Gor STR save against the disarm: d20 15" in line for line in log(b))
    assert gear(b, "gor").dropped == ["spear"]
    assert ((2, 1), "spear") in b.ground_items()


def test_grapple_grabs_the_target_which_then_moves_with_its_holder() -> None:
    b = fbattle(ffield(CLOSE), [1, 15])
    start(b, "party", "ada")
    ok(b, Grapple("ada", "gor"))
    decline_all(b)
    assert fate(b, "gor").grabbed_by == "ada" and fate(b, "ada").holding == "gor"
    from game.engine.presentation import Link
    from game.engine.presenter import presenter_of

    assert presenter_of(b).links(b) == [Link("grapple", "ada", "gor")]
    ok(b, Move("ada", (5, 1)))
    assert b.unit("gor").cell in {(4, 0), (4, 1), (4, 2), (5, 0), (5, 2), (6, 0), (6, 1), (6, 2)}
    end(b, "ada")
    activate(b, "gor")
    assert b.validate(Move("gor", (1, 1))) is not None


def test_the_holder_hides_behind_the_grabbed_who_has_no_say() -> None:
    spawns = CLOSE + [("Eda", "bandits", "bandit", (0, 1))]
    b = fbattle(ffield(spawns), [2, 4])
    from game.rules.factions.state import Fate

    b.edit("ada", Fate).holding = "gor"
    b.edit("gor", Fate).grabbed_by = "ada"
    start(b, "bandits", "eda")
    ok(b, Attack("eda", "ada", "spear"))
    react(b, HideBehind("ada", "gor"))
    assert hp(b, "gor") == 4 and hp(b, "ada") == 9  # no agreement asked, no reaction


def test_a_non_lethal_attack_resolves_last_in_a_counter() -> None:
    b = fbattle(ffield(CLOSE), [1, 5, 15])
    start(b, "party", "ada")
    ok(b, Grapple("ada", "gor"))
    react(b, Counter("gor", "ada", "spear", "melee"))
    lines = log(b)
    hurt = lines.index("Ada takes 2 damage (Spear), 7/9 HP")
    save = next(i for i, line in enumerate(lines) if "STR save against the grapple" in line)
    assert hurt < save and fate(b, "gor").grabbed_by == "ada"


def test_ambushers_start_concealed_and_play_a_bonus_turn_alone() -> None:
    b = fbattle(ffield(CLOSE, surprise="party"), [])
    assert fate(b, "gor").concealed and fate(b, "dun").concealed
    assert not fate(b, "ada").concealed
    d = b.pending
    assert d is not None and d.kind == "choose_unit" and d.side == "bandits"
    pass_(b, "bandits")  # the bonus turn ends: the party had no one to act in it
    assert b.pending is not None and b.pending.kind == "choose_side"
    assert b.pending.side == "bandits"  # the ambushers hold the initiative


def test_attacking_from_concealment_reveals_and_the_target_cannot_react() -> None:
    b = fbattle(ffield(CLOSE, surprise="party"), [5])
    activate(b, "gor")
    ok(b, Attack("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "turn"  # no reaction
    assert "Gor is revealed (attacking)" in log(b) and hp(b, "ada") == 7


def test_moving_without_sneaking_reveals_sneaking_does_not() -> None:
    b = fbattle(ffield(CLOSE, surprise="party"), [])
    activate(b, "dun")
    ok(b, Move("dun", (8, 4), sneak=True))
    assert fate(b, "dun").concealed
    end(b, "dun")
    activate(b, "gor")
    ok(b, Move("gor", (5, 1)))
    decline_all(b)
    assert "Gor is revealed (moving without sneaking)" in log(b)


def test_morale_a_group_at_half_its_number_makes_a_group_wit_save_at_the_round_end() -> None:
    b = fbattle(ffield(CLOSE), [1, 15])
    set_hp(b, "gor", 0)
    fate(b, "gor").incapacitated = True
    start(b, "party", "ada")
    end(b, "ada")
    pass_(b, "bandits")
    assert "Bandits group WIT save (morale): d20 15 = 15" in log(b)
    assert fate(b, "dun").fled  # failed, far from any enemy: it retreats


def test_morale_those_who_pass_are_immune_and_the_fearless_never_check() -> None:
    b = fbattle(ffield(CLOSE), [1, 5])
    set_hp(b, "gor", 0)
    fate(b, "gor").incapacitated = True
    start(b, "party", "ada")
    end(b, "ada")
    pass_(b, "bandits")
    assert fate(b, "dun").immune
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Sk1", "bandits", "skeleton", (8, 1)),
        ("Sk2", "bandits", "skeleton", (8, 3)),
    ]
    b2 = fbattle(ffield(spawns), [1])
    set_hp(b2, "sk1", 0)
    fate(b2, "sk1").incapacitated = True
    start(b2, "party", "ada")
    end(b2, "ada")
    pass_(b2, "bandits")
    assert not any("morale" in line for line in log(b2))


def test_a_lone_character_checks_morale_at_half_health_and_failing_near_the_enemy_surrenders() -> (
    None
):
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = fbattle(ffield(spawns), [1, 19])
    set_hp(b, "gor", 3)
    start(b, "party", "ada")
    end(b, "ada")
    pass_(b, "bandits")
    assert fate(b, "gor").surrendered


def test_surrender_takes_the_turn_and_a_surrendered_unit_harmed_fights_again() -> None:
    b = fbattle(ffield(CLOSE), [2, 5])
    start(b, "bandits", "gor")
    ok(b, Surrender("gor"))
    assert fate(b, "gor").surrendered and not b.unit("gor").in_fight
    assert gear(b, "gor").dropped == ["spear", "dagger"]
    activate(b, "ada")
    assert b.validate(Attack("ada", "gor", "sword")) is not None
    from game.rules.factions import damage

    damage.harm(b.ctx, "gor", 1, "ada", "sword")
    assert not fate(b, "gor").surrendered and b.unit("gor").in_fight


def test_after_the_battle_every_used_weapon_and_armour_rolls_for_durability() -> None:
    spawns = [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = fbattle(ffield(spawns), [1, 8, 1, 4, 1])
    set_hp(b, "gor", 2)
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert b.over
    worn = [line for line in log(b) if "durability" in line]
    assert worn == [
        "Ada durability sword: d6 1 = 1",
        "Gor durability armour: d6 4 = 4",
        "Gor durability shield: d6 1 = 1",
    ]
    assert "sword" in gear(b, "ada").damaged and "shield" in gear(b, "gor").damaged


def test_a_damaged_weapon_breaks_on_a_1_and_damaged_shields_break_on_8_before_armour() -> None:
    b = fbattle(ffield(CLOSE), [1, 1])
    gear(b, "ada").damaged.add("sword")
    start(b, "party", "ada")
    ok(b, Attack("ada", "gor", "sword"))
    decline_all(b)
    assert "Ada's Sword is broken" in log(b)
    assert "sword" in gear(b, "ada").broken and b.validate(Attack("ada", "gor", "sword"))
    b2 = fbattle(ffield(CLOSE), [1, 8])
    gear(b2, "gor").damaged.add("shield")
    start(b2, "party", "ada")
    ok(b2, Attack("ada", "gor", "sword"))
    decline_all(b2)
    assert "Gor's shield is broken" in log(b2) and hp(b2, "gor") == 0  # it stopped this blow
    from game.rules.factions import units

    assert units.armour(b2.ctx, "gor") == 1


def test_fast_and_slow_activations_only_wit_at_the_threshold_acts_first() -> None:
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),  # WIT 10
        ("Cara", "party", "archer", (1, 3)),  # WIT 13
        ("Gor", "bandits", "bandit", (8, 1)),  # WIT 9
    ]
    b = fbattle(ffield(spawns), [1, 12], fast_slow="on")
    begin(b, "party")
    assert "Fast actions: WIT 12 or more" in log(b)
    d = b.pending
    assert d is not None and ChooseUnit("cara") in d.answers and ChooseUnit("ada") not in d.answers
    pass_(b, "party")  # the bandits have no one fast: the fast phase ends
    assert "Slow actions" in log(b)
    d = b.pending
    assert d is not None and ChooseUnit("ada") in d.answers and ChooseUnit("cara") in d.answers
    assert turn(b, "gor").acted is False
