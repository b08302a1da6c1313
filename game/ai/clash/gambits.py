"""Stuns, disarms and retreats weighed by their expected value (000 · Gambits, Retreat;
issue 31, blunder 7: ``hard`` never made a gambit and never retreated by choice).

**Gambits.** A gambit deals no damage: the gambit roll (the weapon dice, with the
situation's impaired or enhanced) of 1–3 is the Difficulty of the target's save (at
most its score and above the Difficulty); a failed save suffers the gambit, a made one
lets the target attack back at once (``counter_risk``). What a landed gambit is worth:

- **stun** (STR save): the target loses its next action, this round's if it has not
  acted yet, else the next round's (``rounds.ready``): worth what that action was
  foreseen to take from us (``plan.foreseen``: the enemy side planned as we would plan
  it, the target's share of its moment; a foe that would only move or hold is worth
  little to stun), at most ``STUN_CAP`` of what taking it out is worth (a foe about to
  finish a dying ally of ours is better struck down than stunned twice). And until
  then blows on it are enhanced, so the moment's other blows roll +d12 (as after a
  trip).
- **disarm** (DEX save): the target drops its first weapon for good: worth what that
  takes from its threat (``odds.worth`` with and without the weapon).

Both count only if the target is still in the fight after the moment's blows
(``plan.denial``). Shoves are not weighed (moving a foe a square is rarely worth a
blow).

**Retreat** (a DEX save; a quick turn with no foe Close, a full one after the Close
foes' quick blows otherwise). A unit that gets away keeps ``LIFE`` of its worth for its
side (it lives, but fights no more); one that stays keeps its worth only while it
stands. So, against holding, a retreat is worth
``(1 - q_now) * p * worth * (q_next - (1 - LIFE))``: ``p`` the DEX save, ``q_now`` the
chance the Close foes take it out before it runs, ``q_next`` the chance the foes that
can reach it take it out in one moment if it stays. It pays only where staying is more
likely than not to end it, and more than the unit's best blow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.ai.clash.choice import Choice
from game.ai.clash.morale import stake
from game.ai.clash.odds import best_of, loss, out_probability, swing_dist, worth
from game.geometry.movement import distance, neighbours
from game.rules.clash import units
from game.rules.clash.declare import ClashGambit, ClashRetreat, shot_problem
from game.rules.clash.strike import GAMBITS

if TYPE_CHECKING:
    from game.ai.clash.odds import Dist
    from game.engine.context import Context
    from game.geometry.grid import Cell

# A stun is never worth more than this share of taking its target out: it costs the
# target one action, taking it out costs it every one (``odds.worth``).
STUN_CAP = 0.5
# Share of its worth a unit that got away keeps for its side.
LIFE = 0.5
DIE = 20


def gambit_chance(ctx: Context, unit: str, kit: Sequence[str], target: str, kind: str) -> float:
    """000 · Gambits: the chance the target fails its save (``strike.GAMBITS``: STR for a
    stun, DEX for a disarm) against ``unit``'s gambit roll with ``kit`` as things stand
    (impaired rolls a d4, so more often a Difficulty)."""
    roll = swing_dist(ctx, unit, kit, target)
    score = min(DIE, units.state(ctx, target).score(GAMBITS[kind]))
    total = 0.0
    for r, p in enumerate(roll):
        if p <= 0.0 or r == 0:
            continue
        difficulty = r if r <= 3 else 0
        total += p * (1.0 - max(0, score - difficulty) / DIE)
    return total


def counter_risk(ctx: Context, unit: str, target: str, chance: float) -> float:
    """What a resisted gambit may cost: the target's counter-attack (its best melee
    blow) on ``unit``, when the save is made."""
    back = units.best_melee(ctx, target)
    return (1.0 - chance) * loss(ctx, unit, swing_dist(ctx, target, (back.id,), unit))


def disarmed_worth(ctx: Context, target: str) -> float:
    """What the target's first weapon (the one a disarm drops, ``damage.disarm``) adds to
    its worth: its worth now minus its worth without it."""
    carried = units.state(ctx, target).weapons
    if not carried:
        return 0.0
    left = [w for w in units.weapons(ctx, target) if w.id != carried[0]]
    return worth(ctx, target) - worth(ctx, target, left)


def gambit_choices(
    ctx: Context, unit: str, target: str, kit: tuple[str, ...], group: str, denied: float
) -> list[Choice]:
    """A stun and a disarm on ``target`` in its moment (``group``), each with its chance,
    what it denies and the counter-attack a resisted one invites."""
    offhand = kit[1] if len(kit) > 1 else None
    out: list[Choice] = []
    st = units.state(ctx, target)
    if not st.stunned:
        p = gambit_chance(ctx, unit, kit, target, "stun")
        plain = swing_dist(ctx, unit, kit, target)
        enhances = len(plain) <= 11  # not already enhanced against
        out.append(
            Choice(
                ClashGambit(unit, target, kit[0], "stun", offhand),
                (target, group),
                trip=p if enhances else 0.0,
                deny=min(denied, STUN_CAP * worth(ctx, target)),
                land=p,
                bonus=-counter_risk(ctx, unit, target, p),
            )
        )
    gone = disarmed_worth(ctx, target)
    if gone > 0.0:
        p = gambit_chance(ctx, unit, kit, target, "disarm")
        out.append(
            Choice(
                ClashGambit(unit, target, kit[0], "disarm", offhand),
                (target, group),
                deny=gone,
                land=p,
                bonus=-counter_risk(ctx, unit, target, p),
            )
        )
    return out


def hemmed(ctx: Context, unit: str) -> bool:
    """No free neighbouring square: nowhere safe to run (``declare.RetreatSpec``)."""
    foes, friends = units.occupied(ctx, unit)
    here: Cell = units.cell(ctx, unit)
    return not any(
        not ctx.grid.blocks_move(c) and c not in foes and c not in friends
        for c in neighbours(ctx.grid, here)
    )


def threats(ctx: Context, unit: str, foes: Sequence[str], *, close_only: bool) -> list[Dist]:
    """The rolls of the foes that can strike ``unit``: Close ones (``close_only``), or
    also those within one move and the shooters in range and sight."""
    here = units.cell(ctx, unit)
    out: list[Dist] = []
    for f in foes:
        at = units.cell(ctx, f)
        gap = distance(here, at)
        if gap <= 1 or (not close_only and gap <= units.speed(ctx, f) + 1):
            out.append(swing_dist(ctx, f, (units.best_melee(ctx, f).id,), unit))
            continue
        if close_only:
            continue
        for w in units.weapons(ctx, f):
            if w.ranged and shot_problem(ctx, f, unit, w, at) is None:
                out.append(swing_dist(ctx, f, (w.id,), unit, ranged=True))
    return out


def retreat_choice(
    ctx: Context, unit: str, foes: Sequence[str], close: Sequence[str], *, morale: bool = False
) -> Choice | None:
    """A retreat worth declaring (module docstring), or None where it does not pay.
    ``morale``: a unit that gets away counts as lost for its side's morale as one that
    falls does, so running raises the chance it leaves the fight by
    ``(1 - q_now) * p * (1 - q_next)``, each time at the risk of the check it may call
    (``clash.morale.stake``)."""
    if not foes or hemmed(ctx, unit):
        return None
    p = min(DIE, units.state(ctx, unit).DEX) / DIE
    q_now = (
        out_probability(ctx, unit, best_of(threats(ctx, unit, close, close_only=True)))
        if close
        else 0.0
    )
    q_next = out_probability(ctx, unit, best_of(threats(ctx, unit, foes, close_only=False)))
    gain = (1.0 - q_now) * p * worth(ctx, unit) * (q_next - (1.0 - LIFE))
    if morale and gain > 0.0:
        gain -= (1.0 - q_now) * p * (1.0 - q_next) * stake(ctx, unit)
    if gain <= 0.0:
        return None
    return Choice(ClashRetreat(unit), bonus=gain)
