"""Shoving (Main; 004 · Combat Maneuvers · Shoving).

A melee attack roll (``maneuver_attack``); on a hit, instead of damage, an opposed check:
STR + the better of Brawl and Exert for each side, the shover at -2 against a large and
-4 against a huge target (``checks.size_penalty``). If the shover wins, the target is
either knocked prone or pushed into an adjacent square (the answer says which, and
where).

Decisions: the push square must be free, enterable by a legal step from the target's
square, and no nearer to the shover than the target was; if it has been taken by the time
the shove lands, the target is knocked prone instead; a pushed target provokes no attacks
of opportunity (it did not choose to move); a shove never breaks a grapple and a grappled
or grappling target can only be knocked prone. Shoves are not screened (``screen``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Moved, Note
from game.engine.seam import ActionSpec, Flow
from game.geometry.grid import Cell
from game.geometry.movement import step_allowed
from game.rules.grid import budget, units
from game.rules.grid.attack import _weapon_problem
from game.rules.grid.checks import beats, check, size_penalty
from game.rules.grid.maneuver_attack import maneuver_roll
from game.rules.grid.nearby import enemies_within
from game.rules.grid.resolution import assess
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context

PUSH = "push"
PRONE = "prone"
WRESTLE = ("brawl", "exert")


@register_answer
@dataclass(frozen=True, slots=True)
class Shove(Answer):
    kind: ClassVar[str] = "shove"
    label: ClassVar[str] = "Shove"
    unit: str
    target: str
    weapon: str
    effect: str = PRONE  # "prone" or "push"
    to: Cell | None = None


def push_problem(ctx: Context, unit: str, target: str, to: Cell) -> str | None:
    there = units.cell(ctx, target)
    if units.distance(there, to) != 1:
        return f"{to} is not next to {units.name(ctx, target)}"
    if not ctx.grid.in_bounds(to) or not step_allowed(ctx.grid, there, to):
        return f"{units.name(ctx, target)} cannot be pushed to {to}"
    if units.occupant(ctx, to) is not None:
        return f"{to} is taken"
    here = units.cell(ctx, unit)
    if units.distance(here, to) < units.distance(here, there):
        return "a push cannot bring the target nearer"
    cond = units.conditions(ctx, target)
    if cond.grappled or cond.grappling:
        return "a grappled or grappling target can only be knocked prone"
    return None


def shove_problem(ctx: Context, answer: Shove) -> str | None:
    if answer.target not in ctx.entities:
        return f"no unit {answer.target!r}"
    if answer.weapon not in ctx.content.weapons:
        return f"no weapon {answer.weapon!r}"
    problem = _weapon_problem(ctx, answer.unit, answer.weapon, False)
    if problem:
        return problem
    a = assess(ctx, answer.unit, answer.target, units.weapon(ctx, answer.weapon), False)
    if not a.allowed:
        return a.reason
    if answer.effect == PRONE:
        if answer.to is not None:
            return "a shove to knock prone names no square"
        if units.conditions(ctx, answer.target).prone:
            return f"{units.name(ctx, answer.target)} is already prone"
        return None
    if answer.effect != PUSH:
        return f"unknown shove effect {answer.effect!r} (push or prone)"
    if answer.to is None:
        return "a push needs the square to push into"
    return push_problem(ctx, answer.unit, answer.target, answer.to)


def opposed_strength(ctx: Context, attacker: str, defender: str, purpose: str) -> bool:
    """STR/Brawl or STR/Exert against the same; True when ``attacker`` wins."""
    mine = check(
        ctx, attacker, ("STR",), WRESTLE, purpose=purpose, modifier=size_penalty(ctx, defender)
    )
    theirs = check(ctx, defender, ("STR",), WRESTLE, purpose="to resist")
    return beats(mine.total, theirs.total)


class ShoveSpec(ActionSpec):
    kind = "shove"
    label = "Shove"
    cost = "Main"
    provokes = False
    answer_type = Shove
    target_kind = "unit"
    target_field = "target"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        for _ in self.enumerate(ctx, unit):
            return None
        return "no enemy in melee reach"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        weapons = units.melee_weapons(ctx, unit)
        reach = max((w.reach for w in weapons), default=0)
        for target in enemies_within(ctx, unit, reach):
            for w in weapons:
                answer = Shove(unit, target, w.id, PRONE)
                if shove_problem(ctx, answer) is None:
                    yield answer
                there = units.cell(ctx, target)
                for dx in (-1, 0, 1):
                    for dy in (-1, 0, 1):
                        to = (there[0] + dx, there[1] + dy)
                        if to != there:
                            push = Shove(unit, target, w.id, PUSH, to)
                            if shove_problem(ctx, push) is None:
                                yield push
                break  # one weapon is enough: the shove does no damage

    def validate(self, ctx: Context, answer: Shove) -> str | None:
        return shove_problem(ctx, answer)

    def perform(self, ctx: Context, answer: Shove) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        weapon = units.weapon(ctx, answer.weapon)
        hit = yield from maneuver_roll(ctx, answer.unit, answer.target, weapon, "shove")
        if not hit or not units.in_fight(ctx, answer.target):
            return
        whom = units.name(ctx, answer.target)
        if not opposed_strength(ctx, answer.unit, answer.target, f"to shove {whom}"):
            ctx.emit(Note(f"{whom} stands firm", answer.target))
            return
        if answer.effect == PUSH and answer.to is not None:
            if push_problem(ctx, answer.unit, answer.target, answer.to) is None:
                pos = ctx.get(answer.target, Position)
                start = pos.cell
                pos.move_to(answer.to)
                ctx.emit(
                    Moved(unit=answer.target, who=whom, start=start, path=(answer.to,), feet=5)
                )
                ctx.emit(Note(f"{whom} is pushed back", answer.target))
                return
        units.conditions(ctx, answer.target).prone = True
        ctx.emit(Note(f"{whom} is knocked prone", answer.target))
