"""The stress ruleset's hard AI and downed units (issue 36): a downed unit is out of the
fight for victory and no target for a blow, but it may still strike (002 · Wound
Points: an Incapacitated creature's actions cost it a Wound Point; a Dying one may act or
move). Village's raiders, played by the baseline, fought on while dying: their chief,
at −5 of 13 Wound Points, dropped the Company's captain with a critical hit."""

from __future__ import annotations

from stress_support import fighter, make_field, stress_battle

from game.ai.stress.plan import StressAI
from game.engine.answers import EndTurn
from game.rules.stress.actions import StressAttack

WIDE = "\n".join(["." * 30] * 5)


def test_a_downed_hard_unit_strikes_the_foe_in_its_reach() -> None:
    # Ada, dying at −3, stands beside Gor: she strikes him rather than lie still
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (0, 4)),
        ("Gor", "bandits", "bandit", (2, 1)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    fighter(b, "ada").stress, fighter(b, "ada").wp = 0, -3
    assert b.pending is not None and b.pending.unit == "ada"
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressAttack) and choice.target == "gor"
    assert b.validate(choice) is None
    # the other levels leave a downed unit be
    assert isinstance(StressAI("normal", 1).choose(b, b.pending), EndTurn)


def test_a_dying_hard_unit_with_no_foe_in_reach_does_nothing() -> None:
    # dying, it may act or move, not both: Gor is out of its reach, so it lies still
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (0, 4)),
        ("Gor", "bandits", "bandit", (9, 1)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    ada = fighter(b, "ada")
    ada.stress, ada.wp = 0, -3
    ada.weapons = ["sword"]  # nothing to throw
    assert b.pending is not None and b.pending.unit == "ada"
    assert isinstance(StressAI("hard", 1).choose(b, b.pending), EndTurn)
