"""Attacks of opportunity (004 · Combat Action Types, Run, Disengage).

- Leaving reach: a unit that steps from a square inside an enemy's melee reach (1 square,
  2 with a Long weapon) to one outside it gives that enemy a free melee attack, made as it
  leaves (before the step).
- Provoking actions (the source's table: Charge, Use a Skill, Run, Pick up an Item, Stand
  Up, Screen an Ally when moving): ``provoke`` gives every adjacent armed enemy one.
- The attacker must be in the fight, armed with a melee weapon (natural weapons count,
  bare hands do not), able to see the mover, and not fleeing. A unit grappling or
  grappled fights only unarmed (004 · Grappling), so it makes none
  (``units.threatening_weapons``).
- A unit that Disengaged this round provokes nothing.

Who threatens which squares is the ``Threat`` component each unit has, kept by the Threat
system (``threat.ThreatWatch``); the checks here read it.

Decisions where the source is silent: each unit makes at most one attack of opportunity
per round (``OPPORTUNITY_PER_ROUND``); the attacker uses its readied melee weapon with the
best attack bonus that reaches; it is taken automatically (it never hurts the taker);
it spends no action of the attacker's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.seam import Flow
from game.geometry.grid import Cell
from game.rules.grid import units
from game.rules.grid.resolution import assess, attack_flow
from game.rules.grid.state import GridState
from game.rules.grid.threat import threat

if TYPE_CHECKING:
    from game.engine.context import Context

OPPORTUNITY_PER_ROUND = 1


def can_make_opportunity(ctx: Context, enemy: str) -> bool:
    if not units.in_fight(ctx, enemy) or not units.armed_for_melee(ctx, enemy):
        return False
    state = ctx.get(enemy, GridState)
    return not state.routed and state.opportunity_used < OPPORTUNITY_PER_ROUND


def _threatens(ctx: Context, enemy: str, at: Cell) -> bool:
    """``enemy``'s reach covers ``at`` (its ``Threat``, kept by the Threat system)."""
    return threat(ctx, enemy).covers(at)


def leaving_threats(ctx: Context, mover: str, src: Cell, dst: Cell) -> list[str]:
    """Enemies that get an attack of opportunity when ``mover`` steps from src to dst."""
    if units.conditions(ctx, mover).disengaged:
        return []
    return [
        e
        for e in units.enemies(ctx, mover)
        if can_make_opportunity(ctx, e) and _threatens(ctx, e, src) and not _threatens(ctx, e, dst)
    ]


def adjacent_threats(ctx: Context, unit: str) -> list[str]:
    """Enemies that get an attack of opportunity when ``unit`` takes a provoking action."""
    if units.conditions(ctx, unit).disengaged:
        return []
    here = units.cell(ctx, unit)
    return [
        e
        for e in units.enemies(ctx, unit)
        if can_make_opportunity(ctx, e)
        and units.distance(units.cell(ctx, e), here) <= 1
        and _threatens(ctx, e, here)
    ]


def provoke(ctx: Context, unit: str) -> Flow:
    """A provoking action starts: each adjacent armed enemy may strike first."""
    for enemy in adjacent_threats(ctx, unit):
        yield from opportunity_attack(ctx, enemy, unit)
        if not units.in_fight(ctx, unit):
            return


def opportunity_attack(ctx: Context, enemy: str, target: str) -> Flow:
    """``enemy`` strikes ``target`` with its best reaching melee weapon."""
    best = None
    for w in units.threatening_weapons(ctx, enemy):
        a = assess(ctx, enemy, target, w, ranged=False)
        if a.allowed and (best is None or a.total > best[1]):
            best = (w, a.total)
    if best is None:
        return
    ctx.get(enemy, GridState).opportunity_used += 1
    yield from attack_flow(ctx, enemy, target, best[0], ranged=False, mode="opportunity")
