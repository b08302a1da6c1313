"""The clash search AI (``game.ai.clash.search``, issue 31): hard looking a whole round
ahead on forks that know only what the declaring side could see (000 · Declare Actions:
declarations are hidden until the round resolves)."""

from __future__ import annotations

import dataclasses
from typing import Any

from clash_support import duel_field, set_hp, set_state

from game.ai import make_controller
from game.ai.clash.search import CONFIG, ClashModel
from game.ai.core.search import SearchAI, seen_by
from game.engine import Battle
from game.engine.answers import Answer, EndTurn
from game.engine.fork import capture
from game.rules.clash.declare import ClashAttack, ClashRetreat
from game.rules.clash.rounds import ROUND_START

WIDE = "\n".join(["." * 20] * 5) + "\n"
Spawns = list[tuple[str, str, str, tuple[int, int]]]

# Two warriors of the party (declaring first) beside two bandits.
MELEE: Spawns = [
    ("Ada", "party", "warrior", (5, 2)),
    ("Bo", "party", "warrior", (5, 3)),
    ("Gor", "bandits", "bandit", (6, 2)),
    ("Hal", "bandits", "bandit", (6, 3)),
]


def declared(spawns: Spawns, seed: int, answers: dict[str, Answer]) -> Battle:
    """A clash battle in round 1 with the party's declarations given (``answers`` by
    unit; the others hold), pending the bandits' first declaration."""
    b = Battle(duel_field(spawns, WIDE), "clash", seed=seed)
    while b.pending is not None and b.pending.side == "party":
        unit = b.pending.unit or ""
        r = b.answer(answers.get(unit, EndTurn(unit)))
        assert r.ok, r.reason
    assert b.pending is not None and b.pending.kind == "turn"
    return b


def round_end(fork: Battle, policy: ClashModel) -> str:
    """Play ``fork`` to the end of its round by ``policy``; its state hash then."""
    start = fork.round
    while fork.pending is not None and fork.round == start:
        assert fork.answer(policy.policy(fork, fork.pending)).ok
    return fork.state_hash()


def test_a_fork_does_not_know_what_the_enemy_declared_in_secret() -> None:
    """Two battles that differ only in what Ada declared (a blow on Gor, or a retreat),
    hidden from the bandits until the round resolves: the bandits' search forks both
    the same way (Ada's and Bo's declarations re-chosen by hard's plan for the party)
    and gives the same answer with the same values, line by line. A plain fork knows
    the difference: played to the round's end the two differ."""
    strike = declared(MELEE, 3, {"ada": ClashAttack("ada", "gor", "sword")})
    run = declared(MELEE, 3, {"ada": ClashRetreat("ada")})
    assert strike.answers != run.answers
    model = ClashModel(0)
    seen = [seen_by(b, "bandits", model.policy) for b in (strike, run)]
    assert seen[0].answers == seen[1].answers
    assert seen[0].state_hash() == seen[1].state_hash()
    assert round_end(seen[0], model) == round_end(seen[1], model)
    plain = [b.fork() for b in (strike, run)]
    assert round_end(plain[0], model) != round_end(plain[1], model)
    picks, tried = [], []
    for b in (strike, run):
        ai = SearchAI("search", 5, ClashModel(5), CONFIG)
        assert b.pending is not None
        picks.append(ai.choose(b, b.pending))
        tried.append([(t.line, t.values) for t in ai.last])
    assert picks[0] == picks[1] and tried[0] == tried[1]
    assert len(tried[0]) >= 2  # the search did weigh lines (there is something to see)
    for b in (*seen, *plain, strike, run):
        b.close()


def test_the_first_side_to_declare_forks_as_it_stands() -> None:
    """The party declares first: nothing of the bandits' is hidden from it, so its fork
    is the battle as it stands (the same answers, the same hash)."""
    b = declared(MELEE, 3, {})
    first = Battle(duel_field(MELEE, WIDE), "clash", seed=3)
    assert first.pending is not None and first.pending.side == "party"
    fork = seen_by(first, "party", ClashModel(0).policy)
    assert fork.answers == first.answers and fork.state_hash() == first.state_hash()
    for x in (b, first, fork):
        x.close()


def test_search_is_deterministic_per_seed_and_leaves_the_battle_alone() -> None:
    """The same seed, the same answers (every count is a count of forks, the dice the
    AI's own); the searched battle's hash and answers are as they were."""
    b = declared(MELEE, 3, {"ada": ClashAttack("ada", "gor", "sword")})
    before = (b.state_hash(), list(b.answers))
    assert b.pending is not None
    runs = []
    for _ in range(2):
        ai = make_controller("search", 11, "clash")
        assert isinstance(ai, SearchAI)
        runs.append((ai.choose(b, b.pending), [(t.line, t.values) for t in ai.last]))
    assert runs[0] == runs[1]
    assert (b.state_hash(), list(b.answers)) == before
    b.close()


def test_fork_quiet_stands_at_the_last_quiet_point() -> None:
    """``Battle.fork_quiet``: the battle at its round's start (clash's quiet point), the
    declarations given since left out; given again they lead to the same state."""
    b = declared(MELEE, 3, {"ada": ClashAttack("ada", "gor", "sword")})
    f = b.fork_quiet()
    assert f.answers == [] and len(b.answers) == 2
    assert f.pending is not None and f.pending.unit == "ada"
    for a in b.answers:
        assert f.answer(a).ok
    assert f.state_hash() == b.state_hash()
    for x in (b, f):
        x.close()


# -- scripted positions: where looking a round ahead picks otherwise than hard --------------


def position(spawns: Spawns, seed: int, unit: str, **edits: dict[str, int]) -> Battle:
    """A clash battle (morale off: no save decides these) with the units edited by hand
    before round 1, pending ``unit``'s declaration, the declarations before it by hard.
    The hand edits are made part of the round's start (its quiet point), so the forks
    carry them: a clash battle takes that checkpoint before its first declaration."""
    b = Battle(duel_field(spawns, WIDE), "clash", seed=seed, options={"morale": "off"})
    for who, values in edits.items():
        values = dict(values)
        hp = values.pop("hp", None)
        if hp is not None:
            set_hp(b, who, hp)
        set_state(b, who, **values)
    assert not b.answers and b.round == 1
    cp = capture(b, ROUND_START)  # as it was before round 1 began: round 0, no RoundStarted
    fields: dict[str, Any] = {**cp.fields, "round": cp.fields["round"] - 1}
    b._checkpoint = dataclasses.replace(cp, events=cp.events - 1, fields=fields)
    hard = make_controller("hard", seed, "clash")
    while b.pending is not None and b.pending.unit != unit:
        assert b.answer(hard.choose(b, b.pending)).ok
    assert b.pending is not None and b.pending.kind == "turn"
    return b


def picks(b: Battle) -> dict[str, Answer]:
    """The answers of ``hard`` and ``search`` to the pending declaration."""
    assert b.pending is not None
    return {
        name: make_controller(name, 1, "clash").choose(b, b.pending) for name in ("hard", "search")
    }


def test_a_hurt_militia_does_not_charge_a_bandit_whose_fight_back_kills_it() -> None:
    """000 · Block, Dodge & Parry: a unit under attack may fight back, striking the
    attacker. A militia down to STR 2 (no HP) three squares from a fresh bandit: hard
    charges (it weighs a blow by what it takes from the target after the target's best
    block or dodge, never by the blow the target strikes back), and the bandit's fight
    back (a d6 spear through Armor 1) kills it in every sample. Played out, holding off
    keeps it alive this round; the search does not charge."""
    b = position(
        [("P0", "party", "militia", (3, 1)), ("B0", "bandits", "bandit", (6, 0))],
        21,
        "p0",
        p0={"hp": 0, "STR": 2},
    )
    chosen = picks(b)
    assert chosen["hard"] == ClashAttack("p0", "b0", "club", "spear")
    assert not isinstance(chosen["search"], ClashAttack), chosen["search"]
    b.close()


def test_the_last_wolf_does_not_run_and_hand_the_battle_over() -> None:
    """000 · Retreat: a unit that gets away leaves the battle, and a side with nobody
    left in the fight has lost (last side standing). The bandits' last fighter, a wolf
    down to STR 2, facing a warrior down to STR 5: hard retreats (it weighs the life a
    retreat saves against the fight it gives up, not the battle it ends), and the
    retreat, saved on DEX 15 in every sample, ends the battle lost at once. The search
    fights on (a stun, a blow or a step), with a chance to win."""
    b = position(
        [("P0", "party", "warrior", (4, 0)), ("B0", "bandits", "wolf", (8, 2))],
        69,
        "b0",
        p0={"hp": 0, "STR": 5},
        b0={"hp": 0, "STR": 2},
    )
    chosen = picks(b)
    assert chosen["hard"] == ClashRetreat("b0")
    assert not isinstance(chosen["search"], ClashRetreat), chosen["search"]
    b.close()
