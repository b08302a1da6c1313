"""An attack (001 · Attacking and Damage, Critical Damage, Dual-Wielding).

Who rolls (README · Decisions): the party's units roll every die. A party unit that
attacks tests STR DR12 (melee) or DEX DR12 (ranged) to deal its weapon's damage; a
natural 20 doubles the damage dice, a natural 1 marks a usage of the weapon. When another
side attacks a party unit, the party unit tests DEX DR12 to avoid the blow; a natural 1
doubles the damage it takes. Two sides that are neither the party: the attacker tests.
The ``rolls=attacker`` house rule makes every attacker test, whatever its side.

Disadvantage of a side that does not roll (README · Decisions): what would give the
attacker disadvantage (a ranged attack at Close, a Weakened attacker) gives the one
avoiding the blow advantage, and the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.geometry.zones import ZoneRange
from game.rules.zones import units
from game.rules.zones.checks import edge, test
from game.rules.zones.damage import harm, roll_damage
from game.rules.zones.events import UsageMarked
from game.rules.zones.house_rules import ROLLS, rule
from game.rules.zones.state import USAGES, WEAKENED

if TYPE_CHECKING:
    from game.engine.context import Context


@dataclass(frozen=True, slots=True)
class Plan:
    """How an attack will be rolled: who tests (``tester``), which attribute, with what
    edge for the tester (+1 advantage, -1 disadvantage), and whether it is ranged."""

    tester: str
    attribute: str
    advantage: int
    attacking: bool  # True: the attacker's attack test; False: the target's avoid test
    ranged: bool


def attacker_edge(ctx: Context, attacker: str, target: str, ranged: bool) -> int:
    """The attacker's own edge: disadvantage shooting at Close (001 · Attacking)."""
    close = units.distance(ctx, attacker, target) == ZoneRange.CLOSE
    return -1 if ranged and close else 0


def plan(ctx: Context, attacker: str, target: str, weapons: tuple[str, ...]) -> Plan:
    """Who tests what for this attack (pure: the preview reads it too)."""
    ranged = units.weapon(ctx, weapons[0]).ranged
    own = attacker_edge(ctx, attacker, target, ranged)
    rolling = units.rolling_side(ctx)
    attacker_rolls = (
        rule(ctx, ROLLS) == "attacker"
        or units.side(ctx, attacker) == rolling
        or units.side(ctx, target) != rolling
    )
    if attacker_rolls:
        return Plan(attacker, "DEX" if ranged else "STR", own, True, ranged)
    # the party unit avoids: the attacker's edge turns round, the attacker's weakness helps
    weak = -1 if WEAKENED in units.fighter(ctx, attacker).hindrances else 0
    return Plan(target, "DEX", edge(-(own + weak)), False, ranged)


def mark_usage(ctx: Context, unit: str, weapon_id: str) -> None:
    """A natural 1 on an attack marks a usage; the ``USAGES``-th breaks the weapon
    (README · Decisions: usages). Natural weapons (bites, fists) never break."""
    w = units.weapon(ctx, weapon_id)
    if w.unarmed or w.natural:
        return
    f = units.fighter(ctx, unit)
    f.usages[weapon_id] = f.usages.get(weapon_id, 0) + 1
    marked = f.usages[weapon_id]
    ctx.emit(UsageMarked(unit, units.name(ctx, unit), w.name, marked, marked >= USAGES))


def strike(
    ctx: Context, attacker: str, target: str, weapons: tuple[str, ...], *, why: str = "attack"
) -> bool:
    """Resolve one attack; True when it dealt damage."""
    p = plan(ctx, attacker, target, weapons)
    tester_name = units.name(ctx, p.tester)
    whom = units.name(ctx, target)
    if p.attacking:
        t = test(
            ctx, attacker, p.attribute, f"{why} on {whom}", advantage=p.advantage, who=tester_name
        )
        if t.natural == 1:
            mark_usage(ctx, attacker, weapons[0])
        if not t.passed:
            return False
        amount = roll_damage(ctx, attacker, weapons, doubled=t.natural == 20)
    else:
        t = test(
            ctx,
            target,
            "DEX",
            f"avoid {units.name(ctx, attacker)}'s {why}",
            advantage=p.advantage,
            who=tester_name,
        )
        if t.passed:
            return False
        amount = roll_damage(ctx, attacker, weapons, doubled=t.natural == 1)
    harm(ctx, target, amount, why, by=attacker)
    if units.fighter(ctx, attacker).causes_ongoing and not units.fighter(ctx, target).out:
        units.fighter(ctx, target).ongoing = True
    return True
