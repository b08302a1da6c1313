"""Make a Swarm Attack (Main; 004 · Make a Swarm Attack).

Allies pile onto one enemy. Each assailant spends its Main action on a Swarm Attack
against a target within reach or range of its weapon; up to four assailants per target
per round. One of them — the one whose Swarm Attack is marked ``strike`` — then attacks
(melee or ranged) with +2 to hit and +1 damage for each *other* assailant, at most +6 and
+3. The bonus damage never adds to Shock and never lifts the hit past the weapon's usual
maximum; the attack's Shock on a miss lands whatever the target's AC or shield, and only
Total Defense stops it (``resolution.attack_flow`` with ``Extras``).

Decisions where the source is silent:
- The striker is the assailant taking the ``strike`` Swarm Attack; the others' Swarm
  Attacks only join. The fourth assailant always strikes (nobody else could).
- A strike needs at least one other assailant (alone it is a plain attack).
- Other assailants count only while still in the fight at the moment of the strike.
- One swarm per target per round: once it has struck, or while another side swarms the
  target, no one else may start one.

The Swarm system (``SwarmWatch``) keeps the assailants on each target this round (the
target's ``ManeuverState``: ``swarm``, ``swarm_side``, ``swarm_struck``): it records each
``SwarmJoined`` event and clears every swarm at the start of a round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import esper

from game.engine.answers import Answer, register_answer
from game.engine.events import Note, RoundStarted
from game.engine.seam import ActionSpec, Flow
from game.engine.systems import System
from game.rules.grid import budget, units
from game.rules.grid.attack import _weapon_problem
from game.rules.grid.maneuver_state import maneuvers
from game.rules.grid.nearby import enemies_within, weapon_reach
from game.rules.grid.resolution import Extras, assess, attack_flow, preview
from game.rules.preview import AttackPreview, Modifier

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.grid import GridRuleset

MAX_ASSAILANTS = 4


@register_answer
@dataclass(frozen=True, slots=True)
class SwarmAttack(Answer):
    kind: ClassVar[str] = "swarm_attack"
    label: ClassVar[str] = "Swarm Attack"
    unit: str
    target: str
    weapon: str
    ranged: bool = False
    strike: bool = False


@dataclass(frozen=True, slots=True)
class SwarmJoined(Note):
    """``unit`` (of ``side``) joins the swarm on ``target``; ``strike``: its Swarm Attack
    strikes, which spends the swarm for the round. A line of the log like any note ("Ada
    joins the swarm on Gor (2 assailants)"), so its kind is a note's."""

    target: str = ""
    side: str = ""
    strike: bool = False


class SwarmWatch(System):
    """The Swarm system: the assailants on each target this round (``ManeuverState``)."""

    def __init__(self) -> None:
        super().__init__(priority=38)
        self.handles = {SwarmJoined: self.on_joined, RoundStarted: self.on_round}

    def on_joined(self, ctx: Context, event: SwarmJoined) -> None:
        state = maneuvers(ctx, event.target)
        if event.unit is not None:
            state.swarm.append(event.unit)
        state.swarm_side = event.side
        if event.strike:
            state.swarm_struck = True

    def on_round(self, ctx: Context, event: RoundStarted) -> None:
        for unit in ctx.units():
            maneuvers(ctx, unit).clear_swarm()


def setup(ctx: Context) -> None:
    system = SwarmWatch()
    esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """The Swarm system (``hooks.setup``)."""
    rs.hooks.setup.append(setup)


def swarm_extras(others: int) -> Extras:
    """+2 to hit and +1 damage per other assailant (at most +6/+3), Shock always lands."""
    others = max(0, min(others, MAX_ASSAILANTS - 1))
    return Extras(
        modifiers=(Modifier(f"swarm ({others} other{'s' if others != 1 else ''})", 2 * others),),
        damage_bonus=others,
        cap_bonus=True,
        shock_always=True,
        label="swarm",
    )


def others_in_swarm(ctx: Context, unit: str, target: str) -> int:
    state = maneuvers(ctx, target)
    return sum(1 for a in state.swarm if a != unit and units.in_fight(ctx, a))


def swarm_preview(ctx: Context, answer: SwarmAttack) -> AttackPreview | None:
    """The blow a striking Swarm Attack would make, with the swarm's bonus for the others
    in it now and its Shock past AC and shield (pure); None for one that only joins."""
    if not answer.strike:
        return None
    others = others_in_swarm(ctx, answer.unit, answer.target)
    extras = swarm_extras(others)
    return preview(ctx, answer.unit, answer.target, answer.weapon, answer.ranged, extras)


def swarm_problem(ctx: Context, answer: SwarmAttack) -> str | None:
    if answer.target not in ctx.entities:
        return f"no unit {answer.target!r}"
    if answer.weapon not in ctx.content.weapons:
        return f"no weapon {answer.weapon!r}"
    problem = _weapon_problem(ctx, answer.unit, answer.weapon, answer.ranged)
    if problem:
        return problem
    weapon = units.weapon(ctx, answer.weapon)
    a = assess(ctx, answer.unit, answer.target, weapon, answer.ranged)
    if not a.allowed:
        return a.reason
    return swarm_state_problem(ctx, answer)


def swarm_state_problem(ctx: Context, answer: SwarmAttack) -> str | None:
    """What the swarm already on the target forbids (None when this Swarm Attack fits)."""
    state = maneuvers(ctx, answer.target)
    whom = units.name(ctx, answer.target)
    if state.swarm_struck:
        return f"the swarm on {whom} has already struck this round"
    side = units.side(ctx, answer.unit)
    if state.swarm_side is not None and state.swarm_side != side:
        return f"another side is swarming {whom} this round"
    if answer.unit in state.swarm:
        return f"already part of the swarm on {whom}"
    if len(state.swarm) >= MAX_ASSAILANTS:
        return f"{MAX_ASSAILANTS} assailants already swarm {whom}"
    if answer.strike and others_in_swarm(ctx, answer.unit, answer.target) == 0:
        return "no other assailant has joined the swarm yet (make a plain attack instead)"
    if not answer.strike and len(state.swarm) == MAX_ASSAILANTS - 1:
        return "the fourth assailant must strike"
    return None


class SwarmAttackSpec(ActionSpec):
    kind = "swarm_attack"
    label = "Swarm Attack"
    cost = "Main"
    provokes = False
    answer_type = SwarmAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        last = "no enemy within reach or range"
        swarm_reason = None
        for answer in self._candidates(ctx, unit):
            problem = swarm_problem(ctx, answer)
            if problem is None:
                return None
            if swarm_reason is None and problem == swarm_state_problem(ctx, answer):
                swarm_reason = problem  # in reach, but the swarm forbids it: say why
            last = problem
        return swarm_reason or last

    def _candidates(self, ctx: Context, unit: str) -> Iterable[SwarmAttack]:
        usable = [
            (w, ranged)
            for w in units.readied_weapons(ctx, unit)
            for ranged in (False, True)
            if _weapon_problem(ctx, unit, w.id, ranged) is None
        ]
        far = max((weapon_reach(w, r) for w, r in usable), default=0)
        here = units.cell(ctx, unit)
        for target in enemies_within(ctx, unit, far):
            dist = units.distance(here, units.cell(ctx, target))
            for w, ranged in usable:
                if dist <= weapon_reach(w, ranged):
                    for strike in (False, True):
                        yield SwarmAttack(unit, target, w.id, ranged, strike)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for answer in self._candidates(ctx, unit):
            if swarm_problem(ctx, answer) is None:
                yield answer

    def validate(self, ctx: Context, answer: SwarmAttack) -> str | None:
        return swarm_problem(ctx, answer)

    def perform(self, ctx: Context, answer: SwarmAttack) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        who, whom = units.name(ctx, answer.unit), units.name(ctx, answer.target)
        count = len(maneuvers(ctx, answer.target).swarm) + 1
        strike = answer.strike or count >= MAX_ASSAILANTS
        many = "assailant" if count == 1 else "assailants"
        side = units.side(ctx, answer.unit)
        text = f"{who} joins the swarm on {whom} ({count} {many})"
        ctx.emit(SwarmJoined(text, answer.unit, target=answer.target, side=side, strike=strike))
        if not strike:
            return
        others = others_in_swarm(ctx, answer.unit, answer.target)
        yield from attack_flow(
            ctx,
            answer.unit,
            answer.target,
            units.weapon(ctx, answer.weapon),
            ranged=answer.ranged,
            mode="swarm",
            extras=swarm_extras(others),
        )
