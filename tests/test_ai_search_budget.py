"""The search AI's budget and leaf settings (issue 31, ``game.ai.core.search``): the gate
that leaves clear decisions to the model, successive halving over the candidate lines,
and the rollout through the enemy's reply (``until="reply"``, ``game.ai.grid.rollout``).
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from test_ai_tactics import OPEN, position

from game.ai.core.search import Line, SearchAI, SearchConfig, Tried
from game.ai.grid.levels import LEVELS
from game.ai.grid.rollout import ReplyModel
from game.ai.grid.search import CONFIGS, GridModel
from game.engine import Battle
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.engine.decision import Decision, Option
from game.rules.grid.attack import MeleeAttack


class _Priors:
    """A model whose prior of a line is given; it is never asked to play."""

    def __init__(self, priors: dict[Line, float]) -> None:
        self.priors = priors

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        raise AssertionError("not asked")

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        raise AssertionError("not asked")

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        raise AssertionError("not asked")

    def prior(self, line: Line) -> float | None:
        return self.priors.get(line)


def test_a_line_far_below_the_models_pick_is_not_tried() -> None:
    """``SearchConfig.gate``: a line the model scores more than ``gate`` below its own
    pick is left out, one within it is kept, and so is one it has no score for (a saving
    answer its planner never plans); with the gate off every line is tried."""
    lines: list[Line] = [(EndTurn(u),) for u in "abcd"]
    pick, close, far, unscored = lines
    model = _Priors({pick: 10.0, close: 8.5, far: 7.0})
    assert SearchAI("t", 0, model, SearchConfig(gate=2.0)).gated(lines) == [pick, close, unscored]
    assert SearchAI("t", 0, model, SearchConfig()).gated(lines) == lines


def test_the_gate_leaves_out_the_planners_worse_lines() -> None:
    """Ada beside two bandits: the planner's walks away to strike from elsewhere score
    about 1.1 below its blow where it stands. With a gate of 0.5 no fork plays them (the
    lines it never plans, Disengage and End Turn, are still tried); without the gate the
    search tries them too."""
    spawns = [
        ("Ada", "party", "warrior", (5, 4)),
        ("Hal", "bandits", "bandit", (6, 4)),
        ("Gor", "bandits", "bandit", (6, 5)),
    ]
    b = position(OPEN, spawns, "ada")
    assert b.pending is not None
    worse: dict[float, int] = {}
    for gate in (0.0, 0.5):
        model = GridModel(LEVELS["hard"], 0)
        config = dataclasses.replace(CONFIGS["search"], gate=gate)
        ai = SearchAI("t", 0, model, config)
        answer = ai.choose(b, b.pending)
        assert isinstance(answer, MeleeAttack)
        top = model.prior(ai.last[0].line)
        assert top is not None
        priors = [model.prior(t.line) for t in ai.last]
        assert any(p is None for p in priors)  # Disengage, End Turn
        worse[gate] = sum(1 for p in priors if p is not None and p < top - 0.5)
    assert worse[0.0] > 0 and worse[0.5] == 0
    b.close()


class _Root:
    """A battle stand-in for ``SearchAI.halve``: forks are never played; its ruleset
    declares nothing in secret (``core.search.seen_by`` forks it plainly)."""

    world_name = ""
    ctx = SimpleNamespace(ruleset=SimpleNamespace(declares_intentions=False))

    def fork(self) -> _Root:
        return self

    def close(self) -> None:
        pass


class _Scripted(SearchAI):
    """Line i is worth i in every sample (and rolls a die); counts the forks played."""

    played = 0

    def play_out(
        self,
        root: Battle,
        line: Line,
        unit: str,
        side: str,
        sample: int,
        rounds: int,
        index: int | None = None,
    ) -> tuple[float, bool]:
        self.played += 1
        assert index is not None
        return float(index), True


def _halve(leaves: int) -> tuple[list[Tried], int]:
    import esper

    lines: list[Line] = [(EndTurn(u),) for u in "abcde"]
    ai = _Scripted("t", 0, _Priors({}), SearchConfig(samples=8, leaves=leaves, halving=True))
    root = _Root()
    root.world_name = esper.current_world
    decision = Decision(0, "turn", "party", "a", "", ())
    tried = ai.halve(root, decision, lines)  # type: ignore[arg-type]
    return tried, ai.played


def test_successive_halving_spends_the_forks_on_the_best_challengers() -> None:
    """``SearchConfig.halving``: after the 2nd and 4th rounds of samples the worse half of
    the challengers leaves the race (the model's pick, the first line, never does), so
    of five lines the pick and the best challenger get all 8 samples: 24 forks where
    every line sampled 8 times would take 40. A budget of 12 forks stops after 2 rounds."""
    tried, played = _halve(100)
    assert [t.line[0] for t in tried] == [EndTurn("a"), EndTurn("e")]
    assert [t.samples for t in tried] == [8, 8] and played == 24
    tried, played = _halve(12)
    assert played == 10 and [t.samples for t in tried] == [2, 2, 2]


def test_noise_is_measured_over_the_samples_both_lines_saw() -> None:
    """``SearchAI.sure`` pairs two lines' samples over the rounds both played (successive
    halving leaves a pick with more samples than a line it dropped)."""
    pick = Tried((EndTurn("a"),), 0.0, 8, (0.0,) * 8)
    steady = Tried((EndTurn("b"),), 3.0, 4, (2.5, 3.0, 3.5, 3.0))
    lucky = Tried((EndTurn("c"),), 3.0, 4, (-5.0, -5.0, -5.0, 27.0))
    ai = SearchAI("t", 0, _Priors({}), SearchConfig(confidence=0.4))
    assert ai.sure(steady, pick) and not ai.sure(lucky, pick)


class _ReplyWatcher(ReplyModel):
    """The rollout model, recording at each leaf the round, the side to act and whether
    the enemy bandit has answered in the fork; and counting its rollout answers."""

    def __init__(self) -> None:
        super().__init__(LEVELS["hard"], 0)
        self.seen: list[tuple[int, str | None, bool]] = []
        self.rollouts = 0

    def rollout(self, battle: Battle, decision: Decision) -> Answer:
        self.rollouts += 1
        return super().rollout(battle, decision)

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        pending = battle.pending
        hal = any(getattr(a, "unit", None) == "hal" for a in battle.answers)
        self.seen.append((battle.round, pending.side if pending else None, hal))
        return super().leaf(battle, side, unit)


def test_a_reply_fork_plays_on_until_the_enemy_has_answered() -> None:
    """``until="reply"``: the party acts first in the round; each fork plays Ada's line,
    the rest of the party's turn, then the bandits' whole answer (by the model's rollout
    policy), and stops when the party is to act again, in the next round."""
    spawns = [("Ada", "party", "warrior", (5, 4)), ("Hal", "bandits", "bandit", (9, 4))]
    b = position(OPEN, spawns, "ada")
    assert b.pending is not None
    start, given = b.round, len(b.answers)
    model = _ReplyWatcher()
    config = SearchConfig(candidates=3, samples=2, leaves=6, steps=400, until="reply")
    SearchAI("t", 0, model, config).choose(b, b.pending)
    assert model.seen and model.rollouts > 0
    assert all(seen == (start + 1, "party", True) for seen in model.seen), model.seen
    assert (b.round, len(b.answers)) == (start, given)  # the live battle is untouched
    b.close()


def test_the_rollout_plays_only_the_units_near_the_fight() -> None:
    """``ReplyModel.rollout`` (cheap mode): an enemy more than ``NEAR`` squares from the
    searched unit ends its turn at once, and so does our other unit; who acts next is
    chosen among the ones that play, the one nearest an enemy first."""
    spawns = [
        ("Ada", "party", "warrior", (5, 4)),
        ("Wat", "party", "warrior", (4, 4)),
        ("Hal", "bandits", "bandit", (8, 4)),
        ("Far", "bandits", "bandit", (29, 8)),
    ]
    b = position(OPEN, spawns, "ada")
    assert b.pending is not None
    model = ReplyModel(LEVELS["hard"], 0)
    model.candidates(b, b.pending)
    assert model.near == {"ada", "hal"}
    for unit, side in (("far", "bandits"), ("wat", "party")):
        turn = Decision(1, "turn", side, unit, "", ())
        assert model.rollout(b, turn) == EndTurn(unit)
    who = Decision(
        1,
        "choose_unit",
        "bandits",
        None,
        "",
        tuple(Option("choose_unit", u, answer=ChooseUnit(u)) for u in ("far", "hal")),
    )
    assert model.rollout(b, who) == ChooseUnit("hal")
    b.close()
