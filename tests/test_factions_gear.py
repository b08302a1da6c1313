"""Source 003 · Bonus actions: "Equip or unequip an item. Swapping two items is two bonus
actions." (factions ruleset, README · Decisions "hands"), with fixed dice; and when the
factions AI changes weapons."""

from __future__ import annotations

from factions_support import decline_all, fbattle, ffield, gear, log, ok, start, turn

from game.ai.factions import FactionsAI
from game.engine import Battle
from game.engine.answers import EndTurn
from game.rules.factions.answers import Attack, Disarm, Equip, PickUp, Unequip

ARCHER = [("Ari", "party", "archer", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]


def choice(b: Battle, level: str = "hard") -> object:
    assert b.pending is not None
    return FactionsAI(level, 0).choose(b, b.pending)


def test_units_start_with_weapons_in_hand_while_two_hands_allow_and_carry_the_rest() -> None:
    spawns = [
        ("Ari", "party", "archer", (1, 1)),
        ("Bea", "party", "skirmisher", (1, 2)),
        ("Ada", "party", "warrior", (1, 3)),
        ("Gor", "bandits", "bandit", (8, 1)),
    ]
    b = fbattle(ffield(spawns), [1])
    assert gear(b, "ari").held == ["longbow"]  # two-handed: both hands
    assert gear(b, "bea").held == ["sword", "dagger"]
    assert gear(b, "ada").held == ["sword", "javelin"]  # the shield is armour, no hand
    assert gear(b, "gor").held == ["spear", "dagger"]


def test_only_weapons_in_hand_attack() -> None:
    b = fbattle(ffield(ARCHER), [1])
    start(b, "party", "ari")
    assert "does not hold" in (b.validate(Attack("ari", "gor", "dagger")) or "")
    assert b.validate(Attack("ari", "gor", "longbow", "ranged")) is None


def test_a_swap_is_two_bonus_actions_unequip_then_equip_and_takes_the_main_action() -> None:
    b = fbattle(ffield(ARCHER), [1, 3])
    start(b, "party", "ari")
    refused = b.validate(Equip("ari", "dagger"))
    assert refused is not None and "unequip first" in refused  # no hand free
    ok(b, Unequip("ari", "longbow"))
    assert gear(b, "ari").held == [] and "longbow" in gear(b, "ari").weapons
    ok(b, Equip("ari", "dagger"))
    assert gear(b, "ari").held == ["dagger"] and turn(b, "ari").bonus == 2
    assert b.validate(Attack("ari", "gor", "dagger")) is not None  # two bonus: no main
    assert "Ari puts away the longbow" in log(b) and "Ari readies the dagger" in log(b)


def test_equip_into_a_free_hand_is_one_bonus_action_and_leaves_the_main_action() -> None:
    b = fbattle(ffield(ARCHER), [1, 4])
    gear(b, "ari").held = []  # the bow put away: both hands free
    start(b, "party", "ari")
    ok(b, Equip("ari", "dagger"))
    assert b.validate(Equip("ari", "longbow")) is not None  # one hand left, the bow needs two
    ok(b, Attack("ari", "gor", "dagger"))
    decline_all(b)
    assert "Ari damage Dagger: d4 4 = 4" in log(b)


def test_a_disarmed_unit_readies_its_carried_weapon_and_picks_the_dropped_one_up() -> None:
    b = fbattle(
        ffield([("Ada", "party", "warrior", (1, 1)), ("Ari", "bandits", "archer", (2, 1))]),
        [1, 20, 1],
    )
    start(b, "party", "ada")
    ok(b, Disarm("ada", "ari", "longbow"))
    decline_all(b)
    assert gear(b, "ari").held == [] and gear(b, "ari").dropped == ["longbow"]
    ok(b, EndTurn("ada"))
    from factions_support import activate

    activate(b, "ari")
    ok(b, PickUp("ari", "longbow"))  # back in hand: both hands were free
    assert gear(b, "ari").held == ["longbow"] and gear(b, "ari").dropped == []


def test_the_ai_readies_a_carried_weapon_when_it_holds_none_then_strikes_with_it() -> None:
    spawns = [("Cro", "party", "crossbowman", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]
    b = fbattle(ffield(spawns), [1])
    start(b, "party", "cro")
    gear(b, "cro").held = []  # the crossbow dropped
    gear(b, "cro").dropped = ["crossbow"]
    assert choice(b) == Equip("cro", "sword")
    ok(b, Equip("cro", "sword"))
    assert choice(b) == Attack("cro", "gor", "sword")


def test_a_bow_armed_ai_unit_in_melee_swaps_to_a_sidearm_that_strikes_much_harder() -> None:
    b = fbattle(ffield(ARCHER), [1])
    start(b, "party", "ari")
    gear(b, "ari").weapons = ["longbow", "greataxe"]  # set at the decision: forks see it
    assert choice(b) == Unequip("ari", "longbow")
    ok(b, Unequip("ari", "longbow"))
    assert choice(b) == Equip("ari", "greataxe")


def test_the_ai_keeps_its_bow_in_melee_when_the_sidearm_is_no_better() -> None:
    b = fbattle(ffield(ARCHER), [1])
    start(b, "party", "ari")
    assert choice(b) == Attack("ari", "gor", "longbow", "ranged")  # point-blank, no save
    assert choice(b, "normal") == Attack("ari", "gor", "longbow", "ranged")


def test_a_pikeman_that_will_not_walk_takes_up_its_dagger_to_throw_when_the_pike_has_no_work() -> (
    None
):
    spawns = [("Sun", "party", "spearman", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
    b = fbattle(ffield(spawns), [1])
    start(b, "party", "sun")
    assert b.pending is not None
    ai = FactionsAI("hard", 0)
    assert choice(b) != Unequip("sun", "pike")  # it walks in to strike with the pike
    ai.walk = lambda battle, unit: None  # type: ignore[method-assign]  # e.g. a post to hold
    assert ai.choose(b, b.pending) == Unequip("sun", "pike")
    ok(b, Unequip("sun", "pike"))
    assert ai.choose(b, b.pending) == Equip("sun", "dagger")


def test_a_swap_begun_is_finished_even_when_the_unit_would_now_walk() -> None:
    spawns = [("Sun", "party", "spearman", (1, 1)), ("Gor", "bandits", "bandit", (8, 1))]
    b = fbattle(ffield(spawns), [1])
    start(b, "party", "sun")
    ok(b, Unequip("sun", "pike"))  # hands empty, one bonus action left; it could walk
    assert choice(b) == Equip("sun", "dagger")
