"""A search model for any ruleset (issue 31): ``search`` wherever a ruleset has no model
of its own, over the ruleset's own ``hard`` controller (``game.ai.core.search``).

The model (``GenericModel``) reads only what the seam shows every controller:

- **policy**: the controller it is given (a ruleset's ``hard``): every decision but the
  searched turn decisions, the enemy's answers inside a fork, and the first candidate.
- **candidates** (``GenericModel.candidates``): the policy's pick first, then a few other
  legal answers of the turn decision, ranked from the seam alone (``Option`` metadata,
  the attack previews, the unit views, walking distances): the attacks worth most by
  their preview (the chance to drop the target, then the share of its health the blow
  is expected to take: ``GenericAI.strikes``); the answer that helps the most hurt ally
  (``Option.helps``: first aid); an answer aimed at nothing that spends what an attack
  spends (``Option.cost``: the turn's action; Disengage, Hide), while an enemy is near;
  the walk that gets nearest an enemy or the side's objective area
  (``GenericAI.walks``), or, for a hurt unit beside an enemy, the walk that ends
  farthest from the enemies; End Turn. ``CONFIG.candidates`` of them are tried.
- **leaf**: an evaluation of the fork for the acting side. By default ``evaluate``,
  a neutral one from the shared views: each unit's worth (its health's maximum against
  the battle's average) times its standing (half for being in the fight, half its share
  of health left), ours less theirs; a unit that left the map by an escape objective
  keeps its worth; the map's objectives' progress (``ctx.objectives``: hold streaks,
  units that reached or escaped; who holds an area now), and the battle's end.

**The hook.** A ruleset's AI module (``Ruleset.ai_module``) may export its own
``evaluate(battle, side) -> float`` (what the fork ``battle`` is worth to ``side``,
higher better); the model then scores its leaves with that instead (``evaluation_of``).
The search's margin is on that scale. It may also export ``candidates(battle, decision)
-> list[Answer]``: answers of the turn decision worth trying, best first, which the model
tries right after the policy's pick and before the seam's (``ordering_of``).

The forks play on through the enemy's reply (``SearchConfig(until="reply")``: the rest
of our side's turn and the enemy side's answer, by the policy), so the leaf sees the
blows a line invites, not only those it deals. Names no ruleset.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai.core.generic import GenericAI, aimed_at, chebyshev
from game.ai.core.search import Line, SearchAI, SearchConfig
from game.ai.core.walk import UNREACHED
from game.engine.answers import Answer, EndTurn

if TYPE_CHECKING:
    from game.ai.core.controllers import Controller
    from game.engine.battle import Battle, UnitView
    from game.engine.decision import Decision, Option

Evaluate = Callable[["Battle", str], float]
Order = Callable[["Battle", "Decision"], "list[Answer]"]

# the budget of ``search`` over a ruleset's hard: 4 lines, 2 samples of each that rolls
# dice, each fork played through the enemy's reply (a whole side's turn may be long);
# another line overrides the policy's pick when it leads by half an average unit's worth
# on the mean and leads in every sample (``confidence`` 1 with 2 samples: the smaller
# lead of the two is above 0), so one lucky sample never decides
CONFIG = SearchConfig(
    candidates=4, samples=2, leaves=8, margin=0.5, steps=160, until="reply", confidence=1.0
)
STRIKES = 2  # attacks tried besides the policy's pick
STAND = 0.5  # the share of a unit's worth for standing in the fight (the rest: its health)
WIN = 10.0  # the end of the battle, won (lost: minus), beyond what its units are worth
OBJECTIVE = 3.0  # an objective's whole progress, in average units
NOW = 0.5  # an area held now: this much of one round of its streak
REPLAYED = 2400  # answers a decision may replay in all its forks, where forks replay


def make_search(
    name: str, seed: int, policy: Controller, config: SearchConfig | None = None
) -> SearchAI:
    """``name`` ("search") over ``policy``, the ruleset's own hard controller."""
    return GenericSearch(name, seed, GenericModel(policy, seed), config or CONFIG)


class GenericSearch(SearchAI):
    """The search AI with a budget that shrinks as a battle grows where every fork is
    replayed from the battle's start (a ruleset that cannot resume from a quiet point,
    engine README · Forking a battle): the forks of one decision replay at most
    ``REPLAYED`` answers in all (the search's own root fork included), so fewer lines
    and samples late in a long battle, and no search once two lines cannot be afforded.
    Counted in answers, never in time: a seed replays identically."""

    def __init__(
        self, name: str, seed: int, model: GenericModel, config: SearchConfig | None = None
    ) -> None:
        super().__init__(name, seed, model, config)
        self.full = self.config

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        self.config = self.budget(battle)
        if self.config.leaves < 2:
            self.last = []
            return self.model.policy(battle, decision)
        return super().choose(battle, decision)

    def budget(self, battle: Battle) -> SearchConfig:
        """``CONFIG`` for a battle whose forks resume from a checkpoint; else the forks
        the replays allow, the root's among them (``leaves`` below 2: no search)."""
        full = self.full
        if battle.ctx.ruleset.forkable:
            return full
        forks = REPLAYED // max(1, len(battle.answers)) - 1
        if forks >= full.leaves:
            return full
        return replace(full, leaves=forks, candidates=max(2, min(full.candidates, forks)))


class GenericModel:
    """The search model of any ruleset (see the module's docstring)."""

    def __init__(self, policy: Controller, seed: int = 0, evaluate: Evaluate | None = None) -> None:
        self.inner = policy
        self.ranker = GenericAI("hard", seed)  # its seam readings: previews, walks
        self.evaluate = evaluate  # None: the ruleset's own (``evaluation_of``)

    def policy(self, battle: Battle, decision: Decision) -> Answer:
        return self.inner.choose(battle, decision)

    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        """The policy's pick, then the ruleset's own candidates (``ordering_of``) where
        its AI module names any, then the seam's (``others``)."""
        pick = self.policy(battle, decision)
        own = ordering_of(battle)
        extra = list(own(battle, decision)) if own is not None else []
        return [(a,) for a in dict.fromkeys([pick, *extra, *self.others(battle, decision)])]

    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        judge = self.evaluate or evaluation_of(battle)
        return judge(battle, side)

    # -- the candidates ---------------------------------------------------------------------
    def others(self, battle: Battle, decision: Decision) -> list[Answer]:
        """The answers worth trying besides the policy's, best first (the module's
        docstring); none when no enemy is left in the fight."""
        unit = decision.unit
        assert unit is not None
        me = battle.unit(unit)
        foes = self.ranker.enemies(battle, me.side)
        if not foes:
            return []
        legal = battle.legal_answers()
        options = {o.kind: o for o in decision.options if o.allowed}
        out: list[Answer] = []
        strikes = self.ranker.strikes(battle, me, foes, legal, options)
        strikes.sort(key=lambda s: (-s.score, s.order))
        out.extend(s.first for s in strikes[:STRIKES])
        aid = self.help(battle, me, legal, options)
        if aid is not None:
            out.append(aid)
        near = min(chebyshev(me.cell, f.cell) for f in foes) <= 2
        if near:
            out.extend(self.actions(legal, options)[:1])
        walk = self.walk(battle, me, foes, legal, options)
        if walk is not None:
            out.append(walk)
        if near or strikes:
            out.append(self.ranker.end(decision, legal))
        return out

    def help(
        self, battle: Battle, me: UnitView, legal: list[Answer], options: dict[str, Option]
    ) -> Answer | None:
        """The answer that helps (``Option.helps``) the ally with the least health left,
        when one is hurt."""
        best: tuple[float, Answer] | None = None
        for answer in legal:
            option = options.get(answer.kind)
            if option is None or not option.helps or option.target_kind != "unit":
                continue
            target = aimed_at(option, answer)
            if not isinstance(target, str):
                continue
            view = battle.unit(target)
            if view.side != me.side or view.hp >= view.max_hp:
                continue
            share = view.hp / max(1, view.max_hp)
            if best is None or share < best[0]:
                best = (share, answer)
        return best[1] if best else None

    def actions(self, legal: list[Answer], options: dict[str, Option]) -> list[Answer]:
        """Answers aimed at nothing that spend what an attack spends (the turn's action:
        Disengage, Hide, a guard), in the order listed."""
        costs = {o.cost for o in options.values() if o.attacks}
        out = []
        for answer in legal:
            option = options.get(answer.kind)
            if option is None or isinstance(answer, EndTurn):
                continue
            if option.target_kind == "none" and not option.moves and option.cost in costs:
                out.append(answer)
        return out

    def walk(
        self,
        battle: Battle,
        me: UnitView,
        foes: list[UnitView],
        legal: list[Answer],
        options: dict[str, Option],
    ) -> Answer | None:
        """A hurt unit beside an enemy: the walk that ends farthest from the enemies
        (walking distance). Else the generic AI's walk toward an enemy or the side's
        objective area."""
        cells = [f.cell for f in foes]
        beside = any(chebyshev(me.cell, c) <= 1 for c in cells)
        if not (beside and self.ranker.hurt(me)):
            goal = self.ranker.goal(battle, me)
            walks = self.ranker.walks(battle, me, foes, legal, options, goal)
            walks.sort(key=lambda s: (-s.score, s.order))
            return walks[0].first if walks else None
        field = self.ranker.field(battle, cells)
        best: tuple[int, Answer] | None = None
        for answer in legal:
            option = options.get(answer.kind)
            if option is None or not option.moves or option.attacks:
                continue
            to = aimed_at(option, answer)
            if not (isinstance(to, tuple) and len(to) == 2):
                continue
            away = field.distance(to)
            if away != UNREACHED and away > 1 and (best is None or away > best[0]):
                best = (away, answer)
        return best[1] if best else None


# -- the leaf --------------------------------------------------------------------------------
_FOUND: dict[str, Evaluate] = {}


def evaluation_of(battle: Battle) -> Evaluate:
    """The battle's ruleset's own evaluation (``evaluate`` exported by its AI module,
    ``Ruleset.ai_module``), else the neutral one (``evaluate``)."""
    ruleset = battle.ctx.ruleset
    key = type(ruleset).__module__ + "." + type(ruleset).__qualname__
    found = _FOUND.get(key)
    if found is None:
        module = ruleset.ai_module
        own = getattr(importlib.import_module(module), "evaluate", None) if module else None
        found = _FOUND[key] = own if callable(own) else evaluate
    return found


def ordering_of(battle: Battle) -> Order | None:
    """The battle's ruleset's own candidate answers (``candidates`` exported by its AI
    module), or None."""
    module = battle.ctx.ruleset.ai_module
    if not module:
        return None
    own = getattr(importlib.import_module(module), "candidates", None)
    return own if callable(own) else None


def evaluate(battle: Battle, side: str) -> float:
    """What ``battle`` is worth to ``side`` from the shared views alone: the battle's end
    (``WIN``), each unit's worth times its standing, ours less theirs, and the map's
    objectives' progress (``objectives``)."""
    if battle.over:
        winner = battle.winner
        if winner is not None:
            return WIN if winner == side else -WIN
    views = battle.units()
    mean = sum(v.max_hp for v in views) / max(1, len(views))
    escaped = escapees(battle)
    total = 0.0
    for v in views:
        worth = v.max_hp / max(1.0, mean)
        if v.in_fight:
            worth *= STAND + (1.0 - STAND) * v.hp / max(1, v.max_hp)
        elif v.id not in escaped:
            continue
        total += worth if v.side == side else -worth
    return total + objectives(battle, side, views)


def escapees(battle: Battle) -> set[str]:
    """The units that left the map by an escape objective (saved, not lost)."""
    out: set[str] = set()
    state: Any = battle.ctx.objectives or ()
    for objective, prog in zip(battle.battlefield.objectives, state, strict=False):
        if objective.kind == "escape":
            out.update(getattr(prog, "units", ()))
    return out


def objectives(battle: Battle, side: str, views: list[UnitView]) -> float:
    """The objectives' progress for ``side`` less the others', each worth ``OBJECTIVE``
    when won: a hold or protect streak's share of the rounds it needs (and ``NOW`` of a
    round for the side standing alone in the area now); a reach or escape, the share of
    the units it needs."""
    state: Any = battle.ctx.objectives or ()
    by_id = {v.id: v for v in views}
    total = 0.0
    for i, o in enumerate(battle.battlefield.objectives):
        prog = state[i] if i < len(state) else None
        if o.kind in ("hold", "protect") and o.unit is None:
            need = max(1, o.rounds or 1)
            present = {v.side for v in views if v.in_fight and v.cell in o.cells}
            now = next(iter(present)) if len(present) == 1 else None
            held = getattr(prog, "holder", None)
            streak = getattr(prog, "streak", 0) if held else 0
            for who, rounds in ((held, streak), (now, NOW)):
                if who is not None and (o.kind != "hold" or o.side in (None, who)):
                    total += OBJECTIVE * rounds / need * (1 if who == side else -1)
        elif o.kind in ("reach", "escape"):
            need = max(1, o.count or 1)
            for u in getattr(prog, "units", ()):
                v = by_id.get(u)
                if v is not None:
                    total += OBJECTIVE / need * (1 if v.side == side else -1)
    return total
