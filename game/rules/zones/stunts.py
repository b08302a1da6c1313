"""Stunts (001 · Stunts): actions against a foe Close that are not attacks.

- Push: an opposed STR test (both roll d20 + STR; the pusher must beat the foe); the foe
  is pushed into a Nearby zone of the pusher's choice that has room.
- Grapple: a STR test DR12; the foe is Stuck (it may not move until it breaks free).
- Trip: a DEX test DR12; the foe is Distracted (down on the ground: it may crawl to
  another zone but takes no action until it gets up with a DEX test).

Who rolls is the same as for attacks: the party rolls, so when another side tries a
Grapple or Trip on a party unit, the party unit tests (STR against a grapple, DEX
against a trip) to resist.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.context import Context
from game.engine.seam import ActionSpec, Flow
from game.geometry.zones import ZoneRange
from game.rules.zones import units
from game.rules.zones.actions import action_problem
from game.rules.zones.attack import plan
from game.rules.zones.checks import test
from game.rules.zones.damage import hinder, provoke
from game.rules.zones.events import Pushed
from game.rules.zones.moving import place, room_problem
from game.rules.zones.state import DISTRACTED, STUCK

# stunt kind -> (attribute tested, hindrance on success)
HINDERING: dict[str, tuple[str, str]] = {"grapple": ("STR", STUCK), "trip": ("DEX", DISTRACTED)}


@register_answer
@dataclass(frozen=True, slots=True)
class Push(Answer):
    kind: ClassVar[str] = "zones_push"
    label: ClassVar[str] = "Push"
    unit: str
    target: str
    zone: int


@register_answer
@dataclass(frozen=True, slots=True)
class Stunt(Answer):
    """A hindering stunt: ``stunt`` is "grapple" or "trip"."""

    kind: ClassVar[str] = "zones_stunt"
    label: ClassVar[str] = "Stunt"
    unit: str
    target: str
    stunt: str


def foe_problem(ctx: Context, unit: str, target: str) -> str | None:
    if target not in ctx.entities or not units.is_enemy(ctx, unit, target):
        return "not an enemy in the fight"
    if units.distance(ctx, unit, target) != ZoneRange.CLOSE:
        return "a stunt needs the foe Close"
    stance = getattr(ctx.ruleset, "stance", {}).get(units.side(ctx, unit), "hostile")
    if stance != "hostile":
        return f"{stance}: strikes no one until harmed"
    return None


class PushSpec(ActionSpec):
    kind = Push.kind
    label = "Push"
    cost = "Action"
    answer_type = Push
    target_kind = "unit"
    target_field = "target"

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = action_problem(ctx, unit)
        if problem:
            return problem
        if not any(True for _ in self.enumerate(ctx, unit)):
            return "no foe Close to push"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        g = units.graph(ctx)
        for foe in units.close_enemies(ctx, unit):
            for zone in sorted(g.neighbours(units.zone_of(ctx, foe))):
                if self.validate(ctx, Push(unit, foe, zone)) is None:
                    yield Push(unit, foe, zone)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        problem = foe_problem(ctx, answer.unit, answer.target)
        if problem:
            return problem
        here = units.zone_of(ctx, answer.target)
        if answer.zone == here or answer.zone not in units.graph(ctx).neighbours(here):
            return "a push goes into a Nearby zone"
        return room_problem(ctx, answer.target, answer.zone)

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).acted = True
        provoke(ctx, answer.target)
        who, whom = units.name(ctx, answer.unit), units.name(ctx, answer.target)
        mine = test(ctx, answer.unit, "STR", f"push {whom}", who=who)
        theirs = test(ctx, answer.target, "STR", f"stand against {who}", who=whom)
        if mine.total > theirs.total and place(ctx, answer.target, answer.zone):
            ctx.emit(Pushed(answer.target, whom, units.graph(ctx).zones[answer.zone].name))
        return
        yield


class StuntSpec(ActionSpec):
    kind = Stunt.kind
    label = "Stunt"
    cost = "Action"
    answer_type = Stunt
    target_kind = "unit"
    target_field = "target"

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = action_problem(ctx, unit)
        if problem:
            return problem
        if not any(True for _ in self.enumerate(ctx, unit)):
            return "no foe Close"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for foe in units.close_enemies(ctx, unit):
            for stunt in HINDERING:
                if self.validate(ctx, Stunt(unit, foe, stunt)) is None:
                    yield Stunt(unit, foe, stunt)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.stunt not in HINDERING:
            return f"no stunt {answer.stunt!r} (grapple or trip)"
        problem = foe_problem(ctx, answer.unit, answer.target)
        if problem:
            return problem
        if HINDERING[answer.stunt][1] in units.fighter(ctx, answer.target).hindrances:
            return f"already {HINDERING[answer.stunt][1]}"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).acted = True
        provoke(ctx, answer.target)
        attribute, hindrance = HINDERING[answer.stunt]
        who, whom = units.name(ctx, answer.unit), units.name(ctx, answer.target)
        weapon = units.fighter(ctx, answer.unit).weapons[:1] or ("unarmed",)
        p = plan(ctx, answer.unit, answer.target, tuple(weapon))
        if p.attacking:
            done = test(ctx, answer.unit, attribute, f"{answer.stunt} {whom}", who=who).passed
        else:
            done = not test(
                ctx, answer.target, attribute, f"resist {who}'s {answer.stunt}", who=whom
            ).passed
        if done:
            hinder(ctx, answer.target, hindrance)
        return
        yield
