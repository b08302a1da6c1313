"""A search AI that plays any ruleset (issue 31): it tries candidate lines on forks of the
battle, rolls the dice forward with its own generator, and scores what came of them.

At a unit's ``turn`` decision the ruleset's *model* (``SearchModel``) names a few
candidate *lines*, its own pick first: a line is the answers the unit means to give this
turn, in order (grid: the tactical planner's best lines, such as a Run's two Moves, and
the saving actions it never plans, such as First Aid). Each line is played on a fork of
the battle (``Battle.fork``): its answers are given (a line whose next answer is no
longer legal stops there), the reactions they open are answered by the model's policy,
and ``follow`` more answers of the unit's own are left to the policy. The model then
scores the leaf for the acting side (``SearchModel.leaf``).

The dice in a fork are the AI's own (``StratifiedDice``, seeded by the AI's seed, the
battle's seed and the answer count; never the battle's generator, so the AI cannot see
the battle's future dice). A line that rolled no die is played once; one that did is
played in each round of samples, as many rounds as the node budget (``leaves``) allows,
up to ``samples``. Every line sees the same dice streams (common random numbers), and
each die is stratified over the rounds, so a few samples already see its whole range.
The first answer of the line whose mean is best is given; the model's pick keeps the
decision unless another line beats it by ``margin``. At the unit's next decision the
search runs again, on what the dice did.

Where a ruleset's actions resolve only once every unit has declared (clash), the fork
plays on to the end of the round instead (``SearchConfig.until = "round"``): the other
units' declarations, both sides', are the policy's, and the leaf sees the round resolved.

Settings for close calls (all off by default): ``gate`` leaves out the lines the model
itself scores far below its pick (``PriorModel.prior``), so a clear decision is not
searched; ``halving`` spends the forks by successive halving, dropping the worse half
of the challengers after the 2nd, 4th, 8th round of samples; ``until = "reply"`` plays
each fork on through the rest of our side's turn and the enemy side's whole answer (by
the model's ``rollout`` policy, ``RolloutModel``), so the leaf sees the enemy's blows
played rather than estimated.

This is expectimax with its chance nodes sampled: one level of our choice (the line),
the dice it rolls, the opponent's reactions (by the model's policy), and the model's
evaluation at the leaf, which counts what the rest of the turn and the next round are
worth. Every count is a count of nodes, never wall time, so a seed replays identically.
Other decisions (who acts next, reactions) are the model's policy's.

Names no ruleset: the model brings everything the ruleset knows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import esper

from game.engine.events import Rolled
from game.engine.intentions import IntentionRevealed

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.battle import Battle
    from game.engine.decision import Decision


Line = tuple["Answer", ...]
Policy = Callable[["Battle", "Decision"], "Answer"]


def seen_by(battle: Battle, side: str, policy: Policy) -> Battle:
    """A fork of ``battle`` that knows only what ``side`` could see (hotseat hides the
    same): where the ruleset's units declare in secret (``Ruleset.declares_intentions``),
    the fork is rebuilt from the round's quiet point (``Battle.fork_quiet``) and every
    answer given since is given again, except another side's declarations not yet
    revealed (a ``turn`` decision of another side whose unit has had no
    ``IntentionRevealed`` since): those are answered by ``policy``, as that side's AI
    would have answered them from what stood then. So two battles that differ only in
    what the enemy declared in secret give the same fork. A ruleset that declares
    nothing in secret: a plain fork (``Battle.fork``)."""
    if not battle.ctx.ruleset.declares_intentions:
        return battle.fork()
    since = battle.answers
    fork = battle.fork_quiet()
    start = len(fork.answers)
    if all(battle.answered_by(i) == side for i in range(start, len(since))):
        fork.close()
        return battle.fork()  # nothing of another side's since the quiet point
    revealed = {
        e.unit for e in battle.events[len(fork.events) :] if isinstance(e, IntentionRevealed)
    }
    for given in since[start:]:
        pending = fork.pending
        assert pending is not None
        secret = pending.kind == "turn" and pending.side != side
        answer = policy(fork, pending) if secret and pending.unit not in revealed else given
        if not fork.answer(answer).ok:  # the rebuilt round asks otherwise: the policy's
            if not fork.answer(policy(fork, pending)).ok:
                fork.answer(fork.legal_answers()[0])
    if esper.current_world != battle.world_name:
        esper.switch_world(battle.world_name)
    return fork


class StratifiedDice(random.Random):
    """The dice of sample ``sample`` of ``samples``: the i-th die a fork rolls falls in
    one stratum of its faces (a uniform draw inside it), the i-th of a shuffle of the
    strata seeded by ``seed`` and i, so over the samples every die of the line covers its
    range evenly (Latin hypercube sampling): with 3 samples an attack roll is once low,
    once middling, once high, never three misses by luck. Seeded by the AI, never by the
    battle's generator."""

    def __init__(self, seed: str, sample: int, samples: int) -> None:
        super().__init__(f"{seed}/{sample}")
        self.seed_text = seed
        self.index = sample
        self.samples = max(1, samples)
        self.rolled = 0

    def __deepcopy__(self, memo: dict[int, object]) -> StratifiedDice:
        """An independent copy in the same state (a fork checkpoints its generator at
        the end of a round, ``engine.fork.copy_rng``)."""
        other = StratifiedDice(self.seed_text, self.index, self.samples)
        other.setstate(self.getstate())
        other.rolled = self.rolled
        return other

    def randint(self, a: int, b: int) -> int:
        strata = list(range(self.samples))
        random.Random(f"{self.seed_text}/die {self.rolled}").shuffle(strata)
        stratum = strata[self.index % self.samples]
        self.rolled += 1
        u = (stratum + self.random()) / self.samples
        return a + min(b - a, int(u * (b - a + 1)))


class SearchModel(Protocol):
    """What a ruleset's AI tells the search (grid: ``game.ai.grid.search``)."""

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        """The answer to any decision (the model's own controller)."""
        ...

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        """Lines worth trying at this turn decision, the model's own pick first."""
        ...

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        """What the fork ``battle`` is worth to ``side`` once ``unit`` has acted (the
        unit's turn may still go on: the model then counts what the rest is worth)."""
        ...


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The node budget of one decision."""

    candidates: int = 5  # lines tried at most
    samples: int = 3  # dice samples of a line that rolls dice
    leaves: int = 14  # forks played out at most for one decision
    margin: float = 0.3  # what another line must beat the model's pick by
    steps: int = 12  # answers given at most inside one fork (reactions, the turn's rest)
    follow: int = 0  # the unit's own answers after its line, given by the policy
    # standard errors of its lead (paired over the samples) by which another line must
    # beat the model's pick as well as by ``margin`` (``SearchAI.sure``); 0: margin alone
    confidence: float = 0.0
    # Where a fork stops for its leaf: "turn", once the unit's turn is over (the leaf
    # values what comes after); "round", once the round the line was given in has
    # resolved, every decision in between (the other units' turns, both sides') given by
    # the model's policy: for a ruleset whose actions resolve only when all have
    # declared them (``declares_intentions``), where the end of the unit's turn shows
    # nothing yet;
    # "reply", once the rest of our side's turn and the enemy side's answer to it have
    # been played (the unit's own turn to its end, then every decision of both sides,
    # by the model's ``rollout`` policy where it has one (``RolloutModel``), else its
    # policy), so the leaf sees what the enemy did rather than an estimate of it.
    until: str = "turn"
    # Progressive search (0: off, every line is searched alike). ``gate``: a line whose
    # model prior (``PriorModel.prior``) lies more than ``gate`` below the model's pick
    # is not tried (a line with no prior always is), and a decision left with the pick
    # alone is not searched: most decisions are clear, and the budget goes to close calls.
    gate: float = 0.0
    # ``halving``: successive halving over the lines: rounds of samples, and after the
    # 2nd, 4th, 8th, ... the worse half of the challengers (by their mean so far) is
    # dropped, so the forks go to the close ones; ``samples`` is then the most a line
    # gets (the strata of the dice), ``leaves`` the forks of the decision.
    halving: bool = False


class PriorModel(Protocol):
    """A model that also says what it thinks a line is worth (``SearchConfig.gate``)."""

    def prior(self, line: Line) -> float | None:
        """The model's own estimate of ``line`` among the candidates it named last;
        None where it has none (a line it never plans)."""
        ...


class RolloutModel(Protocol):
    """A model with a cheaper policy for the forks of ``SearchConfig(until="reply")``."""

    def rollout(self, battle: Battle, decision: Decision) -> Answer:
        """The answer to any decision inside a fork that plays the enemy's reply."""
        ...


@dataclass(frozen=True, slots=True)
class Tried:
    """One line's outcome: its mean leaf value over ``samples`` forks."""

    line: Line
    value: float
    samples: int
    values: tuple[float, ...] = ()  # each sample's leaf value, in the order played

    @property
    def answer(self) -> Answer:
        return self.line[0]


class SearchAI:
    """A controller: ``model.policy`` everywhere, sampled search at turn decisions."""

    def __init__(
        self, name: str, seed: int, model: SearchModel, config: SearchConfig | None = None
    ) -> None:
        self.name = name
        self.seed = seed
        self.model = model
        self.config = config or SearchConfig()
        self.last: list[Tried] = []  # the lines of the last searched decision
        # the policy's answers in forks before their first die, by (line, answers given):
        # the same for every sample of a line (``reply``); kept for one search
        self._replies: dict[tuple[int | None, int], Answer] = {}

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if decision.kind != "turn" or decision.unit is None:
            return self.model.policy(battle, decision)
        found = self.model.candidates(battle, decision)
        lines = [ln for ln in dict.fromkeys(found) if ln and battle.validate(ln[0]) is None]
        lines = self.gated(lines)[: self.config.candidates]
        self.last = []
        if len({ln[0] for ln in lines}) <= 1:
            return lines[0][0] if lines else self.model.policy(battle, decision)
        if self.config.halving:
            tried = self.halve(battle, decision, lines)
        else:
            tried = self.search(battle, decision, lines)
        self.last = tried
        pick = best = tried[0]
        for t in tried[1:]:
            if t.value > best.value + (self.config.margin if best is pick else 0.0):
                if self.sure(t, pick):
                    best = t
        return best.answer

    def gated(self, lines: list[Line]) -> list[Line]:
        """``lines`` less those whose model prior lies more than ``gate`` below the
        pick's (the first line's); all of them when the gate is off or the model has
        no priors (``PriorModel``) or none for the pick."""
        gate = self.config.gate
        prior = getattr(self.model, "prior", None)
        if gate <= 0 or prior is None or not lines:
            return lines
        top = prior(lines[0])
        if top is None:
            return lines
        kept = [lines[0]]
        for ln in lines[1:]:
            p = prior(ln)
            if p is None or p >= top - gate:
                kept.append(ln)
        return kept

    def sure(self, line: Tried, pick: Tried) -> bool:
        """Whether ``line`` beats the model's ``pick`` beyond the noise of the dice: its
        mean lead is more than ``confidence`` standard errors of the lead, sample by
        sample (both saw the same dice in each sample: common random numbers, so the
        differences are paired; a line that rolled no die is the same in every sample).
        The best of a few noisy means is lucky more often than it is better (the
        winner's curse): a line whose lead is one lucky kill and the rout it set off in
        one sample of four is not taken over the model's pick. Always sure with
        ``confidence`` 0, or when neither line rolled a die."""
        z = self.config.confidence
        counts = [t.samples for t in (line, pick) if t.samples > 1]
        n = min(counts) if counts else 1  # the samples both saw (successive halving)
        if z <= 0 or n < 2:
            return True
        diffs = [
            line.values[k if line.samples > 1 else 0] - pick.values[k if pick.samples > 1 else 0]
            for k in range(n)
        ]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean > z * (var / n) ** 0.5

    @contextmanager
    def _root(self, battle: Battle, side: str) -> Iterator[Battle]:
        """The fork every line of one search is played from (each on a fork of it), closed
        after; the live battle's world is the active one again. It is the battle as
        ``side`` sees it (``seen_by``): the declarations the other sides made in secret
        this round are the model's policy's, never the ones they made."""
        root = seen_by(battle, side, self.model.policy)
        self._replies = {}
        try:
            yield root
        finally:
            root.close()
            if esper.current_world != battle.world_name:
                esper.switch_world(battle.world_name)  # the live battle stays active

    def search(self, battle: Battle, decision: Decision, lines: list[Line]) -> list[Tried]:
        """Every line's mean leaf value, in the order given."""
        cfg = self.config
        assert decision.unit is not None
        unit, side = decision.unit, decision.side
        values: list[list[float]] = [[] for _ in lines]
        random_ = [False] * len(lines)
        with self._root(battle, side) as root:
            # rounds of samples, each played whole: as many as the budget allows
            rounds = max(1, min(cfg.samples, cfg.leaves // len(lines)))
            for sample in range(rounds):
                for i, line in enumerate(lines):
                    if sample > 0 and not random_[i]:
                        continue
                    value, rolled = self.play_out(root, line, unit, side, sample, rounds, i)
                    values[i].append(value)
                    random_[i] = random_[i] or rolled
        return [
            Tried(line, sum(values[i]) / len(values[i]), len(values[i]), tuple(values[i]))
            for i, line in enumerate(lines)
            if values[i]
        ]

    def halve(self, battle: Battle, decision: Decision, lines: list[Line]) -> list[Tried]:
        """Successive halving (``SearchConfig.halving``): the mean leaf value of every
        line still in the race at the end, in the order given (the model's pick first).
        Rounds of samples, each line still in the race played once in each (a line that
        rolled no die only in the first); after the 2nd, 4th, 8th, ... round the worse
        half of the challengers, by their mean so far, leaves the race (the model's pick
        never does), until ``samples`` rounds or ``leaves`` forks. A line's samples are
        the first rounds', so every two lines compared saw the same dice in the rounds
        both played (common random numbers)."""
        cfg = self.config
        assert decision.unit is not None
        unit, side = decision.unit, decision.side
        values: list[list[float]] = [[] for _ in lines]
        random_ = [False] * len(lines)
        alive = list(range(len(lines)))
        with self._root(battle, side) as root:
            spent = 0
            for sample in range(max(1, cfg.samples)):
                playing = [i for i in alive if sample == 0 or random_[i]]
                if not playing or (sample > 0 and spent + len(playing) > cfg.leaves):
                    break
                for i in playing:
                    value, rolled = self.play_out(
                        root, lines[i], unit, side, sample, cfg.samples, i
                    )
                    values[i].append(value)
                    random_[i] = random_[i] or rolled
                    spent += 1
                done = sample + 1
                if done >= 2 and done & (done - 1) == 0 and len(alive) > 2:
                    rivals = sorted(alive[1:], key=lambda i: -sum(values[i]) / len(values[i]))
                    alive = [alive[0], *sorted(rivals[: max(1, len(rivals) // 2)])]
        return [
            Tried(lines[i], sum(values[i]) / len(values[i]), len(values[i]), tuple(values[i]))
            for i in alive
        ]

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
        """Play ``line`` (the ``index``-th of this search; None: keep no answers) on a fork
        of ``root`` with sampled dice; the leaf's value to ``side`` and whether any die was
        rolled.

        Until the fork's first die, every sample of a line stands exactly where the first
        sample stood after as many answers (the same root, the same answers), so the
        policy's answer there is the one it gave the first time (``_replies``; a policy
        answers from the battle alone). Its later answers, after the dice, are asked."""
        fork = root.fork()
        try:
            dice = StratifiedDice(
                f"shieldwall-search/{self.seed}/{root.seed}/{len(root.answers)}",
                sample,
                rounds,
            )
            fork.ctx.rng = dice
            unrolled = dice.getstate()
            given = 0
            start = len(fork.events)
            if not fork.answer(line[0]).ok:
                return float("-inf"), False
            rest = list(line[1:])
            turns = 0
            whole_round = self.config.until == "round"
            replied = self.config.until == "reply"
            enemy_acted = False
            started = root.round
            for _ in range(self.config.steps):
                pending = fork.pending
                if pending is None or (whole_round and fork.round != started):
                    break
                if replied and pending.kind != "reaction":
                    if pending.side != side:
                        enemy_acted = True
                    elif enemy_acted:
                        break  # the enemy has answered: our side is to act again
                if pending.kind == "turn" and pending.unit == unit:
                    if rest:
                        answer = rest.pop(0)
                        if fork.validate(answer) is not None:
                            if not replied:
                                break  # the line no longer holds; the leaf values the rest
                            rest.clear()  # the policy plays the rest of the turn
                            answer = self.reply(fork, pending, (index, given), dice, unrolled)
                    else:
                        turns += 1
                        if turns > self.config.follow and not replied:
                            break  # the model's leaf values the rest of the turn
                        answer = self.reply(fork, pending, (index, given), dice, unrolled)
                elif pending.kind == "reaction" or whole_round or replied:
                    answer = self.reply(fork, pending, (index, given), dice, unrolled)
                else:
                    break
                if not fork.answer(answer).ok:
                    break
                given += 1
            rolled = any(isinstance(e, Rolled) for e in fork.events[start:])
            return self.model.leaf(fork, side, unit), rolled
        finally:
            fork.close()

    def reply(
        self,
        fork: Battle,
        decision: Decision,
        key: tuple[int | None, int],
        dice: StratifiedDice,
        unrolled: object,
    ) -> Answer:
        """The policy's answer at ``decision`` in a fork; ``key`` is (the line, the answers
        given in the fork so far). While the fork's dice stand as they were made
        (``unrolled``: no die rolled yet), the fork is where every sample of the line
        stood at that answer, and the first sample's answer is kept for the others."""
        policy = self.model.policy
        if self.config.until == "reply":
            policy = getattr(self.model, "rollout", policy)
        if key[0] is None or dice.rolled or dice.getstate() != unrolled:
            return policy(fork, decision)
        found = self._replies.get(key)
        if found is None:
            found = self._replies[key] = policy(fork, decision)
        return found
