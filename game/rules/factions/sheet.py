"""The unit card and sheet in 003's terms: STR/AGI/WIT, armour, weapons (die, range,
blast, indirect), fearless, gear wear, and what the round and the fight did to it (HP is
the card's own shared row)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.factions import units

if TYPE_CHECKING:
    from game.engine.context import Context


def weapon_text(ctx: Context, unit: str, weapon_id: str, *, full: bool) -> str:
    w = units.weapon(ctx, weapon_id)
    parts = [f"d{w.die}" + (" impaired" if w.unarmed else "")]
    if w.ranged:
        parts.append(f"range {w.range} (half {w.half_range})")
    if w.reach > 1 and w.melee:
        parts.append("long")
    if full:
        parts += [
            t
            for t, on in (
                ("blast", w.blast),
                ("indirect", w.indirect),
                ("penetrates cover", w.penetrates),
            )
            if on
        ]
        g = units.gear(ctx, unit)
        if weapon_id in g.damaged:
            parts.append("damaged")
    return ", ".join(parts)


def round_state(ctx: Context, unit: str) -> str:
    """Where the unit stands in the round (003 · Taking a turn): "acting" while its turn
    goes on, "acted" once it is over, "spent on a reaction" when a reaction took it, and
    "waiting" before it."""
    t = units.turn(ctx, unit)
    if t.reacted:
        return "spent on a reaction"
    if t.acted:
        return "acting" if ctx.active_unit == unit else "acted"
    return "waiting"


def sheet(ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
    s = units.stats(ctx, unit)
    rows = [
        ("STR / AGI / WIT", f"{s.STR} / {s.AGI} / {s.WIT}"),
        ("Armour", str(units.armour(ctx, unit))),
    ]
    for w in units.weapons(ctx, unit):
        rows.append((units.weapon(ctx, w).name, weapon_text(ctx, unit, w, full=full)))
    spare = units.carried(ctx, unit)
    if spare:
        rows.append(("Carried", ", ".join(units.weapon(ctx, w).name for w in spare)))
    f = units.fate(ctx, unit)
    rows.append(("This round", round_state(ctx, unit)))
    if s.fearless:
        rows.append(("Fearless", "never checks morale"))
    if full:
        g = units.gear(ctx, unit)
        worn = sorted(g.damaged - g.broken)
        if worn:
            rows.append(("Damaged gear", ", ".join(units.item_name(ctx, i) for i in worn)))
        if g.broken:
            broken = (units.item_name(ctx, i) for i in sorted(g.broken))
            rows.append(("Broken gear", ", ".join(broken)))
        # the marks the sheet's conditions leave out (those the presenter names,
        # concealed, knocked down, stuck, crippled, grabbed, are listed there)
        marks = [
            w for on, w in ((f.immune, "steadfast (morale)"), (bool(f.holding), "holding")) if on
        ]
        if marks:
            rows.append(("Condition", ", ".join(marks)))
    return rows
