"""Make a Melee Attack and Make a Ranged Attack (Main; 004 · Combat Actions).

A melee attack needs a readied melee weapon (or bare hands) and the target within its
reach; a ranged attack needs a readied missile or thrown weapon and the target within its
long range and in sight. See ``resolution`` for the roll, modifiers, damage and Shock.

Decision where the source is silent: ammunition is not tracked, and a thrown weapon comes
back to hand (004 · Reload a Weapon says not to bother tracking ammunition).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.seam import ActionSpec, Flow
from game.rules.grid import budget, units
from game.rules.grid.resolution import MELEE, RANGED, assess, attack_flow

if TYPE_CHECKING:
    from game.engine.context import Context


@register_answer
@dataclass(frozen=True, slots=True)
class MeleeAttack(Answer):
    kind: ClassVar[str] = "melee_attack"
    label: ClassVar[str] = "Melee Attack"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class RangedAttack(Answer):
    kind: ClassVar[str] = "ranged_attack"
    label: ClassVar[str] = "Ranged Attack"
    unit: str
    target: str
    weapon: str


def _weapon_problem(ctx: Context, unit: str, weapon_id: str, ranged: bool) -> str | None:
    if weapon_id not in {w.id for w in units.readied_weapons(ctx, unit)}:
        return f"{weapon_id!r} is not a readied weapon of {units.name(ctx, unit)}"
    w = units.weapon(ctx, weapon_id)
    if ranged and not w.shoots:
        return f"{w.name} cannot make ranged attacks"
    if not ranged and not w.melee:
        return f"{w.name} cannot make melee attacks"
    if units.only_unarmed(ctx, unit) and not w.unarmed:
        return "only unarmed attacks while grappling"
    return None


class _AttackSpec(ActionSpec):
    cost = "Main"
    provokes = False
    ranged: ClassVar[bool] = False
    mode: ClassVar[str] = MELEE

    def _weapons(self, ctx: Context, unit: str) -> list[str]:
        return [
            w.id
            for w in units.readied_weapons(ctx, unit)
            if _weapon_problem(ctx, unit, w.id, self.ranged) is None
        ]

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        weapons = self._weapons(ctx, unit)
        if not weapons:
            return "no readied weapon for this"
        last = "no enemy in reach" if not self.ranged else "no enemy in range and sight"
        for target in units.enemies(ctx, unit):
            for w in weapons:
                a = assess(ctx, unit, target, units.weapon(ctx, w), self.ranged)
                if a.allowed:
                    return None
                last = a.reason
        return last

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for target in units.enemies(ctx, unit):
            for w in self._weapons(ctx, unit):
                if assess(ctx, unit, target, units.weapon(ctx, w), self.ranged).allowed:
                    yield self.answer_type(unit, target, w)  # type: ignore[call-arg]

    def validate(self, ctx: Context, answer: MeleeAttack | RangedAttack) -> str | None:
        if answer.target not in ctx.entities:
            return f"no unit {answer.target!r}"
        if answer.weapon not in ctx.content.weapons:
            return f"no weapon {answer.weapon!r}"
        problem = _weapon_problem(ctx, answer.unit, answer.weapon, self.ranged)
        if problem:
            return problem
        a = assess(ctx, answer.unit, answer.target, units.weapon(ctx, answer.weapon), self.ranged)
        return None if a.allowed else a.reason

    def perform(self, ctx: Context, answer: MeleeAttack | RangedAttack) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        yield from attack_flow(
            ctx,
            answer.unit,
            answer.target,
            units.weapon(ctx, answer.weapon),
            ranged=self.ranged,
            mode=self.mode,
        )


class MeleeAttackSpec(_AttackSpec):
    kind = "melee_attack"
    label = "Melee Attack"
    answer_type = MeleeAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True
    ranged = False
    mode = MELEE


class RangedAttackSpec(_AttackSpec):
    kind = "ranged_attack"
    label = "Ranged Attack"
    answer_type = RangedAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True
    ranged = True
    mode = RANGED
