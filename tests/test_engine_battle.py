"""The engine's decision loop: refusals change nothing, replays reproduce the state hash,
undo never rerolls, each battle keeps to its own esper world."""

from __future__ import annotations

import esper
import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, act, battle, field

from game.ai import make_controller, play
from game.engine import Battle, ChooseUnit, EndTurn, Refused, answer_from_dict
from game.rules import UnknownRuleset
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.move import Move

OPEN = """
........
........
........
........
"""


def six_a_side(seed: int = 0) -> Battle:
    return Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), seed=seed)


def ai_play(b: Battle, limit: int = 100_000) -> None:
    ais = {s.id: make_controller("baseline", 0) for s in b.battlefield.scenario.sides}
    play(b, ais, max_answers=limit)


def test_a_battle_waits_on_one_pending_decision_with_options() -> None:
    b = six_a_side()
    d = b.pending
    assert d is not None and d.id == 0
    assert d.kind == "choose_unit"
    assert all(isinstance(a, ChooseUnit) for a in d.answers)
    assert len(d.answers) == 6
    b.close()


def test_turn_decision_lists_the_action_catalog_with_reasons() -> None:
    b = six_a_side()
    first = b.pending
    assert first is not None
    unit = first.answers[0].unit  # type: ignore[attr-defined]
    assert b.answer(first.answers[0]).ok
    d = b.pending
    assert d is not None and d.kind == "turn" and d.open and d.unit == unit
    kinds = [o.kind for o in d.options]
    assert kinds[-1] == "end_turn"
    melee = next(o for o in d.options if o.kind == "melee_attack")
    assert not melee.allowed and melee.reason  # nobody in reach yet: greyed out with why
    assert any(isinstance(a, Move) for a in b.legal_answers())
    b.close()


def test_refused_answers_leave_the_battle_unchanged() -> None:
    b = six_a_side()
    before, events, answers = b.state_hash(), len(b.events), list(b.answers)
    for bad in (
        "move north",
        EndTurn("ada"),  # a unit must be chosen first
        ChooseUnit("gor"),  # an enemy
        ChooseUnit("nobody"),
        Move("ada", ((30, 30),)),
    ):
        result = b.answer(bad)
        assert isinstance(result, Refused) and result.reason
        assert b.state_hash() == before
        assert len(b.events) == events and b.answers == answers
    b.close()


def test_refused_action_on_a_turn_names_the_reason() -> None:
    b = six_a_side()
    act(b, ChooseUnit("ada"))
    before = b.state_hash()
    r = b.answer(MeleeAttack("ada", "gor", "sword"))
    assert not r.ok and "out of reach" in r.reason
    r = b.answer(Move("ada", ((5, 3),)))
    assert not r.ok and "cannot step" in r.reason
    r = b.answer(MeleeAttack("bo", "gor", "pike"))
    assert not r.ok and "ada's turn" in r.reason
    assert b.state_hash() == before
    b.close()


def test_same_seed_and_answers_replay_to_the_same_state_hash() -> None:
    b = six_a_side(seed=11)
    ai_play(b)
    assert b.over
    saved = [a.to_dict() for a in b.answers]
    again = Battle.replay(
        field(SIX_A_SIDE_MAP, SIX_A_SIDE), [answer_from_dict(d) for d in saved], seed=11
    )
    assert again.state_hash() == b.state_hash()
    assert [e.text() for e in again.events] == [e.text() for e in b.events]
    assert again.winner == b.winner and again.over
    b.close()
    again.close()


def test_undo_takes_back_a_move_but_never_a_roll() -> None:
    b = battle(
        field(OPEN, [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (6, 2))]),
        faces=[8, 1],
    )
    start = b.state_hash()
    assert not b.can_undo()
    act(b, Move("ada", ((2, 1), (3, 1))))
    assert b.can_undo()
    assert b.undo()
    assert b.state_hash() == start and b.answers == []
    act(b, Move("ada", ((2, 1), (3, 1), (4, 1), (5, 1))))
    b.ctx.rng.push(10, 4)  # type: ignore[attr-defined]
    act(b, MeleeAttack("ada", "gor", "sword"))
    assert not b.can_undo() and not b.undo()
    b.close()


def test_each_battle_has_its_own_esper_world_and_close_deletes_it() -> None:
    a, b = six_a_side(1), six_a_side(2)
    assert a.world_name != b.world_name
    ai_play(a, limit=30)
    hash_b = b.state_hash()
    ai_play(b, limit=5)
    ai_play(a, limit=5)
    assert esper.current_world == a.world_name
    a.close()
    assert a.world_name not in esper.list_worlds()
    assert b.state_hash() != hash_b  # b still works after a is gone
    b.close()


def test_unknown_ruleset_is_refused() -> None:
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'chess'"):
        Battle(
            field(OPEN, [("A", "party", "warrior", (0, 0)), ("B", "bandits", "bandit", (5, 3))]),
            ruleset="chess",
        )
