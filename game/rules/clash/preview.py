"""Exact odds of one blow (000 · Attacking & Damage, Critical Damage), for the attack
preview and the AI: what a blow of a given total does to ``target`` before any reaction
(``blow_outcome``), and the chance that a blow of ``die`` (+``bonus`` d12 when enhanced)
takes ``target`` out of the fight (``out_chance``).

Out means STR 0, or STR damage followed by a failed STR save that knocks out, kills or
incapacitates (a player character's d6: 5 in 6; with hit locations, counted as the
head's 1 in 10 plus the torso's extra loss reaching 0: approximated by 0.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.clash import units
from game.rules.clash.house_rules import CRITICAL, rule

if TYPE_CHECKING:
    from game.engine.context import Context


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one blow does: the chance it takes the target out, the HP and STR it costs."""

    out: float
    hp: int
    str_: int


def blow_outcome(
    ctx: Context, target: str, total: int, *, to_str: bool = False, crit_save: bool = True
) -> Outcome:
    """A blow rolling ``total`` on ``target`` as it stands (``damage.harm``'s arithmetic:
    Armor, then HP, then STR and the Critical Damage save; ``to_str``: straight to STR,
    as a parry; ``crit_save`` False: no save, as a parry)."""
    st = units.state(ctx, target)
    hp = units.health(ctx, target).hp
    dealt = max(0, total - st.armor)
    straight = to_str or st.unaware or st.overburdened
    into_str = dealt if straight else max(0, dealt - hp)
    hp_lost = dealt - into_str
    if into_str <= 0:
        return Outcome(0.0, hp_lost, 0)
    left = st.STR - into_str
    if left <= 0:
        return Outcome(1.0, hp_lost, st.STR)
    if not crit_save:
        return Outcome(0.0, hp_lost, into_str)
    return Outcome((20 - left) / 20 * crit_out_chance(ctx, target), hp_lost, into_str)


def crit_out_chance(ctx: Context, target: str) -> float:
    """The chance a failed Critical Damage save takes ``target`` out of the fight."""
    if not units.is_party(ctx, target):
        return 1.0
    if rule(ctx, CRITICAL) == "locations":
        return 0.3
    return 5 / 6


def out_chance(ctx: Context, target: str, die: int, bonus: int = 0) -> float:
    faces = [a + b for a in range(1, die + 1) for b in (range(1, bonus + 1) if bonus else (0,))]
    return sum(blow_outcome(ctx, target, roll).out for roll in faces) / len(faces)


def preview_rows(
    ctx: Context,
    target: str,
    dice: tuple[int, int, int],
    why: tuple[list[str], list[str]],
    damage: tuple[int, int],
    out: float,
) -> tuple[tuple[str, str], ...]:
    """The attack preview in 000's terms (no hit roll: attacks always hit). ``dice``: the
    weapon's die, the die rolled and the enhancing d12 (0 if none); ``why``: the impairing
    and enhancing circumstances; ``damage``: what gets through Armor. Rows: the die as it
    will be rolled ("d4 (d8 impaired)" when impaired, "d8 + d12" when enhanced) with each
    circumstance under it, minus the target's Armor, the damage, the target's HP and STR,
    and the chance the blow takes it out."""
    weapon_die, die, bonus = dice
    impaired, enhanced = why
    st = units.state(ctx, target)
    hp = units.health(ctx, target)
    if bonus:
        rolled = f"d{die} + d{bonus}"
    elif die != weapon_die:
        rolled = f"d{die} (d{weapon_die} impaired)"
    else:
        rolled = f"d{die}"
    rows = [("Damage die", rolled)]
    rows += [(f"  impaired: {m}", "") for m in impaired]
    rows += [(f"  enhanced: {m}", "") for m in enhanced]
    rows += [
        ("Minus Armor", f"-{st.armor}" if st.armor else "0"),
        ("Damage", f"{damage[0]}–{damage[1]}"),
        ("Target HP", f"{hp.hp}/{hp.max_hp}"),
        ("Target STR", f"{st.STR}/{st.max_STR}"),
        ("Chance to take out", f"{round(100 * out)}%"),
    ]
    return tuple(rows)
