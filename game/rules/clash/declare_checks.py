"""Why a clash declaration cannot be made (000 · Initiative & Actions, Weapons): each check
returns the reason a player reads on a greyed option, or None. Shared by the action specs
(``declare``), the AI and the threat overlay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.clash import units
from game.rules.clash.bands import CLOSE, band
from game.world.components import Loadout

if TYPE_CHECKING:
    from game.engine.context import Context


def close_enemy(ctx: Context, unit: str) -> bool:
    here = units.cell(ctx, unit)
    return any(band(here, units.cell(ctx, e)) == CLOSE for e in units.enemies(ctx, unit))


def weapon_problem(ctx: Context, unit: str, weapon_id: str, *, melee: bool) -> str | None:
    if weapon_id not in ctx.content.weapons or not units.has_weapon(ctx, unit, weapon_id):
        return f"{units.name(ctx, unit)} carries no {weapon_id!r}"
    w = units.weapon(ctx, weapon_id)
    if melee and w.ranged:
        return f"the {w.name} is not a melee weapon"
    if not melee and not (w.ranged or w.thrown):
        return f"the {w.name} cannot shoot or be thrown"
    if w.two_handed and units.state(ctx, unit).arm_hits:
        return f"an arm hit rules out the two-handed {w.name}"
    return None


def offhand_problem(ctx: Context, unit: str, weapon_id: str, offhand: str) -> str | None:
    if offhand == weapon_id:
        return "two weapons means two different weapons"
    reason = weapon_problem(ctx, unit, offhand, melee=True)
    if reason:
        return reason
    pair = [units.weapon(ctx, weapon_id), units.weapon(ctx, offhand)]
    if any(w.two_handed or w.size == "unarmed" for w in pair):
        return "two weapons must both be one-handed weapons"
    if ctx.get(unit, Loadout).shield is not None:
        return "no hand is free for a second weapon beside the shield"
    if units.state(ctx, unit).arm_hits:
        return "an arm hit rules out fighting with two weapons"
    return None


def target_problem(ctx: Context, unit: str, target: str) -> str | None:
    if target not in ctx.entities:
        return f"no unit {target!r}"
    if units.side(ctx, target) == units.side(ctx, unit):
        return f"{units.name(ctx, target)} is on your side"
    if not units.in_fight(ctx, target):
        return f"{units.name(ctx, target)} is out of the fight"
    return None


def can_act(ctx: Context, unit: str) -> str | None:
    st = units.state(ctx, unit)
    if not units.in_fight(ctx, unit):
        return "out of the fight"
    if st.unaware:
        return "caught unaware"
    return None
