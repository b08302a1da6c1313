"""Issue 31 (clash): holds that count round ends (maps/README.md · Objectives). The
side that loses when the enemy holds an area N round ends in a row keeps one unit in it
while an enemy can get there (``holds.keeper_areas``), and, with the enemy one round end
from winning, sends the unit that can get in at least cost (``holds.breakers``).
``tactical`` (the hard level before issue 31) does neither: it strikes the nearest foe."""

from __future__ import annotations

from clash_support import duel_field, set_hp
from engine_support import BANDITS, PARTY, field

from game.ai.clash import LEVELS
from game.ai.clash.holds import breakers, end_cell, falling, keeper_areas, won_areas
from game.ai.clash.plan import plan_side
from game.engine import Battle
from game.engine.answers import Answer
from game.maps.battlefield import Objective
from game.rules.objectives import Progress

WIDE = "\n".join(["." * 20] * 5) + "\n"
GATE = Objective("The gate", "hold", frozenset({(3, 2)}), side="bandits", description="", rounds=2)
Spawns = list[tuple[str, str, str, tuple[int, int]]]


def battle(spawns: Spawns, streak: int = 0) -> Battle:
    bf = field(WIDE, spawns, sides=(PARTY, BANDITS), objectives=(GATE,))
    b = Battle(bf, "clash", seed=0)
    if streak:
        b.ctx.objectives = (Progress(holder="bandits", streak=streak),)
    return b


def plan(b: Battle, level: str, unit: str) -> Answer:
    return plan_side(b.ctx, "party", LEVELS[level], 0)[unit]


def test_the_keeper_of_the_gate_stays_in_it_while_an_enemy_can_get_there() -> None:
    # A warrior stands in the gate the bandits win by holding two round ends in a row;
    # a bandit three squares off. Charging it (a full turn) leaves the gate to the
    # bandits; hard holds the square, tactical charges.
    spawns: Spawns = [("Ada", "party", "warrior", (3, 2)), ("B1", "bandits", "bandit", (6, 2))]
    b = battle(spawns)
    assert keeper_areas(b.ctx, "ada") == [GATE]
    assert end_cell(b.ctx, plan(b, "hard", "ada")) in GATE.cells
    assert end_cell(b.ctx, plan(b, "tactical", "ada")) not in GATE.cells
    b.close()


def test_a_keeper_with_no_enemy_in_reach_of_the_gate_is_free_to_go() -> None:
    # The only bandit is 16 squares off: it cannot reach the gate this round.
    spawns: Spawns = [("Ada", "party", "warrior", (3, 2)), ("B1", "bandits", "bandit", (19, 2))]
    b = battle(spawns)
    assert keeper_areas(b.ctx, "ada") == []
    b.close()


def test_with_the_gate_one_round_end_from_falling_the_nearest_runs_into_it() -> None:
    # The bandits hold the gate (a bandit in it) one round end from winning; two
    # warriors near it. The one that gets in at least cost steps in, the other strikes.
    spawns: Spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bo", "party", "warrior", (7, 4)),
        ("B1", "bandits", "bandit", (3, 2)),
        ("B2", "bandits", "bandit", (8, 3)),
    ]
    b = battle(spawns, streak=1)
    assert falling(b.ctx, "party") == [GATE]
    assert breakers(b.ctx, "party", ["ada", "bo"]) == {}  # the bandit fills the only square
    b.close()
    gate = Objective(
        "The gate", "hold", frozenset({(3, 2), (3, 3)}), side="bandits", description="", rounds=2
    )
    bf = field(WIDE, spawns, sides=(PARTY, BANDITS), objectives=(gate,))
    b = Battle(bf, "clash", seed=0)
    b.ctx.objectives = (Progress(holder="bandits", streak=1),)
    assert falling(b.ctx, "party") == [gate]
    hard = plan_side(b.ctx, "party", LEVELS["hard"], 0)
    assert end_cell(b.ctx, hard["ada"]) in gate.cells
    tactical = plan_side(b.ctx, "party", LEVELS["tactical"], 0)
    assert all(end_cell(b.ctx, a) not in gate.cells for a in tactical.values())
    b.close()


def test_a_hold_two_round_ends_from_winning_sends_no_one() -> None:
    # No round end held yet: the bandits need two more, so nobody runs in.
    spawns: Spawns = [("Ada", "party", "warrior", (1, 1)), ("B1", "bandits", "bandit", (3, 2))]
    b = battle(spawns)
    assert falling(b.ctx, "party") == []
    b.close()
    # A map without such holds has nothing to keep or break.
    b = Battle(duel_field(spawns, WIDE), "clash", seed=0)
    assert falling(b.ctx, "party") == [] and keeper_areas(b.ctx, "ada") == []
    b.close()


def test_a_unit_in_the_area_its_side_wins_by_holding_stays_in_it() -> None:
    # The bandit stands in the gate its side wins by holding; a hurt archer (no HP left)
    # three squares off. Charging it leaves the gate (and stands the bandit in the open):
    # hard stays, tactical charges.
    spawns: Spawns = [("Cy", "party", "archer", (6, 2)), ("B1", "bandits", "bandit", (3, 2))]
    b = battle(spawns)
    set_hp(b, "cy", 0)
    assert won_areas(b.ctx, "bandits") == [GATE] and won_areas(b.ctx, "party") == []
    hard = plan_side(b.ctx, "bandits", LEVELS["hard"], 0)["b1"]
    assert end_cell(b.ctx, hard) in GATE.cells
    tactical = plan_side(b.ctx, "bandits", LEVELS["tactical"], 0)["b1"]
    assert end_cell(b.ctx, tactical) not in GATE.cells
    b.close()
