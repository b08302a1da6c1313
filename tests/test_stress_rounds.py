"""The stress ruleset's round (source 002 · Combat Procedure): surprise, base initiative
once a battle, declared actions hidden until everyone has declared, round initiative =
base + the action's modifier, resolution from the lowest count up, simultaneous ties
(a double knock-out), late arrivals at −12, the shared-initiative house rule."""

from __future__ import annotations

from engine_support import push
from stress_support import (
    FACE_TO_FACE,
    declare,
    fighter,
    log,
    make_field,
    set_fighter,
    stress_battle,
)

from game.engine import Battle
from game.engine.answers import EndTurn
from game.engine.intentions import Declared, IntentionRevealed, OrderSet
from game.rules.stress.actions import (
    StressAttack,
    StressDefensive,
    StressFullDefense,
    StressMove,
    StressStabilise,
    StressThrow,
)
from game.rules.stress.events import CountReached, DoubleKnockOut, Hurt


def initiatives(b: Battle) -> dict[str, int]:
    """Each unit's round initiative as the first round's order gave it."""
    order = next(e for e in b.events if isinstance(e, OrderSet))
    return {u: int(p.split()[-1]) for u, p in zip(order.order, order.placed_by, strict=True)}


def test_base_initiative_is_a_d12_minus_the_agility_modifier_rolled_once() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7])
    assert fighter(b, "ada").base_initiative == 5 - 1  # AGI 12: +1 is subtracted
    assert fighter(b, "gor").base_initiative == 7  # AGI 11: +0
    declare(b, EndTurn("ada"), EndTurn("gor"))
    declare(b, EndTurn("ada"), EndTurn("gor"))  # round 2: no new roll (faces ran out)
    assert fighter(b, "ada").base_initiative == 4


def test_declarations_are_hidden_until_every_unit_has_declared() -> None:
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 1, 1])
    assert b.pending is not None and b.pending.unit == "ada"
    b.answer(StressFullDefense("ada"))
    assert any(isinstance(e, Declared) and e.unit == "ada" for e in b.events)
    assert not any(isinstance(e, IntentionRevealed) for e in b.events)
    b.answer(StressAttack("gor", "ada", "spear"))
    revealed = [e for e in b.events if isinstance(e, IntentionRevealed)]
    assert [(e.unit, e.intent) for e in revealed] == [
        ("ada", "stress_full_defense"),
        ("gor", "stress_attack"),
    ]


def test_round_initiative_is_base_plus_the_declared_actions_modifier() -> None:
    spawns = FACE_TO_FACE + [
        ("Bo", "party", "warrior", (1, 3)),
        ("Hal", "bandits", "bandit", (8, 4)),
    ]
    b = stress_battle(make_field(spawns), [5, 7, 5, 6, 1, 1])  # the two blows: natural 1s
    # Hal is far away: a Move (a Defensive Attack that attacks nothing) is +1
    declare(
        b,
        StressFullDefense("ada"),
        StressDefensive("gor", "ada", "spear"),
        StressThrow("bo", "gor", "javelin"),
        StressMove("hal", (7, 4)),
    )
    counts = initiatives(b)
    assert counts["ada"] == 4 - 1  # Full Defense −1
    assert counts["gor"] == 7 + 2 + 1  # Defensive Attack: speed + 1
    assert counts["bo"] == 4 + 2  # a thrown javelin, out of melee: +2
    assert counts["hal"] == 6 + 1


def test_sword_attack_adds_the_weapon_speed_and_stabilise_counts_as_a_consumable() -> None:
    spawns = FACE_TO_FACE + [("Bo", "party", "warrior", (0, 1))]
    b = stress_battle(make_field(spawns), [5, 7, 3, 1, 3])  # Gor misses, the Heal check fails
    set_fighter(b, "bo", wp=0)
    declare(b, StressStabilise("ada", "bo"), StressAttack("gor", "ada", "spear"))
    assert initiatives(b) == {"ada": 4 + 6, "gor": 7 + 2}


def test_actions_resolve_from_the_lowest_initiative_up() -> None:
    # Ada 4 + sword 2 = 6 before Gor 7 + spear 2 = 9
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 10, 5, 2])
    declare(b, StressAttack("ada", "gor", "sword"), StressAttack("gor", "ada", "spear"))
    counts = [e.count for e in b.events if isinstance(e, CountReached)]
    assert counts == [6, 9]
    order = next(e for e in b.events if isinstance(e, OrderSet))
    assert order.order == ("ada", "gor")
    assert order.placed_by == ("initiative 6", "initiative 9")


def test_ties_resolve_simultaneously_and_two_units_can_drop_each_other() -> None:
    # both at initiative 6: both blows are rolled before either applies
    b = stress_battle(make_field(FACE_TO_FACE), [5, 4])
    set_fighter(b, "ada", stress=0, wp=1)
    set_fighter(b, "gor", stress=0, wp=1)
    push(b, 15, 4, 15, 3)  # Ada hits (4+3-1), Gor hits (3-2)
    declare(b, StressAttack("ada", "gor", "sword"), StressAttack("gor", "ada", "spear"))
    (count,) = [e for e in b.events if isinstance(e, CountReached)]
    assert count.units == ("ada", "gor") and "simultaneously" in count.text()
    hurt = [e for e in b.events if isinstance(e, Hurt)]
    assert [h.unit for h in hurt] == ["gor", "ada"] and all(h.together for h in hurt)
    ko = [e for e in b.events if isinstance(e, DoubleKnockOut)]
    assert ko and set(ko[0].units) == {"ada", "gor"}
    assert any("Double knock-out" in line for line in log(b))
    assert b.over and b.ctx.winner is None  # nobody is left standing: a draw


def test_surprised_units_roll_initiative_but_do_not_act_in_round_1() -> None:
    b = stress_battle(make_field(FACE_TO_FACE, surprise="bandits"), [5, 7, 10, 5])
    assert fighter(b, "gor").base_initiative == 7  # rolled at the start
    declare(b, StressAttack("ada", "gor", "sword"))
    asked = [e.unit for e in b.events if isinstance(e, Declared)]
    assert asked == ["ada"]  # Gor was not asked in round 1
    assert b.pending is not None and b.pending.unit == "ada"  # round 2 begins with Ada
    declare(b, EndTurn("ada"))
    assert b.pending is not None and b.pending.unit == "gor"  # and Gor declares in round 2


def test_a_late_arrival_whose_count_has_passed_acts_next_round_at_minus_12_too() -> None:
    spawns = FACE_TO_FACE + [("Hal", "bandits", "bandit", (8, 1))]
    bf = make_field(spawns, arrives={"Hal": 2})
    b = stress_battle(bf, [5, 7])
    assert not b.unit("hal").in_fight and b.unit("hal").status == "not arrived"
    declare(b, EndTurn("ada"), EndTurn("gor"))  # round 1: Hal is not there
    # round 2: Ada moves at 4 + 1 = 5; after that count Hal arrives (d12 2: count 2 + 1)
    push(b, 2)  # Hal's base initiative
    declare(b, StressMove("ada", (1, 2)), EndTurn("gor"))
    assert b.pending is not None and b.pending.unit == "hal"
    b.answer(StressMove("hal", (6, 1)))
    assert fighter(b, "hal").late_count == 3
    assert any("acts next round at −12" in line for line in log(b))
    declare(b, EndTurn("ada"), EndTurn("gor"), StressMove("hal", (5, 1)))  # round 3
    counts = [e.count for e in b.events if isinstance(e, CountReached)]
    assert counts[-2:] == [3 - 12, 3]  # Hal acts twice: at −9 and at its own 3
    assert b.unit("hal").cell == (5, 1)


def test_identical_monsters_share_one_initiative_roll_as_a_house_rule() -> None:
    spawns = FACE_TO_FACE + [("Hal", "bandits", "bandit", (8, 1))]
    b = stress_battle(make_field(spawns), [5, 7], options={"shared_initiative": "on"})
    assert fighter(b, "hal").base_initiative == fighter(b, "gor").base_initiative == 7
    plain = stress_battle(make_field(spawns), [5, 7, 2])
    assert fighter(plain, "hal").base_initiative == 2


def test_a_revealed_move_names_the_square_it_goes_to() -> None:
    """The reveal names a move's square as a field (``IntentionRevealed.to``), so a screen
    under fog can leave it out of a reader's line (play-test 8)."""
    spawns = FACE_TO_FACE + [("Hal", "bandits", "bandit", (8, 4))]
    b = stress_battle(make_field(spawns), [5, 7, 6])
    declare(b, EndTurn("ada"), EndTurn("gor"), StressMove("hal", (7, 4)))
    revealed = {e.unit: e for e in b.events if isinstance(e, IntentionRevealed)}
    assert revealed["hal"].to == ((7, 4),) and revealed["hal"].text_.endswith("to 7,4")
    assert all(e.to == () for u, e in revealed.items() if u != "hal")
    assert all(e.target_name == "" for e in revealed.values())


def test_a_revealed_declaration_names_the_unit_it_aims_at() -> None:
    """The reveal names its target by name as a field (``target_name``), so a screen
    under fog can leave the name out of a reader who cannot see that unit."""
    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 10, 3, 4])
    declare(b, StressFullDefense("ada"), StressAttack("gor", "ada", "spear"))
    revealed = {e.unit: e for e in b.events if isinstance(e, IntentionRevealed)}
    assert revealed["gor"].target == "ada" and revealed["gor"].target_name == "Ada"
    assert revealed["ada"].target_name == ""
