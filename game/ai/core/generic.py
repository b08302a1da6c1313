"""The generic AI: plays any ruleset from its decisions alone (issue 28).

It reads nothing of a ruleset but what the seam shows every controller: the pending
``Decision`` and its options with their aim (``Option.target_kind``, ``target_field``,
``moves``, ``attacks``), ``Battle.legal_answers()``, the shared unit views
(``Battle.unit``/``units``: side, cell, hp/max_hp, in_fight) and, where the ruleset has
them, the attack previews (``answer_preview``/``attack_preview``; a ruleset without them
returns None or raises ``NotImplementedError``, and the AI then judges by health alone).

A unit's turn (an open ``turn`` decision), each decision of it:

1. strike: of the attacks on an enemy, the one worth most: the chance to drop the target
   first, then the share of its health the blow is expected to take, then the enemy
   with the least health left (a wounded foe in reach is finished off); a hurt unit
   (half its health or less) or a shooter (one that has chosen a strike its preview
   calls ranged) makes no attack that moves it (a charge);
2. walk: of the moves, the one ending nearest an enemy (walking distance over the
   terrain), not next to several enemies when the unit is hurt; only when it gets
   closer, and only when no enemy is beside the unit already (it stands and fights
   rather than walk off and provoke); a shooter keeps its distance (no square beside an
   enemy, no walk after its shot);
3. otherwise it ends its turn (End Turn; the first legal answer when there is none).

Closed decisions: which unit acts (the one nearest an enemy); a reaction: an attack on an
enemy (the answer's ``target``) that likely drops it, else Decline; anything else its
first answer. At most ``CANDIDATES`` attacks are previewed and four times as many moves
weighed (the nearest first), so a big map costs little more than a small one, and at
most ``TURN_ANSWERS`` answers are given in a unit's turn before it ends it: it never
stalls. Deterministic for a seed: ``easy`` slips (``SLIP_RATE`` of its strikes and walks
take the next best that answers otherwise, ``slips``) from a generator seeded by the
name and seed; ``baseline`` judges strikes by health alone and walks without minding the
danger.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.core import objective_map
from game.ai.core.slips import slips
from game.ai.core.walk import UNREACHED, WalkField
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.engine.battle import Battle, UnitView
from game.engine.decision import Decision, Option
from game.geometry.grid import Cell

CANDIDATES = 40  # most attacks or moves examined in one decision
TURN_ANSWERS = 16  # most answers in one unit's turn before it ends the turn
SLIP_RATE = 0.3  # easy: share of its picks that slip to the next best
DROP_WORTH = 10.0  # a likely kill outweighs any wound
CROWD = 3.0  # a hurt unit's price for each enemy beyond the first beside a square


@dataclass(frozen=True, slots=True)
class Scored:
    """One candidate answer (``first``: the answer, as ``slips`` reads it) and what it
    is worth (higher is better); ``order``: its place among the legal answers."""

    score: float
    order: int
    first: Answer


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def aimed_at(option: Option, answer: Answer) -> Any:
    """The target an answer names, by its option's ``target_field`` (a path: its last
    cell); None when the option aims at nothing."""
    if not option.target_field:
        return None
    value = getattr(answer, option.target_field, None)
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        return value[-1]
    return value


class GenericAI:
    """A controller for any ruleset (``name``: baseline, easy, normal, hard or ai)."""

    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self.previews = name != "baseline"
        self.careful = name != "baseline"
        self.slip_rate = SLIP_RATE if name == "easy" else 0.0
        self.rng = random.Random(f"shieldwall-generic/{name}/{seed}")
        self._field: WalkField | None = None
        self._turn: tuple[str, int, str] | None = None  # (world, round, unit) answering
        self._turn_answers = 0
        self._struck = False  # the unit answering has struck this turn
        self._shooters: set[tuple[str, str]] = set()  # (world, unit) that chose to shoot
        self._ranged: set[Answer] = set()  # strikes of this decision its preview calls ranged

    # -- the controller protocol -----------------------------------------------------------
    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if decision.unit is not None and (decision.open or decision.kind == "turn"):
            return self.turn(battle, decision)  # a closed turn: its listed answers
        answers = decision.answers
        if answers and all(isinstance(a, ChooseUnit) for a in answers):
            return self.who_acts(battle, decision, answers)
        if decision.kind == "reaction" and answers:
            return self.react(battle, decision)
        if answers:
            return answers[0]
        return battle.legal_answers()[0]

    # -- closed decisions ------------------------------------------------------------------
    def who_acts(self, battle: Battle, decision: Decision, answers: tuple[Answer, ...]) -> Answer:
        """The unit nearest an enemy acts first (ties: the listed order)."""
        foes = [v.cell for v in self.enemies(battle, decision.side)]
        if not foes:
            return answers[0]
        field = self.field(battle, foes)

        def near(answer: Answer) -> int:
            assert isinstance(answer, ChooseUnit)
            return field.distance(battle.unit(answer.unit).cell)

        return min(answers, key=near)

    def react(self, battle: Battle, decision: Decision) -> Answer:
        """An attack in the window that likely drops its target is taken; otherwise the
        window is declined (or its first answer given when it cannot be)."""
        decline = next((a for a in decision.answers if isinstance(a, Decline)), None)
        foes = {v.id for v in self.enemies(battle, decision.side)}
        for answer in decision.answers:
            target = getattr(answer, "target", None)  # the answers' plain field for it
            if answer is decline or target not in foes:
                continue
            preview = self.preview(battle, answer, str(target))
            if preview is not None and preview.allowed and preview.kill_chance >= 0.5:
                return answer
        return decline if decline is not None else decision.answers[0]

    # -- a unit's turn ---------------------------------------------------------------------
    def turn(self, battle: Battle, decision: Decision) -> Answer:
        unit = decision.unit
        assert unit is not None
        key = (battle.world_name, battle.round, unit)
        if key != self._turn:
            self._turn, self._turn_answers, self._struck = key, 0, False
        self._turn_answers += 1
        legal = battle.legal_answers()
        end = self.end(decision, legal)
        me = battle.unit(unit)
        foes = self.enemies(battle, me.side)
        if not foes or self._turn_answers > TURN_ANSWERS:
            return end
        options = {o.kind: o for o in decision.options if o.allowed}
        self._ranged = set()
        strike = self.pick(self.strikes(battle, me, foes, legal, options))
        if strike is not None:
            self._struck = True
            if strike in self._ranged:
                self._shooters.add((battle.world_name, unit))
            return strike
        goal = self.goal(battle, me)
        if goal is not None and me.cell in goal:
            return end  # a post its side must hold: stay
        walk = self.pick(self.walks(battle, me, foes, legal, options, goal))
        return walk if walk is not None else end

    def goal(self, battle: Battle, me: UnitView) -> frozenset[Cell] | None:
        """The objective area the unit's side plays for (``objective_map``): the nearest
        area to escape, reach or hold; None when the map asks nothing of the side."""
        found = objective_map.goals(battle.battlefield, me.side)
        if not found:
            return None
        objective, _ = min(
            found, key=lambda f: (-f[1], min(chebyshev(me.cell, c) for c in f[0].cells))
        )
        return objective.cells

    def end(self, decision: Decision, legal: list[Answer]) -> Answer:
        """The answer that ends the turn: End Turn, else the first legal answer."""
        for answer in (*decision.answers, *legal):
            if isinstance(answer, EndTurn):
                return answer
        return legal[0] if legal else EndTurn(decision.unit or "")

    def pick(self, scored: list[Scored]) -> Answer | None:
        """The best candidate; ``easy`` now and then the next best that answers
        otherwise (``slips``)."""
        if not scored:
            return None
        scored.sort(key=lambda s: (-s.score, s.order))
        if self.slip_rate and len(scored) > 1 and self.rng.random() < self.slip_rate:
            pool = slips(scored, 1)
            if pool:
                return pool[0].first
        return scored[0].first

    def strikes(
        self,
        battle: Battle,
        me: UnitView,
        foes: list[UnitView],
        legal: list[Answer],
        options: dict[str, Option],
    ) -> list[Scored]:
        """Every attack on an enemy in the fight (the nearest ``CANDIDATES``), scored."""
        by_id = {v.id: v for v in foes}
        stay = self.hurt(me) or self.shooter(battle, me)
        found: list[tuple[int, int, Answer, UnitView]] = []
        for i, answer in enumerate(legal):
            option = options.get(answer.kind)
            if option is None or not option.attacks or option.target_kind != "unit":
                continue
            if stay and option.moves:
                continue  # a hurt unit or a shooter does not charge into the enemy's midst
            target = by_id.get(aimed_at(option, answer))
            if target is not None:
                found.append((chebyshev(me.cell, target.cell), i, answer, target))
        found.sort(key=lambda f: (f[0], f[1]))
        out: list[Scored] = []
        for _, i, answer, target in found[:CANDIDATES]:
            score = self.strike_worth(battle, answer, target)
            if score is not None:
                out.append(Scored(score, i, answer))
        return out

    def strike_worth(self, battle: Battle, answer: Answer, target: UnitView) -> float | None:
        """What a blow on ``target`` is worth; None when the preview says it cannot be
        made. Without a preview: the less health the target has left, the more."""
        left = 1.0 - target.hp / max(1, target.max_hp)
        base = 1.0 + left + 1.0 / max(1, target.hp)
        preview = self.preview(battle, answer, target.id) if self.previews else None
        if preview is None:
            return base
        if not preview.allowed:
            return None
        if preview.ranged:
            self._ranged.add(answer)
        mean = (preview.damage_min + preview.damage_max) / 2.0
        share = min(1.0, preview.hit_chance * mean / max(1, target.hp))
        return DROP_WORTH * preview.kill_chance + 3.0 * share + base

    def preview(self, battle: Battle, answer: Answer, target: str) -> Any:
        """The ruleset's preview of the attack ``answer`` makes on ``target``, or None:
        the answer's own (``answer_preview``), else a plain attack with the answer's
        ``weapon`` (``attack_preview``)."""
        try:
            preview = battle.answer_preview(answer)
            weapon = getattr(answer, "weapon", None)
            unit = getattr(answer, "unit", None)
            if preview is None and isinstance(weapon, str):
                preview = battle.attack_preview(str(unit), target, weapon)
        except NotImplementedError:
            return None
        return preview if hasattr(preview, "kill_chance") else None

    def walks(
        self,
        battle: Battle,
        me: UnitView,
        foes: list[UnitView],
        legal: list[Answer],
        options: dict[str, Option],
        goal: frozenset[Cell] | None = None,
    ) -> list[Scored]:
        """Moves that bring the unit nearer an enemy (walking distance), minding how many
        enemies stand beside the square when the unit is hurt; none while an enemy
        stands beside it. A shooter keeps its distance: no square beside an enemy, and
        no walk after it has struck this turn. With a ``goal`` (an objective's area),
        nearer the goal instead, even from beside an enemy."""
        cells = [v.cell for v in foes]
        if goal is None and any(chebyshev(me.cell, c) <= 1 for c in cells):
            return []
        shooter = self.shooter(battle, me)
        if shooter and self._struck:
            return []
        targets = sorted(goal) if goal is not None else cells
        field = self.field(battle, targets)
        hurt = self.hurt(me)
        here = field.distance(me.cell)
        found: list[tuple[int, int, Answer, Cell]] = []
        for i, answer in enumerate(legal):
            option = options.get(answer.kind)
            if option is None or not option.moves or option.target_kind != "cell":
                continue
            to = aimed_at(option, answer)
            if isinstance(to, tuple) and len(to) == 2 and to != me.cell:
                found.append((min(chebyshev(to, c) for c in targets), i, answer, to))
        found.sort(key=lambda f: (f[0], f[1]))
        out: list[Scored] = []
        for _, i, answer, to in found[: CANDIDATES * 4]:
            away = field.distance(to)
            if away == UNREACHED or away >= here:
                continue
            crowd = sum(1 for c in cells if chebyshev(to, c) <= 1)
            if shooter and crowd:
                continue
            score = -float(away) - (CROWD * max(0, crowd - 1) if hurt else 0.0)
            out.append(Scored(score, i, answer))
        return out

    # -- reading the battle ----------------------------------------------------------------
    def shooter(self, battle: Battle, me: UnitView) -> bool:
        """Whether the unit has chosen a ranged strike (by its preview) this battle."""
        return self.careful and (battle.world_name, me.id) in self._shooters

    def hurt(self, me: UnitView) -> bool:
        """Whether the unit is down to half its health or less (and minds it)."""
        return self.careful and me.hp * 2 <= me.max_hp

    def enemies(self, battle: Battle, side: str) -> list[UnitView]:
        """Every unit of another side still in the fight, in the battle's unit order."""
        return [v for v in battle.units() if v.side != side and v.in_fight]

    def field(self, battle: Battle, cells: list[Cell]) -> WalkField:
        """Walking distances to the nearest of ``cells`` (kept while they stand still)."""
        grid = battle.battlefield.grid
        if self._field is None or not self._field.matches(grid, cells):
            self._field = WalkField(grid, cells)
        return self._field
