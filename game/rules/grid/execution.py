"""Execution attacks (004 · Execution Attacks).

Only a target entirely unsuspecting of danger can be executed. Decision: in a battle that
means a unit of a side caught by surprise, during the surprise round (``surprise``); the
minute of aiming or of waiting for the opening is the approach that won the surprise, so
the attacker must not have moved this round (it strikes from where it lay in wait).

- Melee: the attack hits automatically.
- Ranged: a DEX/Shoot check against ``EXECUTION_DIFFICULTY`` (8), +4 within 10 ft, +2
  within the weapon's normal range (nothing beyond it); success hits, AC is ignored.
- A hit forces a Physical save (d20 at least the target's save score) at a penalty equal
  to "the assailant's combat skill" (never a bonus). Decision: the combat skill the
  attack is made with, as the attack roll adds "their relevant combat skill": Shoot for
  a ranged execution (004 makes it a DEX/Shoot check, a thrown weapon included), the
  weapon's own skill in melee (Stab, Brawl unarmed, Exert for a maul); not the unit's
  best combat skill (004 says "highest combat skill" where it means that, for Screen).
  A failed save drops the target to 0 HP: mortally wounded for the party, dead for
  others — or unconscious when the weapon is non-lethal. A made save still takes the
  weapon's maximum damage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Damaged, Downed, Note
from game.engine.seam import ActionSpec, Flow
from game.rules.grid import budget, units
from game.rules.grid.attack import _weapon_problem
from game.rules.grid.checks import check, skill_level
from game.rules.grid.damage import apply_damage
from game.rules.grid.events import AttackDeclared, AttackResolved
from game.rules.grid.resolution import assess

if TYPE_CHECKING:
    from game.engine.context import Context

EXECUTION_DIFFICULTY = 8


@register_answer
@dataclass(frozen=True, slots=True)
class Execute(Answer):
    kind: ClassVar[str] = "execute"
    label: ClassVar[str] = "Execution Attack"
    unit: str
    target: str
    weapon: str
    ranged: bool = False


def execution_skill(weapon_skill: str, ranged: bool) -> str:
    """The combat skill whose level is the execution's save penalty (module docstring)."""
    return "shoot" if ranged else weapon_skill


def execution_problem(ctx: Context, answer: Execute) -> str | None:
    if answer.target not in ctx.entities:
        return f"no unit {answer.target!r}"
    if answer.weapon not in ctx.content.weapons:
        return f"no weapon {answer.weapon!r}"
    if not units.conditions(ctx, answer.target).surprised:
        return f"{units.name(ctx, answer.target)} is not unsuspecting"
    problem = _weapon_problem(ctx, answer.unit, answer.weapon, answer.ranged)
    if problem:
        return problem
    a = assess(ctx, answer.unit, answer.target, units.weapon(ctx, answer.weapon), answer.ranged)
    return None if a.allowed else a.reason


class ExecuteSpec(ActionSpec):
    kind = "execute"
    label = "Execution Attack"
    cost = "Main"
    provokes = False
    answer_type = Execute
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MAIN)
        if reason:
            return reason
        if units.budget(ctx, unit).squares_moved or units.budget(ctx, unit).move_used:
            return "only from where the attacker lay in wait (it has moved)"
        if not any(units.conditions(ctx, e).surprised for e in units.enemies(ctx, unit)):
            return "no unsuspecting enemy"
        for _ in self.enumerate(ctx, unit):
            return None
        return "no unsuspecting enemy in reach or range"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for target in units.enemies(ctx, unit):
            if not units.conditions(ctx, target).surprised:
                continue
            for w in units.readied_weapons(ctx, unit):
                for ranged in (False, True):
                    answer = Execute(unit, target, w.id, ranged)
                    if execution_problem(ctx, answer) is None:
                        yield answer

    def validate(self, ctx: Context, answer: Execute) -> str | None:
        return execution_problem(ctx, answer)

    def perform(self, ctx: Context, answer: Execute) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN, self.label)
        execute(ctx, answer)
        return
        yield


def execute(ctx: Context, answer: Execute) -> None:
    me, target = answer.unit, answer.target
    weapon = units.weapon(ctx, answer.weapon)
    who, whom = units.name(ctx, me), units.name(ctx, target)
    ctx.emit(
        AttackDeclared(
            attacker=me,
            target=target,
            weapon=weapon.id,
            mode="execution",
            text_=f"{who} strikes at the unsuspecting {whom} with {weapon.name}",
            thrown=answer.ranged and not weapon.ranged,
        )
    )
    if answer.ranged:
        dist = units.distance(units.cell(ctx, me), units.cell(ctx, target))
        bonus = 4 if dist <= 2 else 2 if dist <= (weapon.range_normal_squares or 0) else 0
        rolled = check(
            ctx,
            me,
            ("DEX",),
            ("shoot",),
            purpose="execution shot",
            modifier=bonus,
            difficulty=EXECUTION_DIFFICULTY,
        )
        hit = rolled.total >= EXECUTION_DIFFICULTY
    else:
        hit = True
        ctx.emit(Note(f"{who} strikes unopposed: an automatic hit", me))
    ctx.emit(
        AttackResolved(
            attacker=me, target=target, weapon=weapon.id, mode="execution", hit=hit, total=0, ac=0
        )
    )
    if not hit:
        return
    penalty = max(0, skill_level(ctx, me, execution_skill(weapon.skill, answer.ranged)))
    save = units.stats(ctx, target).save
    rolled = ctx.roll(
        1,
        20,
        -penalty,
        unit=target,
        who=whom,
        purpose="Physical save",
        detail="(execution)",
        target=save,
        versus="save",
        words=("saved", "failed"),
    )
    if rolled.total >= save:
        top = weapon.damage.max + units.stats(ctx, me).template.damage_modifier(weapon)
        apply_damage(ctx, target, max(1, top), "execution (maximum damage)", me)
        return
    health = units.health(ctx, target)
    if "nonlethal" in weapon.tags:
        lost = health.hp
        health.hp = 0
        cond = units.conditions(ctx, target)
        cond.unconscious = True
        ctx.emit(
            Damaged(
                unit=target,
                who=whom,
                amount=lost,
                hp=0,
                max_hp=health.max_hp,
                source="execution",
                by=me,
            )
        )
        ctx.emit(
            Downed(unit=target, who=whom, side=units.side(ctx, target), fate="unconscious", by=me)
        )
        return
    apply_damage(ctx, target, health.hp, "execution", me)
