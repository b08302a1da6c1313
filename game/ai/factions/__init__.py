"""The AI of the ``factions`` ruleset (source 003), answering the same Decisions as a
human: who begins the round, which character acts or whether to pass, a turn's actions,
and reactions (dodge, counter, hide behind and its agreement, guard, opportunity
attacks, stunts).

Levels:

- ``baseline``: the generic AI (``game.ai.core.generic``) judging blows by health alone:
  it activates its first character, never passes, never dodges, guards or hides.
- ``easy``: ``normal``, and 30% of its strikes and walks are the next best.
- ``normal``: each turn the blow worth most (the preview's chance to drop the target,
  then the share of its health taken); shooters shoot before they move and keep out of
  reach, and stay where they shot from; melee fighters close in, a zone at a time, and
  never walk away from an enemy beside them (a walk into a hazard zone counts 1.5
  squares longer); units on an area their side must hold stay
  there, unless the side outnumbers the enemy: then the last one stays, the others fight
  (and do not walk back to a post another already holds). With several areas of equal
  weight to hold (the battle's two bridges), the side shares itself out over them,
  nearest first, at most an even share on each (``post``), so that every one is held.
  The character that can strike best acts first. Reactions are weighed with
  the previews: counter when it deals as much as it takes, dodge a blow that could drop
  it, take opportunity attacks, accept a stunt instead of a likely fall.
- ``hard``: ``normal``, and it passes tactically (no one of its own can strike now while
  the enemy still has characters to act, and the enemy did not just pass: it keeps its
  characters ready to react), hides behind and guards (a sturdy ally takes a blow that
  would drop a weak one), agrees to be hidden behind only when it will not fall; when
  its walk is done and it still has no blow to strike, out of every enemy's sight since
  its turn began, it hides, and walks on sneaking (concealed, its first blow takes the
  enemy by surprise).

Every level but ``baseline`` equips, unequips and swaps weapons when it pays
(``gear.py``).

``ai`` is ``normal``; ``tactical`` plays ``hard``; ``search`` is the search AI over a
ruleset-neutral model with ``hard`` as its policy (``game.ai.core.generic_search``).
Deterministic: easy's slips come from a generator seeded by the name and the seed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import esper

from game.ai.core import objective_map
from game.ai.core.generic import GenericAI
from game.ai.core.generic_search import make_search
from game.ai.core.walk import UNREACHED, WalkField
from game.ai.factions.gear import gear_up
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.rules.factions import units
from game.rules.factions.answers import (
    AcceptStunt,
    Attack,
    BeginWith,
    Blast,
    Counter,
    Dodge,
    Guard,
    Hide,
    HideBehind,
    Move,
    Opportunity,
    Pass,
    Shield,
)
from game.rules.factions.events import Passed
from game.rules.factions.preview import preview

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context
    from game.engine.decision import Decision
    from game.maps.battlefield import Objective

SLIP_RATE = 0.3
DROP = 10.0  # a likely fall outweighs any wound
PASS_BELOW = 1.5  # hard passes when no blow of its side is worth this much
HAZARD_STEP = 1.5  # a walk into a hazard zone counts as this many squares more


def make_controller(name: str, seed: int = 0) -> Any:
    """``game.ai.make_controller`` calls this for battles of the factions ruleset."""
    if name == "baseline":
        return GenericAI("baseline", seed)
    if name == "search":  # the generic search over this module's hard
        return make_search(name, seed, FactionsAI("hard", seed))
    return FactionsAI(name, seed)


class FactionsAI:
    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self.hard = name in ("hard", "tactical", "search")
        self.slip = SLIP_RATE if name == "easy" else 0.0
        self.rng = random.Random(f"shieldwall-factions/{name}/{seed}")
        self._field: WalkField | None = None

    # -- the controller protocol -----------------------------------------------------------
    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        if decision.kind == "choose_side":
            mine = BeginWith(decision.side)
            return mine if mine in decision.answers else decision.answers[0]
        if decision.kind == "choose_unit":
            return self.who_acts(ctx, decision)
        if decision.kind == "turn" and decision.unit is not None:
            answer = self.turn(battle, decision.unit)
            return answer if battle.validate(answer) is None else EndTurn(decision.unit)
        if decision.kind == "reaction" and decision.unit is not None:
            return self.react(ctx, decision)
        return decision.answers[0] if decision.answers else battle.legal_answers()[0]

    # -- who acts ---------------------------------------------------------------------------
    def who_acts(self, ctx: Context, decision: Decision) -> Answer:
        ready = [a.unit for a in decision.answers if isinstance(a, ChooseUnit)]
        passing = next((a for a in decision.answers if isinstance(a, Pass)), None)
        if not ready:
            return passing or decision.answers[0]
        scored = [(self.best_strike(ctx, u)[0], u) for u in ready]
        best, unit = max(scored, key=lambda s: (s[0], -ready.index(s[1])))
        if self.hard and best < PASS_BELOW and passing is not None:
            if self.may_pass(ctx, decision.side):
                return passing
        if best > 0:
            return ChooseUnit(unit)
        foes = [units.cell(ctx, e) for e in units.enemies(ctx, ready[0])]
        if not foes:
            return ChooseUnit(ready[0])
        field = self.field(ctx, foes)
        return ChooseUnit(min(ready, key=lambda u: field.distance(units.cell(ctx, u))))

    def may_pass(self, ctx: Context, side: str) -> bool:
        """Pass while the enemy still has characters to act and did not just pass (so
        the round does not end with no one moving), and the map asks nothing of us."""
        if objective_map.goals(ctx.battlefield, side):
            return False
        last = next((e for e in reversed(ctx.events) if isinstance(e, Passed)), None)
        foes_ready = any(units.ready(ctx, u) for u in ctx.units() if units.side(ctx, u) != side)
        just_passed = last is not None and ctx.events[-1] is last and last.side != side
        return foes_ready and not just_passed

    # -- a turn ------------------------------------------------------------------------------
    def best_strike(self, ctx: Context, unit: str) -> tuple[float, Answer | None]:
        """The best attack ``unit`` could make from where it stands."""
        best: tuple[float, Answer | None] = (0.0, None)
        spec_attack = ctx.ruleset.actions[Attack.kind]
        spec_blast = ctx.ruleset.actions[Blast.kind]
        if ctx.active_unit == unit and spec_attack.availability(ctx, unit) is not None:
            return best
        for foe in units.enemies(ctx, unit):
            if not units.sees(ctx, unit, foe) and not any(
                units.weapon(ctx, w).indirect for w in units.weapons(ctx, unit)
            ):
                continue
            for w in units.weapons(ctx, unit):
                for mode in ("melee", "ranged", "indirect"):
                    p = preview(ctx, unit, foe, w, mode)
                    if not p.allowed:
                        continue
                    value = self.blow_worth(ctx, foe, p)
                    if value > best[0]:
                        best = (value, Attack(unit, foe, w, mode))
        if ctx.active_unit == unit and spec_blast.availability(ctx, unit) is None:
            for answer in spec_blast.enumerate(ctx, unit):
                assert isinstance(answer, Blast)
                value = self.blast_worth(ctx, unit, answer)
                if value > best[0]:
                    best = (value, answer)
        return best

    def blow_worth(self, ctx: Context, foe: str, p: Any) -> float:
        hp = max(1, units.health(ctx, foe).hp)
        mean = p.hit_chance * (p.damage_min + p.damage_max) / 2
        if mean <= 0 and p.kill_chance <= 0:
            return 0.0
        return DROP * p.kill_chance + 3 * min(1.0, mean / hp) + 1.0 / hp

    def blast_worth(self, ctx: Context, unit: str, answer: Blast) -> float:
        from game.rules.factions.blast import caught

        w = units.weapon(ctx, answer.weapon)
        side = units.side(ctx, unit)
        value = 0.0
        for u in caught(ctx, answer.zone, unit, melee=not w.ranged):
            share = min(1.0, (w.die / 2 - units.armour(ctx, u)) / max(1, units.health(ctx, u).hp))
            value += max(0.0, share) * (3 if units.side(ctx, u) != side else -4)
        return value

    def turn(self, battle: Battle, unit: str) -> Answer:
        ctx = battle.ctx
        value, strike = self.best_strike(ctx, unit)
        change = gear_up(self, battle, unit, value, lambda: self.stays(battle, unit))
        if change is not None:
            return change
        if strike is not None and value > 0:
            if self.slip and self.rng.random() < self.slip:
                others = [
                    a for a in battle.legal_answers() if isinstance(a, Attack) and a != strike
                ]
                if others:
                    return others[0]
            return strike
        t = units.turn(ctx, unit)
        if t.main and self.shooter(ctx, unit):
            return EndTurn(unit)  # a shooter that has shot stays where it shot from
        if not t.moved and ctx.ruleset.actions[Move.kind].availability(ctx, unit) is None:
            move = self.walk(battle, unit)
            if move is not None:
                return move
        if self.hard and ctx.ruleset.actions[Hide.kind].availability(ctx, unit) is None:
            return Hide(unit)  # walked, no blow to strike, out of sight: sneak on concealed
        return EndTurn(unit)

    def stays(self, battle: Battle, unit: str) -> bool:
        """It will not walk this turn: it has moved, cannot move, or ``walk`` finds no
        step worth taking (a post to hold, nowhere better)."""
        ctx = battle.ctx
        if units.turn(ctx, unit).moved:
            return True
        if ctx.ruleset.actions[Move.kind].availability(ctx, unit) is not None:
            return True
        return self.walk(battle, unit) is None

    def shooter(self, ctx: Context, unit: str) -> bool:
        return any(
            units.weapon(ctx, w).ranged and not units.weapon(ctx, w).melee
            for w in units.weapons(ctx, unit)
        )

    def walk(self, battle: Battle, unit: str) -> Answer | None:
        """Close in on the enemy (or toward the map's objective when no enemy is near); a
        shooter stops where an enemy is within half range and none is beside it; nobody
        walks away from an enemy beside it."""
        ctx = battle.ctx
        here = units.cell(ctx, unit)
        foes = [e for e in units.enemies(ctx, unit) if units.sees(ctx, unit, e)]
        foes_all = list(units.enemies(ctx, unit))
        if not foes_all:
            return None
        if any(units.distance(here, units.cell(ctx, e)) <= 1 for e in foes_all):
            return None
        moves = [a for a in ctx.ruleset.actions[Move.kind].enumerate(ctx, unit)]
        if not moves:
            return None
        side = units.side(ctx, unit)
        goals = objective_map.goals(ctx.battlefield, side)

        ours = 1 + sum(1 for _ in units.allies(ctx, unit))
        stronger = ours > len(list(units.enemies(ctx, unit)))

        def keepers(area: frozenset[Any]) -> int:
            """Allies holding ``area`` too (counted only by the stronger side: the
            weaker one stays on its posts)."""
            if not stronger:
                return 0
            return sum(1 for a in units.allies(ctx, unit) if units.cell(ctx, a) in area)

        held = [
            o.cells
            for o, _ in goals
            if objective_map.stays(o) and here in o.cells and not keepers(o.cells)
        ]
        if held:  # a post the side must hold, and no one else holds it: stay on it
            moves = [m for m in moves if isinstance(m, Move) and m.to in held[0]]
        cells = [units.cell(ctx, e) for e in foes_all]
        nearest = min(units.distance(here, c) for c in cells)
        targets = cells
        if goals and nearest > 4:
            objective = self.post(ctx, unit, goals)
            targets = sorted(objective.cells)
            if here in objective.cells and objective_map.stays(objective):
                if not keepers(objective.cells):
                    return None
                targets = cells  # another holds the post: this one goes to fight
            elif objective_map.stays(objective) and keepers(objective.cells):
                targets = cells  # held by another already: fight, do not walk back to it
        if not moves:
            return None
        field = self.field(ctx, targets)
        now = field.distance(here)
        shooter = self.shooter(ctx, unit)
        best: tuple[float, Answer | None] = (0.0, None)
        for m in moves:
            assert isinstance(m, Move)
            away = field.distance(m.to)
            if away == UNREACHED:
                continue
            crowd = sum(1 for c in cells if units.distance(m.to, c) <= 1)
            if shooter:
                if crowd:
                    continue
                in_reach = any(
                    units.distance(m.to, units.cell(ctx, e)) <= self.half_range(ctx, unit)
                    for e in foes
                )
                score = (5.0 if in_reach else 0.0) + (now - away) * 0.5
            else:
                score = float(now - away) + (0.5 if crowd == 1 else 0.0)
                if units.health(ctx, unit).hp * 2 <= units.health(ctx, unit).max_hp:
                    score -= 2.0 * max(0, crowd - 1)
            if self.perilous(ctx, unit, m.to):
                score -= HAZARD_STEP
            if score > best[0]:
                best = (score, m)
        if self.slip and best[1] is not None and self.rng.random() < self.slip:
            return moves[0]
        return best[1]

    def post(self, ctx: Context, unit: str, goals: list[tuple[Objective, float]]) -> Objective:
        """The area ``unit`` makes for among the map's most pressing ones: with several
        (two bridges to hold), the side shares itself out, nearest first, at most an
        even share on each, so that every area is held (not all on the first)."""
        top = max(p for _, p in goals)
        areas = [o for o, p in goals if p == top]
        if len(areas) == 1:
            return areas[0]
        team = [unit, *units.allies(ctx, unit)]
        g = ctx.grid
        shares = objective_map.share_out(
            [units.cell(ctx, u) for u in team],
            [frozenset(o.cells) for o in areas],
            g.width,
            g.height,
        )
        return areas[shares[0]]

    def perilous(self, ctx: Context, unit: str, to: Any) -> bool:
        """The move enters a zone with a hazard (met on entering: ``hazards.meet``)."""
        g = units.graph(ctx)
        z = g.zone_at(to)
        return z is not None and z != units.zone(ctx, unit) and g.hazard(z) is not None

    def half_range(self, ctx: Context, unit: str) -> int:
        return max((units.weapon(ctx, w).half_range for w in units.weapons(ctx, unit)), default=0)

    def field(self, ctx: Context, cells: list[Any]) -> WalkField:
        if self._field is None or not self._field.matches(ctx.grid, cells):
            self._field = WalkField(ctx.grid, cells)
        return self._field

    # -- reactions ----------------------------------------------------------------------------
    def react(self, ctx: Context, decision: Decision) -> Answer:
        me = decision.unit or ""
        answers = decision.answers
        decline = next((a for a in answers if isinstance(a, Decline)), answers[-1])
        trigger = decision.trigger
        attacker = getattr(trigger, "attacker", "")
        weapon = getattr(trigger, "weapon", "")
        how = getattr(trigger, "mode", "melee")
        for a in answers:
            if isinstance(a, Opportunity):
                return a
        threat = self.threat(ctx, attacker, me, weapon, how)
        for a in answers:
            if isinstance(a, AcceptStunt):
                return a if threat >= 0.3 else decline
            if isinstance(a, Shield):
                mine = self.threat(ctx, attacker, me, weapon, how)
                return a if self.hard and mine < 0.25 else decline
            if isinstance(a, Guard):
                ward = self.threat(ctx, attacker, a.target, weapon, how)
                return a if self.hard and ward >= 0.5 and threat < 0.25 else decline
        counters = [a for a in answers if isinstance(a, Counter)]
        best_counter: tuple[float, Answer | None] = (0.0, None)
        theirs = self.mean_damage(ctx, attacker, me, weapon, how)
        for c in counters:
            p = preview(ctx, me, attacker, c.weapon, c.mode)
            if not p.allowed:
                continue
            mine = (p.damage_min + p.damage_max) / 2
            value = DROP * p.kill_chance + mine - theirs
            if (mine >= theirs or p.kill_chance >= 0.4) and value > best_counter[0]:
                best_counter = (value, c)
        if best_counter[1] is not None:
            return best_counter[1]
        if self.hard and threat >= 0.5:
            hides = [a for a in answers if isinstance(a, HideBehind)]
            safe = [h for h in hides if self.threat(ctx, attacker, h.ally, weapon, how) < 0.2]
            if safe:
                return safe[0]
        if threat >= 0.3 and units.stats(ctx, me).AGI >= 10:
            for a in answers:
                if isinstance(a, Dodge):
                    return a
        return decline

    def threat(self, ctx: Context, attacker: str, target: str, weapon: str, how: str) -> float:
        """The chance the attack drops ``target`` (0 when it cannot be previewed)."""
        if not attacker or not weapon or attacker not in ctx.entities:
            return 0.0
        mode = how if how in ("melee", "ranged", "indirect") else "melee"
        try:
            p = preview(ctx, attacker, target, weapon, mode)
        except KeyError:
            return 0.0
        return float(p.kill_chance) if p.allowed else 0.0

    def mean_damage(self, ctx: Context, attacker: str, target: str, weapon: str, how: str) -> float:
        if not attacker or not weapon or attacker not in ctx.entities:
            return 0.0
        mode = how if how in ("melee", "ranged", "indirect") else "melee"
        try:
            p = preview(ctx, attacker, target, weapon, mode)
        except KeyError:
            return 0.0
        return (p.damage_min + p.damage_max) / 2 if p.allowed else 0.0
