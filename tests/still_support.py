"""Positions of a hard-vs-hard battle, for the tests of the readers' memo while the state
stands still (``game.rules.still``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from game.ai import make_controller
from game.engine import Battle

VILLAGE = Path("maps/village.tmx")


def positions(ruleset: str, count: int, seed: int) -> Iterator[Battle]:
    """The battle at each of the first ``count`` decisions of a hard-vs-hard ``ruleset``
    battle on the village map (answered once the caller has looked)."""
    battle = Battle(VILLAGE, ruleset=ruleset, seed=seed)
    ais = {s: make_controller("hard", seed, ruleset) for s in battle.controllers}
    try:
        for _ in range(count):
            decision = battle.pending
            if decision is None:
                return
            yield battle
            assert battle.answer(ais[decision.side].choose(battle, decision)).ok
    finally:
        battle.close()


def hard_answers(ruleset: str, count: int, seed: int) -> list[object]:
    """At each of those positions: a fresh hard's answer, the decision's options and the
    state hash."""
    out: list[object] = []
    for battle in positions(ruleset, count, seed):
        decision = battle.pending
        assert decision is not None
        ai = make_controller("hard", seed, ruleset)
        out.append((ai.choose(battle, decision), decision.options, battle.state_hash()))
    return out
