"""Exact odds for the clash AI (000 · Attacking & Damage, Multiple Attackers, Attack
Modifiers): damage rolls as distributions, the single highest of several, and what a
blow costs its target in *worth* (how much of the fight it takes away).

A distribution is a tuple of probabilities indexed by the rolled total (index 0 unused).
Multiple attackers in one moment roll every die and only the highest lands, so a moment
is worth ``loss(target, best_of(dists))``; an extra attacker adds only
``E[max of n] - E[max of n-1]``, which shrinks fast (a d6: 3.5, 4.47, 4.96, 5.24 ...).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from game.rules.clash import units
from game.rules.clash.preview import blow_outcome
from game.rules.clash.strike import Swing, situation

if TYPE_CHECKING:
    from game.engine.context import Context

Dist = tuple[float, ...]

# Rounds of fighting a unit's threat is counted over when it is taken out.
HORIZON = 3.0
# What a Fatigue slot costs: a base, and more as the free slots run out.
SLOT_BASE = 0.5
SLOT_SCARCITY = 3.0


def die_dist(die: int, *, impaired: bool = False, enhanced: bool = False) -> Dist:
    """A damage roll: the weapon's die; 1d4 when impaired; +1d12 when enhanced; impaired
    and enhanced cancel (``strike.roll_attack``)."""
    if impaired and enhanced:
        impaired = enhanced = False
    if impaired:
        die = 4
    out = [0.0] * (die + (12 if enhanced else 0) + 1)
    bonus = range(1, 13) if enhanced else (0,)
    share = 1.0 / (die * len(bonus))
    for a in range(1, die + 1):
        for b in bonus:
            out[a + b] += share
    return tuple(out)


def best_of(dists: Iterable[Dist]) -> Dist:
    """The single highest of independent rolls (000 · Multiple Attackers, Dual Weapons)."""
    items = [d for d in dists if d]
    if not items:
        return ()
    size = max(len(d) for d in items)
    cdfs = []
    for d in items:
        acc, cdf = 0.0, []
        for i in range(size):
            acc += d[i] if i < len(d) else 0.0
            cdf.append(acc)
        cdfs.append(cdf)
    out, prev = [], 0.0
    for i in range(size):
        c = 1.0
        for cdf in cdfs:
            c *= cdf[i]
        out.append(c - prev)
        prev = c
    return tuple(out)


def mean(dist: Dist) -> float:
    return sum(i * p for i, p in enumerate(dist))


def swing_dist(
    ctx: Context, attacker: str, weapons: Sequence[str], target: str, *, ranged: bool = False,
    impaired: bool = False, enhanced: bool = False,
) -> Dist:
    """The roll of ``attacker``'s blow on ``target`` with ``weapons`` as things stand
    (impaired or enhanced by the situation; ``impaired``: a block or dodge on top;
    ``enhanced``: the target tripped first)."""
    why_impaired, why_enhanced = situation(ctx, Swing(attacker, tuple(weapons), None, ranged),
                                           target)
    imp, enh = bool(why_impaired) or impaired, bool(why_enhanced) or enhanced
    if imp and not enh:
        return die_dist(4)
    return best_of(die_dist(units.weapon(ctx, w).die, enhanced=enh) for w in weapons)


def threat(ctx: Context, unit: str) -> float:
    """The mean of the best blow ``unit`` can deal (2.5, a d4, once critically hurt)."""
    dice = [w.die for w in units.weapons(ctx, unit)]
    if units.state(ctx, unit).crit_failed or not dice:
        return 2.5
    return (max(dice) + 1) / 2


def worth(ctx: Context, unit: str) -> float:
    """What taking ``unit`` out of the fight is worth: its threat over a few rounds, and
    a little more for one that shoots (it strikes from afar)."""
    shoots = any(w.ranged for w in units.weapons(ctx, unit))
    return 2.0 + HORIZON * threat(ctx, unit) + (1.0 if shoots else 0.0)


def loss(
    ctx: Context, target: str, dist: Dist, *, to_str: bool = False, crit_save: bool = True
) -> float:
    """Expected worth ``target`` loses to a blow rolling ``dist``: taken out, its whole
    worth; otherwise each HP a share of it and each STR point twice that."""
    if not dist:
        return 0.0
    w = worth(ctx, target)
    st = units.state(ctx, target)
    toughness = units.health(ctx, target).max_hp + st.max_STR / 2 + 1
    per_point = w / toughness
    total = 0.0
    for roll, p in enumerate(dist):
        if p <= 0.0 or roll == 0:
            continue
        o = blow_outcome(ctx, target, roll, to_str=to_str, crit_save=crit_save)
        total += p * (o.out * w + (1.0 - o.out) * per_point * (o.hp + 2 * o.str_))
    return total


def out_probability(ctx: Context, target: str, dist: Dist, *, to_str: bool = False,
                    crit_save: bool = True) -> float:
    """The chance a blow rolling ``dist`` takes ``target`` out."""
    return sum(p * blow_outcome(ctx, target, roll, to_str=to_str, crit_save=crit_save).out
               for roll, p in enumerate(dist) if p > 0.0 and roll > 0)


def slot_cost(ctx: Context, unit: str) -> float | None:
    """What one more Fatigue slot costs ``unit`` (None: it would fill the inventory)."""
    st = units.state(ctx, unit)
    left = st.slots - st.used_slots - 1
    if left < 1:
        return None
    return SLOT_BASE + SLOT_SCARCITY / left
