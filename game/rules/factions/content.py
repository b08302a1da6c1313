"""Stat blocks for the ``factions`` ruleset (source 003): STR, AGI, WIT (3-18), HP,
armour 0-3, fearless, and each weapon's damage die, range, blast and indirect fire.

Every unit template and weapon plays: an optional ``factions`` table in the content
files (``[units.orc.factions]``, ``[weapons.longbow.factions]``) gives the numbers; what
it leaves out is derived from the template's shared numbers (README · Content):

- STR, AGI, WIT: the template's STR, DEX and WIS scores (NPCs without scores: 10).
- HP: the template's average grid hit points, at least 2.
- Armour: light armour 1, medium 2, heavy 3, a shield +1, at most 3; without armour or
  shield, from the AC the template gives (12-13: 1, 14-15: 2, 16+: 3).
- Fearless: the template's ``fearless``.
- A weapon's die from the largest roll of its grid dice: 4 or less d4, 6 d6, 8 d8,
  10 d10, more d12; unarmed attacks roll d4 impaired (003 · Attacking). Range in
  squares: the grid long range / 5 for shooting and throwing weapons, 0 for melee only.
  Blast and indirect: off unless the table says so. Penetrates: crossbows and any
  weapon whose die is d10 or more (cover adds nothing against them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.armour import protection_step
from game.content.schema import ContentSchema, register_schema
from game.content.tables import Table

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.content.weapons import Weapon

RULESET = "factions"
DICE = (4, 6, 8, 10, 12)
MAX_ARMOUR = 3


@dataclass(frozen=True, slots=True)
class FactionsWeaponEntry:
    """A weapon's ``[weapons.<id>.factions]`` table as written (None: derive it)."""

    die: int | None = None
    range: int | None = None
    blast: bool = False
    indirect: bool = False
    penetrates: bool | None = None
    improvised: bool = False


@dataclass(frozen=True, slots=True)
class FactionsUnitEntry:
    """A template's ``[units.<id>.factions]`` table as written (None: derive it)."""

    STR: int | None = None
    AGI: int | None = None
    WIT: int | None = None
    hp: int | None = None
    armour: int | None = None
    fearless: bool | None = None


@dataclass(frozen=True, slots=True)
class FactionsWeapon:
    """A weapon as factions sees it. ``range``: squares (0: melee only); ``reach``:
    squares a melee blow reaches (1, or 2 for a long weapon)."""

    id: str
    name: str
    die: int
    range: int
    reach: int
    blast: bool
    indirect: bool
    penetrates: bool
    improvised: bool
    unarmed: bool
    melee: bool

    @property
    def ranged(self) -> bool:
        return self.range > 0

    @property
    def half_range(self) -> int:
        return self.range // 2


@dataclass(frozen=True, slots=True)
class FactionsStats:
    """A unit template's factions stat block."""

    STR: int
    AGI: int
    WIT: int
    hp: int
    armour: int
    fearless: bool


class FactionsSchema(ContentSchema):
    """Reads ``[units.<id>.factions]`` and ``[weapons.<id>.factions]``."""

    id = RULESET

    def weapon(self, table: Table) -> FactionsWeaponEntry | None:
        count = len(table.problems)
        die = table.integer("die", 4, 12, default=None)
        if die is not None and die not in DICE:
            table.fail("die", f"expected one of {', '.join(map(str, DICE))}, got {die}")
        rng = table.integer("range", 0, 60, default=None)
        blast = table.boolean("blast", False)
        indirect = table.boolean("indirect", False)
        pen = table.boolean("penetrates", False) if "penetrates" in table.data else None
        improvised = table.boolean("improvised", False)
        table.finish()
        if len(table.problems) != count:
            return None
        return FactionsWeaponEntry(
            die=die,
            range=rng,
            blast=blast,
            indirect=indirect,
            penetrates=pen,
            improvised=improvised,
        )

    def unit(self, table: Table) -> FactionsUnitEntry | None:
        count = len(table.problems)
        scores = {a: table.integer(a, 3, 18, default=None) for a in ("STR", "AGI", "WIT")}
        hp = table.integer("hp", 1, 60, default=None)
        armour = table.integer("armour", 0, MAX_ARMOUR, default=None)
        fearless = table.boolean("fearless", False) if "fearless" in table.data else None
        table.finish()
        if len(table.problems) != count:
            return None
        return FactionsUnitEntry(
            STR=scores["STR"],
            AGI=scores["AGI"],
            WIT=scores["WIT"],
            hp=hp,
            armour=armour,
            fearless=fearless,
        )


SCHEMA = FactionsSchema()
register_schema(SCHEMA)


def _die_of(weapon: Weapon) -> int:
    most = weapon.damage.count * weapon.damage.sides
    return next((d for d in DICE if most <= d), DICE[-1])


def factions_weapon(weapon: Weapon) -> FactionsWeapon:
    """The weapon's factions profile: its ``factions`` table, the rest derived."""
    entry = weapon.tables.get(RULESET)
    if not isinstance(entry, FactionsWeaponEntry):
        entry = FactionsWeaponEntry()
    die = entry.die if entry.die is not None else (4 if weapon.unarmed else _die_of(weapon))
    if entry.range is not None:
        reach_sq = entry.range
    elif weapon.ranged or weapon.thrown:
        reach_sq = max(2, (weapon.range_long_ft or 30) // 5)
    else:
        reach_sq = 0
    pen = entry.penetrates if entry.penetrates is not None else ("bolt" in weapon.tags or die >= 10)
    return FactionsWeapon(
        id=weapon.id,
        name=weapon.name,
        die=die,
        range=reach_sq,
        reach=2 if (weapon.reach >= 2 or "polearm" in weapon.tags) else 1,
        blast=entry.blast,
        indirect=entry.indirect,
        penetrates=pen,
        improvised=entry.improvised,
        unarmed=weapon.unarmed,
        melee=weapon.melee,
    )


def factions_stats(template: UnitTemplate, content: Content) -> FactionsStats:
    """The template's stat block: its ``factions`` table, the rest derived."""
    entry = template.tables.get(RULESET)
    if not isinstance(entry, FactionsUnitEntry):
        entry = FactionsUnitEntry()
    if isinstance(template.hp, int):
        average = float(template.hp)
    else:
        average = template.hp.count * (template.hp.sides + 1) / 2 + template.hp.bonus
    return FactionsStats(
        STR=entry.STR if entry.STR is not None else template.score("STR"),
        AGI=entry.AGI if entry.AGI is not None else template.score("DEX"),
        WIT=entry.WIT if entry.WIT is not None else template.score("WIS"),
        hp=entry.hp if entry.hp is not None else max(2, int(average)),
        armour=(
            entry.armour
            if entry.armour is not None
            else protection_step(template, content, MAX_ARMOUR)
        ),
        fearless=entry.fearless if entry.fearless is not None else template.fearless,
    )
