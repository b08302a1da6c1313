"""The attack roll of a combat maneuver (004 · Combat Maneuvers: Shoving, Grappling).

A maneuver needs a successful attack roll but does no damage: d20 + the attack bonus and
the situation modifiers of ``resolution.assess`` against the target's AC, with the
``attack_rolled`` reaction window (the target may answer with Total Defense). There is no
Shock on a miss and no ``before_damage`` window (nothing to interrupt).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from game.engine.answers import Answer
from game.engine.decision import Decision
from game.engine.events import Note
from game.rules.grid import units
from game.rules.grid.events import AttackDeclared, AttackResolved
from game.rules.grid.resolution import assess, target_ac

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context


def maneuver_roll(
    ctx: Context, attacker: str, target: str, weapon: Weapon, mode: str
) -> Generator[Decision, Answer, bool]:
    """Roll the maneuver's attack; returns True on a hit."""
    a = assess(ctx, attacker, target, weapon, False)
    who, whom = units.name(ctx, attacker), units.name(ctx, target)
    if not a.allowed:
        ctx.emit(Note(f"{who} cannot {mode}: {a.reason}", attacker))
        return False
    mods = ", ".join(f"{m.label} {m.value:+d}" for m in a.modifiers)
    ctx.emit(
        AttackDeclared(
            attacker=attacker,
            target=target,
            weapon=weapon.id,
            mode=mode,
            text_=f"{who} tries to {mode} {whom}" + (f" [{mods}]" if mods else ""),
        )
    )
    ac, _ = target_ac(ctx, target)
    rolled = ctx.roll(
        1,
        20,
        a.total,
        unit=attacker,
        who=who,
        purpose="attack roll",
        detail=f"vs {whom}",
        target=ac,
        versus="AC",
        words=("hit", "miss"),
        terms=a.terms,
    )
    yield from ctx.window("attack_rolled", rolled)
    final, _ = target_ac(ctx, target)
    hit = rolled.total >= final and units.in_fight(ctx, attacker)
    ctx.emit(
        AttackResolved(
            attacker=attacker,
            target=target,
            weapon=weapon.id,
            mode=mode,
            hit=hit,
            total=rolled.total,
            ac=final,
        )
    )
    return hit
