"""Damage, 0 HP, Ongoing Damage and hindrances (001 · Attacking and Damage, Critical
Damage, Ongoing Damage, Hinderance)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Damaged, Downed
from game.rules.zones import units
from game.rules.zones.checks import test
from game.rules.zones.events import Hindered
from game.rules.zones.state import DISTRACTED, PARALYSED, STUCK, WEAKENED

if TYPE_CHECKING:
    from game.engine.context import Context

# What ends each hindrance: the attribute tested and whether the test takes the action
# (README · Decisions: hindrances). The free tests are made at the end of the unit's turn.
ENDED_BY: dict[str, tuple[str, bool]] = {
    WEAKENED: ("STR", False),
    DISTRACTED: ("DEX", False),
    STUCK: ("STR", True),
    PARALYSED: ("STR", False),
}


def harm(ctx: Context, unit: str, amount: int, source: str, by: str | None = None) -> None:
    """Take ``amount`` HP; at 0 the unit is down and out of the fight (README · 0 HP)."""
    f = units.fighter(ctx, unit)
    if amount <= 0 or f.out:
        return
    f.hp = max(0, f.hp - amount)
    if by is not None:
        provoke(ctx, unit)
    who = units.name(ctx, unit)
    ctx.emit(
        Damaged(unit=unit, who=who, amount=amount, hp=f.hp, max_hp=f.max_hp, source=source, by=by)
    )
    if f.hp == 0:
        f.out = "down"
        f.ongoing = False
        ctx.emit(Downed(unit=unit, who=who, side=units.side(ctx, unit), fate="down", by=by))


def provoke(ctx: Context, unit: str) -> None:
    """A side harmed by an enemy is hostile from now on (README · Reactions)."""
    stance = getattr(ctx.ruleset, "stance", None)
    if isinstance(stance, dict):
        stance[units.side(ctx, unit)] = "hostile"


def roll_damage(ctx: Context, unit: str, weapons: tuple[str, ...], *, doubled: bool = False) -> int:
    """The weapons' damage dice; with two weapons (dual-wielding) both are rolled and the
    higher kept (001 · Dual-Wielding); ``doubled``: a natural 20 doubles the result of the
    dice (001 · Critical Damage)."""
    who = units.name(ctx, unit)
    best = 0
    for weapon_id in weapons:
        w = units.weapon(ctx, weapon_id)
        r = ctx.roll(
            w.damage.count, w.damage.sides, unit=unit, who=who, purpose=f"damage ({w.name})"
        )
        best = max(best, r.total)
    return best * 2 if doubled else best


def hinder(ctx: Context, unit: str, hindrance: str) -> None:
    f = units.fighter(ctx, unit)
    if f.out or hindrance in f.hindrances:
        return
    f.hindrances.append(hindrance)
    ctx.emit(Hindered(unit, units.name(ctx, unit), hindrance))


def shake_off(ctx: Context, unit: str, hindrance: str) -> bool:
    """The test that ends ``hindrance`` (its attribute, DR12); True when it ended."""
    f = units.fighter(ctx, unit)
    attribute, _ = ENDED_BY[hindrance]
    who = units.name(ctx, unit)
    if not test(ctx, unit, attribute, f"end {hindrance}", who=who).passed:
        return False
    f.hindrances.remove(hindrance)
    ctx.emit(Hindered(unit, who, hindrance, ended=True))
    return True


def start_of_turn(ctx: Context, unit: str) -> None:
    """Ongoing Damage: HP equal to the unit's level at the start of each of its turns."""
    f = units.fighter(ctx, unit)
    if f.ongoing:
        harm(ctx, unit, f.level, "ongoing")


def end_of_turn(ctx: Context, unit: str) -> None:
    """The end-of-turn tests: a Skill test to end Ongoing Damage (001 · Ongoing Damage:
    "using their Skill"), then one for each hindrance that does not need the action."""
    f = units.fighter(ctx, unit)
    if f.out:
        return
    who = units.name(ctx, unit)
    if f.ongoing and test(ctx, unit, "Skill", "end ongoing damage", who=who).passed:
        f.ongoing = False
    for hindrance in list(f.hindrances):
        if not ENDED_BY[hindrance][1]:
            shake_off(ctx, unit, hindrance)


def can_move(ctx: Context, unit: str) -> bool:
    hs = units.fighter(ctx, unit).hindrances
    return STUCK not in hs and PARALYSED not in hs


def can_act(ctx: Context, unit: str) -> bool:
    hs = units.fighter(ctx, unit).hindrances
    return DISTRACTED not in hs and PARALYSED not in hs
