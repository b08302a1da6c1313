"""Damage and being downed (004 · Damage; issue 3 · Downed units).

- Damage lowers HP, never below 0.
- At 0 HP an NPC dies. A unit of the party side is mortally wounded instead: it is out of
  the fight and dies at the end of the ``MORTAL_ROUNDS``-th round after it fell unless an
  ally stabilises it with first aid (Use a Skill, added by the second half of the rules).
  ``Conditions.mortal_rounds_left`` counts down the rounds it has left (for a countdown
  on screen); a stabilised unit is no longer mortally wounded (``Conditions.stabilised``)
  but stays out of the fight, lying on its square.
- Decision: a downed unit cannot be attacked again (the source has no coup de grâce
  outside execution attacks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Damaged, Died, Downed
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.context import Context

MORTAL_ROUNDS = 6


def apply_damage(ctx: Context, unit: str, amount: int, source: str, by: str | None) -> None:
    """Take ``amount`` HP from ``unit`` and down it at 0 (events: Damaged, then Downed for a
    mortally wounded party unit or Died for everyone else).

    A unit brought to 0 HP is marked fallen before any event goes out, so nothing reacting
    to the ``Damaged`` event (a morale check for a lone, badly hurt unit) ever sees it
    still standing at 0 HP."""
    health = units.health(ctx, unit)
    if amount <= 0 or health.hp <= 0:
        return
    health.hp = max(0, health.hp - amount)
    fall = _fall(ctx, unit, by) if health.hp == 0 else None
    ctx.emit(
        Damaged(
            unit=unit,
            who=units.name(ctx, unit),
            amount=amount,
            hp=health.hp,
            max_hp=health.max_hp,
            source=source,
            by=by,
        )
    )
    if fall is not None:
        ctx.emit(fall)


def _fall(ctx: Context, unit: str, by: str | None) -> Downed | Died:
    """Mark the unit fallen (out of the fight at once) and return the event to announce."""
    cond = units.conditions(ctx, unit)
    who = units.name(ctx, unit)
    side = units.side(ctx, unit)
    if units.is_party(ctx, unit):
        cond.mortally_wounded = True
        cond.mortal_rounds_left = MORTAL_ROUNDS
        return Downed(unit=unit, who=who, side=side, fate="mortally wounded", by=by)
    cond.dead = True
    return Died(unit=unit, who=who, side=side, cause="slain")


def end_of_round_mortal_wounds(ctx: Context) -> None:
    """Mortally wounded units that nobody stabilised lose a round; the 6th kills them."""
    for unit in ctx.units():
        cond = units.conditions(ctx, unit)
        if not cond.mortally_wounded or cond.stabilised or cond.dead:
            continue
        cond.mortal_rounds_left = max(0, cond.mortal_rounds_left - 1)
        if cond.mortal_rounds_left == 0:
            cond.mortally_wounded = False
            cond.dead = True
            ctx.emit(
                Died(
                    unit=unit,
                    who=units.name(ctx, unit),
                    side=units.side(ctx, unit),
                    cause=f"mortal wound, {MORTAL_ROUNDS} rounds untended",
                )
            )


def stabilise(ctx: Context, unit: str) -> None:
    """First aid worked: the unit is no longer dying (no countdown), still out of the fight."""
    cond = units.conditions(ctx, unit)
    cond.mortally_wounded = False
    cond.mortal_rounds_left = 0
    cond.stabilised = True
