"""Attacks and what they do (002 · Defense, Armour, Stress, Wound Points, Critical Hits
and Injuries; decisions where it is silent, README · Attacks):

- The attack roll is d20 + HD + the Strength modifier (melee) or the Agility modifier
  (shots), less injury penalties; it hits when it equals or exceeds the target's Defense
  (10 + Agility modifier + Defense bonus, +4 in Full Defense). A natural 20 hits and is a
  critical hit; a natural 1 misses.
- Damage is the weapon's dice + the Strength modifier (melee and thrown), at least 1;
  a critical hit multiplies it by the weapon's multiplier. Armour subtracts from each
  hit (after multiplying).
- Damage lowers Stress first, the rest Wound Points; a critical hit goes straight to
  Wound Points. Each Wound Point hit is recorded as an injury (type and amount).
- On a critical hit, a d% at or under the damage dealt inflicts a combat injury from
  the d20 table of the weapon's damage type (``injuries``).

Rolling and applying are apart (``roll_blow``, ``apply_blows``) so that a count's tied
actions are all rolled before any result applies (002 · ties resolve simultaneously).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.dice import Dice
from game.engine.events import Died, Downed, Note
from game.rules.stress import units
from game.rules.stress.events import Hurt, Injured
from game.rules.stress.injuries import ARM, NO_ATTACK, TABLES
from game.rules.stress.state import MAIN_ARM, OFF_ARM

if TYPE_CHECKING:
    from game.engine.context import Context


@dataclass(frozen=True, slots=True)
class InjuryRoll:
    """A combat injury as rolled: its row, which arm (d4), the attribute damage rolled."""

    name: str
    conditions: tuple[str, ...]
    arm: str  # "", "main", "off"
    arm_effect: str
    damage: tuple[tuple[str, int], ...]
    note: str

    def effect(self) -> str:
        parts = [f"{amount} {attr} damage" for attr, amount in self.damage]
        parts += [c.replace("_", " ") for c in self.conditions]
        if self.arm:
            what = "can't attack with" if self.arm_effect == NO_ATTACK else "can't hold with"
            parts.append(f"{what} the {self.arm} arm")
        if self.note:
            parts.append(self.note)
        return ", ".join(parts) or "no lasting effect"


@dataclass(frozen=True, slots=True)
class Blow:
    """One attack as rolled: hit or not, critical, the damage after Armour."""

    attacker: str
    target: str
    weapon: str
    hit: bool
    critical: bool
    amount: int
    damage_type: str
    injury: InjuryRoll | None = None


def roll_blow(ctx: Context, attacker: str, target: str, weapon_id: str) -> Blow:
    """Roll an attack (and its damage and injury) without applying anything."""
    w = units.weapon(ctx, weapon_id)
    who, whom = units.name(ctx, attacker), units.name(ctx, target)
    bonus = units.attack_bonus(ctx, attacker, w)
    aim = units.defense(ctx, target)
    roll = ctx.roll(
        1,
        20,
        bonus,
        unit=attacker,
        who=who,
        purpose=f"attack on {whom} with {w.name}",
        target=aim,
        versus="Defense",
        words=("hit", "miss"),
    )
    natural = roll.faces[0]
    hit = natural == 20 or (natural != 1 and roll.total >= aim)
    if not hit:
        return Blow(attacker, target, weapon_id, False, False, 0, w.type)
    critical = natural == 20
    plus = w.damage.bonus + units.damage_bonus(ctx, attacker, w)
    dmg = ctx.roll(
        w.damage.count, w.damage.sides, plus, unit=attacker, who=who, purpose=f"damage to {whom}"
    )
    raw = max(1, dmg.total) * (w.crit if critical else 1)
    amount = max(0, raw - units.fighter(ctx, target).armour)
    injury = None
    if critical and amount > 0 and w.type in TABLES:
        chance = ctx.roll(
            1,
            100,
            0,
            unit=attacker,
            who=who,
            purpose="combat injury (d%)",
            target=amount,
            versus="damage",
            success_if="at_most",
            words=("injury", "no injury"),
        )
        if chance.total <= amount:
            injury = roll_injury(ctx, attacker, w.type)
    return Blow(attacker, target, weapon_id, True, critical, amount, w.type, injury)


def roll_injury(ctx: Context, attacker: str, damage_type: str) -> InjuryRoll:
    """A row of the type's d20 table, the d4 for the arm, the attribute damage dice."""
    who = units.name(ctx, attacker)
    face = ctx.roll(1, 20, 0, unit=attacker, who=who, purpose=f"{damage_type} injury table")
    entry = TABLES[damage_type][face.total - 1]
    arm = ""
    if entry.arm:
        side = ctx.roll(1, 4, 0, unit=attacker, who=who, purpose="which arm (1-2 main)")
        arm = "main" if side.total <= 2 else "off"
    damage: list[tuple[str, int]] = []
    for attrs, text in entry.damage:
        d = Dice.parse(text)
        amount = ctx.roll(
            d.count,
            d.sides,
            d.bonus,
            unit=attacker,
            who=who,
            purpose=f"{' and '.join(attrs)} damage",
        ).total
        damage += [(a, amount) for a in attrs]
    return InjuryRoll(entry.name, entry.conditions, arm, entry.arm, tuple(damage), entry.note)


def apply_blows(ctx: Context, blows: Sequence[Blow], *, together: bool = False) -> list[str]:
    """Apply rolled blows in order; the units they took out of the fight."""
    out: list[str] = []
    for blow in blows:
        if not blow.hit:
            continue
        if hurt(
            ctx,
            blow.target,
            blow.amount,
            blow.damage_type,
            blow.critical,
            by=blow.attacker,
            together=together,
        ):
            out.append(blow.target)
        if blow.injury is not None:
            inflict(ctx, blow.target, blow.injury)
    return out


def hurt(
    ctx: Context,
    unit: str,
    amount: int,
    damage_type: str,
    critical: bool,
    *,
    by: str | None = None,
    together: bool = False,
) -> bool:
    """Damage to Stress, then Wound Points (a critical hit straight to Wound Points);
    True when it took the unit out of the fight."""
    f = units.fighter(ctx, unit)
    was_in = units.in_fight(ctx, unit)
    to_stress = 0 if critical else min(f.stress, amount)
    f.stress -= to_stress
    wounds = amount - to_stress
    if wounds:
        f.injuries.append(f"{damage_type} {wounds}")
        f.worst = max(f.worst, wounds)
        if 2 * wounds > f.max_wp:
            units.marks(ctx, unit).big_hit = True
    before = f.wp
    f.wp -= wounds
    ctx.emit(
        Hurt(
            unit,
            units.name(ctx, unit),
            to_stress,
            wounds,
            f.stress,
            f.wp,
            f.max_wp,
            damage_type,
            critical,
            by,
            together,
        )
    )
    settle(ctx, unit, before, by)
    return was_in and not units.in_fight(ctx, unit)


def lose_wp(ctx: Context, unit: str, amount: int, why: str) -> None:
    """Wound Points lost to the body's state (dying, bleeding, a strenuous action)."""
    f = units.fighter(ctx, unit)
    before = f.wp
    f.wp -= amount
    ctx.emit(
        Note(
            f"{units.name(ctx, unit)} loses {amount} Wound Point ({why}): WP {f.wp}/{f.max_wp}",
            unit,
        )
    )
    settle(ctx, unit, before, None)


def settle(ctx: Context, unit: str, before: int, by: str | None) -> None:
    """Incapacitated at 0 WP, Dying below 0, dead at −STR (002 · Wound Points)."""
    f = units.fighter(ctx, unit)
    who, side = units.name(ctx, unit), units.side(ctx, unit)
    if f.dead:
        return
    if f.wp <= -f.max_wp:
        f.dead = True
        ctx.emit(Died(unit, who, side, "slain" if by else "of their wounds"))
    elif f.wp < 0 <= before:
        ctx.emit(Downed(unit, who, side, "dying", by))
    elif f.wp == 0 < before:
        ctx.emit(Downed(unit, who, side, "incapacitated", by))


def inflict(ctx: Context, unit: str, injury: InjuryRoll) -> None:
    """Put a combat injury's effects on the unit."""
    f = units.fighter(ctx, unit)
    f.combat_injuries.append(injury.name)
    for condition in injury.conditions:
        f.add(condition)
    if injury.arm:
        f.add(MAIN_ARM if injury.arm == "main" else OFF_ARM)
    for attr, amount in injury.damage:
        if attr == "Strength":
            f.STR = max(1, f.STR - amount)
        elif attr == "Agility":
            f.AGI = max(1, f.AGI - amount)
        else:
            f.damage[attr] = f.damage.get(attr, 0) + amount
    ctx.emit(Injured(unit, units.name(ctx, unit), injury.name, injury.effect()))


__all__ = [
    "ARM",
    "Blow",
    "InjuryRoll",
    "apply_blows",
    "hurt",
    "inflict",
    "lose_wp",
    "roll_blow",
    "roll_injury",
    "settle",
]
