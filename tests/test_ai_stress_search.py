"""The stress ruleset's search AI (issue 31): the ruleset-neutral search model
(``game.ai.core.generic_search``) over stress's ``hard``, its forks played to the end of
the round, since actions resolve only once every unit has declared (002 · Declare
actions), and blind to what the other side declared in secret (``seen_by``)."""

from __future__ import annotations

import pytest

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.core.generic_search import GenericModel
from game.ai.core.search import SearchAI, seen_by
from game.ai.stress.plan import StressAI
from game.engine import Battle
from game.engine.answers import Answer

SEED = 6


def test_search_is_the_generic_search_over_stress_hard_played_to_the_rounds_end() -> None:
    ai = make_controller("search", 3, "stress")
    assert isinstance(ai, SearchAI) and isinstance(ai.model, GenericModel)
    assert isinstance(ai.model.inner, StressAI) and ai.model.inner.name == "hard"
    assert ai.config.until == "round"
    assert type(make_controller("hard", 3, "stress")) is StressAI  # hard stays as it is


def _village(seed: int, upto: int, swap: int | None = None) -> Battle:
    """Village, hard against hard, ``upto`` answers given; answer ``swap`` (a declaration)
    replaced by the last other legal answer at that point."""
    b = Battle("maps/village.tmx", seed=seed, ruleset="stress")
    hard = {s: make_controller("hard", seed, "stress") for s in b.controllers}
    while len(b.answers) < upto:
        d = b.pending
        assert d is not None
        answer: Answer = hard[d.side].choose(b, d)
        if len(b.answers) == swap:
            assert d.kind == "turn" and d.side == "party"
            answer = [a for a in b.legal_answers() if a != answer][-1]
        assert b.answer(answer).ok
    return b


def test_a_fork_does_not_know_what_the_company_declared_in_secret() -> None:
    """Round 3 of the village: the Company declares first, the raiders after, and the
    Company's declarations stay hidden until the round resolves (002 · Declare actions).
    Two battles that differ only in Eadric's declaration: the raiders' search forks them
    alike (the Company's declarations re-chosen by hard) and gives the same answer with
    the same values; a plain fork of each differs."""
    first = _village(SEED, 44)
    other = _village(SEED, 44, swap=39)
    assert first.answers[39] != other.answers[39]
    pending = first.pending
    assert pending is not None and pending.kind == "turn" and pending.side == "raiders"
    assert first.fork().state_hash() != other.fork().state_hash()
    model = GenericModel(StressAI("hard", 0))
    seen = [seen_by(b, "raiders", model.policy) for b in (first, other)]
    assert seen[0].state_hash() == seen[1].state_hash()
    picks, tried = [], []
    for b in (first, other):
        ai = make_controller("search", 5, "stress")
        assert isinstance(ai, SearchAI) and b.pending is not None
        picks.append(ai.choose(b, b.pending))
        tried.append([(t.line, t.values) for t in ai.last])
    assert picks[0] == picks[1] and tried[0] == tried[1]
    for b in (*seen, first, other):
        b.close()


def test_the_search_leaves_the_battle_and_its_dice_alone() -> None:
    b = _village(SEED, 44)
    before = (b.state_hash(), len(b.answers), len(b.events), b.ctx.rng.getstate())
    assert b.pending is not None
    answer = make_controller("search", 5, "stress").choose(b, b.pending)
    assert b.validate(answer) is None
    assert (b.state_hash(), len(b.answers), len(b.events), b.ctx.rng.getstate()) == before
    b.close()


def _duel(seed: int) -> tuple[str, int]:
    b = Battle("maps/duel.tmx", seed=seed, ruleset="stress")
    sides = list(b.controllers)
    names = {sides[0]: "search", sides[1]: "hard"}
    play(b, {s: make_controller(n, seed, "stress") for s, n in names.items()})
    out = (b.state_hash(), len(b.answers))
    b.close()
    return out


def test_a_seed_replays_identically() -> None:
    assert _duel(4) == _duel(4)


def test_simulate_plays_stress_search_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "duel", "--ruleset", "stress", "--seed", "2", "--jobs", "1"]
    assert main([*args, "--ai", "hard,search"]) == 0
    assert "1 games on duel.tmx" in capsys.readouterr().out
