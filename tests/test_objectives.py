"""Map objectives decide battles (maps/README.md · Objectives; game/rules/objectives.py):
each kind on a small map built in code, with scripted dice."""

from __future__ import annotations

from engine_support import act, battle, field

from game.engine.answers import EndTurn
from game.engine.events import BattleEnded
from game.maps.battlefield import Objective
from game.rules.ending import check_end
from game.rules.grid import units
from game.rules.grid.move import Move
from game.rules.objectives import Escaped, ObjectiveHeld, fighting
from game.world.components import OffMap, Position

MAP = """
..........
..........
..........
..........
"""
# Party first: initiative 8 against 1 (the party also wins ties).
INITIATIVE = (8, 1)


def bf(*objectives: Objective, round_limit: int | None = None, far: bool = True):
    bandit = (9, 3) if far else (4, 1)
    return field(
        MAP,
        [
            ("hero", "party", "warrior", (0, 0)),
            ("scout", "party", "skirmisher", (0, 1)),
            ("bandit", "bandits", "bandit", bandit),
        ],
        round_limit=round_limit,
        objectives=objectives,
    )


def area(*cells: tuple[int, int]) -> frozenset[tuple[int, int]]:
    return frozenset(cells)


def ended(b) -> BattleEnded:
    last = b.events[-1]
    assert isinstance(last, BattleEnded)
    return last


def pass_round(b) -> None:
    """Every unit still to act this round ends its turn."""
    start = b.round
    while b.pending is not None and b.round == start and not b.over:
        d = b.pending
        if d.kind == "choose_unit":
            act(b, d.answers[0])
        else:
            act(b, EndTurn(d.unit))


def test_reach_ends_the_battle_when_a_unit_of_the_side_stands_in_the_area() -> None:
    gate = Objective("The gate", "reach", area((3, 0)), side="party")
    b = battle(bf(gate), faces=INITIATIVE)
    act(b, Move("hero", ((1, 0), (2, 0))))
    assert not b.over  # passing near is not reaching
    act(b, Move("hero", ((3, 0),)))
    assert b.over and b.winner == "party"
    end = ended(b)
    assert end.objective == "The gate" and end.reason == "reached The gate"


def test_reach_with_a_count_needs_that_many_different_units() -> None:
    gate = Objective("The gate", "reach", area((1, 0), (1, 1)), side="party", count=2)
    b = battle(bf(gate), faces=INITIATIVE)
    act(b, Move("hero", ((1, 0),)))
    assert not b.over
    act(b, EndTurn("hero"))
    act(b, Move("scout", ((1, 1),)))
    assert b.winner == "party" and ended(b).reason == "reached The gate with 2"


def test_escape_takes_the_unit_off_the_map_and_wins_when_enough_have() -> None:
    road = Objective("East road", "escape", area((2, 0), (2, 1)), side="party", count=2)
    b = battle(bf(road), faces=INITIATIVE)
    act(b, Move("hero", ((1, 0), (2, 0))))
    escaped = [e for e in b.events if isinstance(e, Escaped)]
    assert [(e.unit, e.saved, e.needed) for e in escaped] == [("hero", 1, 2)]
    assert b.ctx.try_get("hero", OffMap) == OffMap("East road")
    assert not fighting(b.ctx, "hero") and not b.unit("hero").in_fight
    assert b.unit("hero").status == "escaped"
    assert not units.conditions(b.ctx, "hero").occupies_cell
    assert not b.over
    act(b, Move("scout", ((1, 1), (2, 1))))
    assert b.winner == "party" and ended(b).reason == "got 2 away by East road"


def test_escaped_units_do_not_keep_their_side_in_the_fight() -> None:
    road = Objective("East road", "escape", area((1, 0)), side="party", count=3)
    b = battle(bf(road), faces=INITIATIVE)
    act(b, Move("hero", ((1, 0),)))
    units.conditions(b.ctx, "scout").dead = True  # by hand: the last one falls
    assert check_end(b.ctx) and b.winner == "bandits"
    assert ended(b).reason == "last side standing" and ended(b).objective == ""


def test_hold_for_rounds_counts_round_ends_in_a_row() -> None:
    hill = Objective("The hill", "hold", area((0, 0)), rounds=2)
    b = battle(bf(hill), faces=INITIATIVE)
    pass_round(b)
    held = [e for e in b.events if isinstance(e, ObjectiveHeld)]
    assert [(e.side, e.rounds, e.needed) for e in held] == [("party", 1, 2)]
    assert not b.over
    pass_round(b)
    assert b.winner == "party" and b.round == 2
    assert ended(b).reason == "held The hill for 2 rounds"


def test_a_hold_is_broken_by_an_enemy_in_the_area() -> None:
    hill = Objective("The hill", "hold", area((0, 0), (1, 0)), rounds=2)
    b = battle(bf(hill), faces=INITIATIVE)
    pass_round(b)
    b.ctx.get("bandit", Position).move_to((1, 0))  # walks in (by hand): contested
    pass_round(b)
    assert not b.over
    assert b.ctx.objectives[0].holder is None and b.ctx.objectives[0].streak == 0


def test_limit_hold_wins_at_the_round_limit_and_is_a_draw_without_it() -> None:
    well = Objective("The well", "hold", area((0, 0)), side="party")
    b = battle(bf(well, round_limit=1), faces=INITIATIVE)
    pass_round(b)
    assert b.winner == "party" and ended(b).reason == "held The well to the end"
    other = Objective("The well", "hold", area((5, 3)), side="party")
    b = battle(bf(other, round_limit=1), faces=INITIATIVE)
    pass_round(b)
    assert b.over and b.winner is None and ended(b).reason == "round limit 1"


def test_limit_holds_go_to_the_side_that_holds_the_most() -> None:
    north = Objective("North", "hold", area((0, 0)))
    south = Objective("South", "hold", area((9, 3)))
    tower = Objective("Tower", "hold", area((0, 1)), side="bandits")  # not theirs to hold
    b = battle(bf(north, south, tower, round_limit=1), faces=INITIATIVE)
    pass_round(b)
    # the party holds North, the bandits South; the tower is the bandits' to hold but the
    # party's scout stands in it: one each, a draw
    assert b.winner is None
    b = battle(bf(north, south, round_limit=1, far=False), faces=INITIATIVE)
    pass_round(b)
    assert b.winner == "party" and ended(b).objective == "North"


def test_protecting_a_unit_is_lost_when_it_falls() -> None:
    guard = Objective("The captain", "protect", area((0, 0)), side="party", unit="hero")
    b = battle(bf(guard), faces=INITIATIVE)
    units.conditions(b.ctx, "hero").dead = True
    assert check_end(b.ctx)
    assert b.winner == "bandits" and ended(b).reason == "brought down hero (The captain)"


def test_protecting_an_area_is_lost_when_the_enemy_holds_it() -> None:
    carts = Objective("The carts", "protect", area((9, 3)), side="party", rounds=1)
    b = battle(bf(carts), faces=INITIATIVE)
    pass_round(b)
    assert b.winner == "bandits" and ended(b).reason == "took The carts"


def test_objective_progress_is_forked_and_hashed() -> None:
    hill = Objective("The hill", "hold", area((0, 0)), rounds=3)
    b = battle(bf(hill), faces=INITIATIVE)
    pass_round(b)
    assert b.ctx.objectives[0].streak == 1
    fork = b.fork()
    assert fork.ctx.objectives == b.ctx.objectives
    assert fork.state_hash() == b.state_hash()
    before = b.state_hash()
    b.ctx.objectives = ()
    assert b.state_hash() != before
    fork.close()


def test_objectives_work_the_same_in_the_clash_ruleset() -> None:
    road = Objective("East road", "escape", area((0, 0)), side="party", count=1)
    b = battle(bf(road), ruleset="clash")
    assert check_end(b.ctx)  # the hero stands in the area: it escapes and the side wins
    assert b.winner == "party" and b.unit("hero").status == "escaped"
    assert not b.ctx.ruleset.in_fight(b.ctx, "hero")
