"""The actions of a turn other than moving (001 · Action, Attacking and Damage,
Dual-Wielding, Hinderance): Attack, First Aid, Break Free and End Turn. Stunts are in
``stunts``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.context import Context
from game.engine.events import Note
from game.engine.seam import ActionSpec, EndTurnAction, Flow
from game.geometry.zones import ZoneRange
from game.rules.zones import units
from game.rules.zones.attack import strike
from game.rules.zones.checks import test
from game.rules.zones.damage import can_act, shake_off
from game.rules.zones.state import STUCK

# How far a ranged weapon reaches (README · Decisions): up to Far-Away.
RANGED_REACH = ZoneRange.FAR_AWAY


@register_answer
@dataclass(frozen=True, slots=True)
class ZoneAttack(Answer):
    """Attack ``target`` with ``weapon``; ``offhand`` a second one-handed weapon
    (dual-wielding: both damage dice, the higher kept), "" for none."""

    kind: ClassVar[str] = "zones_attack"
    label: ClassVar[str] = "Attack"
    unit: str
    target: str
    weapon: str
    offhand: str = ""


@register_answer
@dataclass(frozen=True, slots=True)
class FirstAid(Answer):
    kind: ClassVar[str] = "zones_first_aid"
    label: ClassVar[str] = "First aid"
    unit: str
    target: str


@register_answer
@dataclass(frozen=True, slots=True)
class BreakFree(Answer):
    kind: ClassVar[str] = "zones_break_free"
    label: ClassVar[str] = "Break free"
    unit: str


def action_problem(ctx: Context, unit: str) -> str | None:
    """Why the unit has no action left (None: it has one)."""
    if units.turn(ctx, unit).acted:
        return "already acted this turn"
    if not can_act(ctx, unit):
        return "cannot act while " + " and ".join(units.fighter(ctx, unit).hindrances)
    return None


def one_handed_melee(ctx: Context, weapon_id: str) -> bool:
    w = units.weapon(ctx, weapon_id)
    return not (w.ranged or w.two_handed or w.unarmed)


def attack_problem(ctx: Context, unit: str, target: str, weapon: str, offhand: str) -> str | None:
    """Why this attack is not possible (melee only Close; ranged up to Far-Away)."""
    if target not in ctx.entities or not units.is_enemy(ctx, unit, target):
        return "not an enemy in the fight"
    usable = units.usable_weapons(ctx, unit)
    if weapon not in usable:
        return f"no usable {weapon!r}"
    w = units.weapon(ctx, weapon)
    reach = units.distance(ctx, unit, target)
    if w.ranged:
        if offhand:
            return "a ranged weapon cannot be dual-wielded"
        if reach > RANGED_REACH:
            return "too far: a shot reaches Far-Away at most"
    elif reach != ZoneRange.CLOSE:
        return "a melee attack needs the target Close (in the same zone)"
    if offhand:
        if offhand == weapon or offhand not in usable:
            return f"no second usable {offhand!r}"
        if not (one_handed_melee(ctx, weapon) and one_handed_melee(ctx, offhand)):
            return "dual-wielding takes two one-handed melee weapons"
    return None


class AttackSpec(ActionSpec):
    kind = ZoneAttack.kind
    label = "Attack"
    cost = "Action"
    answer_type = ZoneAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = action_problem(ctx, unit)
        if problem:
            return problem
        stance = getattr(ctx.ruleset, "stance", {}).get(units.side(ctx, unit), "hostile")
        if stance != "hostile":
            return f"{stance}: strikes no one until harmed"
        if not any(True for _ in self.enumerate(ctx, unit)):
            return "no enemy in reach (melee: Close; shots: up to Far-Away)"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        usable = units.usable_weapons(ctx, unit)
        pairs = [(w, "") for w in usable]
        duals = [w for w in usable if one_handed_melee(ctx, w)]
        pairs += [(a, b) for i, a in enumerate(duals) for b in duals[i + 1 :]]
        for target in units.enemies(ctx, unit):
            for weapon, offhand in pairs:
                if attack_problem(ctx, unit, target, weapon, offhand) is None:
                    yield ZoneAttack(unit, target, weapon, offhand)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return attack_problem(ctx, answer.unit, answer.target, answer.weapon, answer.offhand)

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).acted = True
        weapons = (answer.weapon, answer.offhand) if answer.offhand else (answer.weapon,)
        strike(ctx, answer.unit, answer.target, weapons)
        return
        yield


class FirstAidSpec(ActionSpec):
    """First aid on an ally Close (README · Decisions): a Skill test DR12 heals 1d4 HP and
    ends its Ongoing Damage."""

    kind = FirstAid.kind
    label = "First aid"
    cost = "Action"
    answer_type = FirstAid
    target_kind = "unit"
    target_field = "target"
    helps = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = action_problem(ctx, unit)
        if problem:
            return problem
        if not any(True for _ in self.enumerate(ctx, unit)):
            return "no hurt ally Close"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for ally in [unit, *units.allies(ctx, unit)]:
            if self.validate(ctx, FirstAid(unit, ally)) is None:
                yield FirstAid(unit, ally)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.target not in ctx.entities or not units.in_fight(ctx, answer.target):
            return "not a unit in the fight"
        if units.side(ctx, answer.target) != units.side(ctx, answer.unit):
            return "not an ally"
        if units.distance(ctx, answer.unit, answer.target) != ZoneRange.CLOSE:
            return "first aid needs the ally Close"
        f = units.fighter(ctx, answer.target)
        if f.hp >= f.max_hp and not f.ongoing:
            return "not hurt"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).acted = True
        who = units.name(ctx, answer.unit)
        if test(
            ctx, answer.unit, "Skill", f"first aid on {units.name(ctx, answer.target)}", who=who
        ).passed:
            f = units.fighter(ctx, answer.target)
            f.ongoing = False
            healed = ctx.roll(1, 4, unit=answer.unit, who=who, purpose="first aid").total
            f.hp = min(f.max_hp, f.hp + healed)
            whom = units.name(ctx, answer.target)
            ctx.emit(Note(f"{who} tends {whom}: {f.hp}/{f.max_hp} HP", unit=answer.target))
        return
        yield


class BreakFreeSpec(ActionSpec):
    """Stuck ends only by a STR test that takes the action (README · hindrances)."""

    kind = BreakFree.kind
    label = "Break free"
    cost = "Action"
    answer_type = BreakFree

    def availability(self, ctx: Context, unit: str) -> str | None:
        if STUCK not in units.fighter(ctx, unit).hindrances:
            return "not stuck"
        return action_problem(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [BreakFree(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).acted = True
        shake_off(ctx, answer.unit, STUCK)
        return
        yield


class EndTurnSpec(EndTurnAction):
    label = "End turn"

    def perform(self, ctx: Context, answer: Any) -> Flow:
        units.turn(ctx, answer.unit).done = True
        return
        yield
