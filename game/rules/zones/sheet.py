"""The unit card and sheet rows of the ``zones`` ruleset: STR, DEX, Skill, Level, the
zone, each weapon with its die and usages, hindrances and Ongoing Damage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.zones import units
from game.rules.zones.state import USAGES

if TYPE_CHECKING:
    from game.engine.context import Context


def sheet(ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
    f = units.fighter(ctx, unit)
    rows = [
        ("STR / DEX", f"{f.STR:+d} / {f.DEX:+d}"),
        ("Skill / Level", f"{f.skill:+d} / {f.level}"),
    ]
    zone = units.zone_of(ctx, unit)
    if zone >= 0:
        rows.append(("Zone", units.graph(ctx).zones[zone].name))
    if f.hindrances:
        rows.append(("Hindered", ", ".join(f.hindrances)))
    if f.ongoing:
        rows.append(("Ongoing damage", f"{f.level} HP a turn"))
    for weapon_id in f.weapons:
        w = units.weapon(ctx, weapon_id)
        used = f.usages.get(weapon_id, 0)
        kind = "ranged" if w.ranged else "melee"
        state = "broken" if used >= USAGES else f"{used} of {USAGES} usages marked"
        rows.append((w.name, f"{w.damage.count}d{w.damage.sides} {kind}, {state}"))
    if full:
        rows.append(("Initiative", str(f.initiative)))
    return rows
