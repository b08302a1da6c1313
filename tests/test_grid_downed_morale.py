"""Downed units (issue 3), 004 · Morale and the end of a battle, with fixed dice."""

from __future__ import annotations

from engine_support import act, battle, field, push

from game.engine import Battle, EndTurn
from game.engine.events import Died, Downed, LeftBattle, Rolled
from game.rules.grid import morale, units
from game.rules.grid.attack import MeleeAttack, RangedAttack
from game.rules.grid.components import Conditions, Health
from game.rules.grid.damage import MORTAL_ROUNDS, apply_damage, end_of_round_mortal_wounds
from game.rules.grid.events import Routed
from game.rules.grid.move import blockers
from game.rules.grid.state import GridState

OPEN = "........\n........\n........\n........"
WALLED = "########\n#......#\n#......#\n########"


def morale_rolls(b: object) -> list[Rolled]:
    return [e for e in b.events if isinstance(e, Rolled) and e.purpose == "morale check"]  # type: ignore[attr-defined]


def test_party_units_at_zero_hp_are_mortally_wounded_and_die_after_six_rounds() -> None:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (0, 0)),
            ("Cy", "party", "archer", (0, 2)),
            ("Gor", "bandits", "skeleton", (7, 3)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    with b._active():
        apply_damage(b.ctx, "ada", 99, "hit", "gor")
        assert b.edit("ada", Health).hp == 0
        cond = b.edit("ada", Conditions)
        assert cond.mortally_wounded and not cond.dead
        assert any(isinstance(e, Downed) and e.fate == "mortally wounded" for e in b.events)
        for left in range(MORTAL_ROUNDS - 1, 0, -1):
            end_of_round_mortal_wounds(b.ctx)
            assert cond.mortal_rounds_left == left
        assert not cond.dead
        end_of_round_mortal_wounds(b.ctx)
        assert cond.dead
    assert any(isinstance(e, Died) and "mortal wound" in e.cause for e in b.events)


def test_stabilised_units_do_not_die_of_their_wounds() -> None:
    bf = field(OPEN, [("Ada", "party", "warrior", (0, 0)), ("Gor", "bandits", "skeleton", (7, 3))])
    b = battle(bf, faces=[8, 1])
    with b._active():
        apply_damage(b.ctx, "ada", 99, "hit", "gor")
        b.edit("ada", Conditions).stabilised = True
        for _ in range(MORTAL_ROUNDS + 2):
            end_of_round_mortal_wounds(b.ctx)
    assert not b.edit("ada", Conditions).dead


def three_bandits(faces: list[int]) -> Battle:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit", (5, 2)),
            ("Sk", "bandits", "skeleton", (6, 1)),
        ],
    )
    b = battle(bf, faces=faces)
    b.edit("gor", Health).hp = 1
    return b


def test_first_casualty_triggers_morale_checks_but_fearless_units_never_check() -> None:
    b = three_bandits([8, 1])
    push(b, 15, 4, 3, 3)  # Gor dies; Hal rolls 2d6 = 6 against Morale 7: holds
    act(b, MeleeAttack("ada", "gor", "sword"))
    checks = morale_rolls(b)
    assert [c.unit for c in checks] == ["hal"]
    assert checks[0].outcome == "holds" and "first casualty" in checks[0].text()


def test_failed_morale_check_routs_and_the_unit_flees_off_the_nearest_edge() -> None:
    b = three_bandits([8, 1])
    push(b, 15, 4, 6, 6)  # Hal: 12 against 7, breaks
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert any(isinstance(e, Routed) and e.unit == "hal" for e in b.events)
    act(b, EndTurn("ada"))
    left = [e for e in b.events if isinstance(e, LeftBattle)]
    assert [(e.unit, e.how) for e in left] == [("hal", "fled")]
    assert b.edit("hal", Conditions).fled
    assert b.pending is not None and b.pending.unit == "sk"  # the fearless one fights on


def test_a_routed_unit_with_no_way_out_surrenders() -> None:
    bf = field(WALLED, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (5, 2))])
    b = battle(bf, faces=[8, 1])
    b.edit("gor", GridState).routed = True
    act(b, EndTurn("ada"))
    assert b.edit("gor", Conditions).surrendered
    assert b.over and b.winner == "party"


def test_leader_down_triggers_a_check() -> None:
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Kel", "bandits", "bandit_chief", (2, 1)),
            ("Hal", "bandits", "bandit", (5, 2)),
            ("Ivo", "bandits", "bandit", (6, 2)),
        ],
        leaders=["Kel"],
    )
    b = battle(bf, faces=[8, 1])
    b.edit("kel", Health).hp = 1
    push(b, 15, 4, 1, 1, 2, 2)
    act(b, MeleeAttack("ada", "kel", "sword"))
    checks = morale_rolls(b)
    assert [c.unit for c in checks] == ["hal", "ivo"]
    assert {c.detail for c in checks} == {
        "(leader down; also first casualty; outnumbering their foes two to one)"
    }


def test_one_event_rolls_at_most_one_morale_check_per_unit_for_the_strongest_trigger() -> None:
    """Decision (004 · Morale): the chief's death is the side's first casualty, half the
    side down and the leader down at once; Hal rolls once, for the leader, and the line
    names the other triggers, which are used up."""
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Kel", "bandits", "bandit_chief", (2, 1)),
            ("Hal", "bandits", "bandit", (5, 2)),
        ],
        leaders=["Kel"],
    )
    b = battle(bf, faces=[8, 1])
    b.edit("kel", Health).hp = 1
    push(b, 15, 4, 1, 1)
    act(b, MeleeAttack("ada", "kel", "sword"))
    checks = morale_rolls(b)
    assert [(c.unit, c.detail) for c in checks] == [
        ("hal", "(leader down; also half the side down, first casualty)")
    ]
    assert b.edit("hal", GridState).morale_checks == 1
    fired = b.ctx.ruleset.morale.fired["bandits"]  # type: ignore[attr-defined]
    assert fired >= {"first casualty", "half the side down", "leader down"}


def test_lone_unit_below_half_health_checks_morale() -> None:
    bf = field(OPEN, [("Ada", "party", "warrior", (1, 1)), ("Hal", "bandits", "bandit", (2, 1))])
    b = battle(bf, faces=[8, 1])
    b.edit("hal", Health).hp = b.edit("hal", Health).max_hp = 10
    with b._active():
        push(b, 1, 1)
        apply_damage(b.ctx, "hal", 6, "hit", "ada")
    assert [c.detail for c in morale_rolls(b)] == ["(alone and badly hurt)"]


def test_battle_ends_when_one_side_remains() -> None:
    bf = field(OPEN, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))])
    b = battle(bf, faces=[8, 1])
    b.edit("gor", Health).hp = 1
    push(b, 15, 4)
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert b.over and b.winner == "party" and b.pending is None
    assert b.events[-1].text() == "Wardens win in round 1 (last side standing)"
    r = b.answer(EndTurn("ada"))
    assert not r.ok and r.reason == "the battle is over"


def test_a_unit_brought_to_zero_hp_falls_before_any_morale_check() -> None:
    """004 · Morale is for those still fighting: a blow that takes the last of a unit's HP
    downs it at once; it never rolls morale ("alone and badly hurt") at 0 HP first."""
    bf = field(OPEN, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))])
    b = battle(bf, faces=[8, 1])
    b.edit("gor", Health).hp = 2
    push(b, 15, 4)  # a hit for 4 + STR: no die left for a morale roll
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert morale_rolls(b) == []
    assert b.edit("gor", Conditions).dead
    assert b.over and b.winner == "party"


def test_a_routed_unit_stays_on_its_square_until_it_flees_then_it_leaves_the_board() -> None:
    """004 · Morale ("They're gone for now ... The Party may wish to give chase"): a unit
    that broke is still on the field, fleeing, and may be struck until it is gone; once it
    has fled it is off the board: no square, no target, not counted."""
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Cy", "party", "archer", (0, 3)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit", (5, 2)),
            ("Sk", "bandits", "skeleton", (6, 0)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    b.edit("gor", Health).hp = 1
    b.edit("hal", Health).hp = b.edit("hal", Health).max_hp = 10
    push(b, 15, 4, 6, 6)  # Gor dies; Hal: 12 against 7, breaks
    act(b, MeleeAttack("ada", "gor", "sword"))
    hal = {v.id: v for v in b.units()}["hal"]
    assert (hal.status, hal.in_fight, hal.cell) == ("routed", True, (5, 2))
    act(b, EndTurn("ada"))
    push(b, 19, 3)  # Cy shoots the fleeing Hal: hit for 3 + DEX
    act(b, RangedAttack("cy", "hal", "longbow"))
    assert b.edit("hal", Health).hp < 10
    act(b, EndTurn("cy"))  # Hal flees off the bottom edge on his turn
    assert b.edit("hal", Conditions).fled
    hal = {v.id: v for v in b.units()}["hal"]
    assert (hal.status, hal.in_fight) == ("fled", False)
    with b._active():
        assert units.occupant(b.ctx, hal.cell) is None
        assert "hal" not in units.enemies(b.ctx, "cy")
    assert not any(a.target == "hal" for a in b.legal_answers() if hasattr(a, "target"))
    assert [v.id for v in b.units("bandits") if v.in_fight] == ["sk"]


def test_surrendered_units_stay_on_their_square_as_non_combatants() -> None:
    """Decision: a unit that surrendered stays where it is, out of the fight: it cannot be
    attacked, threatens nobody, does not count for its side, and anyone may pass through
    its square (but not stop on it)."""
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Sk", "bandits", "skeleton", (7, 3)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    with b._active():
        morale.leave(b.ctx, "gor", "surrendered")
        assert units.occupant(b.ctx, (2, 1)) == "gor"
        assert "gor" not in units.enemies(b.ctx, "ada")
        assert units.melee_reach(b.ctx, "gor") == 0 and not units.in_fight(b.ctx, "gor")
        occupied, passable = blockers(b.ctx, "ada")
        assert (2, 1) in passable and (2, 1) not in occupied
    assert not any(getattr(a, "target", None) == "gor" for a in b.legal_answers())
    assert [v.id for v in b.units("bandits") if v.in_fight] == ["sk"]


def test_morale_rolls_take_the_odds_minus_one_at_two_to_one_plus_one_when_outnumbered() -> None:
    """Decision (004 · Morale: they fight to the death only when it is their best shot):
    the numbers still fighting modify the 2d6. Gor falls: Hal and Sk (fearless) against
    Ada alone is two to one, so Hal's 2d6 of 8 becomes 7 against Morale 7 and holds; in
    the same spot against Ada and two friends, Hal is outnumbered: 7 becomes 8 and breaks."""
    b = three_bandits([8, 1])
    push(b, 15, 4, 4, 4)
    act(b, MeleeAttack("ada", "gor", "sword"))
    (check,) = morale_rolls(b)
    assert check.total == 7 and check.outcome == "holds"
    assert "two to one" in check.detail
    bf = field(
        OPEN,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Bo", "party", "warrior", (0, 3)),
            ("Cy", "party", "warrior", (0, 0)),
            ("Gor", "bandits", "bandit", (2, 1)),
            ("Hal", "bandits", "bandit", (5, 2)),
            ("Sk", "bandits", "skeleton", (6, 1)),
        ],
    )
    b = battle(bf, faces=[8, 1])
    b.edit("gor", Health).hp = 1
    push(b, 15, 4, 3, 4)
    act(b, MeleeAttack("ada", "gor", "sword"))
    (check,) = morale_rolls(b)
    assert check.total == 8 and check.outcome == "breaks"
    assert "outnumbered" in check.detail
