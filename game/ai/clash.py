"""The AI of the ``clash`` ruleset (source 000), answering the same Decisions as a human:
declarations (``turn``), reactions and the wound choice.

Declarations, in order of preference:

1. An enemy Close: strike the one this blow is likeliest to take out (then the fewest HP
   + STR left), with the weapon (or pair of weapons) of the biggest die. ``hard`` trips
   an armoured target first when an ally is also Close to it (the trip makes the ally's
   blow enhanced, 000 · Attack Modifiers).
2. A ranged or thrown weapon and a target it reaches from here: shoot the likeliest kill.
3. An enemy within one move: close in and strike (a full turn).
4. Otherwise run two moves toward the nearest enemy (by walking distance).

A unit that has failed a Critical Damage save, is down to its last STR and stands alone
Close to its foes retreats (``normal`` and ``hard``).

Reactions (``normal``, ``hard``; ``baseline`` and ``easy`` decline): the one that saves
the most expected damage, counting the Fatigue slot it costs — none once the inventory
is one slot from full. A counter-attack after a resisted gambit is free and always
taken; a repeated wound fills a new slot unless that would overburden.

The names baseline, easy, normal, hard and ai (= normal) all exist so any ``--ai`` list
works with clash. Deterministic (no randomness is drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import esper

from game.content.clash import SIZES
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.engine.decision import Decision
from game.geometry.movement import distance
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, band
from game.rules.clash.damage import WoundChoice
from game.rules.clash.declare import (
    ClashAttack,
    ClashGambit,
    ClashMove,
    ClashRetreat,
    ClashShoot,
    offhand_problem,
    shot_problem,
    weapon_problem,
)
from game.rules.clash.moving import approach_cell, reachable_cells
from game.rules.clash.preview import out_chance
from game.rules.clash.reactions import (
    Block,
    CounterAttack,
    Dodge,
    FightBack,
    Parry,
    UnderAttack,
    answer_weapon,
)
from game.rules.clash.strike import reaction_effect

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context

LEVELS = ("baseline", "easy", "normal", "hard", "ai")


def make_controller(name: str, seed: int = 0) -> ClashAI:
    """``game.ai.make_controller`` calls this for battles of the clash ruleset."""
    return ClashAI(name, seed)


class ClashAI:
    def __init__(self, name: str = "normal", seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self.reacts = name in ("normal", "hard", "ai")
        self.tactics = name == "hard"

    def choose(self, battle: Battle, decision: Decision) -> Answer:
        if esper.current_world != battle.world_name:
            esper.switch_world(battle.world_name)
        ctx = battle.ctx
        if decision.kind == "turn" and decision.unit is not None:
            return self.declare(ctx, decision.unit)
        if decision.kind == "reaction" and decision.unit is not None:
            return self.react(ctx, decision)
        if decision.kind == "choose_unit":
            return next(a for a in decision.answers if isinstance(a, ChooseUnit))
        return decision.answers[0] if decision.answers else battle.legal_answers()[0]

    # -- declarations -------------------------------------------------------------------
    def declare(self, ctx: Context, unit: str) -> Answer:
        if units.state(ctx, unit).unaware or not units.in_fight(ctx, unit):
            return EndTurn(unit)
        here = units.cell(ctx, unit)
        foes = units.enemies(ctx, unit)
        if not foes:
            return EndTurn(unit)
        close = [e for e in foes if band(here, units.cell(ctx, e)) == CLOSE]
        if close and self.reacts and self.should_flee(ctx, unit, close):
            return ClashRetreat(unit)
        if close:
            return self.strike(ctx, unit, close)
        shot = self.best_shot(ctx, unit, foes)
        if shot is not None:
            return shot
        reachable = [e for e in foes if approach_cell(ctx, unit, e) is not None]
        if reachable:
            return self.strike(ctx, unit, reachable)
        return self.advance(ctx, unit, foes)

    def should_flee(self, ctx: Context, unit: str, close: list[str]) -> bool:
        st = units.state(ctx, unit)
        allies = [u for u in units.units_of(ctx, units.side(ctx, unit))
                  if u != unit and units.in_fight(ctx, u)]
        return st.crit_failed and st.STR <= 3 and len(close) > len(allies)

    def weapons_for(self, ctx: Context, unit: str) -> tuple[str, str | None]:
        kit = [w for w in units.melee_weapons(ctx, unit)
               if weapon_problem(ctx, unit, w.id, melee=True) is None]
        kit.sort(key=lambda w: (-w.die, w.id))
        main = kit[0].id
        for other in kit[1:]:
            if offhand_problem(ctx, unit, main, other.id) is None:
                return main, other.id
        return main, None

    def strike(self, ctx: Context, unit: str, targets: list[str]) -> Answer:
        main, offhand = self.weapons_for(ctx, unit)
        die = units.weapon(ctx, main).die

        def value(t: str) -> tuple[float, int, int]:
            left = units.health(ctx, t).hp + units.state(ctx, t).STR
            return (out_chance(ctx, t, die), -left, -distance(units.cell(ctx, unit),
                                                             units.cell(ctx, t)))

        target = max(targets, key=value)
        if self.tactics and self.trip_worth_it(ctx, unit, target):
            return ClashGambit(unit, target, main, "trip", offhand)
        return ClashAttack(unit, target, main, offhand)

    def trip_worth_it(self, ctx: Context, unit: str, target: str) -> bool:
        tgt = units.state(ctx, target)
        if tgt.prone or tgt.armor < 2:
            return False
        at = units.cell(ctx, target)
        allies = [u for u in units.units_of(ctx, units.side(ctx, unit))
                  if u != unit and units.in_fight(ctx, u)
                  and band(units.cell(ctx, u), at) == CLOSE]
        return bool(allies)

    def best_shot(self, ctx: Context, unit: str, foes: list[str]) -> Answer | None:
        here = units.cell(ctx, unit)
        best: tuple[float, int, str, str] | None = None
        for w in units.weapons(ctx, unit):
            if not (w.ranged or w.thrown) or weapon_problem(ctx, unit, w.id, melee=False):
                continue
            if w.thrown and not w.ranged and units.melee_weapons(ctx, unit) == [w]:
                continue  # keep the only weapon in hand
            if w.thrown and not w.ranged and any(
                x.ranged for x in units.weapons(ctx, unit)
            ):
                continue  # a bow first
            for foe in foes:
                if shot_problem(ctx, unit, foe, w, here) is not None:
                    continue
                score = (out_chance(ctx, foe, w.die), w.die, foe, w.id)
                if best is None or score[:2] > best[:2]:
                    best = score
        if best is None:
            return None
        # A thrower without a bow keeps its last weapon for melee unless nothing is near.
        return ClashShoot(unit, best[2], best[3])

    def advance(self, ctx: Context, unit: str, foes: list[str]) -> Answer:
        cells = reachable_cells(ctx, unit, 2)
        if not cells:
            return EndTurn(unit)
        here = units.cell(ctx, unit)
        goal = min((units.cell(ctx, f) for f in foes), key=lambda g: (distance(here, g), g))

        def gap(c: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
            return (distance(c, goal), cells[c], c)

        best = min(cells, key=gap)
        if gap(best)[0] >= distance(here, goal):
            return EndTurn(unit)
        return ClashMove(unit, best)

    # -- reactions ----------------------------------------------------------------------
    def react(self, ctx: Context, decision: Decision) -> Answer:
        answers = decision.answers
        unit = decision.unit or ""
        for a in answers:
            if isinstance(a, CounterAttack):
                return a
        if any(isinstance(a, WoundChoice) for a in answers):
            st = units.state(ctx, unit)
            fresh = st.used_slots + 1 < st.slots
            return next(a for a in answers
                        if isinstance(a, WoundChoice) and a.worsen is not fresh)
        decline = next((a for a in answers if isinstance(a, Decline)), answers[0])
        trigger = decision.trigger
        if not self.reacts or not isinstance(trigger, UnderAttack):
            return decline
        st = units.state(ctx, unit)
        if st.used_slots + 2 > st.slots:
            return decline  # the last free slot keeps us able to defend
        best: tuple[float, Answer] = (1.5, decline)  # a slot of Fatigue is worth ~1.5
        for a in answers:
            score = self.reaction_value(ctx, unit, trigger, a)
            if score > best[0]:
                best = (score, a)
        return best[1]

    def reaction_value(self, ctx: Context, unit: str, trigger: UnderAttack, a: Answer) -> float:
        """Expected damage a reaction saves (or deals), roughly."""
        incoming = list(zip(trigger.attackers, trigger.sizes, strict=True))
        armor = units.state(ctx, unit).armor

        def hurt(die: float) -> float:
            return max(0.0, (die + 1) / 2 - armor)

        if isinstance(a, Block | Dodge):
            kind = "block" if isinstance(a, Block) else "dodge"
            saved = 0.0
            for _, size in incoming:
                effect = reaction_effect(ctx, unit, kind, size)
                if effect == "negated":
                    saved += hurt(SIZES[size])
                elif effect == "impaired":
                    saved += hurt(SIZES[size]) - hurt(4)
            return saved / max(1, len(incoming)) * (1.5 if len(incoming) > 1 else 1.0)
        if isinstance(a, FightBack):
            w = answer_weapon(ctx, unit, a.target)
            if w is None:
                return 0.0
            return out_chance(ctx, a.target, w.die) * 6 + hurt(w.die) * 0.5
        if isinstance(a, Parry):
            mine = units.best_melee(ctx, unit).die
            theirs = SIZES[incoming[trigger.attackers.index(a.target)][1]]
            return 0.0 if mine <= theirs + 1 else (mine - theirs) * 0.8
        return 0.0
