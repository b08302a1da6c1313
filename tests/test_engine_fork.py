"""``Battle.fork`` (issue 28 · item 6): an independent battle in the same state, pending the
same decision, with its own esper world. Same answers → same state hashes; answering one
never touches the other; forks of forks, forks at reaction windows, of finished battles;
the replay fallback for a ruleset that cannot resume. Seeds and dice are fixed."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path

import esper
import pytest
from clash_support import clash_battle, declare, duel_field
from engine_support import duel, push
from grid_more_support import react
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import Controller, make_controller
from game.engine import Battle
from game.engine.answers import Answer, Decline, EndTurn
from game.engine.seam import Ruleset
from game.maps import shipped_maps_dir
from game.rules.clash.declare import ClashAttack
from game.rules.clash.reactions import Block
from game.rules.grid import GridRuleset
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.total_defense import TotalDefense

MAPS = shipped_maps_dir()
STEPS = 6  # answers each fork follows the original for, hash by hash


def ai_answer(b: Battle, ais: Mapping[str, Controller]) -> Answer:
    d = b.pending
    assert d is not None
    return ais[d.side].choose(b, d)


def random_answer(b: Battle, rng: random.Random) -> Answer:
    legal = b.legal_answers()
    assert legal
    return rng.choice(legal)


def same(a: Battle, b: Battle) -> None:
    assert a.pending == b.pending
    assert a.state_hash() == b.state_hash()
    assert a.answers == b.answers and len(a.events) == len(b.events)


def play_forking(
    path: Path,
    ruleset: str,
    level: str,
    seed: int,
    every: int,
    steps: int = STEPS,
    reacts: bool = True,
) -> None:
    """Play a whole AI-vs-AI battle; fork at every ``every``-th decision and at every
    other reaction; each fork then follows the original's next answers, hash by hash, and is
    also played on differently without touching the original (and vice versa)."""
    b = Battle(path, ruleset, seed=seed)
    ais = {s: make_controller(level, seed, ruleset) for s in b.controllers}
    rng = random.Random(seed)
    live: list[tuple[Battle, int]] = []  # (fork, answers it still has to follow)
    reactions = i = 0
    try:
        while not b.over:
            assert b.pending is not None
            reaction = b.pending.kind == "reaction"
            reactions += reaction
            if i % every == 0 or (reaction and reactions % 2):
                f = b.fork()
                same(f, b)
                live.append((f, steps))
                if i % (5 * every) == 0:
                    stray = b.fork()
                    before = (b.state_hash(), len(b.events), list(b.answers))
                    for _ in range(3):
                        if stray.over:
                            break
                        assert stray.answer(random_answer(stray, rng)).ok
                    assert (b.state_hash(), len(b.events), list(b.answers)) == before
                    kept = stray.state_hash()
                    b_next = ai_answer(b, ais)
                    assert b.answer(b_next).ok
                    assert stray.state_hash() == kept  # and vice versa
                    stray.close()
                    for f2, _ in live:
                        assert f2.answer(b_next).ok
                    live = [(f2, n - 1) for f2, n in live]
                    i += 1
                    continue
            a = ai_answer(b, ais)
            assert b.answer(a).ok
            i += 1
            if live:
                now = b.state_hash()
            for f, _ in live:
                assert f.answer(a).ok
                assert f.state_hash() == now
            done = [f for f, n in live if n <= 1]
            for f in done:
                f.close()
            live = [(f, n - 1) for f, n in live if n > 1]
        assert i > 50 and (reactions > 0 or not reacts)
    finally:
        for f, _ in live:
            f.close()
        b.close()


def test_grid_forks_on_the_battle_map_follow_the_original_hash_by_hash() -> None:
    play_forking(MAPS / "battle.tmx", "grid", "baseline", 3, every=20, steps=4)


def test_clash_forks_follow_the_original_hash_by_hash() -> None:
    play_forking(MAPS / "village.tmx", "clash", "normal", 3, every=3)


@pytest.mark.parametrize("ruleset", ["zones", "factions", "stress"])
def test_forks_of_the_zone_and_declaring_rulesets_resume_from_a_round_start(ruleset: str) -> None:
    # each carries on from the start of a round (``Ruleset.resume``), not by replaying the
    # battle from its first answer, and its forks follow the original hash by hash
    b = Battle(MAPS / "village.tmx", ruleset, seed=4)
    assert b.ctx.ruleset.forkable
    ais = {s: make_controller("normal", 4, ruleset) for s in b.controllers}
    while b.ctx.round < 3 and not b.over:
        assert b.answer(ai_answer(b, ais)).ok
    f = b.fork()
    assert f._checkpoint is not None and 0 < f._checkpoint.answers <= len(b.answers)  # noqa: SLF001
    same(f, b)
    f.close()
    b.close()
    play_forking(MAPS / "village.tmx", ruleset, "normal", 3, every=3, reacts=False)


def test_a_fork_of_a_fork_plays_on_like_the_original() -> None:
    b = Battle(MAPS / "battle.tmx", seed=4)
    ais = {s: make_controller("baseline", 4) for s in b.controllers}
    try:
        for _ in range(30):
            assert b.answer(ai_answer(b, ais)).ok
        f = b.fork()
        rng = random.Random(4)
        for _ in range(10):
            assert f.answer(random_answer(f, rng)).ok
        g = f.fork()
        same(g, f)
        h = g.fork()
        for _ in range(15):
            a = ai_answer(g, ais)
            assert g.answer(a).ok and f.answer(a).ok and h.answer(a).ok
            assert g.state_hash() == f.state_hash() == h.state_hash()
        assert len(b.answers) == 30
        for x in (f, g, h):
            x.close()
    finally:
        b.close()


def test_a_fork_at_the_total_defense_window_decides_on_its_own() -> None:
    b = duel(b="bandit_archer")  # warrior +3 vs AC 13, not trained: no Snap Attack
    push(b, 10)  # 13: a hit by 0
    react(b, MeleeAttack("ada", "gor", "sword"))
    assert b.pending is not None and b.pending.kind == "reaction"
    f = b.fork()
    same(f, b)
    start = b.state_hash()
    react(f, TotalDefense("gor"))  # AC 15: a miss
    assert b.state_hash() == start and b.pending is not None and b.pending.kind == "reaction"
    push(b, 5, 3, 3, 3, 3)  # damage d8 5 (+1), then whatever morale asks
    react(b, Decline("gor"))  # the hit lands
    full = f.unit("gor").max_hp
    assert b.unit("gor").hp == full - 6 and f.unit("gor").hp == full
    again = f.fork()
    same(again, f)
    for x in (f, again):
        x.close()
    b.close()


def test_a_fork_at_a_clash_reaction_blocks_while_the_original_takes_the_blow() -> None:
    b = clash_battle(
        duel_field([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [4, 4],
    )
    declare(b, EndTurn("ada"), ClashAttack("gor", "ada", "spear"))
    assert b.pending is not None and b.pending.kind == "reaction"
    f = b.fork()
    same(f, b)
    assert f.answer(Block("ada")).ok
    start_b = b.state_hash()
    assert b.answer(Decline("ada")).ok
    assert b.state_hash() != start_b
    assert any("impaired (Ada blocks)" in e.text() for e in f.events)
    assert not any("impaired" in e.text() for e in b.events)
    f.close()
    b.close()


def test_a_fork_of_a_finished_battle_is_finished_the_same_way() -> None:
    b = Battle(MAPS / "duel.tmx", seed=1)
    ais = {s: make_controller("baseline", 1) for s in b.controllers}
    while not b.over:
        assert b.answer(ai_answer(b, ais)).ok
    f = b.fork()
    same(f, b)
    assert f.over and f.winner == b.winner and f.legal_answers() == []
    assert [e.text() for e in f.events] == [e.text() for e in b.events]
    f.close()
    b.close()


def test_closing_a_fork_or_the_original_leaves_the_other_working() -> None:
    b = Battle(MAPS / "battle.tmx", seed=2)
    ais = {s: make_controller("baseline", 2) for s in b.controllers}
    f = b.fork()
    assert f.world_name != b.world_name and esper.current_world == b.world_name
    f.close()
    assert f.world_name not in esper.list_worlds() and b.world_name in esper.list_worlds()
    for _ in range(5):
        assert b.answer(ai_answer(b, ais)).ok
    g = b.fork()
    b.close()
    assert b.world_name not in esper.list_worlds()
    for _ in range(5):
        assert g.answer(ai_answer(g, ais)).ok
    assert len(g.answers) == 10
    g.close()


def test_a_ruleset_that_cannot_resume_is_forked_by_replaying_from_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(GridRuleset, "resume", Ruleset.resume)
    b = Battle(MAPS / "battle.tmx", seed=6)
    assert not b.ctx.ruleset.forkable
    ais = {s: make_controller("baseline", 6) for s in b.controllers}
    for _ in range(12):
        assert b.answer(ai_answer(b, ais)).ok
    f = b.fork()
    same(f, b)
    for _ in range(5):
        a = ai_answer(b, ais)
        assert b.answer(a).ok and f.answer(a).ok
        assert f.state_hash() == b.state_hash()
    f.close()
    b.close()


def test_undo_still_works_on_a_fork() -> None:
    b = duel()
    f = b.fork()
    start = f.state_hash()
    ada = f.unit("ada").cell
    from game.rules.grid.move import Move

    assert f.answer(Move("ada", ((ada[0], ada[1] + 1),))).ok
    assert f.can_undo() and f.undo()
    assert f.state_hash() == start == b.state_hash()
    f.close()
    b.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    at=st.integers(0, 60),
    ruleset=st.sampled_from(["grid", "clash", "zones", "factions", "stress"]),
)
def test_forking_anywhere_in_a_random_battle_reproduces_it(
    seed: int, at: int, ruleset: str
) -> None:
    b = Battle(MAPS / "duel.tmx", ruleset, seed=seed)
    rng = random.Random(seed)
    try:
        while not b.over and len(b.answers) < at:
            assert b.answer(random_answer(b, rng)).ok
        f = b.fork()
        same(f, b)
        for _ in range(10):
            if b.over:
                break
            a = random_answer(b, rng)
            assert b.answer(a).ok and f.answer(a).ok
            assert f.state_hash() == b.state_hash()
        f.close()
    finally:
        b.close()
