"""The unit card and sheet rows in 002's terms: Stress and Wound Points, the scores,
Defense and Armour, speed, initiative (base and this round's), the weapons, the injuries
(each Wound Point hit, each combat injury), the conditions, and on the sheet whether it
is fearsome (its Intimidation, README · Morale)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.stress import units
from game.rules.stress.content import StressWeapon, modifier
from game.rules.stress.injuries import CONDITION_WORDS
from game.words import counted

if TYPE_CHECKING:
    from game.engine.context import Context


def sheet(ctx: Context, unit: str, *, full: bool) -> list[tuple[str, str]]:
    f = units.fighter(ctx, unit)
    m = units.marks(ctx, unit)
    base = "—" if f.base_initiative is None else str(f.base_initiative)
    now = "—" if m.initiative is None else str(m.initiative)
    rows = [
        ("Stress", f"{f.stress}/{f.max_stress}"),
        ("Wound Points", f"{f.wp}/{f.max_wp}"),
        ("Initiative", f"{now} this round (base {base})"),
        ("Defense", f"{units.defense(ctx, unit)} · Armour {f.armour}"),
    ]
    if f.combat_injuries:
        rows.append(("Injuries", ", ".join(f.combat_injuries)))
    if f.conditions:
        rows.append(("Conditions", "; ".join(CONDITION_WORDS.get(c, c) for c in f.conditions)))
    if not full:  # the card: each weapon's damage and speed, what a declaration weighs
        return rows + [
            (w.name, f"{_dice(w)} {w.type}, speed +{w.speed}") for w in units.weapons(ctx, unit)
        ]
    rows += [
        ("HD", str(f.hd)),
        ("STR", f"{f.STR} ({modifier(f.STR):+d})"),
        ("AGI", f"{f.AGI} ({modifier(f.AGI):+d})"),
        ("INS", f"{f.INS} ({modifier(f.INS):+d})"),
        ("Speed", counted(units.speed(ctx, unit), "square")),
    ]
    for w in units.weapons(ctx, unit):
        rows.append((f"  {w.name}", f"{_dice(w)} {w.type}, speed +{w.speed}, crit ×{w.crit}"))
    if f.injuries:
        rows.append(("Wounds", ", ".join(f.injuries)))
    for attr, amount in sorted(f.damage.items()):
        rows.append((f"  {attr} damage", str(amount)))
    if f.stabilised:
        rows.append(("Stabilised", "half speed; one action a round without harm"))
    if f.fearsome:
        bonus = f.hd + modifier(f.STR)
        rows.append(("Fearsome", f"foes in its reach check morale against d20{bonus:+d}"))
    return rows


def _dice(w: StressWeapon) -> str:
    """A weapon's damage dice as the source writes them: ``1d8``, ``2d6+1``."""
    bonus = f"+{w.damage.bonus}" if w.damage.bonus else ""
    return f"{w.damage.count}d{w.damage.sides}{bonus}"
