"""Loading and validating the content TOML files (weapons, armour, unit templates).

Layout of a content directory::

    weapons.toml      [weapons.<id>] tables
    armour.toml       [armours.<id>] and [shields.<id>] tables
    units/*.toml      [units.<id>] tables (several files; ids must be unique across them)

Every problem becomes one line ``<file>: <key path>: <what is wrong>`` (file relative to
the content directory); ``ContentError`` carries all of them. Unknown keys, wrong types,
out-of-range numbers and references to missing ids are all errors.

A unit template or weapon may carry one sub-table per ruleset (``[units.<id>.<ruleset>]``)
with that ruleset's numbers; the ruleset's registered ``ContentSchema`` reads it
(``game.content.schema``). The loader names no ruleset.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.content.armour import WEIGHT_CLASSES, Armour, Shield, armour_class
from game.content.dice import Dice
from game.content.schema import ContentSchema, registered, table_names
from game.content.tables import Table, describe
from game.content.templates import (
    DEFAULT_SCORE,
    KINDS,
    SIZES,
    SKILLS,
    UnitTemplate,
    attribute_modifier,
)
from game.content.weapons import ATTRIBUTES, COMBAT_SKILLS, RELOADS, TAGS, Shock, Weapon

DATA_DIR = Path(__file__).resolve().parent / "data"

_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_ICON_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class ContentError(ValueError):
    """Bad content files. ``problems`` holds one line per problem, each naming the file
    and the key; ``str()`` joins them with newlines."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class RulesetTable:
    """One ruleset sub-table as written: where it is (``file``, ``where`` e.g.
    ``units.orc.toy``), the section ("units" or "weapons"), the entry id and the data."""

    file: str
    where: str
    section: str
    entry: str
    data: dict[str, Any] = field(hash=False)


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the rules need to know about gear and combatants, by id.

    ``ruleset_tables``: every ruleset sub-table as written, by ruleset id; ``claim`` has a
    ruleset's schema read them into the entries' ``tables``."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    templates: dict[str, UnitTemplate]
    directory: Path
    ruleset_tables: dict[str, tuple[RulesetTable, ...]] = field(default_factory=dict)

    def claim(self, reader: ContentSchema) -> None:
        """Read the ``<reader.id>`` sub-tables of every unit template and weapon into
        their ``tables`` (``ContentError`` with one line per problem). Claiming again reads
        them again (a tenth of a millisecond for the shipped content) and keeps what an
        entry already has, so a ruleset may claim whenever it builds."""
        problems: list[str] = []
        entries: dict[str, Any] = {"units": self.templates, "weapons": self.weapons}
        for raw in self.ruleset_tables.get(reader.id, ()):
            table = Table(problems, raw.file, raw.where, raw.data)
            parsed = reader.read(raw.section, table)
            table.finish()
            owner = entries[raw.section].get(raw.entry)
            if parsed is not None and owner is not None:
                owner.tables.setdefault(reader.id, parsed)  # one set by hand stays
        if problems:
            raise ContentError(problems)

    def weapon(self, weapon_id: str) -> Weapon:
        return self.weapons[weapon_id]

    def template(self, template_id: str) -> UnitTemplate:
        return self.templates[template_id]

    def template_weapons(self, template_id: str) -> tuple[Weapon, ...]:
        """The template's weapons, readied one first."""
        return tuple(self.weapons[w] for w in self.templates[template_id].weapons)


def _read_toml(path: Path, label: str, problems: list[str]) -> dict[str, Any] | None:
    """The parsed file, or None (with the problem recorded) when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(f"{label}: file is missing")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.append(f"{label}: cannot be read ({exc})")
        return None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(f"{label}: not valid TOML: {exc}")
        return None


def _declared(data: dict[str, Any] | None, section: str) -> set[str] | None:
    """Ids declared in ``[section.<id>]``, valid or not; None when the file is unreadable.

    References are checked against these, so one broken weapon is reported once, not
    again by every template that carries it, and an unreadable file silences them all."""
    if data is None:
        return None
    raw = data.get(section)
    return set(raw) if isinstance(raw, dict) else set()


def _entries(
    problems: list[str], label: str, data: dict[str, Any], section: str, *, required: bool = True
) -> list[Table]:
    """The ``[section.<id>]`` tables of one file, each wrapped for reading."""
    tables: list[Table] = []
    raw = data.get(section)
    if raw is None:
        if required:
            problems.append(f"{label}: {section}: missing (expected [{section}.<id>] tables)")
        return tables
    if not isinstance(raw, dict):
        problems.append(f"{label}: {section}: expected a table, got {describe(raw)}")
        return tables
    for entry_id, entry in raw.items():
        where = f"{section}.{entry_id}"
        if not _ID_RE.match(entry_id):
            problems.append(
                f"{label}: {where}: id must be lower case letters, digits and _ "
                "(starting with a letter)"
            )
            continue
        if not isinstance(entry, dict):
            problems.append(f"{label}: {where}: expected a table, got {describe(entry)}")
            continue
        tables.append(Table(problems, label, where, entry))
    return tables


def _entry_id(table: Table) -> str:
    return table.prefix.split(".", 1)[1]


# Keys of a unit template or weapon whose values are tables of their own, not a ruleset's.
_SHARED_TABLES = frozenset({"attributes", "skills"})


def _ruleset_tables(table: Table, section: str, found: dict[str, list[RulesetTable]]) -> None:
    """Set aside the entry's ruleset sub-tables (``[units.<id>.<ruleset>]``) for their
    schemas. A sub-table is a key naming a registered or expected ruleset; before any is
    known (the rules not imported), any table-valued key that is not a shared one."""
    names = table_names()
    for key, value in table.data.items():
        if names:
            if key not in names:
                continue
        elif not isinstance(value, dict) or key in _SHARED_TABLES:
            continue
        raw = table.subtable(key)
        if isinstance(value, dict):
            entry = RulesetTable(table.file, table.where(key), section, _entry_id(table), raw)
            found.setdefault(key, []).append(entry)


def _check_top_level(
    problems: list[str], label: str, data: dict[str, Any], allowed: set[str]
) -> None:
    for key in data:
        if key not in allowed:
            problems.append(f"{label}: {key}: unknown key (expected {', '.join(sorted(allowed))})")


# --- weapons -----------------------------------------------------------------------------


def _parse_attributes(table: Table) -> tuple[str, ...]:
    names = table.string_list("attributes")
    if not names:
        if isinstance(table.data.get("attributes"), list) and not table.data["attributes"]:
            table.fail("attributes", f"expected at least one of {', '.join(ATTRIBUTES)}")
        return ("STR",)
    bad = [n for n in names if n not in ATTRIBUTES]
    if bad:
        table.fail("attributes", f"unknown attribute {bad[0]!r} (expected {', '.join(ATTRIBUTES)})")
        return ("STR",)
    if len(set(names)) != len(names):
        table.fail("attributes", "lists an attribute twice")
    return tuple(dict.fromkeys(names))


def _weapon(table: Table) -> Weapon | None:
    count = len(table.problems)
    weapon_id = _entry_id(table)
    name = table.string("name")
    damage = table.parsed("damage", Dice.parse)
    attributes = _parse_attributes(table)
    skill = table.choice("skill", COMBAT_SKILLS) or ""
    shock = table.parsed("shock", Shock.parse, default=None)
    reach = table.integer("reach", 1, 3, default=1) or 1
    two_handed = table.boolean("two_handed", False)
    thrown = table.boolean("thrown", False)
    ranged = table.boolean("ranged", False)
    range_normal = table.integer("range_normal_ft", 5, 1000, default=None)
    range_long = table.integer("range_long_ft", 5, 2000, default=None)
    reload = table.choice("reload", RELOADS, default="none") or "none"
    unarmed = table.boolean("unarmed", False)
    magic = table.integer("magic", 0, 5, default=0) or 0
    tags = table.string_list("tags", default=[])
    description = table.string("description", default="")
    table.finish()

    for tag in tags:
        if tag not in TAGS:
            table.fail("tags", f"unknown tag {tag!r} (expected {', '.join(TAGS)})")
    if ranged and thrown:
        table.fail("thrown", "a weapon is either ranged (a missile weapon) or thrown, not both")
    if (ranged or thrown) and (range_normal is None or range_long is None):
        table.fail(
            "range_normal_ft", "ranged and thrown weapons need range_normal_ft and range_long_ft"
        )
    if not (ranged or thrown) and (range_normal is not None or range_long is not None):
        table.fail("range_normal_ft", "only ranged or thrown weapons have ranges")
    for key, value in (("range_normal_ft", range_normal), ("range_long_ft", range_long)):
        if value is not None and value % 5:
            table.fail(key, f"must be a multiple of 5 ft (one square), got {value}")
    if range_normal is not None and range_long is not None and range_long < range_normal:
        table.fail("range_long_ft", f"{range_long} is shorter than range_normal_ft {range_normal}")
    if ranged and skill and skill != "shoot":
        table.fail("skill", f"a ranged weapon uses shoot, got {skill!r}")
    if ranged and reload == "none":
        table.fail("reload", "a ranged weapon must say how it reloads (free_if_trained or main)")
    if not ranged and reload != "none":
        table.fail("reload", "only ranged weapons reload")
    if ranged and shock is not None:
        table.fail("shock", "Shock is for melee weapons (004 · Shock)")
    if ranged and reach != 1:
        table.fail("reach", "a ranged weapon has no melee reach")
    if unarmed and skill and skill != "brawl":
        table.fail("skill", f"an unarmed attack uses brawl, got {skill!r}")
    if len(table.problems) != count or damage is None:
        return None
    return Weapon(
        id=weapon_id,
        name=name,
        damage=damage,
        attributes=attributes,
        skill=skill,
        shock=shock,
        reach=reach,
        two_handed=two_handed,
        thrown=thrown,
        ranged=ranged,
        range_normal_ft=range_normal,
        range_long_ft=range_long,
        reload=reload,
        unarmed=unarmed,
        magic=magic,
        tags=tuple(tags),
        description=description,
    )


# --- armour ------------------------------------------------------------------------------


def _armour(table: Table) -> Armour | None:
    count = len(table.problems)
    name = table.string("name")
    ac = table.integer("ac", 11, 22)
    weight = table.choice("weight", WEIGHT_CLASSES)
    description = table.string("description", default="")
    table.finish()
    if len(table.problems) != count or ac is None or weight is None:
        return None
    return Armour(_entry_id(table), name, ac, weight, description)


def _shield(table: Table) -> Shield | None:
    count = len(table.problems)
    name = table.string("name")
    ac = table.integer("ac", 11, 18, default=13)
    bonus = table.integer("bonus", 0, 3, default=1)
    description = table.string("description", default="")
    table.finish()
    if len(table.problems) != count or ac is None or bonus is None:
        return None
    return Shield(_entry_id(table), name, ac, bonus, description)


# --- unit templates ----------------------------------------------------------------------


def _scores(table: Table, kind: str) -> dict[str, int]:
    raw = table.subtable("attributes", default={} if kind == "npc" else None)
    scores: dict[str, int] = {}
    for attr, value in raw.items():
        where = f"attributes.{attr}"
        if attr not in ATTRIBUTES:
            table.fail(where, f"unknown attribute (expected {', '.join(ATTRIBUTES)})")
        elif isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= 18:
            table.fail(where, f"expected a score 3..18, got {describe(value)}")
        else:
            scores[attr] = value
    if kind == "party" and "attributes" in table.data:
        missing = [a for a in ATTRIBUTES if a not in raw]
        if missing:
            table.fail(
                "attributes",
                f"a party archetype needs all six scores; missing {', '.join(missing)}",
            )
    return scores


def _skills(table: Table) -> dict[str, int]:
    raw = table.subtable("skills", default={})
    skills: dict[str, int] = {}
    for name, value in raw.items():
        where = f"skills.{name}"
        if name not in SKILLS:
            table.fail(where, f"unknown skill (expected {', '.join(SKILLS)})")
        elif isinstance(value, bool) or not isinstance(value, int) or not -1 <= value <= 4:
            table.fail(where, f"expected a level -1..4, got {describe(value)}")
        else:
            skills[name] = value
    return skills


@dataclass(frozen=True, slots=True)
class _Gear:
    """Valid gear by id, plus every declared id (None: the file could not be read)."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    declared_weapons: set[str] | None
    declared_armours: set[str] | None
    declared_shields: set[str] | None


def _unknown(ref: str, declared: set[str] | None) -> bool:
    """A reference is unknown only if its file was readable and never declares it."""
    return declared is not None and ref not in declared


def _template(table: Table, gear: _Gear) -> UnitTemplate | None:
    count = len(table.problems)
    template_id = _entry_id(table)
    name = table.string("name")
    kind = table.choice("kind", KINDS)
    icon = table.string("icon")
    hd = table.integer("hd", 1, 20)
    hp: int | Dice | None
    raw_hp = table.data.get("hp")
    if isinstance(raw_hp, int) and not isinstance(raw_hp, bool):
        hp = table.integer("hp", 1, 200)
    elif raw_hp is None and kind == "npc" and hd is not None:
        table.used.add("hp")
        hp = Dice(hd, 8)  # the family's default: one d8 per HD
    else:
        hp = table.parsed("hp", Dice.parse)
    attack_bonus = table.integer("attack_bonus", -2, 20, default=None)
    scores = _scores(table, kind or "npc")
    skills = _skills(table)
    weapon_ids = table.string_list("weapons")
    armour_id = table.string("armour", default="") or None
    shield_id = table.string("shield", default="") or None
    given_ac = table.integer("ac", 8, 25, default=None)
    speed_ft = table.integer("speed_ft", 5, 120, default=30)
    size = table.choice("size", SIZES, default="medium")
    morale = table.integer("morale", 2, 12)
    fearless = table.boolean("fearless", False)
    trained = table.boolean("trained", kind == "party")
    save = table.integer("save", 2, 20, default=None)
    description = table.string("description", default="")
    table.finish()

    if icon and not _ICON_RE.match(icon):
        table.fail("icon", f"expected a game-icons name like 'crossed-swords', got {icon!r}")
    if not weapon_ids and "weapons" in table.data:
        table.fail("weapons", "needs at least one weapon (the first is readied)")
    for weapon_id in weapon_ids:
        if _unknown(weapon_id, gear.declared_weapons):
            table.fail("weapons", f"unknown weapon {weapon_id!r} (not in weapons.toml)")
    if len(set(weapon_ids)) != len(weapon_ids):
        table.fail("weapons", "lists a weapon twice")
    if armour_id is not None and _unknown(armour_id, gear.declared_armours):
        table.fail("armour", f"unknown armour {armour_id!r} (not in armour.toml [armours])")
    if shield_id is not None and _unknown(shield_id, gear.declared_shields):
        table.fail("shield", f"unknown shield {shield_id!r} (not in armour.toml [shields])")
    readied = gear.weapons.get(weapon_ids[0]) if weapon_ids else None
    if shield_id is not None and readied is not None and readied.two_handed:
        table.fail(
            "shield",
            f"the readied weapon {readied.id!r} is two-handed; no hand is left for a shield",
        )
    if speed_ft is not None and speed_ft % 5:
        table.fail("speed_ft", f"must be a multiple of 5 ft (one square), got {speed_ft}")
    if fearless and morale is not None and morale != 12:
        table.fail("morale", f"a fearless unit has morale 12, got {morale}")
    if kind == "party" and given_ac is not None:
        table.fail("ac", "a party archetype's AC comes from armour, shield and DEX; remove it")
    if len(table.problems) != count:
        return None
    if kind is None or size is None or hd is None or hp is None or morale is None:
        return None
    # Gear declared but itself invalid was reported in its own file; build nothing.
    if any(w not in gear.weapons for w in weapon_ids):
        return None
    armour = gear.armours.get(armour_id) if armour_id else None
    shield = gear.shields.get(shield_id) if shield_id else None
    if (armour_id and armour is None) or (shield_id and shield is None):
        return None

    if given_ac is not None:
        ac = given_ac
    else:
        dex = attribute_modifier(scores.get("DEX", DEFAULT_SCORE)) if kind == "party" else 0
        ac = armour_class(armour, shield, dex)
    if attack_bonus is None:
        # Level-1 party characters default to +0; NPCs use their HD (004 · Attack Rolls).
        attack_bonus = hd if kind == "npc" else 0
    if save is None:
        # The family's Physical save: 15 - level - best of STR/CON modifier for the party,
        # 15 - half HD (rounded down) for NPCs.
        if kind == "party":
            best = max(attribute_modifier(scores.get(a, DEFAULT_SCORE)) for a in ("STR", "CON"))
            save = 15 - hd - best
        else:
            save = max(2, 15 - hd // 2)
    return UnitTemplate(
        id=template_id,
        name=name,
        kind=kind,
        icon=icon,
        hd=hd,
        hp=hp,
        attack_bonus=attack_bonus,
        attributes={a: scores.get(a, DEFAULT_SCORE) for a in ATTRIBUTES},
        skills=skills,
        weapons=tuple(weapon_ids),
        armour=armour_id,
        shield=shield_id,
        ac=ac,
        speed_ft=speed_ft or 30,
        size=size,
        morale=morale,
        fearless=fearless,
        trained=trained,
        save=save,
        description=description,
    )


# --- the whole directory -----------------------------------------------------------------


def _load(directory: Path) -> Content:
    problems: list[str] = []
    if not directory.is_dir():
        raise ContentError([f"{directory}: content directory is missing"])

    found: dict[str, list[RulesetTable]] = {}
    weapons_data = _read_toml(directory / "weapons.toml", "weapons.toml", problems)
    weapons: dict[str, Weapon] = {}
    if weapons_data is not None:
        _check_top_level(problems, "weapons.toml", weapons_data, {"weapons"})
        for table in _entries(problems, "weapons.toml", weapons_data, "weapons"):
            _ruleset_tables(table, "weapons", found)
            weapon = _weapon(table)
            if weapon is not None:
                weapons[weapon.id] = weapon

    armour_data = _read_toml(directory / "armour.toml", "armour.toml", problems)
    armours: dict[str, Armour] = {}
    shields: dict[str, Shield] = {}
    if armour_data is not None:
        _check_top_level(problems, "armour.toml", armour_data, {"armours", "shields"})
        for table in _entries(problems, "armour.toml", armour_data, "armours"):
            armour = _armour(table)
            if armour is not None:
                armours[armour.id] = armour
        for table in _entries(problems, "armour.toml", armour_data, "shields", required=False):
            shield = _shield(table)
            if shield is not None:
                shields[shield.id] = shield

    gear = _Gear(
        weapons,
        armours,
        shields,
        _declared(weapons_data, "weapons"),
        _declared(armour_data, "armours"),
        _declared(armour_data, "shields"),
    )
    templates: dict[str, UnitTemplate] = {}
    origin: dict[str, str] = {}
    unit_files = sorted((directory / "units").glob("*.toml"))
    if not unit_files:
        problems.append("units/: no unit template files (expected units/*.toml)")
    for path in unit_files:
        label = f"units/{path.name}"
        data = _read_toml(path, label, problems)
        if data is None:
            continue
        _check_top_level(problems, label, data, {"units"})
        for table in _entries(problems, label, data, "units"):
            template_id = _entry_id(table)
            if template_id in origin:
                other = origin[template_id]
                problems.append(f"{label}: {table.prefix}: duplicate template id (also in {other})")
                continue
            origin[template_id] = label
            _ruleset_tables(table, "units", found)
            template = _template(table, gear)
            if template is not None:
                templates[template.id] = template

    content = Content(
        weapons,
        armours,
        shields,
        templates,
        directory,
        {name: tuple(tables) for name, tables in found.items()},
    )
    for reader in registered().values():
        try:
            content.claim(reader)
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return content


@lru_cache(maxsize=4)
def _default_content(names: frozenset[str]) -> Content:
    return _load(DATA_DIR)


def load_content(directory: str | Path | None = None) -> Content:
    """Load and validate a content directory; with no argument, the shipped content
    (loaded once and cached). Raises ``ContentError`` listing every problem."""
    if directory is None:
        return _default_content(table_names())
    return _load(Path(directory))
