"""The factions AI's play on the field (game/ai/factions; README · AI): scripted
positions, fixed dice."""

from __future__ import annotations

import dataclasses

from factions_support import fbattle, ffield, start

from game.ai.factions import FactionsAI
from game.maps.battlefield import Objective
from game.rules.factions.answers import Move

TALL = "\n".join([".......#.."] * 9)  # a wall: the bandit out of sight and reach
NORTH = Objective("North bridge", "hold", frozenset({(5, 0)}))
SOUTH = Objective("South bridge", "hold", frozenset({(5, 8)}))


def test_the_ai_shares_its_side_out_over_two_areas_to_hold_not_all_on_the_first() -> None:
    """Two bridges to hold at the round limit: the unit nearer the second makes for it
    (before, every unit made for the map's first area and the second stood empty)."""
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Bea", "party", "warrior", (1, 7)),
        ("Gor", "bandits", "bandit", (9, 4)),
    ]
    bf = dataclasses.replace(ffield(spawns, TALL), objectives=(NORTH, SOUTH))
    b = fbattle(bf, [1])
    start(b, "party", "bea")
    assert b.pending is not None
    step = FactionsAI("hard", 0).choose(b, b.pending)
    assert isinstance(step, Move), step
    assert step.to[1] > 4  # toward the south bridge, its share
    ai = FactionsAI("hard", 0)
    goals = [(NORTH, 0.6), (SOUTH, 0.6)]
    assert ai.post(b.ctx, "ada", goals) is NORTH
    assert ai.post(b.ctx, "bea", goals) is SOUTH
