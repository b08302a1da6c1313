"""Hazard zones (001 · Zone Conditions: "a zone filled with poisonous mushrooms forces
those fighting there to make tests to resist the spores").

A zone's ``hazard`` custom property is a short text of words separated by spaces:

    ATTRIBUTE [DAMAGE] [EFFECT ...]

- ATTRIBUTE: the test made, ``STR``, ``DEX`` or ``Skill`` (any case), DR12;
- DAMAGE (optional): dice like ``1d4`` or ``2d6``, or a plain number, taken on a failure;
- EFFECT (optional, any number): ``weakened``, ``distracted``, ``stuck``, ``paralysed``
  (the hindrance a failure brings) or ``ongoing`` (a failure starts Ongoing Damage).

Examples: ``hazard = "DEX 1d4"`` (falling rocks), ``hazard = "Skill 1 weakened"``
(spores), ``hazard = "STR stuck"`` (mud), ``hazard = "DEX 1d6 ongoing"`` (fire).
A unit that ends its turn in the zone makes the test. A text that does not read is an
error of the map (``parse_hazard`` raises ``ValueError`` naming the word).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.zones import units
from game.rules.zones.checks import test
from game.rules.zones.damage import harm, hinder
from game.rules.zones.state import HINDRANCES

if TYPE_CHECKING:
    from game.engine.context import Context

ATTRIBUTES = {"str": "STR", "dex": "DEX", "skill": "Skill"}
_DICE = re.compile(r"^(\d{1,2})d(\d{1,3})$")


@dataclass(frozen=True, slots=True)
class Hazard:
    """A zone's hazard read: the test's attribute, the damage dice (count, sides; sides
    0 = a flat ``count``), the hindrances and whether it starts Ongoing Damage."""

    attribute: str
    damage: tuple[int, int] = (0, 0)
    hindrances: tuple[str, ...] = ()
    ongoing: bool = False


def parse_hazard(text: str) -> Hazard:
    words = text.split()
    if not words or words[0].lower() not in ATTRIBUTES:
        raise ValueError(f"a hazard starts with STR, DEX or Skill, not {text!r}")
    attribute = ATTRIBUTES[words[0].lower()]
    damage = (0, 0)
    hindrances: list[str] = []
    ongoing = False
    for k, word in enumerate(words[1:]):
        low = word.lower()
        dice = _DICE.match(low)
        if k == 0 and dice:
            damage = (int(dice.group(1)), int(dice.group(2)))
        elif k == 0 and low.isdigit():
            damage = (int(low), 0)
        elif low in HINDRANCES:
            hindrances.append(low)
        elif low == "ongoing":
            ongoing = True
        else:
            raise ValueError(f"hazard {text!r}: {word!r} is not dice, a hindrance or 'ongoing'")
    return Hazard(attribute, damage, tuple(hindrances), ongoing)


def hazard_of(ctx: Context, zone: int) -> Hazard | None:
    if zone < 0:
        return None
    text = units.graph(ctx).zones[zone].properties.get("hazard", "").strip()
    return parse_hazard(text) if text else None


def endure(ctx: Context, unit: str) -> None:
    """The test of a turn spent in a hazard zone; a failure brings its damage and effects."""
    zone = units.zone_of(ctx, unit)
    hazard = hazard_of(ctx, zone)
    if hazard is None or not units.in_fight(ctx, unit):
        return
    who = units.name(ctx, unit)
    where = units.graph(ctx).zones[zone].name
    if test(ctx, unit, hazard.attribute, f"resist {where}", who=who).passed:
        return
    count, sides = hazard.damage
    if sides:
        amount = ctx.roll(count, sides, unit=unit, who=who, purpose=f"{where} damage").total
    else:
        amount = count
    harm(ctx, unit, amount, where)
    for hindrance in hazard.hindrances:
        hinder(ctx, unit, hindrance)
    if hazard.ongoing and units.in_fight(ctx, unit):
        units.fighter(ctx, unit).ongoing = True
