"""Exact odds of one blow (000 · Attacking & Damage, Critical Damage), for the attack
preview and the AI: the chance that a blow of ``die`` (+``bonus`` d12 when enhanced)
takes ``target`` out of the fight before any reaction.

Out means STR 0, or STR damage followed by a failed STR save that knocks out, kills or
incapacitates (a player character's d6: 5 in 6; with hit locations, counted as the
head's 1 in 10 plus the torso's extra loss reaching 0: approximated by 0.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.clash import units
from game.rules.clash.house_rules import CRITICAL, rule

if TYPE_CHECKING:
    from game.engine.context import Context


def out_chance(ctx: Context, target: str, die: int, bonus: int = 0) -> float:
    st = units.state(ctx, target)
    hp = units.health(ctx, target).hp
    straight = st.unaware or st.overburdened
    if not units.is_party(ctx, target):
        crit_out = 1.0
    elif rule(ctx, CRITICAL) == "locations":
        crit_out = 0.3
    else:
        crit_out = 5 / 6
    faces = [a + b for a in range(1, die + 1) for b in (range(1, bonus + 1) if bonus else (0,))]
    total = 0.0
    for roll in faces:
        dealt = max(0, roll - st.armor)
        into_str = dealt if straight else max(0, dealt - hp)
        if into_str <= 0:
            continue
        left = st.STR - into_str
        if left <= 0:
            total += 1.0
        else:
            fail = (20 - left) / 20
            total += fail * crit_out
    return total / len(faces)
