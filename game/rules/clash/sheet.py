"""The unit card and sheet in the ``clash`` rules' own terms (000): ability scores, Armor,
weapons by size and die, the inventory slots (gear, Fatigue, wounds, injuries) and the
marks a fight leaves. Pure reading; ``ClashRuleset.sheet_rows`` serves it to the screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.clash import units
from game.rules.clash.content import ClashWeapon

if TYPE_CHECKING:
    from game.engine.context import Context


def weapon_text(w: ClashWeapon, *, full: bool) -> str:
    """ "d8 balanced" on the card; "d8 balanced · Reach · two-handed · thrown" on the sheet."""
    head = f"d{w.die} {w.size}"
    if not full:
        return head + (", Reach" if w.reach else "")
    tags = [
        t
        for t, on in (
            ("Reach", w.reach),
            ("two-handed", w.two_handed),
            ("ranged: Near and Far", w.ranged),
            ("thrown: Close and Near", w.thrown and not w.ranged),
            ("non-lethal", w.nonlethal),
            ("breaks after one blow", w.improvised),
        )
        if on
    ]
    return " · ".join([head, *tags])


def marks(ctx: Context, unit: str) -> list[str]:
    """What the fight has done to the unit (impaired, prone, stunned, leg and arm hits)."""
    st = units.state(ctx, unit)
    table = (
        (st.crit_failed, "critically hurt: its blows impaired, blows on it enhanced"),
        (st.prone, "prone until the round ends"),
        (st.stunned, "stunned: loses its next action"),
        (st.leg_hits > 0, f"leg hit ×{st.leg_hits}"),
        (st.arm_hits > 0, "arm hit: no two-handed or two weapons"),
        (st.unaware, "unaware"),
    )
    return [text for on, text in table if on]


def sheet(ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
    st = units.state(ctx, unit)
    rows = [
        (
            "Attributes",
            f"STR {st.STR}/{st.max_STR} · DEX {st.DEX}/{st.max_DEX} · WIL {st.WIL}/{st.max_WIL}",
        ),
        ("Armor", str(st.armor)),
    ]
    for w in units.weapons(ctx, unit):
        rows.append((w.name, weapon_text(w, full=full)))
    slots = f"{st.used_slots} of {st.slots} used"
    if st.fatigue:
        slots += f", Fatigue {st.fatigue}"
    if st.overburdened:
        slots += " — overburdened"
    rows.append(("Slots", slots))
    if full:
        if st.wounds:
            rows.append(("Wounds", ", ".join(st.wounds)))
        if st.injuries:
            rows.append(("Injuries", str(st.injuries)))
    hurt = marks(ctx, unit)
    if hurt:
        rows.append(("Marks", "; ".join(hurt)))
    return rows
