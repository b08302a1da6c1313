"""The clash search AI (``game.ai.clash.search``, issue 31): hard looking a whole round
ahead on forks that know only what the declaring side could see (000 · Declare Actions:
declarations are hidden until the round resolves)."""

from __future__ import annotations

from clash_support import duel_field

from game.ai import make_controller
from game.ai.clash.search import CONFIG, ClashModel
from game.ai.core.search import SearchAI, seen_by
from game.engine import Battle
from game.engine.answers import Answer, EndTurn
from game.rules.clash.declare import ClashAttack, ClashRetreat

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
