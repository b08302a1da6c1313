"""Charge (Main + Move; 004 · Charge).

Move up to twice the movement rate in a straight line (at least 5 ft) and make a melee
attack or a thrown ranged attack at the end of it at +2. The charger's AC is -2 until the
end of the round (``Conditions.charging``, read by ``resolution.target_ac``, cleared at
the round's start). Starting next to an armed melee enemy gives it an attack of
opportunity unless the charger Disengaged this round; leaving other enemies' reach on
the way provokes as any move does.

Decisions: "straight line" is ``geometry.movement.straight_line`` (the digital line
between the two squares' centres); every step must be legal, no one may stand on the
line (allies may be passed, not stopped on); difficult terrain costs its usual squares;
prone or grappling units cannot charge; a charging throw ends within the weapon's
normal range. The -2 AC starts with the charge (so it counts
against attacks of opportunity on the way). The answer names the end square (``to``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.seam import ActionSpec, Flow
from game.geometry.grid import Cell
from game.geometry.movement import clear_straight_line, path_cost
from game.rules.grid import budget, units
from game.rules.grid.attack import _weapon_problem
from game.rules.grid.move import blockers, move_squares, walk
from game.rules.grid.opportunity import provoke
from game.rules.grid.resolution import MELEE, RANGED, Extras, assess, attack_flow, preview
from game.rules.preview import AttackPreview, Modifier
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context

CHARGE = Extras(modifiers=(Modifier("charge", 2),), label="charge")


@register_answer
@dataclass(frozen=True, slots=True)
class Charge(Answer):
    kind: ClassVar[str] = "charge"
    label: ClassVar[str] = "Charge"
    unit: str
    target: str
    weapon: str
    to: Cell
    thrown: bool = False


def charge_preview(ctx: Context, answer: Charge) -> AttackPreview:
    """The charge's blow as it would be struck: from its end square, at +2 (pure: the
    charger is set on ``to`` for the reckoning and put back)."""
    pos = ctx.get(answer.unit, Position)
    start = pos.cell
    pos.move_to(answer.to)
    try:
        return preview(ctx, answer.unit, answer.target, answer.weapon, answer.thrown, CHARGE)
    finally:
        pos.move_to(start)


def charge_line(ctx: Context, unit: str, to: Cell) -> tuple[Cell, ...] | None:
    """The cells entered by a charge to ``to`` (None when the line is not clear)."""
    occupied, passable = blockers(ctx, unit)
    line = clear_straight_line(ctx.grid, units.cell(ctx, unit), to, occupied, passable)
    if line is None or len(line) < 2:
        return None
    return tuple(line[1:])


def charge_problem(ctx: Context, answer: Charge) -> str | None:
    if answer.target not in ctx.entities:
        return f"no unit {answer.target!r}"
    if answer.weapon not in ctx.content.weapons:
        return f"no weapon {answer.weapon!r}"
    problem = _weapon_problem(ctx, answer.unit, answer.weapon, answer.thrown)
    if problem:
        return problem
    weapon = units.weapon(ctx, answer.weapon)
    if answer.thrown and not weapon.thrown:
        return f"{weapon.name} is not a thrown weapon"
    if not ctx.grid.in_bounds(answer.to):
        return f"{answer.to} is off the map"
    if answer.to == units.cell(ctx, answer.unit):
        return "a charge must cover at least 5 ft"
    path = charge_line(ctx, answer.unit, answer.to)
    if path is None:
        return f"no clear straight line to {answer.to}"
    cost = path_cost(ctx.grid, [units.cell(ctx, answer.unit), *path])
    limit = 2 * move_squares(ctx, answer.unit)
    if cost > limit:
        return f"the charge costs {cost} squares, more than {limit}"
    if answer.thrown and units.distance(answer.to, units.cell(ctx, answer.target)) > (
        weapon.range_normal_squares or 0
    ):
        return "a charging throw must be within the weapon's normal range"
    a = assess(ctx, answer.unit, answer.target, weapon, answer.thrown, CHARGE, from_cell=answer.to)
    return None if a.allowed else a.reason


class ChargeSpec(ActionSpec):
    kind = "charge"
    label = "Charge"
    cost = "Move+Main"
    provokes = True
    answer_type = Charge
    target_kind = "unit"
    target_field = "target"
    moves = True
    attacks = True
    board_range = "attack_reach"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MOVE_AND_MAIN)
        if reason:
            return reason
        cond = units.conditions(ctx, unit)
        if cond.prone:
            return "cannot charge while prone"
        if cond.grappled or cond.grappling:
            return "cannot charge while grappling or grappled"
        for _ in self.enumerate(ctx, unit):
            return None
        return "no enemy at the end of a clear straight line"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        """Every end square within twice the movement rate from which a readied weapon
        reaches an enemy (melee) or a thrown weapon is in range, per target and weapon."""
        here = units.cell(ctx, unit)
        limit = 2 * move_squares(ctx, unit)
        if limit <= 0:
            return
        for target in units.enemies(ctx, unit):
            there = units.cell(ctx, target)
            for w in units.readied_weapons(ctx, unit):
                for thrown in (False, True):
                    if thrown and not w.thrown:
                        continue
                    if _weapon_problem(ctx, unit, w.id, thrown) is not None:
                        continue
                    reach = (w.range_normal_squares or 0) if thrown else w.reach
                    if units.distance(here, there) > limit + reach:
                        continue
                    xs = range(
                        max(there[0] - reach, here[0] - limit),
                        min(there[0] + reach, here[0] + limit) + 1,
                    )
                    ys = range(
                        max(there[1] - reach, here[1] - limit),
                        min(there[1] + reach, here[1] + limit) + 1,
                    )
                    for x in xs:
                        for y in ys:
                            to = (x, y)
                            if to == here:
                                continue
                            answer = Charge(unit, target, w.id, to, thrown)
                            if charge_problem(ctx, answer) is None:
                                yield answer

    def validate(self, ctx: Context, answer: Charge) -> str | None:
        return charge_problem(ctx, answer)

    def perform(self, ctx: Context, answer: Charge) -> Flow:
        budget.spend(ctx, answer.unit, budget.MOVE_AND_MAIN, self.label)
        units.conditions(ctx, answer.unit).charging = True
        path = charge_line(ctx, answer.unit, answer.to) or ()
        yield from provoke(ctx, answer.unit)
        if not units.in_fight(ctx, answer.unit):
            return
        yield from walk(ctx, answer.unit, path)
        if not units.in_fight(ctx, answer.unit) or units.cell(ctx, answer.unit) != answer.to:
            return
        yield from attack_flow(
            ctx,
            answer.unit,
            answer.target,
            units.weapon(ctx, answer.weapon),
            ranged=answer.thrown,
            mode=RANGED if answer.thrown else MELEE,
            extras=CHARGE,
        )
