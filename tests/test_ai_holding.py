"""The AI holds its action (004 · Hold An Action) when it would otherwise stand idle, and
takes it when the foe walks into reach (issue 5 · the AI answers every Decision)."""

from __future__ import annotations

import dataclasses

import pytest
from engine_support import battle, field, push

from game.ai import make_controller
from game.engine import Battle
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.rules.grid.attack import MeleeAttack
from game.rules.grid.events import AttackDeclared
from game.rules.grid.hold import ActNow, HoldAction
from game.rules.grid.move import Move

OPEN = "\n".join(["." * 12] * 5)


def _post(level: str, gap: int) -> tuple[Battle, Answer]:
    """Ada keeps a post (``ai = hold``), the party acting first; a skeleton stands ``gap``
    squares east of her. Her answer in the first round."""
    spawns = [("Ada", "party", "warrior", (2, 2)), ("Gor", "bandits", "skeleton", (2 + gap, 2))]
    bf = field(OPEN, spawns)
    hinted = tuple(dataclasses.replace(s, ai="hold") if s.name == "Ada" else s for s in bf.spawns)
    b = battle(dataclasses.replace(bf, spawns=hinted), faces=[8, 1])
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("ada")).ok
    assert b.pending is not None
    return b, make_controller(level, 0).choose(b, b.pending)


def _answer_as_party(b: Battle, level: str) -> Answer:
    assert b.pending is not None and b.pending.side == "party"
    answer = make_controller(level, 0).choose(b, b.pending)
    assert b.answer(answer).ok
    return answer


def test_ai_holds_at_its_post_and_strikes_the_foe_that_walks_up_this_round() -> None:
    """004 · Hold An Action: rather than stand idle at its post, Ada holds her action; she
    lets the skeleton's move go by (it is not in her reach yet) and strikes it once its
    turn is over beside her, in the same round, before it can swing again. (Normal would
    stand in Total Defense there, its planned guard; hard plans none.)"""
    level = "hard"
    b, answer = _post(level, 5)
    assert answer == HoldAction("ada")
    assert b.answer(answer).ok
    assert b.answer(Move("gor", ((6, 2), (5, 2), (4, 2), (3, 2)))).ok
    assert _answer_as_party(b, level) == Decline("ada")  # before the move: nothing in reach
    assert b.answer(EndTurn("gor")).ok
    assert _answer_as_party(b, level) == ActNow("ada")  # its turn is over, next to her
    push(b, 20, 8)
    assert _answer_as_party(b, level) == MeleeAttack("ada", "gor", "sword")
    assert b.round == 1
    b.close()


def test_easy_stands_idle_rather_than_hold() -> None:
    """Holding is one of the specials easy does not use (game/ai/README.md · Levels)."""
    b, answer = _post("easy", 5)
    assert not isinstance(answer, HoldAction)
    b.close()


def test_ai_strikes_a_foe_in_reach_rather_than_hold() -> None:
    """A unit with a blow to strike now strikes: holding is only for an idle Main."""
    b, answer = _post("hard", 1)
    assert isinstance(answer, MeleeAttack)
    b.close()


def _before_the_wolf(monkeypatch: pytest.MonkeyPatch, hold_ground: bool) -> Battle:
    """Ada (a warrior, hard, the party acting first) sixteen squares from a wolf: out of
    her reach this turn (a charge reaches thirteen), but the wolf runs sixteen. Hard's
    ``hold_ground`` as given; at her first decision."""
    from game.ai.grid import levels

    monkeypatch.setitem(
        levels.LEVELS, "hard", dataclasses.replace(levels.HARD, hold_ground=hold_ground)
    )
    spawns = [("Ada", "party", "warrior", (2, 3)), ("Gor", "bandits", "wolf", (18, 3))]
    b = battle(field("\n".join(["." * 24] * 7), spawns), faces=[8, 1])
    if b.pending is not None and b.pending.kind == "choose_unit":
        assert b.answer(ChooseUnit("ada")).ok
    return b


def test_hard_holds_its_ground_when_moving_first_and_strikes_the_foe_that_comes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """004 · Hold An Action, as hard plays it (``Level.hold_ground``): acting first in the
    round, with no blow to strike this turn, Ada does not run up into the wolf's reach
    (it would bite first); she holds her action where she stands. The wolf (the baseline)
    runs up to her, its Main spent on the second Move, and her held blow falls in the
    same round, the first of the fight. Without the rule she runs at it."""
    b = _before_the_wolf(monkeypatch, True)
    controllers = {"party": make_controller("hard", 0), "bandits": make_controller("baseline", 0)}
    assert b.pending is not None
    assert controllers["party"].choose(b, b.pending) == HoldAction("ada")
    push(b, 20, 8, 1, 1)  # Ada's attack roll and damage (and the wolf's morale: it holds)
    while not any(e.kind == "attack_declared" for e in b.events) and b.pending is not None:
        assert b.answer(controllers[b.pending.side].choose(b, b.pending)).ok
    first = next(e for e in b.events if isinstance(e, AttackDeclared))
    assert (first.attacker, first.target, b.round) == ("ada", "gor", 1)
    b.close()
    b = _before_the_wolf(monkeypatch, False)
    assert b.pending is not None
    ran = make_controller("hard", 0).choose(b, b.pending)
    assert not isinstance(ran, HoldAction) and ran.kind in ("move", "run")
    b.close()
