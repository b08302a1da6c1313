"""Forks of a zones battle carry on from the pending ``turn`` decision itself (a quiet point
of the rounds, ``rounds.TurnPoint``): no answer is replayed, and the fork plays on like the
original, hash by hash, through the rest of the round (round 1's surprise too)."""

from __future__ import annotations

from pathlib import Path

from zones_support import end, strip, zbattle

from game.ai import make_controller
from game.engine import Battle
from game.rules.zones.rounds import TurnPoint


def follows(fork: Battle, battle: Battle, answers: int) -> int:
    """Give both the original's AI answers for ``answers`` answers; hash by hash equal."""
    ais = {s: make_controller("hard", 2, "zones") for s in battle.controllers}
    given = 0
    while not battle.over and given < answers:
        decision = battle.pending
        assert decision is not None and fork.pending == decision
        answer = ais[decision.side].choose(battle, decision)
        assert battle.answer(answer).ok and fork.answer(answer).ok
        assert fork.state_hash() == battle.state_hash()
        given += 1
    return given


def test_a_fork_mid_round_resumes_from_the_turn_decision_and_follows_the_original() -> None:
    battle = Battle(Path("maps/village.tmx"), "zones", seed=2)
    ais = {s: make_controller("hard", 2, "zones") for s in battle.controllers}
    while battle.round < 2 or battle.pending is None or battle.pending.unit is None:
        decision = battle.pending
        assert decision is not None
        assert battle.answer(ais[decision.side].choose(battle, decision)).ok
    for _ in range(5):  # a few turns into round 2
        decision = battle.pending
        assert decision is not None
        assert battle.answer(ais[decision.side].choose(battle, decision)).ok
    assert battle.pending is not None and battle.pending.kind == "turn"
    fork = battle.fork()
    cp = fork._checkpoint  # noqa: SLF001
    assert cp is not None and cp.answers == len(battle.answers)  # nothing replayed
    assert isinstance(cp.point, TurnPoint) and cp.point.unit == battle.pending.unit
    assert fork.state_hash() == battle.state_hash() and fork.events == battle.events
    again = fork.fork()  # a fork of the fork, from the same point
    assert follows(fork, battle, 60) == 60
    assert again.pending is not None
    again.close()
    fork.close()
    battle.close()


def test_a_fork_in_round_1_keeps_the_surprised_side_out_of_it() -> None:
    spawns = [
        ("Ada", "party", "warrior", (0, 0)),
        ("Bo", "party", "warrior", (1, 0)),
        ("Gor", "bandits", "bandit", (11, 1)),
    ]
    b = zbattle(strip(spawns, surprise="bandits"), [4, 1, 1, 1])
    assert b.pending is not None and b.pending.unit == "ada" and b.round == 1
    end(b)
    assert b.pending is not None and b.pending.unit == "bo" and b.round == 1
    f = b.fork()
    cp = f._checkpoint  # noqa: SLF001
    assert cp is not None and isinstance(cp.point, TurnPoint)
    assert cp.point.surprised == frozenset({"bandits"})
    end(f)
    end(b)
    assert f.round == b.round == 2  # the bandits, after the party, sat out round 1
    assert f.pending == b.pending and f.pending is not None and f.pending.unit == "ada"
    assert f.state_hash() == b.state_hash()
    f.close()
    b.close()
