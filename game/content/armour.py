"""Armour and shields, and how they give AC (source 004 · Shock; the family's armour list).

The shield rule we use (the Worlds-Without-Number convention, which 004 assumes when it
says a shield user ignores the first Shock each round):

- A shield alone makes the bearer's base AC ``shield.ac`` (13 for an ordinary shield).
- Worn with armour whose AC is already ``shield.ac`` or better, the shield adds
  ``shield.bonus`` (+1) to the armour's AC instead.
- Either way, the bearer ignores the first source of Shock each round.

Unarmoured AC is 10. The party adds their DEX modifier on top (see ``templates``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate

UNARMOURED_AC = 10
WEIGHT_CLASSES: tuple[str, ...] = ("light", "medium", "heavy")


@dataclass(frozen=True, slots=True)
class Armour:
    """Worn armour: its AC replaces the base 10. ``weight`` is light, medium or heavy."""

    id: str
    name: str
    ac: int
    weight: str
    description: str = ""


@dataclass(frozen=True, slots=True)
class Shield:
    """A carried shield: base AC ``ac`` on its own, or ``+bonus`` over better armour."""

    id: str
    name: str
    ac: int = 13
    bonus: int = 1
    description: str = ""


def armour_class(armour: Armour | None, shield: Shield | None, dex_modifier: int = 0) -> int:
    """AC from armour and shield by the rule above, plus ``dex_modifier``."""
    return sum(value for _, value in armour_class_parts(armour, shield, dex_modifier))


def armour_class_parts(
    armour: Armour | None, shield: Shield | None, dex_modifier: int = 0
) -> list[tuple[str, int]]:
    """Where the AC comes from, for the unit sheet: ``[("Mail", 14), ("Shield", 1),
    ("DEX", 1)]`` (a shield alone: ``[("Shield", 13)]``; nothing: ``[("unarmoured", 10)]``)."""
    base = armour.ac if armour is not None else UNARMOURED_AC
    parts = [(armour.name if armour is not None else "unarmoured", base)]
    if shield is not None:
        if base < shield.ac:
            parts = [(shield.name, shield.ac)]
        else:
            parts.append((shield.name, shield.bonus))
    if dex_modifier:
        parts.append(("DEX", dex_modifier))
    return parts


def protection_step(template: UnitTemplate, content: Content, cap: int = 3) -> int:
    """A template's protection on a 0..``cap`` scale, for rules that count armour in
    steps (light 1, medium 2, heavy 3, a shield +1); a template with neither armour nor
    shield reads its AC (11 or less 0, 12-13 1, 14-15 2, more 3)."""
    armour = content.armours.get(template.armour) if template.armour else None
    if armour is None and template.shield is None:
        ac = template.ac
        return 0 if ac <= 11 else 1 if ac <= 13 else 2 if ac <= 15 else 3
    value = WEIGHT_CLASSES.index(armour.weight) + 1 if armour else 0
    if template.shield:
        value += 1
    return min(cap, value)
