"""Reactions of the clash AI (000 · Block, Dodge & Parry, Multiple Attackers), valued
exactly from the dice.

Under attack, each offered reaction is worth the worth it saves (or takes from the
attacker) minus what its Fatigue slot costs:

- **Block / Dodge**: the moment's highest roll with the caught attacks impaired to a d4
  (or turned aside), against the highest roll without. A blow the Armor absorbs anyway
  saves nothing, so no slot is burnt on it.
- **Fight back**: the unit's own blow on the attacker, counted only if it is still
  standing after the incoming blow.
- **Parry**: the two dice against each other (the higher goes straight to STR, no
  Critical Damage save), the other attackers' highest still landing.
- **Fatigue**: a slot costs more the fewer are left (``slot_cost``); the last free slot
  is never spent, since a full inventory cannot defend at all.

A counter-attack after a resisted gambit is free and always taken; a repeated wound
fills a new slot unless that would overburden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.clash.odds import (
    Dist,
    best_of,
    die_dist,
    loss,
    out_probability,
    slot_cost,
    swing_dist,
)
from game.ai.clash.plan import weapons_for
from game.engine.answers import Answer, Decline
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, band
from game.rules.clash.content import SIZES
from game.rules.clash.damage import WoundChoice
from game.rules.clash.reactions import (
    Block,
    CounterAttack,
    Dodge,
    FightBack,
    Parry,
    UnderAttack,
    answer_weapon,
)
from game.rules.clash.strike import reaction_effect

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.decision import Decision


def react(ctx: Context, decision: Decision, *, thinks: bool) -> Answer:
    """The answer to a reaction Decision; ``thinks`` False declines every paid reaction."""
    answers = decision.answers
    unit = decision.unit or ""
    for a in answers:
        if isinstance(a, CounterAttack):
            return a
    if any(isinstance(a, WoundChoice) for a in answers):
        st = units.state(ctx, unit)
        fresh = st.used_slots + 1 < st.slots
        return next(a for a in answers if isinstance(a, WoundChoice) and a.worsen is not fresh)
    decline = next((a for a in answers if isinstance(a, Decline)), answers[0])
    trigger = decision.trigger
    if not thinks or not isinstance(trigger, UnderAttack):
        return decline
    cost = slot_cost(ctx, unit)
    if cost is None:
        return decline
    best: tuple[float, Answer] = (cost, decline)
    for a in answers:
        value = reaction_value(ctx, unit, trigger, a)
        if value > best[0]:
            best = (value, a)
    return best[1]


def attacker_kit(ctx: Context, attacker: str, size: str, melee: bool) -> tuple[str, ...]:
    """The weapon(s) an attacker swings, read from its carried weapons of that size."""
    kit = [w for w in units.weapons(ctx, attacker) if w.size == size and melee != w.ranged]
    if not kit:
        return ()
    if melee:
        main, offhand = weapons_for(ctx, attacker)
        if units.weapon(ctx, main).size == size:
            return (main,) if offhand is None else (main, offhand)
    return (kit[0].id,)


def incoming(
    ctx: Context, unit: str, trigger: UnderAttack, reaction: str, skip: str = ""
) -> list[Dist]:
    """Each attacker's roll against ``unit`` if it reacts with ``reaction`` (negated
    attacks left out; ``skip``: an attacker left out, the one parried)."""
    out: list[Dist] = []
    for a, size, melee in zip(trigger.attackers, trigger.sizes, trigger.melee, strict=True):
        if a == skip:
            continue
        effect = reaction_effect(ctx, unit, reaction, size)
        if effect == "negated":
            continue
        kit = attacker_kit(ctx, a, size, melee)
        impaired = effect == "impaired"
        if kit:
            out.append(swing_dist(ctx, a, kit, unit, ranged=not melee, impaired=impaired))
        else:
            out.append(die_dist(4 if impaired else SIZES.get(size, 6)))
    return out


def reaction_value(ctx: Context, unit: str, trigger: UnderAttack, a: Answer) -> float:
    """Worth a reaction saves ``unit`` or takes from its attacker (before its cost)."""
    plain = best_of(incoming(ctx, unit, trigger, ""))
    base = loss(ctx, unit, plain)
    if isinstance(a, Block | Dodge):
        kind = "block" if isinstance(a, Block) else "dodge"
        return base - loss(ctx, unit, best_of(incoming(ctx, unit, trigger, kind)))
    if isinstance(a, FightBack):
        w = answer_weapon(ctx, unit, a.target)
        if w is None:
            return 0.0
        ranged = band(units.cell(ctx, unit), units.cell(ctx, a.target)) != CLOSE
        mine = swing_dist(ctx, unit, (w.id,), a.target, ranged=ranged)
        standing = 1.0 - out_probability(ctx, unit, plain)
        return standing * loss(ctx, a.target, mine)
    if isinstance(a, Parry):
        return base - parry_loss(ctx, unit, trigger, a.target)
    return 0.0


def parry_loss(ctx: Context, unit: str, trigger: UnderAttack, foe: str) -> float:
    """Net worth ``unit`` loses parrying ``foe``: the die against die (what it takes
    minus what it deals, both straight to STR), and the other attackers' highest."""
    i = trigger.attackers.index(foe)
    kit = attacker_kit(ctx, foe, trigger.sizes[i], True) or (units.best_melee(ctx, foe).id,)
    theirs = swing_dist(ctx, foe, kit, unit)
    mine = swing_dist(ctx, unit, (units.best_melee(ctx, unit).id,), foe)
    duel = 0.0
    for m, pm in enumerate(mine):
        for t, pt in enumerate(theirs):
            if pm <= 0.0 or pt <= 0.0:
                continue
            if m > t:
                duel -= pm * pt * loss(ctx, foe, _one(m), to_str=True, crit_save=False)
            elif t > m:
                duel += pm * pt * loss(ctx, unit, _one(t), to_str=True, crit_save=False)
    rest = best_of(incoming(ctx, unit, trigger, "", skip=foe))
    return duel + loss(ctx, unit, rest)


def _one(total: int) -> Dist:
    return tuple(1.0 if i == total else 0.0 for i in range(total + 1))
