"""Stat blocks for the ``stress`` ruleset (source 002 · Combat Stats): HD, Stress, the
Strength score (= Wound Points), Agility, Insight, the Defense bonus, Armour and Speed;
each weapon's speed, damage, damage type and critical multiplier.

An optional ``stress`` table in the content files gives the numbers
(``[units.orc.stress]``, ``[weapons.spear.stress]``): the content loader hands it to
``StressSchema`` (registered when this module is imported). What it leaves out is derived
from the template's shared numbers (decisions, README · Content), so every template and
weapon plays:

- STR, AGI and INS are the template's STR, DEX and WIS scores (10 when it gives none).
- Stress = HD × (4 + the Strength modifier), at least HD (002: "maximum Stress for each
  HD modified by its Strength modifier"; the d8's average rounded down).
- Armour: light armour 1, medium 2, heavy 3. Defense bonus: the shield's 2, plus 1 for
  light armour; without armour or shield, what the template's AC gives above 10.
- Speed: the template's speed in squares.
- Fearsome (its presence intimidates, README · Morale): only when the table says so.
- A weapon's damage is its shared damage dice; speed from the dice's largest roll
  (4 or less: 0, up to 6: 1, up to 8: 2, up to 10: 3, more: 4); type blunt (tag
  ``blunt``), slashing (tag ``blade``), else piercing; critical multiplier ×2.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.dice import Dice
from game.content.schema import ContentSchema, register_schema
from game.content.tables import Table

if TYPE_CHECKING:
    from game.content.loader import Content
    from game.content.templates import UnitTemplate
    from game.content.weapons import Weapon

RULESET = "stress"
DAMAGE_TYPES: tuple[str, ...] = ("blunt", "piercing", "slashing", "chopping")
CRITS: tuple[str, ...] = ("2", "3", "4")
_ARMOUR = {"light": 1, "medium": 2, "heavy": 3}
SHIELD_DEFENSE = 2


def modifier(score: int) -> int:
    """A score's modifier (decision, README): (score − 10) // 2, so 15 → +2, 8 → −1."""
    return (score - 10) // 2


@dataclass(frozen=True, slots=True)
class StressWeaponEntry:
    """A weapon's ``[weapons.<id>.stress]`` table as written (None: derive it)."""

    speed: int | None = None
    damage: str | None = None
    type: str | None = None
    crit: int | None = None


@dataclass(frozen=True, slots=True)
class StressUnitEntry:
    """A template's ``[units.<id>.stress]`` table as written (None: derive it)."""

    hd: int | None = None
    stress: int | None = None
    STR: int | None = None
    AGI: int | None = None
    INS: int | None = None
    defense: int | None = None
    armour: int | None = None
    speed: int | None = None
    fearsome: bool | None = None


@dataclass(frozen=True, slots=True)
class StressWeapon:
    """A weapon as the stress rules see it."""

    id: str
    name: str
    speed: int
    damage: Dice
    type: str
    crit: int
    reach: int
    ranged: bool
    thrown: bool
    range_squares: int
    natural: bool


@dataclass(frozen=True, slots=True)
class StressStats:
    """A template's stat block."""

    hd: int
    stress: int
    STR: int
    AGI: int
    INS: int
    defense: int
    armour: int
    speed: int
    fearsome: bool = False  # its presence intimidates (README · Morale)


class StressSchema(ContentSchema):
    """Reads ``[units.<id>.stress]`` and ``[weapons.<id>.stress]`` (game/content/README.md
    · Stress stat blocks)."""

    id = RULESET

    def weapon(self, table: Table) -> StressWeaponEntry | None:
        count = len(table.problems)
        speed = table.integer("speed", -2, 8, default=None)
        damage = table.string("damage", "") or None
        if damage is not None:
            try:
                Dice.parse(damage)
            except ValueError:
                table.fail("damage", f"expected dice such as 1d8+1, got {damage!r}")
        kind = table.choice("type", DAMAGE_TYPES) if "type" in table.data else None
        crit = table.integer("crit", 2, 4, default=None)
        table.finish()
        if len(table.problems) != count:
            return None
        return StressWeaponEntry(speed, damage, kind, crit)

    def unit(self, table: Table) -> StressUnitEntry | None:
        count = len(table.problems)
        entry = StressUnitEntry(
            hd=table.integer("hd", 0, 20, default=None),
            stress=table.integer("stress", 1, 200, default=None),
            STR=table.integer("STR", 3, 25, default=None),
            AGI=table.integer("AGI", 3, 25, default=None),
            INS=table.integer("INS", 3, 25, default=None),
            defense=table.integer("defense", 0, 10, default=None),
            armour=table.integer("armour", 0, 10, default=None),
            speed=table.integer("speed", 1, 20, default=None),
            fearsome=table.boolean("fearsome", False) if "fearsome" in table.data else None,
        )
        table.finish()
        return entry if len(table.problems) == count else None


SCHEMA = StressSchema()
register_schema(SCHEMA)


def _speed_of(dice: Dice) -> int:
    most = dice.count * dice.sides
    return 0 if most <= 4 else 1 if most <= 6 else 2 if most <= 8 else 3 if most <= 10 else 4


def stress_weapon(weapon: Weapon) -> StressWeapon:
    """The weapon's profile: its ``stress`` table, the rest derived (module docstring)."""
    entry = weapon.tables.get(RULESET)
    if not isinstance(entry, StressWeaponEntry):
        entry = StressWeaponEntry()
    dice = Dice.parse(entry.damage) if entry.damage else weapon.damage
    if entry.type is not None:
        kind = entry.type
    elif "blunt" in weapon.tags:
        kind = "blunt"
    elif "blade" in weapon.tags:
        kind = "slashing"
    else:
        kind = "piercing"
    far = (weapon.range_long_squares or weapon.range_normal_squares) if weapon.shoots else None
    return StressWeapon(
        id=weapon.id,
        name=weapon.name,
        speed=entry.speed if entry.speed is not None else _speed_of(dice),
        damage=dice,
        type=kind,
        crit=entry.crit if entry.crit is not None else 2,
        reach=max(1, weapon.reach),
        ranged=weapon.ranged,
        thrown=weapon.thrown,
        range_squares=far or 0,
        natural=weapon.natural or weapon.unarmed,
    )


def stress_stats(template: UnitTemplate, content: Content) -> StressStats:
    """The template's stat block: its ``stress`` table, the rest derived."""
    entry = template.tables.get(RULESET)
    if not isinstance(entry, StressUnitEntry):
        entry = StressUnitEntry()
    strength = entry.STR if entry.STR is not None else template.score("STR")
    agility = entry.AGI if entry.AGI is not None else template.score("DEX")
    hd = entry.hd if entry.hd is not None else template.hd
    armour = content.armours.get(template.armour) if template.armour else None
    worn = _ARMOUR.get(armour.weight, 0) if armour else 0
    if armour is None and template.shield is None:
        bonus = max(0, template.ac - 10 - modifier(agility))
    else:
        bonus = (SHIELD_DEFENSE if template.shield else 0) + (1 if worn == 1 else 0)
    return StressStats(
        hd=hd,
        stress=entry.stress
        if entry.stress is not None
        else max(hd, hd * (4 + modifier(strength)), 1),
        STR=strength,
        AGI=agility,
        INS=entry.INS if entry.INS is not None else template.score("WIS"),
        defense=entry.defense if entry.defense is not None else bonus,
        armour=entry.armour if entry.armour is not None else worn,
        speed=entry.speed if entry.speed is not None else template.speed_squares,
        fearsome=bool(entry.fearsome),
    )
