"""Hazard zones (001 · Zone Conditions: "a zone filled with poisonous mushrooms forces
those fighting there to make tests to resist the spores").

A zone's ``hazard`` custom property is written as the map contract has it
(maps/README.md · Zone conditions, read by ``game.geometry.zone_conditions``):

    "<ATTR> <DR>: <damage dice> [effect]"

- ATTR: the test made, ``STR``, ``DEX`` or ``SKILL``, against the DR the map gives;
- the damage dice (``1d4``, ``2d6+1``), taken on a failure, and/or one effect word:
  ``weakened``, ``distracted``, ``stuck``, ``paralysed`` (the hindrance a failure brings)
  or ``ongoing`` (a failure starts Ongoing Damage).

Examples: ``"DEX 12: 1d4"`` (falling rocks), ``"SKILL 12: weakened"`` (spores),
``"STR 12: stuck"`` (mud, a ford), ``"DEX 12: 1d6 ongoing"`` (fire). A unit that ends
its turn in the zone makes the test. A text that does not read, or names an attribute
or effect this ruleset has not, is an error of the map (``parse_hazard`` raises
``ValueError`` naming it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.geometry.zone_conditions import parse_hazard as read_hazard
from game.rules.zones import units
from game.rules.zones.checks import DR, test
from game.rules.zones.damage import harm, hinder
from game.rules.zones.state import HINDRANCES

if TYPE_CHECKING:
    from game.engine.context import Context

ATTRIBUTES = {"STR": "STR", "DEX": "DEX", "SKILL": "Skill"}
ONGOING = "ongoing"


@dataclass(frozen=True, slots=True)
class Hazard:
    """A zone's hazard read: the test's attribute and DR, the damage dice (count, sides,
    bonus; (0, 0, 0): none), the hindrances and whether it starts Ongoing Damage."""

    attribute: str
    difficulty: int = DR
    damage: tuple[int, int, int] = (0, 0, 0)
    hindrances: tuple[str, ...] = ()
    ongoing: bool = False


def parse_hazard(text: str) -> Hazard:
    """The map's hazard text (the contract's syntax) in this ruleset's terms."""
    read = read_hazard(text)
    attribute = ATTRIBUTES.get(read.attribute)
    if attribute is None:
        raise ValueError(
            f"hazard {text!r}: the zones rules test STR, DEX or SKILL, not {read.attribute}"
        )
    damage = (0, 0, 0)
    if read.damage:
        count, sides, *bonus = (int(n) for n in re.findall(r"\d+", read.damage))
        damage = (count, sides, -bonus[0] if "-" in read.damage else (bonus[0] if bonus else 0))
    effect = read.hindrance
    if effect is not None and effect not in HINDRANCES and effect != ONGOING:
        raise ValueError(
            f"hazard {text!r}: {effect!r} is not one of {', '.join((*HINDRANCES, ONGOING))}"
        )
    hindrances = (effect,) if effect in HINDRANCES else ()
    return Hazard(attribute, read.difficulty, damage, hindrances, effect == ONGOING)


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
    if test(ctx, unit, hazard.attribute, f"resist {where}", who=who, dr=hazard.difficulty).passed:
        return
    count, sides, bonus = hazard.damage
    if sides:
        amount = ctx.roll(count, sides, bonus, unit=unit, who=who, purpose=f"{where} damage").total
        harm(ctx, unit, max(0, amount), where)
    for hindrance in hazard.hindrances:
        hinder(ctx, unit, hindrance)
    if hazard.ongoing and units.in_fight(ctx, unit):
        units.fighter(ctx, unit).ongoing = True
