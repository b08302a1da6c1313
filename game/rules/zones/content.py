"""Stat blocks for the ``zones`` ruleset (source 001): STR, DEX and Skill as bonuses added
to a d20 (a test passes at 12 or more: DR12), HP, Level (the Ongoing Damage a turn) and
whether the unit's blows cause Ongoing Damage. Weapon damage is the weapon's own die.

An optional ``zones`` table in the content files gives the numbers
(``[units.orc] ... zones = { STR = 2, DEX = 0, hp = 5, level = 1, skill = 1 }``); what it
leaves out is derived from the template's shared numbers (README · Content), so a
template without the table (a modder's new unit) plays all the same:

- STR, DEX: ``(score - 10) // 2``, between -1 and +4 (scores 10/12/14/16/18 give
  0/+1/+2/+3/+4; NPCs without scores: 0).
- HP: the template's average hit points, at least 1.
- Level: the template's hit dice (at least 1).
- Skill: the level, at most 4.
- Ongoing: off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.schema import ContentSchema, register_schema
from game.content.tables import Table

if TYPE_CHECKING:
    from game.content.templates import UnitTemplate
    from game.content.weapons import Weapon

RULESET = "zones"
MAX_BONUS = 6


@dataclass(frozen=True, slots=True)
class ZonesEntry:
    """A template's ``[units.<id>.zones]`` table as written (None: derive it)."""

    STR: int | None = None
    DEX: int | None = None
    skill: int | None = None
    hp: int | None = None
    level: int | None = None
    ongoing: bool | None = None


@dataclass(frozen=True, slots=True)
class ZonesStats:
    """A unit template's stat block in this ruleset."""

    STR: int
    DEX: int
    skill: int
    hp: int
    level: int
    ongoing: bool


class ZonesSchema(ContentSchema):
    """Reads ``[units.<id>.zones]`` (game/content/README.md · Zones stat blocks)."""

    id = RULESET

    def unit(self, table: Table) -> ZonesEntry | None:
        count = len(table.problems)
        values = {a: table.integer(a, -2, MAX_BONUS, default=None) for a in ("STR", "DEX")}
        skill = table.integer("skill", -2, MAX_BONUS, default=None)
        hp = table.integer("hp", 1, 99, default=None)
        level = table.integer("level", 1, 20, default=None)
        ongoing = table.boolean("ongoing", False) if "ongoing" in table.data else None
        table.finish()
        if len(table.problems) != count:
            return None
        return ZonesEntry(values["STR"], values["DEX"], skill, hp, level, ongoing)


SCHEMA = ZonesSchema()
register_schema(SCHEMA)


def bonus(score: int) -> int:
    """A 3-18 score as this ruleset's bonus: ``(score - 10) // 2`` within -1..+4."""
    return max(-1, min(4, (score - 10) // 2))


def zones_stats(template: UnitTemplate) -> ZonesStats:
    """The template's stat block: its ``zones`` table, the rest derived."""
    entry = template.tables.get(RULESET)
    if not isinstance(entry, ZonesEntry):
        entry = ZonesEntry()
    if isinstance(template.hp, int):
        average = float(template.hp)
    else:
        average = template.hp.count * (template.hp.sides + 1) / 2 + template.hp.bonus
    level = entry.level if entry.level is not None else max(1, template.hd)
    return ZonesStats(
        STR=entry.STR if entry.STR is not None else bonus(template.score("STR")),
        DEX=entry.DEX if entry.DEX is not None else bonus(template.score("DEX")),
        skill=entry.skill if entry.skill is not None else min(4, level),
        hp=entry.hp if entry.hp is not None else max(1, int(average)),
        level=level,
        ongoing=bool(entry.ongoing),
    )


def damage_dice(weapon: Weapon) -> tuple[int, int]:
    """The weapon's damage dice (count, sides): its shared damage without the bonus."""
    return weapon.damage.count, weapon.damage.sides
