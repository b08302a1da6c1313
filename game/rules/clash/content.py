"""Stat blocks for the ``clash`` ruleset (source 000): STR/DEX/WIL, HP, Armor 0–3,
inventory slots, and each weapon's size (fast d6, balanced d8, slow d10, unarmed d4)
with the Reach tag.

Every unit template and weapon plays with clash. An optional ``clash`` table in the
content files gives the numbers (``[units.orc.clash]``, ``[weapons.spear.clash]``): the
content loader hands it to ``ClashSchema`` (registered when this module is imported),
which keeps it in the entry's ``tables["clash"]``. What it leaves out is derived from the
template's shared numbers by the mapping below, so a template or weapon without any
``clash`` table still works (tests, a modder's new unit).

Derivation (decisions, see game/rules/clash/README.md · Content):

- Weapon size from the largest roll of the grid damage dice: 6 or less (daggers,
  spears, short bows) is *fast* (d6); 7–8 is *balanced* (d8); more (greatswords,
  mauls, crossbows, the ogre's 2d6 club) is *slow* (d10). An ``unarmed`` weapon
  rolls d4 (000 · Unarmed Combat). A weapon of reach 2 or with the ``polearm`` tag
  has the Reach tag. Two-handed weapons
  are bulky: two inventory slots; natural and unarmed weapons take none.
- STR, DEX and WIL are the template's STR, DEX and WIS scores (NPCs without scores: 10).
- HP is half the template's average grid hit points, at least 1.
- Armor: light armour 1, medium 2, heavy 3, a shield +1, at most 3 (000's scale);
  without armour or shield, from the AC the template gives (12–13: 1, 14–15: 2,
  16+: 3).
- Slots: 10 (Cairn's inventory). Carried gear fills some: each weapon its slots,
  light armour 1, medium and heavy armour 2, a shield 1.
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

RULESET = "clash"

#: Weapon sizes and their damage die (000 · Melee Clashes); "unarmed" is 000's d4.
SIZES: dict[str, int] = {"unarmed": 4, "fast": 6, "balanced": 8, "slow": 10}
WOUNDS: tuple[str, ...] = ("burns", "nerve damage", "frostbite", "poisoning")
INVENTORY_SLOTS = 10
MAX_ARMOR = 3
_ARMOUR_SLOTS = {"light": 1, "medium": 2, "heavy": 2}


@dataclass(frozen=True, slots=True)
class ClashWeaponEntry:
    """A weapon's ``[weapons.<id>.clash]`` table as written (None: derive it)."""

    size: str | None = None
    reach: bool | None = None
    improvised: bool = False
    slots: int | None = None


@dataclass(frozen=True, slots=True)
class ClashUnitEntry:
    """A template's ``[units.<id>.clash]`` table as written (None: derive it).
    ``wound`` is the kind of wound the unit inflicts on a failed Critical Damage save
    (000 · Wounds), if any."""

    STR: int | None = None
    DEX: int | None = None
    WIL: int | None = None
    hp: int | None = None
    armor: int | None = None
    slots: int | None = None
    wound: str | None = None


@dataclass(frozen=True, slots=True)
class ClashWeapon:
    """A weapon as clash sees it."""

    id: str
    name: str
    size: str
    reach: bool
    improvised: bool
    slots: int
    ranged: bool
    thrown: bool
    nonlethal: bool
    two_handed: bool

    @property
    def die(self) -> int:
        return SIZES[self.size]


@dataclass(frozen=True, slots=True)
class ClashStats:
    """A unit template's clash stat block (scores 3–18, HP, Armor 0–3, inventory)."""

    STR: int
    DEX: int
    WIL: int
    hp: int
    armor: int
    slots: int
    carried: int  # slots its gear fills
    wound: str | None = None


class ClashSchema(ContentSchema):
    """Reads ``[units.<id>.clash]`` and ``[weapons.<id>.clash]`` (see the table in
    game/content/README.md · Clash stat blocks)."""

    id = RULESET

    def weapon(self, table: Table) -> ClashWeaponEntry | None:
        count = len(table.problems)
        sizes = tuple(s for s in SIZES if s != "unarmed")
        size = table.choice("size", sizes) if "size" in table.data else None
        reach = table.boolean("reach", False) if "reach" in table.data else None
        improvised = table.boolean("improvised", False)
        slots = table.integer("slots", 0, 3, default=None)
        table.finish()
        if len(table.problems) != count:
            return None
        return ClashWeaponEntry(size=size, reach=reach, improvised=improvised, slots=slots)

    def unit(self, table: Table) -> ClashUnitEntry | None:
        count = len(table.problems)
        scores = {a: table.integer(a, 3, 18, default=None) for a in ("STR", "DEX", "WIL")}
        hp = table.integer("hp", 1, 50, default=None)
        armor = table.integer("armor", 0, 3, default=None)
        slots = table.integer("slots", 1, 20, default=None)
        wound = table.choice("wound", WOUNDS) if "wound" in table.data else None
        table.finish()
        if len(table.problems) != count:
            return None
        return ClashUnitEntry(
            STR=scores["STR"],
            DEX=scores["DEX"],
            WIL=scores["WIL"],
            hp=hp,
            armor=armor,
            slots=slots,
            wound=wound,
        )


SCHEMA = ClashSchema()
register_schema(SCHEMA)


def weapon_entry(weapon: Weapon) -> ClashWeaponEntry | None:
    """The weapon's ``clash`` table as written, if it has one."""
    entry = weapon.tables.get(RULESET)
    return entry if isinstance(entry, ClashWeaponEntry) else None


def unit_entry(template: UnitTemplate) -> ClashUnitEntry | None:
    """The template's ``clash`` table as written, if it has one."""
    entry = template.tables.get(RULESET)
    return entry if isinstance(entry, ClashUnitEntry) else None


def clash_weapon(weapon: Weapon) -> ClashWeapon:
    """The weapon's clash profile: its ``clash`` table, the rest derived."""
    entry = weapon_entry(weapon) or ClashWeaponEntry()
    if entry.size is not None:
        size = entry.size
    elif weapon.unarmed:
        size = "unarmed"
    else:
        most = weapon.damage.count * weapon.damage.sides  # the grid dice's largest roll
        size = "fast" if most <= 6 else "balanced" if most <= 8 else "slow"
    reach = (
        entry.reach if entry.reach is not None else (weapon.reach >= 2 or "polearm" in weapon.tags)
    )
    if entry.slots is not None:
        slots = entry.slots
    elif weapon.unarmed or weapon.natural:
        slots = 0
    else:
        slots = 2 if weapon.two_handed else 1
    return ClashWeapon(
        id=weapon.id,
        name=weapon.name,
        size=size,
        reach=reach,
        improvised=entry.improvised,
        slots=slots,
        ranged=weapon.ranged,
        thrown=weapon.thrown,
        nonlethal="nonlethal" in weapon.tags or weapon.unarmed,
        two_handed=weapon.two_handed,
    )


def carried_slots(template: UnitTemplate, content: Content) -> int:
    """Inventory slots the template's gear fills (weapons, armour, shield)."""
    used = sum(clash_weapon(content.weapons[w]).slots for w in template.weapons)
    armour = content.armours.get(template.armour) if template.armour else None
    if armour is not None:
        used += _ARMOUR_SLOTS[armour.weight]
    if template.shield:
        used += 1
    return used


def clash_stats(template: UnitTemplate, content: Content) -> ClashStats:
    """The template's clash stat block: its ``clash`` table, the rest derived."""
    entry = unit_entry(template) or ClashUnitEntry()
    if isinstance(template.hp, int):
        average = float(template.hp)
    else:
        average = template.hp.count * (template.hp.sides + 1) / 2 + template.hp.bonus
    return ClashStats(
        STR=entry.STR if entry.STR is not None else template.score("STR"),
        DEX=entry.DEX if entry.DEX is not None else template.score("DEX"),
        WIL=entry.WIL if entry.WIL is not None else template.score("WIS"),
        hp=entry.hp if entry.hp is not None else max(1, int(average // 2)),
        armor=(
            entry.armor
            if entry.armor is not None
            else protection_step(template, content, MAX_ARMOR)
        ),
        slots=entry.slots if entry.slots is not None else INVENTORY_SLOTS,
        carried=carried_slots(template, content),
        wound=entry.wound,
    )
