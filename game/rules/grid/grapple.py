"""Grappling (004 · Combat Maneuvers · Grappling).

- Grapple (Main): an unarmed attack roll (``maneuver_attack``), then an opposed STR/Brawl
  check; if the attacker wins, the target is grappled. A unit grapples one target at a
  time; several may cling to the same defender.
- While grappling or grappled, neither may move (``move``, ``charge``) and only unarmed
  attacks are allowed (``units.only_unarmed``, read by ``attack._weapon_problem``), so
  neither makes attacks of opportunity (``units.threatening_weapons``).
- At the end of each round a grappled defender takes the damage of an unarmed hit from
  each grappler (``GrappleDamage``).
- Break Free (Main, the defender): one STR/Brawl check compared with each grappler's; the
  defender is free of every grappler it beats.
- Drag (Main, a grappler): opposed STR/Brawl; on a win the grappler moves up to 10 ft and
  the defender follows into the square it left; on a loss the defender breaks free.
- Throw (Main, a grappler): opposed STR/Brawl; on a win the defender lands in a free
  square next to it, prone, and is released; on a loss it breaks free.
- Release (Free, a grappler) lets go.
- Checks against a large target are at -2, against a huge one at -4 (the attacker's).

Decisions: dragging and throwing provoke no attacks of opportunity (the source names
none); a grapple ends when either side is out of the fight.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import esper

from game.engine.answers import Answer, register_answer
from game.engine.events import Died, Downed, LeftBattle, Moved, Note, RoundEnded
from game.engine.seam import ActionSpec, Flow
from game.engine.systems import System
from game.geometry.grid import Cell
from game.geometry.movement import step_allowed
from game.rules.grid import budget, units
from game.rules.grid.checks import beats, check, size_penalty
from game.rules.grid.damage import apply_damage
from game.rules.grid.maneuver_attack import maneuver_roll
from game.rules.grid.nearby import enemies_within
from game.rules.grid.resolution import assess
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.grid import GridRuleset

BRAWL = ("brawl",)
DRAG_SQUARES = 2


@register_answer
@dataclass(frozen=True, slots=True)
class Grapple(Answer):
    kind: ClassVar[str] = "grapple"
    label: ClassVar[str] = "Grapple"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class BreakFree(Answer):
    kind: ClassVar[str] = "break_free"
    label: ClassVar[str] = "Break Free"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class DragGrappled(Answer):
    """Move along ``path`` (up to 2 squares) dragging the grappled foe behind."""

    kind: ClassVar[str] = "drag_grappled"
    label: ClassVar[str] = "Drag"
    unit: str
    path: tuple[Cell, ...]


@register_answer
@dataclass(frozen=True, slots=True)
class ThrowGrappled(Answer):
    """Throw the grappled foe into ``to`` (next to it), prone."""

    kind: ClassVar[str] = "throw_grappled"
    label: ClassVar[str] = "Throw"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class ReleaseGrapple(Answer):
    kind: ClassVar[str] = "release_grapple"
    label: ClassVar[str] = "Release"
    unit: str


def release(ctx: Context, grappler: str) -> None:
    cond = units.conditions(ctx, grappler)
    target = cond.grappling
    cond.grappling = None
    if target is not None:
        units.conditions(ctx, target).grappled_by.discard(grappler)


def opposed_brawl(ctx: Context, attacker: str, defender: str, purpose: str) -> bool:
    mine = check(
        ctx, attacker, ("STR",), BRAWL, purpose=purpose, modifier=size_penalty(ctx, defender)
    )
    theirs = check(ctx, defender, ("STR",), BRAWL, purpose="to resist")
    return beats(mine.total, theirs.total)


class GrappleSpec(ActionSpec):
    kind = "grapple"
    label = "Grapple"
    cost = "Main"
    provokes = False
    answer_type = Grapple
    target_kind = "unit"
    target_field = "target"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        if units.conditions(ctx, unit).grappling:
            return "already grappling someone"
        for _ in self.enumerate(ctx, unit):
            return None
        return "no enemy within reach of bare hands"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for target in enemies_within(ctx, unit, 1):
            if self.validate(ctx, Grapple(unit, target)) is None:
                yield Grapple(unit, target)

    def validate(self, ctx: Context, answer: Grapple) -> str | None:
        if answer.target not in ctx.entities:
            return f"no unit {answer.target!r}"
        if units.conditions(ctx, answer.unit).grappling:
            return "already grappling someone"
        if answer.target in units.conditions(ctx, answer.unit).grappled_by:
            return "already held by that foe (Break Free instead)"
        a = assess(ctx, answer.unit, answer.target, units.weapon(ctx, units.UNARMED), False)
        return None if a.allowed else a.reason

    def perform(self, ctx: Context, answer: Grapple) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        hands = units.weapon(ctx, units.UNARMED)
        hit = yield from maneuver_roll(ctx, answer.unit, answer.target, hands, "grapple")
        if not hit or not units.in_fight(ctx, answer.target):
            return
        whom = units.name(ctx, answer.target)
        if not opposed_brawl(ctx, answer.unit, answer.target, f"to grapple {whom}"):
            ctx.emit(Note(f"{whom} slips the hold", answer.target))
            return
        units.conditions(ctx, answer.unit).grappling = answer.target
        units.conditions(ctx, answer.target).grappled_by.add(answer.unit)
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} grapples {whom}", answer.unit))


class BreakFreeSpec(ActionSpec):
    kind = "break_free"
    label = "Break Free"
    cost = "Main"
    provokes = False
    answer_type = BreakFree
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if not units.conditions(ctx, unit).grappled:
            return "not grappled"
        return budget.unavailable(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield BreakFree(unit)

    def validate(self, ctx: Context, answer: BreakFree) -> str | None:
        return None

    def perform(self, ctx: Context, answer: BreakFree) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        me = answer.unit
        mine = check(ctx, me, ("STR",), BRAWL, purpose="to break free")
        for grappler in sorted(units.conditions(ctx, me).grappled_by):
            theirs = check(
                ctx, grappler, ("STR",), BRAWL, purpose="to hold on", modifier=size_penalty(ctx, me)
            )
            if beats(mine.total, theirs.total):
                release(ctx, grappler)
                ctx.emit(
                    Note(f"{units.name(ctx, me)} breaks free of {units.name(ctx, grappler)}", me)
                )
        return
        yield


class _GrapplerSpec(ActionSpec):
    cost = "Main"
    provokes = False

    def availability(self, ctx: Context, unit: str) -> str | None:
        target = units.conditions(ctx, unit).grappling
        if target is None:
            return "not grappling anyone"
        return budget.unavailable(ctx, unit, budget.MAIN)

    def contest(self, ctx: Context, unit: str, what: str) -> bool:
        """The opposed check of a drag or throw; a loss frees the defender."""
        budget.spend(ctx, unit, budget.MAIN, self.label)
        target = units.conditions(ctx, unit).grappling
        assert target is not None
        whom = units.name(ctx, target)
        if opposed_brawl(ctx, unit, target, f"to {what} {whom}"):
            return True
        release(ctx, unit)
        ctx.emit(Note(f"{whom} breaks free", target))
        return False


class DragGrappledSpec(_GrapplerSpec):
    kind = "drag_grappled"
    label = "Drag"
    answer_type = DragGrappled
    target_kind = "cell"
    target_field = "path"
    moves = True

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        here = units.cell(ctx, unit)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                step = (here[0] + dx, here[1] + dy)
                if step != here and self.validate(ctx, DragGrappled(unit, (step,))) is None:
                    yield DragGrappled(unit, (step,))

    def validate(self, ctx: Context, answer: DragGrappled) -> str | None:
        if not answer.path or len(answer.path) > DRAG_SQUARES:
            return f"a drag moves 1 to {DRAG_SQUARES} squares"
        target = units.conditions(ctx, answer.unit).grappling
        at = units.cell(ctx, answer.unit)
        for step in answer.path:
            if not ctx.grid.in_bounds(step) or not step_allowed(ctx.grid, at, step):
                return f"cannot step from {at} to {step}"
            who = units.occupant(ctx, step)
            if who is not None and who != target:
                return f"{step} is taken"
            at = step
        return None

    def perform(self, ctx: Context, answer: DragGrappled) -> Flow:
        target = units.conditions(ctx, answer.unit).grappling
        if target is None or not self.contest(ctx, answer.unit, "drag"):
            return
        me = ctx.get(answer.unit, Position)
        them = ctx.get(target, Position)
        start_me, start_them = me.cell, them.cell
        trail_them: list[Cell] = []
        for step in answer.path:
            left = me.cell
            me.move_to(step)
            if them.cell != left:
                them.move_to(left)
                trail_them.append(left)
        ctx.emit(
            Moved(
                unit=answer.unit,
                who=units.name(ctx, answer.unit),
                start=start_me,
                path=answer.path,
                feet=5 * len(answer.path),
            )
        )
        if trail_them:
            ctx.emit(
                Moved(
                    unit=target,
                    who=units.name(ctx, target),
                    start=start_them,
                    path=tuple(trail_them),
                    feet=5 * len(trail_them),
                )
            )
        return
        yield


class ThrowGrappledSpec(_GrapplerSpec):
    kind = "throw_grappled"
    label = "Throw"
    answer_type = ThrowGrappled
    target_kind = "cell"
    target_field = "to"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        target = units.conditions(ctx, unit).grappling
        if target is None:
            return
        there = units.cell(ctx, target)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                to = (there[0] + dx, there[1] + dy)
                if to != there and self.validate(ctx, ThrowGrappled(unit, to)) is None:
                    yield ThrowGrappled(unit, to)

    def validate(self, ctx: Context, answer: ThrowGrappled) -> str | None:
        target = units.conditions(ctx, answer.unit).grappling
        if target is None:
            return "not grappling anyone"
        there = units.cell(ctx, target)
        if units.distance(there, answer.to) != 1:
            return "a throw lands 5 ft from where the foe stood"
        if not ctx.grid.in_bounds(answer.to) or not step_allowed(ctx.grid, there, answer.to):
            return f"cannot throw into {answer.to}"
        if units.occupant(ctx, answer.to) is not None:
            return f"{answer.to} is taken"
        return None

    def perform(self, ctx: Context, answer: ThrowGrappled) -> Flow:
        target = units.conditions(ctx, answer.unit).grappling
        if target is None or not self.contest(ctx, answer.unit, "throw"):
            return
        release(ctx, answer.unit)
        pos = ctx.get(target, Position)
        start = pos.cell
        pos.move_to(answer.to)
        units.conditions(ctx, target).prone = True
        whom = units.name(ctx, target)
        ctx.emit(Moved(unit=target, who=whom, start=start, path=(answer.to,), feet=5))
        ctx.emit(Note(f"{whom} is thrown down, prone", target))
        return
        yield


class ReleaseGrappleSpec(ActionSpec):
    kind = "release_grapple"
    label = "Release"
    cost = "Free"
    provokes = False
    answer_type = ReleaseGrapple
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if units.conditions(ctx, unit).grappling is None:
            return "not grappling anyone"
        return budget.unavailable(ctx, unit, budget.FREE)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield ReleaseGrapple(unit)

    def validate(self, ctx: Context, answer: ReleaseGrapple) -> str | None:
        return None

    def perform(self, ctx: Context, answer: ReleaseGrapple) -> Flow:
        budget.spend(ctx, answer.unit, budget.FREE, self.label)
        release(ctx, answer.unit)
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} lets go", answer.unit))
        return
        yield


class GrappleDamage(System):
    """End of round: each grappler hurts its defender as with an unarmed hit. Also ends
    the grapples of anyone who leaves the fight."""

    def __init__(self) -> None:
        super().__init__(priority=25)
        self.handles = {
            RoundEnded: self.on_round_end,
            Died: self.on_gone,
            Downed: self.on_gone,
            LeftBattle: self.on_gone,
        }

    def on_round_end(self, ctx: Context, event: RoundEnded) -> None:
        hands = units.weapon(ctx, units.UNARMED)
        for defender in list(ctx.units()):
            for grappler in sorted(units.conditions(ctx, defender).grappled_by):
                if not (units.in_fight(ctx, defender) and units.in_fight(ctx, grappler)):
                    continue
                bonus = hands.damage.bonus + units.stats(ctx, grappler).template.damage_modifier(
                    hands
                )
                roll = ctx.roll(
                    hands.damage.count,
                    hands.damage.sides,
                    bonus,
                    unit=grappler,
                    who=units.name(ctx, grappler),
                    purpose="grapple damage",
                    detail=f"on {units.name(ctx, defender)}",
                )
                apply_damage(ctx, defender, max(1, roll.total), "grapple", grappler)

    def on_gone(self, ctx: Context, event: Died | Downed | LeftBattle) -> None:
        unit = event.unit
        release(ctx, unit)
        for grappler in sorted(units.conditions(ctx, unit).grappled_by):
            release(ctx, grappler)


def setup(ctx: Context) -> None:
    system = GrappleDamage()
    esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """The ``GrappleDamage`` system (``hooks.setup``)."""
    rs.hooks.setup.append(setup)
