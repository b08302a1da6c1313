"""The scenario from a map's custom properties (maps/README.md · Map properties).

Title, briefing, ruleset, the sides with their names, colours and who may
control them, surprise (source 004 · Surprise: one side caught unawares, or an
opposed check), a round limit, fog of war and how hard the battle is.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.maps import contract
from game.maps.battlefield import Scenario, SideInfo
from game.maps.errors import Problem, unknown_property
from game.maps.sides_line import missing_separator
from game.maps.terrain import read_bool, read_int
from game.rulesets import DEFAULT as DEFAULT_RULESET
from game.rulesets import ruleset_ids
from game.words import is_one_line


def parse_sides(text: str, problems: list[Problem]) -> tuple[SideInfo, ...]:
    """Sides from the multi-line ``sides`` property:
    ``id; Name; #rrggbb; control[; party][; undecided][; morale]`` (the flags in any
    order; a side cannot be both party and undecided: the party's mind is its players');
    the flags beyond party and undecided are kept in ``SideInfo.flags`` for the rulesets
    that read one."""
    sides: list[SideInfo] = []
    seen: set[str] = set()
    lines = [line for line in text.splitlines() if line.strip()]
    for number, line in enumerate(lines, start=1):
        where = f"map property 'sides' line {number}"
        fields = [part.strip() for part in line.split(";")]
        gap = missing_separator(fields)
        if gap is not None:  # one problem, not the shifted fields' echoes
            problems.append(Problem(where, gap))
            continue
        if len(fields) < 3 or len(fields) > 3 + 1 + contract.MAX_SIDE_FLAGS:
            problems.append(
                Problem(
                    where,
                    f"{line.strip()!r} should be 'id; Name; #rrggbb; control' "
                    "(add '; party' for the player's party, '; undecided' for a side "
                    "whose mind is not made up, '; morale' for a side that checks morale)",
                )
            )
            continue
        side_id, name, colour = fields[0], fields[1], fields[2]
        control = fields[3].lower() if len(fields) > 3 and fields[3] else "any"
        flags: set[str] = set()
        ok = True
        if not contract.SIDE_ID.match(side_id):
            problems.append(
                Problem(
                    where,
                    f"side id {side_id!r} must be lower case letters, digits or _ "
                    "and start with a letter",
                )
            )
            ok = False
        elif side_id in seen:
            problems.append(Problem(where, f"side id '{side_id}' is declared twice"))
            ok = False
        seen.add(side_id)
        if not name:
            problems.append(Problem(where, "the side's name is empty"))
            ok = False
        for what, text, limit in (
            ("id", side_id, contract.MAX_SIDE_ID_CHARS),
            ("name", name, contract.MAX_NAME_CHARS),
        ):
            if len(text) > limit:
                problems.append(
                    Problem(
                        where,
                        f"the side's {what} is {len(text)} characters long; at most {limit}",
                    )
                )
                ok = False
        if not is_one_line(name):
            problems.append(Problem(where, "the side's name holds a control character"))
            ok = False
        if not contract.COLOUR.match(colour):
            problems.append(Problem(where, f"colour {colour!r} is not #rrggbb"))
            ok = False
        if control not in contract.CONTROLS:
            problems.append(
                Problem(where, f"control {control!r} is not one of {', '.join(contract.CONTROLS)}")
            )
            ok = False
        for flag in fields[4:]:
            word = flag.lower()
            if word not in contract.SIDE_FLAGS:
                problems.append(
                    Problem(
                        where,
                        f"{flag!r} is not " + " or ".join(f"'{f}'" for f in contract.SIDE_FLAGS),
                    )
                )
                ok = False
            elif word in flags:
                problems.append(Problem(where, f"'{word}' is written twice"))
                ok = False
            flags.add(word)
        if {"party", "undecided"} <= flags:
            problems.append(
                Problem(
                    where,
                    "the party cannot be undecided (its players make up its mind; "
                    "mark an undecided side that is not the party)",
                )
            )
            ok = False
        if ok:
            sides.append(
                SideInfo(
                    side_id,
                    name,
                    colour.lower(),
                    control,
                    "party" in flags,
                    undecided="undecided" in flags,
                    flags=tuple(f for f in contract.SIDE_FLAGS[2:] if f in flags),
                )
            )
    if len(sides) > contract.MAX_SIDES:
        problems.append(
            Problem("map property 'sides'", f"{len(sides)} sides; at most {contract.MAX_SIDES}")
        )
    if sum(side.party for side in sides) > 1:
        problems.append(Problem("map property 'sides'", "only one side can be the party"))
    if len(sides) < 2 and not any(p.where.startswith("map property 'sides'") for p in problems):
        problems.append(Problem("map property 'sides'", "a battle needs at least two sides"))
    return tuple(sides)


def declared_side_ids(properties: Mapping[str, object]) -> frozenset[str]:
    """Side ids the ``sides`` property names, even on lines with other mistakes, so
    that one bad colour does not also make every unit of that side 'undeclared'."""
    text = properties.get("sides")
    if not isinstance(text, str):
        return frozenset()
    ids = (line.split(";", 1)[0].strip() for line in text.splitlines())
    return frozenset(i for i in ids if contract.SIDE_ID.match(i))


def parse_scenario(properties: Mapping[str, object], problems: list[Problem]) -> Scenario:
    """The Scenario from map properties; problems are appended, never raised."""
    for key in sorted(properties):
        if key not in contract.MAP_PROPERTIES:
            problems.append(unknown_property("map", "map ", key, contract.MAP_PROPERTIES))
    texts: dict[str, str] = {}
    for key in contract.REQUIRED_MAP_PROPERTIES:
        value = properties.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append(
                Problem(
                    "map",
                    f"the '{key}' map property is missing or empty "
                    "(Map > Map Properties > Custom Properties)",
                )
            )
            texts[key] = ""
        else:
            texts[key] = value.strip()
    if not is_one_line(texts["title"]):
        problems.append(
            Problem("map property 'title'", "holds a line break or a control character")
        )
    if len(texts["title"]) > contract.MAX_TITLE_CHARS:
        problems.append(
            Problem(
                "map property 'title'",
                f"is {len(texts['title'])} characters long; at most "
                f"{contract.MAX_TITLE_CHARS} (the menu and every save show it)",
            )
        )
    sides = parse_sides(texts["sides"], problems) if texts["sides"] else ()
    side_ids = {side.id for side in sides}

    ruleset = str(properties.get("ruleset", DEFAULT_RULESET)).strip() or DEFAULT_RULESET
    known = ruleset_ids()
    if ruleset not in known:
        problems.append(
            Problem("map property 'ruleset'", f"{ruleset!r} is not one of {', '.join(known)}")
        )
        ruleset = DEFAULT_RULESET

    surprise: str | None = None
    if "surprise" in properties:
        surprise = str(properties["surprise"]).strip() or None
        if surprise is not None and surprise != contract.SURPRISE_CHECK and sides:
            if surprise not in side_ids:
                problems.append(
                    Problem(
                        "map property 'surprise'",
                        f"{surprise!r} is neither a side id "
                        f"({', '.join(sorted(side_ids))}) nor '{contract.SURPRISE_CHECK}'",
                    )
                )

    round_limit: int | None = None
    if "round_limit" in properties:
        limit = read_int(properties["round_limit"])
        if limit is None or not 1 <= limit <= contract.MAX_ROUND_LIMIT:
            problems.append(
                Problem(
                    "map property 'round_limit'",
                    f"{properties['round_limit']!r} is not "
                    f"a whole number 1–{contract.MAX_ROUND_LIMIT}",
                )
            )
        else:
            round_limit = limit

    fog = False
    if "fog" in properties:
        value = read_bool(properties["fog"])
        if value is None:
            problems.append(
                Problem("map property 'fog'", f"{properties['fog']!r} is not true or false")
            )
        fog = bool(value)

    difficulty: str | None = None
    if "difficulty" in properties:
        given = str(properties["difficulty"]).strip().lower()
        if given in contract.DIFFICULTIES:
            difficulty = given
        else:
            problems.append(
                Problem(
                    "map property 'difficulty'",
                    f"{properties['difficulty']!r} is not one of "
                    f"{', '.join(contract.DIFFICULTIES)} (the menu lists the map last)",
                    warning=True,
                )
            )

    return Scenario(
        title=texts["title"],
        briefing=texts["briefing"],
        ruleset=ruleset,
        sides=sides,
        surprise=surprise,
        round_limit=round_limit,
        fog=fog,
        difficulty=difficulty,
    )
