"""Hazard zones in the factions ruleset (003 · Non-lethal attacks:
"shove the grabbed character … pushing them into a hazard in their zone"; the zone
conditions of the map contract, maps/README.md · Zone conditions, read by
``game.geometry.zone_conditions`` through ``ZoneGraph.hazard``).

- A zone's ``hazard`` ("<ATTR> <DR>: <damage dice> [hindrance]") is met on entering the
  zone (a move, a shove, being dragged) and by a unit shoved about inside its own hazard
  zone ("into a hazard in their zone"): a save of the attribute (STR; DEX is AGI; SKILL
  is WIT) at its score less the DR over 12 (DR 12, the map contract's usual one, is a
  plain save); a failure takes the damage dice (no armour: it is no blow) and the
  hindrance. The one hindrance these rules play is ``stuck`` (``paralysed`` reads as
  stuck too): the unit loses its next move. Any other attribute or effect is an error of
  the map for this ruleset, named when the battle is built (``hazard_problems``).
- A zone's ``capacity`` is not played (README · Decisions "capacity").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.dice import Dice
from game.engine.events import Note
from game.rules.factions import damage, units

if TYPE_CHECKING:
    from collections.abc import Iterable

    from game.engine.context import Context
    from game.geometry.zone_conditions import Hazard
    from game.maps.battlefield import Zone
    from game.maps.errors import Problem

ATTRIBUTES = {"STR": "STR", "DEX": "AGI", "AGI": "AGI", "SKILL": "WIT", "WIT": "WIT"}
STUCK = ("stuck", "paralysed")
PLAIN_DR = 12


@dataclass(frozen=True, slots=True)
class Peril:
    """A zone's hazard in 003's terms: the save's ``stat`` and how much ``harder`` it is
    than a plain save, the damage dice text (or None), and whether a failure sticks."""

    stat: str
    harder: int
    damage: str | None
    stuck: bool


def peril(hazard: Hazard) -> Peril:
    """The map's hazard read in factions terms; ValueError when these rules cannot play
    its attribute or effect."""
    stat = ATTRIBUTES.get(hazard.attribute)
    if stat is None:
        raise ValueError(
            f"hazard {hazard.text()!r}: the factions rules save STR, DEX (AGI) or SKILL "
            f"(WIT), not {hazard.attribute}"
        )
    if hazard.hindrance is not None and hazard.hindrance not in STUCK:
        raise ValueError(
            f"hazard {hazard.text()!r}: the factions rules play 'stuck' (or 'paralysed'), "
            f"not {hazard.hindrance!r}"
        )
    if hazard.damage is not None:
        Dice.parse(hazard.damage)  # ValueError: dice these rules cannot roll
    return Peril(stat, hazard.difficulty - PLAIN_DR, hazard.damage, hazard.hindrance is not None)


def hazard_problems(zones: Iterable[Zone]) -> list[Problem]:
    """Each zone of the map whose hazard these rules cannot play (``peril``), one problem
    each: the battle does not begin and check-map warns (``Ruleset.map_problems``)."""
    from game.geometry.zone_conditions import HAZARD, parse_hazard
    from game.maps.errors import Problem

    problems = []
    for zone in zones:
        text = zone.properties.get(HAZARD)
        if text is None:
            continue
        try:
            peril(parse_hazard(text))
        except ValueError as exc:
            problems.append(Problem(f"zone '{zone.name}'", str(exc)))
    return problems


def peril_at(ctx: Context, zone: int | None) -> Peril | None:
    if zone is None:
        return None
    hazard = units.graph(ctx).hazard(zone)
    return peril(hazard) if hazard is not None else None


def meet(ctx: Context, unit: str, zone: int | None) -> None:
    """``unit`` meets the hazard of ``zone`` (entered, or shoved about in): the save, and
    on a failure the damage and the hindrance."""
    found = peril_at(ctx, zone)
    if found is None or zone is None or not units.in_fight(ctx, unit):
        return
    where = units.graph(ctx).zones[zone].name
    if damage.save(ctx, unit, found.stat, f"against {where}", harder=found.harder):
        return
    if found.damage:
        dice = Dice.parse(found.damage)
        who = units.name(ctx, unit)
        rolled = ctx.roll(
            dice.count, dice.sides, dice.bonus, unit=unit, who=who, purpose=f"{where} damage"
        )
        damage.harm(ctx, unit, max(0, rolled.total), None, where)
    if found.stuck and units.in_fight(ctx, unit):
        units.fate(ctx, unit).stuck = True
        ctx.emit(Note(f"{units.name(ctx, unit)} is stuck in {where}", unit=unit))
