"""Morale (003 · Morale): at the end of each round, a faction reduced to half its
original number or less, or a lone character (a faction of one) at half its health or
less, makes a group WIT save: one d20 for the group, each member passing when it rolls at
or under its own WIT (README · Decisions). Those who fail surrender when an enemy is in
their zone or a neighbouring one, else retreat off the field; those who pass are immune
for the rest of the battle; fearless characters never check."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Note
from game.rules.factions import damage, units

if TYPE_CHECKING:
    from game.engine.context import Context


def must_check(ctx: Context, side: str) -> bool:
    members = list(units.units_of(ctx, side))
    standing = [u for u in members if units.in_fight(ctx, u)]
    if not standing:
        return False
    if len(members) == 1:
        h = units.health(ctx, members[0])
        return h.hp * 2 <= h.max_hp
    return len(standing) * 2 <= len(members)


def morale_phase(ctx: Context) -> None:
    for side in ctx.side_order:
        if not must_check(ctx, side):
            continue
        group = [
            u
            for u in units.units_of(ctx, side)
            if units.in_fight(ctx, u)
            and not units.fate(ctx, u).immune
            and not units.stats(ctx, u).fearless
        ]
        if not group:
            continue
        rolled = ctx.roll(1, 20, purpose="group WIT save (morale)", who=ctx.side_info(side).name)
        for u in group:
            wit = units.stats(ctx, u).WIT
            if rolled.total <= wit:
                units.fate(ctx, u).immune = True
                ctx.emit(Note(f"{units.name(ctx, u)} holds (WIT {wit})", unit=u))
            elif enemy_close(ctx, u):
                damage.surrender(ctx, u)
            else:
                damage.flee(ctx, u)


def enemy_close(ctx: Context, unit: str) -> bool:
    here = units.zone(ctx, unit)
    if here is None:
        return True
    near = {here} | set(units.graph(ctx).neighbours(here))
    return any(units.zone(ctx, e) in near for e in units.enemies(ctx, unit))
