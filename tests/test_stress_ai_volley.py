"""The stress ruleset's hard AI under a volley (issue 36, seventh pass): Full Defense
when the blows its foes can bring on a unit this round come to half of what it has
left (``game.ai.stress.volley``)."""

from __future__ import annotations

from stress_support import fighter, make_field, set_fighter, stress_battle

from game.ai.core.generic import GenericAI
from game.ai.stress.plan import StressAI
from game.ai.stress.volley import FULL_DEFENSE, VOLLEY, blow, incoming, under_fire
from game.geometry.movement import distance
from game.rules.stress import units
from game.rules.stress.actions import StressFullDefense, StressGuardedMove, StressMove

WIDE = "\n".join(["." * 30] * 5)
# Ada (warrior) on the west edge; four bandits eleven squares east: a bandit's spear,
# thrown, reaches 12 squares, so each of them can bring a blow on her this round
VOLLEYED = [
    ("Ada", "party", "warrior", (1, 2)),
    ("Gor", "bandits", "bandit", (12, 0)),
    ("Hal", "bandits", "bandit", (12, 1)),
    ("Ivo", "bandits", "bandit", (12, 3)),
    ("Jon", "bandits", "bandit", (12, 4)),
]


def test_incoming_counts_each_foe_whose_best_blow_reaches_this_round() -> None:
    # Jon, 28 squares off, reaches her with nothing this round (a move of 6 and a throw
    # of 12): he adds nothing; each of the others adds his best blow, and Full Defense
    # takes something off each
    spawns = [*VOLLEYED[:4], ("Jon", "bandits", "bandit", (29, 4))]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7, 8, 9])
    spear = units.weapon(b.ctx, "spear")
    one = blow(b.ctx, "gor", spear, "ada")
    assert one > 0
    assert incoming(b.ctx, "ada") == 3 * one
    assert incoming(b.ctx, "ada", guard=FULL_DEFENSE) < 3 * one


def test_hard_takes_full_defense_under_a_volley_it_cannot_answer() -> None:
    # Ada, her Stress gone and 4 Wound Points left, none of her blows likely to drop a
    # bandit: four spears can reach her, so she goes on at half speed in Full Defense
    # (or stands in it) rather than throw her javelin or walk into them
    b = stress_battle(make_field(VOLLEYED, WIDE), [5, 6, 7, 8, 9])
    set_fighter(b, "ada", stress=0, wp=4)
    assert under_fire(b.ctx, "ada")
    assert b.pending is not None and b.pending.unit == "ada"
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressGuardedMove | StressFullDefense)
    if isinstance(choice, StressGuardedMove):
        assert distance(choice.to, (12, 2)) < distance((1, 2), (12, 2))
        assert distance(choice.to, (1, 2)) <= units.speed(b.ctx, "ada") // 2


def test_one_spear_in_range_is_no_volley() -> None:
    # the same Ada with one bandit in range: what it can bring is less than half of what
    # she has left, and she does not stand off
    spawns = [VOLLEYED[0], VOLLEYED[1]]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7])
    set_fighter(b, "ada", stress=0, wp=4)
    f = fighter(b, "ada")
    assert incoming(b.ctx, "ada") < VOLLEY * (f.stress + f.wp)
    assert not under_fire(b.ctx, "ada")
    assert b.pending is not None and b.pending.unit == "ada"
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert not isinstance(choice, StressGuardedMove | StressFullDefense)


def test_shots_are_no_volley() -> None:
    # four bandit archers where the spears stood: their shots reach Ada as the throws
    # did, but a bow shoots again next round (waiting under it only delays the fight):
    # the volley counts the foes that reach her by a throw alone, and these do not
    spawns = [(n, s, "bandit_archer" if s == "bandits" else t, c) for n, s, t, c in VOLLEYED]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7, 8, 9])
    set_fighter(b, "ada", stress=0, wp=4)
    assert incoming(b.ctx, "ada") > VOLLEY * 4
    assert incoming(b.ctx, "ada", throws=True) == 0
    assert not under_fire(b.ctx, "ada")


def test_a_fist_against_mail_does_next_to_nothing() -> None:
    # a blow's worth is its damage after Armour face by face: a bandit's fist (1d2)
    # against Ada's Armour 2 harms her only on a critical; his spear does
    b = stress_battle(make_field(VOLLEYED[:2], WIDE), [5, 6, 7])
    fist, spear = units.weapon(b.ctx, "unarmed"), units.weapon(b.ctx, "spear")
    assert 0 < blow(b.ctx, "gor", fist, "ada") < 0.1 < 0.5 < blow(b.ctx, "gor", spear, "ada")


def test_hard_does_not_walk_into_a_volley_at_full_speed() -> None:
    # the four bandits 21 squares off: no spear reaches Ada where she stands (a move of
    # 6 and a throw of 12), but where her walk toward them would take her, all four do:
    # she (her javelin left at home) goes on at half speed in Full Defense, or stands
    spawns = [VOLLEYED[0], *((n, s, t, (22, y)) for n, s, t, (_, y) in VOLLEYED[1:])]
    b = stress_battle(make_field(spawns, WIDE), [5, 6, 7, 8, 9])
    set_fighter(b, "ada", stress=0, wp=4, weapons=["sword"])
    assert not under_fire(b.ctx, "ada")
    assert under_fire(b.ctx, "ada", at=(7, 2))
    assert b.pending is not None and b.pending.unit == "ada"
    walk = GenericAI("hard", 1).choose(b, b.pending)  # the walk she would take
    assert isinstance(walk, StressMove) and under_fire(b.ctx, "ada", at=walk.to)
    choice = StressAI("hard", 1).choose(b, b.pending)
    assert isinstance(choice, StressGuardedMove | StressFullDefense)
    if isinstance(choice, StressGuardedMove):
        assert distance(choice.to, walk.to) < distance((1, 2), walk.to)
