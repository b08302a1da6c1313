"""Combat gear degradation (003): after the fight, a durability roll for every weapon and
armour used at least once: a d6 (README · Decisions); on a 1 the item is damaged, and an
item already damaged breaks. Damaged gear breaks during a fight as ``damage`` says.
Improvised weapons are handled as already damaged from the start."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.factions import units
from game.rules.factions.events import GearWorn

if TYPE_CHECKING:
    from game.engine.context import Context

DURABILITY_DIE = 6


def durability(ctx: Context) -> None:
    for u in ctx.units():
        g = units.gear(ctx, u)
        for item in sorted(g.used - g.broken - {"unarmed"}):
            rolled = ctx.roll(
                1,
                DURABILITY_DIE,
                unit=u,
                who=units.name(ctx, u),
                purpose="durability",
                detail=units.item_name(ctx, item),
            )
            if rolled.total != 1:
                continue
            if item in g.damaged:
                g.broken.add(item)
                state = "broken"
            else:
                g.damaged.add(item)
                state = "damaged"
            ctx.emit(GearWorn(u, units.name(ctx, u), units.item_name(ctx, item), state))
