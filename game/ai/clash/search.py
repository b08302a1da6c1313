"""The search AI of the ``clash`` ruleset (issue 31): ``ClashAI`` hard looking a whole
round ahead on forks of the battle (``game.ai.core.search``, ``until="round"``).

In a declared round nothing resolves until every unit has declared (000 · Declare
Actions), so a fork is played on to the round's end: the unit's candidate declaration,
every other declaration and every reaction by hard's own answers, and the round's
blows rolled with the search's own dice; the leaf is the position once the round
(morale checks and holds' round-end counts included) has resolved. The fork is the
battle as the declaring side sees it (``core.search.seen_by``): what the enemy declared
before us in secret is re-chosen by hard's plan for the enemy, never read.

- **Policy**: hard's side plan (``plan.planned``), made once per side and round from
  the round's start (nothing changes while units declare) and handed out in every fork
  of that round; reactions and the wound choice as hard answers them.
- **Candidates**: hard's own declaration first, then the unit's other options by what
  each adds to its side's plan with the other units' choices in place
  (``ranked``): the best of each kind and target (a blow or a gambit on each foe, a
  shot, a retreat, a move, holding), capped.
- **Leaf** (``standing``): each unit in the fight its worth (``odds.worth``) times its
  health left, a stunned one less its next blow, a fled unit a tenth; a side whose next
  loss calls a morale check it has not rolled puts the chance the save fails times the
  others' worth at stake; objectives' progress (hold streaks, units that reached or
  escaped) a share of a side's worth; a battle won or lost, three sides' worth.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.ai.clash.choice import Choice, PlanLevel
from game.ai.clash.holds import breakers
from game.ai.clash.levels import LEVELS, ClashAI
from game.ai.clash.morale import calls_check, checks, fail_chance
from game.ai.clash.odds import threat, worth
from game.ai.clash.plan import Moments, choices, declares, foreseen, planned
from game.ai.core.search import Line, SearchAI, SearchConfig
from game.engine.answers import Answer, EndTurn
from game.engine.events import RoundStarted
from game.rules.clash import units
from game.rules.clash.house_rules import INITIATIVE, rule
from game.rules.objectives import HOLD, PROTECT, needed, progress

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context
    from game.engine.decision import Decision

# The budget of one declaration (``SearchConfig``): lines, dice samples, forks.
CONFIG = SearchConfig(
    candidates=4,
    samples=3,
    leaves=12,
    margin=1.0,
    steps=400,
    until="round",
    confidence=1.5,
    gate=6.0,
)
# A fled unit is out of the battle but alive: a tenth of its worth.
FLED = 0.1
# A side's worth a won battle adds (a lost one takes away).
WON = 3.0
# Share of a side's worth an objective's whole progress is worth.
OBJECTIVE = 0.5


@dataclass(frozen=True, slots=True)
class Ranked:
    """One declaration and what it adds to its side's plan (``ClashModel.ranked``)."""

    answer: Answer
    gain: float


class ClashModel:
    """The clash model of the search (``core.search.SearchModel``)."""

    def __init__(self, seed: int, level: PlanLevel | None = None) -> None:
        self.seed = seed
        self.level = level or LEVELS["hard"]
        self.hard = ClashAI("hard", seed)
        self._round: object = None  # the round the plans below were made in
        self._plans: dict[str, dict[str, tuple[Choice, float]]] = {}
        self._denied: dict[str, dict[str, float]] = {}
        self._priors: dict[Answer, float] = {}

    # -- the policy -----------------------------------------------------------------------
    def policy(self, battle: Battle, decision: Decision) -> Answer:
        """Hard's answer: a declaration from its side plan of the round (made once, from
        the round's start), anything else as ``ClashAI`` hard answers it."""
        unit = decision.unit
        if decision.kind != "turn" or unit is None or not self._declared(battle):
            return self.hard.choose(battle, decision)
        plan = self._plan(battle, decision.side)
        answer = plan[unit][0].answer if unit in plan else EndTurn(unit)
        return answer if battle.validate(answer) is None else EndTurn(unit)

    def _declared(self, battle: Battle) -> bool:
        return bool(rule(battle.ctx, INITIATIVE) != "dex_save")

    def _plan(self, battle: Battle, side: str) -> dict[str, tuple[Choice, float]]:
        """Hard's plan for ``side`` this round (``plan.planned``): the same in every fork
        of the round, since nothing changes while units declare."""
        self._check_round(battle)
        if side not in self._plans:
            with _active(battle):
                self._plans[side] = planned(battle.ctx, side, self.level, self.seed)
        return self._plans[side]

    def _check_round(self, battle: Battle) -> None:
        """Forget the plans of another round (or battle): the key is the battle's map,
        seed, round and the events up to the round's start (shared by its forks)."""
        events = battle.events
        start = next(
            (i for i in range(len(events) - 1, -1, -1) if isinstance(events[i], RoundStarted)),
            -1,
        )
        key = (id(battle.battlefield), battle.seed, battle.round, start)
        if key != self._round:
            self._round = key
            self._plans, self._denied = {}, {}

    # -- the candidates -------------------------------------------------------------------
    def candidates(self, battle: Battle, decision: Decision) -> list[Line]:
        """Hard's declaration first, then the best of each other kind and target."""
        pick = self.policy(battle, decision)
        if decision.unit is None or not self._declared(battle):
            return [(pick,)]
        ranked = self.ranked(battle, decision.side, decision.unit)
        self._priors = {r.answer: r.gain for r in ranked}
        best: dict[tuple[str, str, str], Ranked] = {}
        for r in ranked:
            group = _group(r.answer)
            if group not in best or r.gain > best[group].gain:
                best[group] = r
        mine = _group(pick)
        others = [r for g, r in best.items() if g != mine]
        others.sort(key=lambda r: -r.gain)
        return [(pick,), *[(r.answer,) for r in others]]

    def prior(self, line: Line) -> float | None:
        """What the line's declaration adds to the side's plan (``SearchConfig.gate``)."""
        return self._priors.get(line[0]) if line else None

    def ranked(self, battle: Battle, side: str, unit: str) -> list[Ranked]:
        """Every option of ``unit`` hard weighs, valued by what it adds to its side's plan
        with the other units' choices of the plan in place."""
        plan = self._plan(battle, side)
        with _active(battle):
            ctx = battle.ctx
            if side not in self._denied:
                level = self.level
                self._denied[side] = (
                    foreseen(ctx, side, level, self.seed) if level.weigh_gambits else {}
                )
            options = choices(ctx, unit, self.level, self._denied[side])
            if self.level.holds:
                who = [u for u in units.units_of(ctx, side) if declares(ctx, u)]
                run = breakers(ctx, side, who).get(unit)
                if run is not None:
                    options.append(Choice(run[0], bonus=run[1]))
            moments = Moments(ctx, self.level.foresee_reactions)
            for other, (c, _) in plan.items():
                if other != unit:
                    moments.add(c)
            return [Ranked(c.answer, moments.gain(c)) for c in options]

    # -- the leaf -------------------------------------------------------------------------
    def leaf(self, battle: Battle, side: str, unit: str) -> float:
        with _active(battle):
            return standing(battle.ctx, side, battle.winner if battle.over else None, battle.over)


def _group(answer: Answer) -> tuple[str, str, str]:
    """A declaration's kind, target and gambit: candidates keep the best of each."""
    return (
        answer.kind,
        str(getattr(answer, "target", "")),
        str(getattr(answer, "gambit", "")),
    )


class _active:
    """The battle's world active while a block reads its context."""

    def __init__(self, battle: Battle) -> None:
        self.name = battle.world_name

    def __enter__(self) -> None:
        if esper.current_world != self.name:
            esper.switch_world(self.name)

    def __exit__(self, *exc: object) -> None:
        return None


def unit_value(ctx: Context, unit: str) -> float:
    """One unit's part of its side's standing: its worth times the health it has left
    (HP, and STR counted twice, 000 · Hit Protection), less its next blow if stunned;
    a fled unit a tenth of its worth; a fallen one nothing."""
    fate = units.conditions(ctx, unit)
    if fate.fled:
        return FLED * worth(ctx, unit)
    if not units.in_fight(ctx, unit):
        return 0.0
    hp = units.health(ctx, unit)
    st = units.state(ctx, unit)
    left = (max(0, hp.hp) + 2 * max(0, st.STR)) / max(1, hp.max_hp + 2 * st.max_STR)
    value = worth(ctx, unit) * (0.5 + 0.5 * left)
    return value - threat(ctx, unit) if st.stunned else value


def morale_risk(ctx: Context, side: str) -> float:
    """What ``side``'s morale puts at stake (``clash.morale``): when its next loss calls
    a check it has not rolled, the chance the save fails times its fighters' worth."""
    if not checks(ctx, side) or not calls_check(ctx, side):
        return 0.0
    others = [
        u
        for u in units.units_of(ctx, side)
        if units.in_fight(ctx, u) and not units.template(ctx, u).fearless
    ]
    return fail_chance(ctx, side) * sum(worth(ctx, u) for u in others) * 0.5


def objective_shares(ctx: Context) -> dict[str, float]:
    """Each side's share of the map's objectives' progress: a hold's streak over the
    round ends it needs (for a protected area, the others' streak), the units that
    reached or escaped over the count needed."""
    out: dict[str, float] = {}
    for o, prog in zip(ctx.battlefield.objectives, progress(ctx), strict=True):
        if o.kind in (HOLD, PROTECT):
            if prog.holder is not None and prog.streak:
                share = prog.streak / max(1, needed(ctx, o))
                out[prog.holder] = out.get(prog.holder, 0.0) + share
        elif prog.units:
            who = o.side or units.side(ctx, prog.units[0])
            share = len(prog.units) / max(1, needed(ctx, o, who))
            out[who] = out.get(who, 0.0) + share
    return out


def standing(ctx: Context, side: str, winner: str | None, over: bool) -> float:
    """What the position is worth to ``side``: its units' values less the enemies',
    morale at stake, objectives' progress and the battle's end (module docstring)."""
    sides = list(ctx.side_order)
    values = {s: 0.0 for s in sides}
    full = {s: 0.0 for s in sides}
    for u in ctx.units():
        s = units.side(ctx, u)
        values[s] = values.get(s, 0.0) + unit_value(ctx, u)
        full[s] = full.get(s, 0.0) + worth(ctx, u)
    scale = sum(full.values()) / max(1, len(full))
    for s in sides:
        values[s] -= morale_risk(ctx, s)
    for s, share in objective_shares(ctx).items():
        values[s] = values.get(s, 0.0) + OBJECTIVE * scale * share
    if over and winner is not None:
        values[winner] = values.get(winner, 0.0) + WON * scale
    mine = values.get(side, 0.0)
    rest = [v for s, v in values.items() if s != side]
    return mine - (sum(rest) / len(rest) if rest else 0.0)


def make_search(name: str, seed: int) -> SearchAI:
    """``search`` for clash: the round-long search over hard (``CONFIG``)."""
    return SearchAI(name, seed, ClashModel(seed), CONFIG)
