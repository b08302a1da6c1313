"""Shock (004 · Shock, Total Defense, Make a Swarm Attack): a melee miss still hurts.

The ``ShockOnMiss`` system applies it when an attack misses (its ``AttackResolved``
event, with ``shocks`` set by ``resolution.attack_flow``): the weapon's Shock points +
attribute + magic when the target's AC is at most the weapon's Shock rating (or the rating
is ``-``); never for a ranged or thrown attack, nor for a maneuver's or an execution's
roll. Its state is the target's ``Conditions``:

- ``total_defense``: immune to Shock (even a swarm's) until the start of its next turn;
- ``shock_ignored``: a shield stops the first Shock each round; the system sets it when
  the shield does, and ``RoundReset`` clears it at the start of each round.

A Swarm Attack's Shock (``shock_always``) lands whatever the target's AC or shield; only
Total Defense stops it. The system runs last among those handling the event, so its
lines follow whatever the miss set off, as when the attack's flow applied it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note
from game.engine.systems import System
from game.rules.grid import units
from game.rules.grid.damage import apply_damage
from game.rules.grid.events import AttackResolved
from game.rules.grid.resolution import shock_on_miss, shock_stopped

if TYPE_CHECKING:
    from game.engine.context import Context


def shock_of_miss(ctx: Context, event: AttackResolved) -> int:
    """The Shock the missed attack ``event`` inflicts before shield or immunity (0: none)."""
    weapon = units.weapon(ctx, event.weapon)
    if event.shock_always and not event.ranged and weapon.shock is not None:
        return units.stats(ctx, event.attacker).template.shock_damage(weapon)  # past AC
    return shock_on_miss(ctx, event.attacker, event.target, weapon, event.ranged)


def apply_shock(ctx: Context, event: AttackResolved) -> None:
    """Apply the Shock of the missed attack ``event``, or say why it does not land (the
    shield's stopping one uses up its allowance for the round)."""
    target = event.target
    shock = shock_of_miss(ctx, event)
    if shock <= 0 or not units.in_fight(ctx, target):
        return
    cond = units.conditions(ctx, target)
    stopped = shock_stopped(ctx, target)
    if event.shock_always and not cond.total_defense:
        stopped = ""  # Swarm: past AC and shields, but Total Defense still stops it
    if stopped.startswith("the shield"):
        cond.shock_ignored = True
    if stopped:
        ctx.emit(Note(f"{units.name(ctx, target)} takes no Shock: {stopped}", target))
        return
    apply_damage(ctx, target, shock, "Shock", event.attacker)


class ShockOnMiss(System):
    """004 · Shock: a missed weapon attack's Shock (``apply_shock``)."""

    def __init__(self) -> None:
        super().__init__(priority=5)
        self.handles = {AttackResolved: self.on_resolved}

    def on_resolved(self, ctx: Context, event: AttackResolved) -> None:
        if event.shocks and not event.hit:
            apply_shock(ctx, event)
