"""The stress ruleset's hard AI (issue 36): what it declares, on tiny fields."""

from __future__ import annotations

from stress_support import fighter, make_field, stress_battle

from game.ai.stress.plan import StressAI, heal_chance, threats
from game.geometry.movement import distance
from game.rules.stress.actions import StressGuardedMove, StressStabilise

# Ada and Bea (warriors) side by side, Gor (bandit) out of reach of a throw
HEALING = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Bea", "party", "warrior", (1, 2)),
    ("Gor", "bandits", "bandit", (29, 4)),
]
WIDE = "\n".join(["." * 30] * 5)


def test_the_heal_chance_is_the_d20_faces_that_reach_10_plus_the_worst_wound() -> None:
    b = stress_battle(make_field(HEALING, WIDE), [5, 6, 7])
    bea = fighter(b, "bea")
    bea.wp, bea.worst = -2, 3
    ins = fighter(b, "ada").INS
    bonus = (ins - 10) // 2  # a warrior has no heal skill
    assert heal_chance(b.ctx, "ada", "bea") == (21 - (13 - bonus)) / 20
    bea.worst = 30
    assert heal_chance(b.ctx, "ada", "bea") == 0.0


def test_hard_does_not_spend_its_rounds_on_a_heal_check_it_will_most_likely_fail() -> None:
    b = stress_battle(make_field(HEALING, WIDE), [5, 6, 7])
    bea = fighter(b, "bea")
    bea.wp, bea.worst = -2, 1
    assert b.pending is not None and b.pending.unit == "ada"
    ai = StressAI("hard", 1)
    assert isinstance(ai.choose(b, b.pending), StressStabilise)  # a likely success
    bea.worst = 14  # needs a natural 20 or near it: walk to the fight instead
    assert heal_chance(b.ctx, "ada", "bea") < 0.35
    assert not isinstance(ai.choose(b, b.pending), StressStabilise)


def test_hard_falls_back_in_full_defense_when_hurt_in_a_foes_reach() -> None:
    # Ada, her Stress gone and 5 of 16 Wound Points left, stands beside Gor: she steps
    # back at half speed out of every foe's reach, toward Bea, in Full Defense
    spawns = [
        ("Ada", "party", "warrior", (3, 2)),
        ("Bea", "party", "warrior", (0, 2)),
        ("Gor", "bandits", "bandit", (4, 2)),
    ]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    ada = fighter(b, "ada")
    ada.stress, ada.wp = 0, 5
    assert b.pending is not None and b.pending.unit == "ada"
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressGuardedMove)
    assert threats(b.ctx, "ada", choice.to) == 0 < threats(b.ctx, "ada", (3, 2))
    assert distance(choice.to, (3, 2)) <= 3
    ada.wp = 16  # unhurt: it fights
    assert not isinstance(StressAI("hard", 1).choose(b, b.pending), StressGuardedMove)
