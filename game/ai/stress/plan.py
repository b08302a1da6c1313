"""``StressAI``: the stress ruleset's AI (source 002), answering the same Decisions a
human does: the round's declarations (``turn``) and Ripostes (``reaction``).

Each unit's declaration is chosen from the legal answers, valued with the ruleset's own
attack preview (chance to hit against Defense, damage after Armour, chance to take the
target out) and the initiative it would act at:

- **strike**: every attack (melee, shot, throw; plain or defensive) on an enemy it can
  reach this round, worth 10 × the chance to take the target out + 3 × the share of the
  target's Stress and Wound Points it is expected to take + a little for acting early (a
  lower count strikes before the target can). ``hard`` multiplies the first two by 0.5 +
  the target's ``danger`` / 4 (the damage its best weapon is expected to deal in a blow)
  and counts acting early only by the chance to take the target out first. ``normal``
  and ``hard`` plan the side together. ``normal``: a target already likely to fall to
  an ally's declared blow is worth less (they spread). ``hard`` focuses its fire
  (``focus``): a target its allies' declared blows are expected to soften is judged as
  softened, times the chance it is still standing when this blow comes. ``hard``
  closes in with a Defensive Attack when a plain approach would step into a foe's
  reach and take a Riposte, throws only when nothing else reaches, and takes Full
  Defense when hurt (its Stress gone, half its Wound Points or less) in a foe's reach:
  falling back at half speed to a square fewer foes reach, nearest an ally, else
  standing when two or more foes reach it.
- **under a volley** (``hard``, ``volley.py``): when the throws of the foes that could
  reach the unit this round by a throw alone come to half of its Stress and Wound Points
  (where it stands, or where its walk would take it) and none of its own blows is worth
  ``COVER`` (a likely kill), Full Defense, walking on at half speed.
- **help**: a downed ally is stabilised (``normal``, ``hard``) when the Heal check has a
  35% chance or more, worth 2.5 × that chance (a likely blow on a foe comes first).
- **walk**: else it walks as the generic AI walks (``game.ai.core.generic``, its ``hard``
  level; ``easy``: its ``baseline``): to the map's objective areas or toward the nearest
  enemy over the terrain, a shooter keeping its distance; ``hard`` shares the side out
  over the objective areas of the same worth (``walk.py``: battle's two bridges).
- **posts** (``hard``, ``posts.py``): one unit keeps each area the enemy takes by
  finding it empty (its ``hold`` area, our ``protect`` area), and each area the side
  takes by holding it (the enemy's ``protect`` area): the sturdiest unit about as near
  walks in (a strike as any unit's when foes bar the way), then strikes
  only from where it stands, else stands in Full Defense (an enemy's area counted only at
  the round limit, only when its keeper walks in within two rounds); as the round limit
  nears, one unit keeps each area counted at the limit (to hold or to deny) the same
  way, and a foe standing in one is worth more to strike (``SPOIL``).
- **downed** (``hard``, ``last_blow``): a unit at 0 Wound Points or below is out of the
  fight for victory and no target for a blow, but may still act (each action costs it a
  Wound Point; a dying one strikes only what it reaches from where it lies): its best
  strike, else nothing. The other levels leave it be.
- **Ripostes**: always taken (they cost nothing but the round's Reaction) except by
  ``baseline``.

``easy`` is ``normal`` that slips to its second-best choice 30% of the time (a generator
seeded by the battle seed, round and unit). Deterministic.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

from game.ai.core.generic import GenericAI
from game.ai.stress.posts import closing_posts, final_posts, kept_post, step_in
from game.ai.stress.volley import COVER, blow, cover, under_fire
from game.ai.stress.walk import SharingWalker
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.geometry.grid import Cell
from game.geometry.movement import distance
from game.rules.stress import units
from game.rules.stress.actions import (
    HEAL_TN,
    StressAttack,
    StressDefensive,
    StressFullDefense,
    StressGuardedMove,
    StressMove,
    StressStabilise,
    StressThrow,
)
from game.rules.stress.content import modifier
from game.rules.stress.moving import attack_cell
from game.rules.stress.preview import take_out

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context
    from game.engine.decision import Decision

KILL = 10.0
SHARE = 3.0
# a Stabilise is worth HELP × the Heal check's chance, and not tried below HELP_FLOOR: a
# stabilised ally stays out of the fight, so a blow that may drop a foe comes first
HELP = 2.5
HEAL_FLOOR = 0.35
# hard weighs a target by its danger (``danger``): × (0.5 + danger / DANGER)
DANGER = 4.0
EARLY = 2.0
# hard, as the round limit nears: a foe in an area it closes on weighs this much more,
# and so does a foe in any area counted at the limit in its last LAST_ROUNDS + 1 rounds
SPOIL = 1.0
LAST_ROUNDS = 3


@dataclass(frozen=True, slots=True)
class Level:
    together: bool = True
    careful: bool = False
    helps: bool = True
    slip: float = 0.0


LEVELS: dict[str, Level] = {
    "easy": Level(slip=0.3),
    "normal": Level(),
    "hard": Level(careful=True),
}
LEVELS["ai"] = LEVELS["normal"]
LEVELS["tactical"] = LEVELS["search"] = LEVELS["hard"]


class StressAI:
    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self.level = LEVELS.get(name, LEVELS["normal"])
        self._aimed: tuple[object, dict[str, float]] = ((), {})
        # hard: the damage the side's blows declared this round are expected to deal
        # each target (``strike_worth``: the focus of fire)
        self._soaked: dict[str, float] = {}
        # hard: the round's keepers of the areas counted at the round limit (``posts``)
        self._closing: tuple[object, dict[str, frozenset[Cell]]] = ((), {})
        self._final: list[frozenset[Cell]] = []
        # walking (to the map's objectives, toward the enemy, minding the danger) is the
        # generic AI's: its walking fields over the terrain; hard's shares the side out
        # over the objective areas of the same worth (``walk``)
        self.walker = (
            SharingWalker(name, seed)
            if self.level.careful
            else GenericAI("baseline" if name == "easy" else "hard", seed)
        )

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        if decision.kind == "turn" and decision.unit is not None:
            answer = self.declare(battle, decision.unit)
            if answer is None:  # nothing to strike or help: walk as the generic AI walks
                walk = self.walker.choose(battle, decision)
                if (
                    self.level.careful
                    and isinstance(walk, StressMove)
                    and under_fire(battle.ctx, decision.unit, at=walk.to)
                ):  # not into a volley: on at half speed in Full Defense
                    return cover(battle.ctx, decision.unit, battle.legal_answers(), walk)
                return walk
            return answer if battle.validate(answer) is None else EndTurn(decision.unit)
        if decision.kind == "reaction":
            offers = [a for a in decision.answers if not isinstance(a, Decline)]
            return offers[0] if offers else decision.answers[-1]
        if decision.kind == "choose_unit":
            return next(a for a in decision.answers if isinstance(a, ChooseUnit))
        return decision.answers[0] if decision.answers else battle.legal_answers()[0]

    # -- a declaration ------------------------------------------------------------------
    def declare(self, battle: Battle, unit: str) -> Answer | None:
        ctx = battle.ctx
        key = (battle.world_name, ctx.round, units.side(ctx, unit))
        if self._aimed[0] != key:
            self._aimed = (key, {})
            self._soaked = {}
        aimed = self._aimed[1]
        legal = battle.legal_answers()
        if not units.in_fight(ctx, unit):
            return self.last_blow(battle, unit, legal, aimed)
        if self.level.careful and self._closing[0] != key:
            self._closing = (key, closing_posts(battle, key[2]))
            self._final = final_posts(battle)
        post = kept_post(battle, unit) if self.level.careful else None
        if post is None and self.level.careful:
            post = self._closing[1].get(unit)
        if post is not None:
            return self.keep(battle, unit, legal, aimed, post)
        scored = sorted(self.options(battle, unit, legal, aimed), key=lambda s: -s[0])
        if self.level.careful and (not scored or scored[0][0] < COVER) and under_fire(ctx, unit):
            decision = battle.pending
            walk = self.walker.choose(battle, decision) if decision is not None else None
            return cover(ctx, unit, legal, walk)
        if not scored:
            return None
        pick = scored[0]
        if self.level.slip and len(scored) > 1:
            rng = random.Random(f"{self.seed}:{ctx.round}:{unit}")
            if rng.random() < self.level.slip:
                pick = scored[1]
        answer = pick[1]
        target = getattr(answer, "target", None)
        if isinstance(target, str) and pick[2] > 0:
            aimed[target] = aimed.get(target, 0.0) + pick[2]
        self.soak(ctx, answer)
        return answer

    def last_blow(
        self, battle: Battle, unit: str, legal: list[Answer], aimed: dict[str, float]
    ) -> Answer:
        """A downed unit (``hard``): out of the fight for victory and no target for a
        blow, it may still strike (each action costs it a Wound Point): its best strike,
        else nothing. The other levels leave it be."""
        if not self.level.careful:
            return EndTurn(unit)
        base = units.fighter(battle.ctx, unit).base_initiative or 0
        scored = []
        for a in legal:
            if isinstance(a, StressAttack | StressDefensive | StressThrow):
                worth = self.strike_worth(battle.ctx, unit, a, aimed, base)
                if worth is not None:
                    scored.append(worth)
        return self.take(battle.ctx, scored, aimed) if scored else EndTurn(unit)

    def take(
        self, ctx: Context, scored: list[tuple[float, Answer, float]], aimed: dict[str, float]
    ) -> Answer:
        """The best of ``scored``, its chance to take its target out noted (``aimed``) and
        its blow counted against the target (``soak``)."""
        _, a, kill = max(scored, key=lambda s: s[0])
        target = getattr(a, "target", None)
        if isinstance(target, str) and kill > 0:
            aimed[target] = aimed.get(target, 0.0) + kill
        self.soak(ctx, a)
        return a

    def soak(self, ctx: Context, answer: Answer) -> None:
        """Count a declared blow's expected damage against its target (``hard``)."""
        if not self.level.careful or not isinstance(
            answer, StressAttack | StressDefensive | StressThrow
        ):
            return
        p = ctx.ruleset.attack_preview(ctx, answer.unit, answer.target, answer.weapon)
        mean = p.hit_chance * (p.damage_min + p.damage_max) / 2
        self._soaked[answer.target] = self._soaked.get(answer.target, 0.0) + mean

    def keep(
        self,
        battle: Battle,
        unit: str,
        legal: list[Answer],
        aimed: dict[str, float],
        post: frozenset[tuple[int, int]],
    ) -> Answer:
        """The keeper of a post (``posts``): inside it, a strike from where it stands, else
        Full Defense there; outside, the walk in, or when foes bar the way, its best
        strike. Not a strike that steps in: the target may move before the blow comes,
        and the keeper would follow it out."""
        ctx = battle.ctx
        here = units.cell(ctx, unit)
        inside: list[tuple[float, Answer, float]] = []
        for worth, a, kill in self.options(battle, unit, legal, aimed):
            if here in post and isinstance(a, StressAttack | StressDefensive | StressThrow):
                spot = attack_cell(ctx, unit, a.target, a.weapon, throw=isinstance(a, StressThrow))
                if spot == here:
                    inside.append((worth, a, kill))
        if inside:
            return self.take(ctx, inside, aimed)
        if here not in post:
            move = step_in(ctx, unit, post)
            if move is not None:
                return move
            # the way in is barred: strike as any unit would rather than stand outside
            scored = self.options(battle, unit, legal, aimed)
            if scored:
                return self.take(ctx, scored, aimed)
        return StressFullDefense(unit)

    def options(
        self, battle: Battle, unit: str, legal: list[Answer], aimed: dict[str, float]
    ) -> list[tuple[float, Answer, float]]:
        """(worth, answer, chance it takes its target out) for each answer worth taking."""
        ctx = battle.ctx
        out: list[tuple[float, Answer, float]] = []
        base = units.fighter(ctx, unit).base_initiative or 0
        strikes = [a for a in legal if isinstance(a, StressAttack | StressDefensive | StressThrow)]
        melee_reach = any(isinstance(a, StressAttack | StressDefensive) for a in strikes)
        for a in strikes:
            if self.level.careful and isinstance(a, StressThrow) and melee_reach:
                continue
            worth = self.strike_worth(ctx, unit, a, aimed, base)
            if worth is not None:
                out.append(worth)
        if self.level.helps:
            for h in legal:
                if isinstance(h, StressStabilise):
                    chance = heal_chance(ctx, unit, h.target)
                    if chance >= HEAL_FLOOR:
                        out.append((HELP * chance, h, 0.0))
        if self.level.careful and self.hurt(ctx, unit):
            guard = self.guard(ctx, unit, legal)
            if guard is not None:
                out.append((3.0, guard, 0.0))
        return out

    def strike_worth(
        self, ctx: Context, unit: str, a: Any, aimed: dict[str, float], base: int
    ) -> tuple[float, Answer, float] | None:
        if self.level.careful:
            provoked = self.provokes(ctx, unit, a)
            if isinstance(a, StressDefensive) != provoked:
                return None  # defensive only when a plain approach would take a riposte
        elif isinstance(a, StressDefensive):
            return None
        p = ctx.ruleset.attack_preview(ctx, unit, a.target, a.weapon)
        if not p.allowed:
            return None
        t = units.fighter(ctx, a.target)
        mean = (p.damage_min + p.damage_max) / 2
        share = min(1.0, p.hit_chance * mean / max(1, t.stress + t.wp))
        kill = p.kill_chance
        already = aimed.get(a.target, 0.0) if self.level.together else 0.0
        if already >= 0.6:  # allies' blows likely drop it: another one is mostly wasted
            kill *= 0.3
            share *= 0.5
        w = units.weapon(ctx, a.weapon)
        count = base + (2 if isinstance(a, StressThrow) else w.speed)
        foe_base = t.base_initiative or 0
        if self.level.careful:
            # hard: the side's fire is focused (``focus``), a foe that hits hard is worth
            # more, and striking first matters only when the blow may take it out before
            # it acts
            kill, share = self.focus(ctx, unit, a, p.hit_chance * mean, aimed)
            weight = 0.5 + danger(ctx, a.target, unit) / DANGER
            early = EARLY * kill if count < foe_base + 2 else 0.0
            if self.spoils(ctx, a.target):
                weight += SPOIL
            return 1.0 + (KILL * kill + SHARE * share) * weight + early, a, kill
        early = 0.5 if count < foe_base + 2 else 0.0
        worth = 1.0 + KILL * kill + SHARE * share + early
        return worth, a, kill

    def focus(
        self, ctx: Context, unit: str, a: Any, expected: float, aimed: dict[str, float]
    ) -> tuple[float, float]:
        """``hard``'s focus of fire: the chance this blow takes the target out and the
        share of what it has left it takes, counting the blows allies already declared
        on it this round (their expected damage soaked first, ``take_out``), times the
        chance those blows have not taken it out already."""
        t = units.fighter(ctx, a.target)
        soaked = self._soaked.get(a.target, 0.0)
        standing = max(0.0, 1.0 - aimed.get(a.target, 0.0))
        kill = take_out(ctx, unit, a.target, a.weapon, soaked) * standing
        share = min(1.0, expected / max(1.0, t.stress + t.wp - soaked)) * standing
        return kill, share

    def spoils(self, ctx: Context, foe: str) -> bool:
        """Whether ``foe`` stands in an area its side's keepers are closing on as the
        round limit nears (``posts.closing_posts``), or in any area counted at the limit
        in the last rounds (``LAST_ROUNDS``): while it stands there, the area counts for
        nobody, so taking it out is worth more."""
        cell = units.cell(ctx, foe)
        if any(cell in area for area in self._closing[1].values()):
            return True
        limit = ctx.battlefield.scenario.round_limit
        if not limit or limit - ctx.round > LAST_ROUNDS:
            return False
        return any(cell in area for area in self._final)

    def provokes(self, ctx: Context, unit: str, a: Any) -> bool:
        """Whether a plain approach for ``a`` steps into a foe's reach (a Riposte)."""
        spot = attack_cell(ctx, unit, a.target, a.weapon, throw=isinstance(a, StressThrow))
        if spot is None or spot == units.cell(ctx, unit):
            return False
        here = units.cell(ctx, unit)
        for foe in units.enemies(ctx, unit):
            reach = units.threat_reach(ctx, foe)
            there = units.cell(ctx, foe)
            if reach and distance(here, there) > reach >= distance(spot, there):
                return True
        return False

    def hurt(self, ctx: Context, unit: str) -> bool:
        """Stress gone and half its Wound Points or less: a blow may drop it."""
        f = units.fighter(ctx, unit)
        return f.stress == 0 and 2 * f.wp <= f.max_wp

    def guard(self, ctx: Context, unit: str, legal: list[Answer]) -> Answer | None:
        """Full Defense for a hurt unit in reach of a foe: falling back at half speed
        (``StressGuardedMove``) to the square in the fewest foes' reach, nearest an ally,
        when that is fewer than where it stands; else standing, when two or more foes
        reach it."""
        here = threats(ctx, unit, units.cell(ctx, unit))
        if here == 0:
            return None
        friends = [units.cell(ctx, a) for a in units.allies(ctx, unit)]
        best: tuple[int, int, Answer] | None = None
        for a in legal:
            if isinstance(a, StressGuardedMove):
                near = min((distance(a.to, c) for c in friends), default=0)
                key = (threats(ctx, unit, a.to), near, a)
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is not None and best[0] < here:
            return best[2]
        return StressFullDefense(unit) if here >= 2 else None


def threats(ctx: Context, unit: str, cell: tuple[int, int]) -> int:
    """How many of ``unit``'s foes reach ``cell`` with a melee weapon."""
    return sum(
        1
        for e in units.enemies(ctx, unit)
        if distance(cell, units.cell(ctx, e)) <= units.threat_reach(ctx, e)
    )


def danger(ctx: Context, foe: str, unit: str) -> float:
    """The damage ``foe``'s best weapon is expected to do ``unit`` in a blow (its hit
    chance against ``unit``'s Defense × the mean damage after Armour)."""
    return max((blow(ctx, foe, w, unit) for w in units.weapons(ctx, foe)), default=0.0)


def heal_chance(ctx: Context, unit: str, patient: str) -> float:
    """The chance of ``unit``'s Heal check on ``patient``: d20 + heal skill + Insight
    modifier against 10 + the patient's worst wound (``StabiliseSpec.check``)."""
    bonus = max(0, units.template(ctx, unit).skill("heal")) + modifier(units.fighter(ctx, unit).INS)
    need = HEAL_TN + units.fighter(ctx, patient).worst - bonus  # the d20 face needed
    return min(20, max(0, 21 - max(1, need))) / 20
