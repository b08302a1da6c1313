"""The AI of the ``zones`` ruleset (source 001), answering the same decisions as a human.

A unit's turn, decision by decision (``ZonesAI.turn``):

1. Stuck: Break free.
2. Strike: of the attacks it could make, the one worth most. ``baseline`` takes the first
   listed (the first enemy in reach, the first weapon that reaches); the other levels
   weigh each attack by its exact odds (``preview.outcomes``: who tests, DR12, the
   criticals, the damage dice): the chance to drop the target first, then the
   expected share of its HP, so blows go where they finish someone (the side's fire
   gathers on the weakest) and the best weapon (or both, dual-wielding) is used.
3. First aid (``normal``, ``hard``): an ally Close taking Ongoing Damage, or below a
   third of its HP, when there is nothing to strike.
4. Walk: to the Nearby zone fewest steps from an enemy (a shooter: from Nearby or
   Far-Away, never Close). ``baseline`` walks whatever it costs; the others never leave a
   zone where an enemy is Close (they fight it), keep out of hazard zones unless the
   hazard is on the only way, and ``hard`` Disengages first when it must leave an enemy
   Close (a shooter caught in melee).
5. Otherwise End turn.

``hard`` also plays for the map's objectives (``game.ai.core.objective_map``): a unit
standing in an area its side must protect, or hold for a number of rounds, stays there
(it strikes what comes Close but does not walk out) while it is one of the first
``GUARDS`` of its side in the area, so the enemy never holds it unopposed (the ambush's
carts); while fewer than ``GUARDS`` stand there, a unit whose move would land it in the
area makes that move first (Disengaging first when leaving an enemy Close would cost a
free attack).

``search`` is the search AI over a ruleset-neutral model with ``hard`` as its policy
(``game.ai.core.generic_search``); ``tactical`` plays ``hard``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import esper

from game.ai.core.generic_search import make_search
from game.ai.core.objective_map import goals, stays
from game.ai.core.search import SearchAI
from game.ai.core.slips import slips
from game.engine.answers import Answer, ChooseUnit, EndTurn
from game.engine.decision import Decision
from game.engine.presentation import AnswerPreview
from game.rules.zones import units
from game.rules.zones.actions import BreakFree, FirstAid, ZoneAttack
from game.rules.zones.checks import odds
from game.rules.zones.hazards import hazard_of
from game.rules.zones.morale import testing_sides
from game.rules.zones.moving import Disengage, ZoneMove, free_attackers
from game.rules.zones.preview import answer_preview, damage_faces, outcomes
from game.rules.zones.stunts import Stunt
from game.world import readers
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context

SLIP_RATE = 0.3
HOLD_ROUNDS = 4  # hard: rounds in which it lets the enemy come rather than walk into reach
LEVELS = ("baseline", "easy", "normal", "hard")
GUARDS = 2  # hard: how many units of a side stay in an area it must protect or hold


@dataclass(frozen=True, slots=True)
class Scored:
    score: float
    first: Answer


def steps_or(steps: int | None, far: int = 99) -> int:
    return far if steps is None else steps


def make_controller(name: str, seed: int = 0) -> ZonesAI | SearchAI:
    """``game.ai.make_controller`` calls this for battles of the zones ruleset: ``search``
    is the generic search over this module's ``hard`` (``game.ai.core.generic_search``)."""
    if name == "search":
        return make_search(name, seed, ZonesAI("hard", seed))
    return ZonesAI(name, seed)


class ZonesAI:
    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        level = {"ai": "normal", "tactical": "hard", "search": "hard"}.get(name, name)
        self.level = level if level in LEVELS else "normal"
        self.smart = self.level in ("normal", "hard")
        self.rng = random.Random(f"shieldwall-zones/{name}/{seed}")

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        if decision.kind == "turn" and decision.unit is not None:
            with units.still(battle.ctx):  # a reading: nothing changes until answered
                answer = self.turn(battle, decision.unit)
                return answer if battle.validate(answer) is None else EndTurn(decision.unit)
        if decision.kind == "choose_unit":
            return next(a for a in decision.answers if isinstance(a, ChooseUnit))
        return decision.answers[0] if decision.answers else battle.legal_answers()[0]

    # -- a unit's turn ---------------------------------------------------------------------
    def turn(self, battle: Battle, unit: str) -> Answer:
        ctx = battle.ctx
        legal = battle.legal_answers()
        for a in legal:
            if isinstance(a, BreakFree):
                return a
        moves = [a for a in legal if isinstance(a, ZoneMove)]
        if self.guarding(ctx, unit):
            moves = []
            legal = [a for a in legal if not isinstance(a, (ZoneMove, Disengage))]
        claim = self.claim(ctx, unit, moves)
        if claim is not None:
            if free_attackers(ctx, unit) and any(isinstance(a, Disengage) for a in legal):
                return Disengage(unit)
            return claim
        if self.cautious(ctx, unit) and units.close_enemies(ctx, unit):
            away = self.walk(ctx, unit, moves) if moves else None
            if away is not None and not free_attackers(ctx, unit):
                return away
            if away is not None and any(isinstance(a, Disengage) for a in legal):
                return Disengage(unit)
        strikes = [a for a in legal if isinstance(a, ZoneAttack)]
        if strikes:
            if self.smart:
                ranked = self.hard_values(ctx, unit, strikes, legal)
            else:
                ranked = self.rank_strikes(ctx, strikes)
            return self.pick(ranked)
        if self.smart:
            aid = self.first_aid(ctx, [a for a in legal if isinstance(a, FirstAid)])
            if aid is not None:
                return aid
        walk = self.walk(ctx, unit, moves) if moves else None
        if walk is not None:
            if (
                self.level == "hard"
                and free_attackers(ctx, unit)
                and any(isinstance(a, Disengage) for a in legal)
            ):
                return Disengage(unit)
            return walk
        return EndTurn(unit)

    def pick(self, ranked: list[Scored]) -> Answer:
        ranked.sort(key=lambda s: -s.score)
        if self.level == "easy" and self.rng.random() < SLIP_RATE:
            others = slips(ranked, 2)
            if others:
                return self.rng.choice(others).first
        return ranked[0].first

    def rank_strikes(self, ctx: Context, strikes: list[ZoneAttack]) -> list[Scored]:
        if not self.smart and self.level != "easy":
            return [Scored(-k, a) for k, a in enumerate(strikes)]
        out = []
        for a in strikes:
            weapons = (a.weapon, a.offhand) if a.offhand else (a.weapon,)
            harm, _, drop, _, _, _ = outcomes(ctx, a.unit, a.target, weapons)
            dist = damage_faces(ctx, weapons)
            mean = sum(v * p for v, p in dist.items())
            hp = max(1, units.fighter(ctx, a.target).hp)
            out.append(Scored(drop * 10 + harm * min(1.0, mean / hp) * 3 + harm * mean / 20, a))
        return out

    def threat(self, ctx: Context, foe: str, victim: str) -> float:
        """The HP ``foe`` is expected to take from ``victim`` with one blow of its best
        usable weapon that reaches (none reaching: its best melee blow)."""
        best = 0.0
        for weapon in units.usable_weapons(ctx, foe):
            harm, _, _, _, _, _ = outcomes(ctx, foe, victim, (weapon,))
            mean = sum(v * p for v, p in damage_faces(ctx, (weapon,)).items())
            best = max(best, harm * mean)
        return best

    def hard_values(
        self, ctx: Context, unit: str, strikes: list[ZoneAttack], legal: list[Answer]
    ) -> list[Scored]:
        """Blows and trips in HP: a blow is worth the HP it is expected to take, and a
        dropped foe the harm it would have done in three more turns; a trip is worth the
        blows the tripped foe will not strike (about two turns of its harm)."""
        out = []
        threats: dict[str, float] = {}  # each target's threat and rout, asked once
        routs: dict[str, float] = {}
        for a in strikes:
            weapons = (a.weapon, a.offhand) if a.offhand else (a.weapon,)
            harm, _, drop, _, _, _ = outcomes(ctx, a.unit, a.target, weapons)
            mean = sum(v * p for v, p in damage_faces(ctx, weapons).items())
            hp = max(1, units.fighter(ctx, a.target).hp)
            if a.target not in routs:
                routs[a.target] = self.rout(ctx, a.target)
                threats[a.target] = self.threat(ctx, a.target, unit)
            rout = routs[a.target]
            value = harm * min(mean, hp) + drop * (3 * threats[a.target] + rout)
            out.append(Scored(value + harm * min(mean, hp) / hp * rout * 0.3, a))
        for t in legal:
            if self.level == "hard" and isinstance(t, Stunt) and t.stunt == "trip":
                found = answer_preview(ctx, t)
                odds = found.odds if isinstance(found, AnswerPreview) else None
                chance = odds if odds is not None else 0.0
                if t.target not in threats:
                    threats[t.target] = self.threat(ctx, t.target, unit)
                out.append(Scored(chance * 2 * threats[t.target], t))
        return out

    def kept(self, ctx: Context, side: str) -> list[frozenset[tuple[int, int]]]:
        """The areas ``side`` must keep during the battle: those it must protect, and
        those it must hold for a number of rounds (a hold counted only at the round
        limit is left to the fight)."""
        return [
            o.cells
            for o, _ in goals(ctx.battlefield, side)
            if stays(o) and (o.kind == "protect" or o.rounds)
        ]

    def guarding(self, ctx: Context, unit: str) -> bool:
        """Hard: the unit stands in an area its side must protect or hold, and is one of
        the first ``GUARDS`` of its side there (in the map's order): it stays."""
        if self.level != "hard":
            return False
        side = units.side(ctx, unit)
        here = readers.cell(ctx, unit)
        for area in self.kept(ctx, side):
            if here not in area:
                continue
            inside = [
                u
                for u in readers.units_of(ctx, side)
                if units.in_fight(ctx, u) and readers.cell(ctx, u) in area
            ]
            if unit in inside[:GUARDS]:
                return True
        return False

    def short_areas(self, ctx: Context, side: str) -> list[frozenset[tuple[int, int]]]:
        """The areas ``side`` must protect or hold with fewer than ``GUARDS`` of its
        units in the fight standing in them."""
        out = []
        for area in self.kept(ctx, side):
            inside = sum(
                1
                for u in readers.units_of(ctx, side)
                if units.in_fight(ctx, u) and readers.cell(ctx, u) in area
            )
            if inside < GUARDS:
                out.append(area)
        return out

    def claim(self, ctx: Context, unit: str, moves: list[ZoneMove]) -> ZoneMove | None:
        """Hard: a move that lands ``unit`` in an area its side is short of guards in."""
        if self.level != "hard" or not moves:
            return None
        areas = self.short_areas(ctx, units.side(ctx, unit))
        if not areas:
            return None
        g = units.graph(ctx)
        start = readers.cell(ctx, unit)
        taken = units.occupied(ctx) - {start}
        for m in moves:
            to = g.landing(m.zone, taken, start)
            if to is not None and any(to in area for area in areas):
                return m
        return None

    def cautious(self, ctx: Context, unit: str) -> bool:
        """Hard: a leader whose fall would rout its side keeps out of melee while it has
        others to fight for it."""
        return (
            self.level == "hard"
            and ctx.try_get(unit, Leader) is not None
            and units.side(ctx, unit) in testing_sides(ctx)
            and bool(units.allies(ctx, unit))
        )

    def rout(self, ctx: Context, target: str) -> float:
        """The HP of foes expected to flee if ``target`` drops and that sets off its side's
        morale tests (its leader, or half the side out)."""
        side = units.side(ctx, target)
        if side not in testing_sides(ctx):
            return 0.0
        fired = getattr(ctx.ruleset, "fired", {}).get(side, set())
        members = list(readers.units_of(ctx, side))
        out = sum(1 for u in members if not units.in_fight(ctx, u)) + 1
        new = set()
        if ctx.try_get(target, Leader) is not None:
            new.add("leader")
        if 2 * out >= len(members):
            new.add("half")
        if not new - fired:
            return 0.0
        rest = [u for u in members if u != target and units.in_fight(ctx, u)]
        return sum((1 - odds(units.fighter(ctx, u).skill)) * units.fighter(ctx, u).hp for u in rest)

    def first_aid(self, ctx: Context, aids: list[FirstAid]) -> Answer | None:
        for a in aids:
            f = units.fighter(ctx, a.target)
            if f.ongoing or 3 * f.hp < f.max_hp:
                return a
        return None

    def shooter(self, ctx: Context, unit: str) -> bool:
        usable = units.usable_weapons(ctx, unit)
        return bool(usable) and units.weapon(ctx, usable[0]).ranged

    def exposed(self, ctx: Context, unit: str, zone: int, foes: list[int]) -> bool:
        """Ending the turn in ``zone`` lets an enemy step in and strike first: it is
        Nearby an enemy and the unit cannot strike from it this turn (its action spent
        by then, or the move being its action)."""
        g = units.graph(ctx)
        t = units.turn(ctx, unit)
        strikes_after = not t.moved and not t.acted
        near = any(g.steps(zone, f) == 1 for f in foes)
        close = any(g.steps(zone, f) == 0 for f in foes)
        return near and not (close and strikes_after)

    def walk(self, ctx: Context, unit: str, moves: list[ZoneMove]) -> Answer | None:
        g = units.graph(ctx)
        foes = [units.zone_of(ctx, e) for e in units.enemies(ctx, unit)]
        foes = [z for z in foes if z >= 0]
        if not foes:
            return None
        here = units.zone_of(ctx, unit)
        cautious = self.cautious(ctx, unit)
        if (
            self.smart
            and units.close_enemies(ctx, unit)
            and not (self.shooter(ctx, unit) or cautious)
        ):
            return None  # stand and fight
        shooter = (self.shooter(ctx, unit) and self.smart) or cautious
        want = (2,) if shooter else (0,)

        def cost(zone: int) -> float:
            best = min(steps_or(g.steps(zone, f)) for f in foes)
            value = float(min(abs(best - w) for w in want))
            if self.smart and hazard_of(ctx, zone) is not None:
                value += 1.5
            return value

        now = cost(here) if here >= 0 else 99.0
        engaged = any(units.close_enemies(ctx, a) for a in units.allies(ctx, unit))
        if self.level == "hard" and not shooter and not engaged and ctx.round <= HOLD_ROUNDS:
            moves = [m for m in moves if not self.exposed(ctx, unit, m.zone, foes)]
        ranked = [Scored(-cost(m.zone), m) for m in moves]
        ranked = [s for s in ranked if -s.score < now]
        if not ranked:
            return None
        if self.level == "easy" and self.rng.random() < SLIP_RATE and len(ranked) > 1:
            ranked.sort(key=lambda s: -s.score)
            return ranked[1].first
        ranked.sort(key=lambda s: -s.score)
        return ranked[0].first
