"""When the factions AI equips, unequips or swaps weapons (003 · Bonus actions: "Equip or
unequip an item. Swapping two items is two bonus actions"; README · Decisions "hands").

A weapon's worth is the best blow the unit could strike from where it stands with it in
hand (``FactionsAI.best_strike``, the hands changed for the reckoning only).

- A free hand and a carried weapon, and the equip leaves the main action: equip it when
  the blow it gives is worth more than the best blow now (a crossbowman that lost its
  crossbow readies its sword, then strikes).
- Otherwise an equip, or a swap (unequip, then equip), costs this turn's blow: it is made
  only with an enemy beside the unit (the new weapon will have work) when the blow it
  gives is worth at least ``SWAP_GAIN`` (1.5) times the best blow now, so the blow given
  up is made good within two blows after (a bow-armed unit in melee swaps to a sidearm
  that strikes much harder; an archer keeps its longbow rather than take its dagger).
- A swap once begun is finished: with empty hands, the carried weapon that strikes best
  is taken up (nothing in hand is worse than any weapon that strikes).
- Or, with no enemy beside it, when the unit can strike nothing now and will not walk
  (it holds a post, or has moved) while a carried weapon would strike (a pikeman on a
  post takes up its dagger to throw: the main action is idle anyway, and a walk that
  might end in a blow with the held weapon is not given up for it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.engine.answers import Answer
from game.rules.factions import budget, units
from game.rules.factions.answers import Equip, Unequip

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context

SWAP_GAIN = 1.5  # the blow given up this turn is made good within two blows after


class Striker(Protocol):
    def best_strike(self, ctx: Context, unit: str) -> tuple[float, Answer | None]: ...


def worth_with(ai: Striker, ctx: Context, unit: str, held: list[str]) -> float:
    """The best blow ``unit`` could strike now with ``held`` in its hands: its hands are
    set so for the reckoning and put back as they were (nothing else is touched)."""
    g = units.gear(ctx, unit)
    before = list(g.held)
    g.held[:] = held
    try:
        return ai.best_strike(ctx, unit)[0]
    finally:
        g.held[:] = before


def gear_up(
    ai: Striker, battle: Battle, unit: str, now: float, stays: Callable[[], bool]
) -> Answer | None:
    """The equip or unequip that pays now (module docstring), or None. ``now``: the
    worth of the best blow the unit can strike this turn as it is; ``stays``: whether it
    will not walk this turn (asked only when it has no blow)."""
    ctx = battle.ctx
    spare = units.carried(ctx, unit)
    if not spare or budget.can(ctx, unit, budget.BONUS) is not None:
        return None
    t = units.turn(ctx, unit)
    if t.main:
        return None
    held = [w for w in units.weapons(ctx, unit) if w != "unarmed"]
    keeps_main = t.bonus == 0
    beside = any(units.nearby(ctx, unit, e) for e in units.enemies(ctx, unit))
    idle: bool | None = None
    best: tuple[float, Answer | None] = (0.0, None)
    for w in spare:
        fits = units.hands(ctx, w) <= units.free_hands(ctx, unit)
        if not fits and (not keeps_main or not held):
            continue  # a swap needs both bonus actions
        hands = held if fits else _freed(ctx, held, units.hands(ctx, w))
        value = worth_with(ai, ctx, unit, [*hands, w])
        if fits and (keeps_main or not held):
            pays = value > now  # leaves the main action, or ends a swap begun: empty hands
        elif value < SWAP_GAIN * max(now, 0.1):
            pays = False
        else:
            if idle is None:
                idle = now <= 0 and stays()
            pays = beside or idle
        if pays and value > best[0]:
            first = (
                Equip(unit, w) if fits else Unequip(unit, next(h for h in held if h not in hands))
            )
            best = (value, first)
    return best[1]


def _freed(ctx: Context, held: list[str], need: int) -> list[str]:
    """What stays in hand after putting away, last first, enough for ``need`` hands."""
    keep = list(held)
    while keep and units.HANDS - sum(units.hands(ctx, h) for h in keep) < need:
        keep.pop()
    return keep
