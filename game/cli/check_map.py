"""``python -m game check-map FILE…``: check maps against the authors' contract.

A good map prints ``FILE: ok — 12×12, 2 sides (Wardens 2, Bandits 3), 5 units (PATH)``
(``…, 5 units, 2 objectives (hold, escape) (PATH)`` when it marks objectives);
a bad one prints one line per problem, ``FILE: where: what``, and the command
exits 2 (DESIGN.md · Errors and data). Bare names like ``duel`` are looked up in
the user and shipped map folders, and the line names the file that was checked (a map of
your own with a shipped map's name takes its place). Warnings (custom properties the
contract does not know, zones that leave walkable cells out, overlap, cover no walkable
cell, reach past the map's edge or lie where no unit can go, a zone condition some rules
cannot play, the starter map's placeholders left in, an object template found only among
the game's own) are printed as
``FILE: where: warning: what``; the map is still good and the exit status 0, unless
``--strict`` makes warnings errors. After the
ok line, ``FILE: zones: info: …`` says when zones will be made automatically.
"""

from __future__ import annotations

import argparse
from collections.abc import Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the map loader (and numpy) load when a map is checked, not for --help
    from game.maps.battlefield import Battlefield

NAME = "check-map"
HELP = "check Tiled maps (.tmx files or map names) against the map authors' contract"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("maps", nargs="+", metavar="FILE", help="a .tmx file or a map name")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="treat warnings (unknown properties, zone gaps, placeholders left in …) as errors",
    )


def default_templates() -> Collection[str]:
    """The unit template ids a spawn may name (the loader's, imported when needed)."""
    from game.maps.loader import default_templates as known

    return known()


def summary(field: Battlefield) -> str:
    """One line: size, sides with their unit counts, total units, and the objectives the
    map marks with their kinds ("3 objectives (2 hold, escape)"; none said when there are none)."""
    counts = {side.id: 0 for side in field.scenario.sides}
    for spawn in field.spawns:
        counts[spawn.side] = counts.get(spawn.side, 0) + 1
    sides = ", ".join(f"{side.name} {counts[side.id]}" for side in field.scenario.sides)
    n_sides = len(field.scenario.sides)
    n_units = len(field.spawns)
    return (
        f"{field.grid.width}×{field.grid.height}, {n_sides} side{'s' * (n_sides != 1)} "
        f"({sides}), {n_units} unit{'s' * (n_units != 1)}{objectives_words(field)}"
    )


def objectives_words(field: Battlefield) -> str:
    """ ", 3 objectives (2 hold, escape)" for the ok line; "" for a map with none."""
    kinds: dict[str, int] = {}
    for objective in field.objectives:
        kinds[objective.kind] = kinds.get(objective.kind, 0) + 1
    if not kinds:
        return ""
    n = len(field.objectives)
    one_kind = len(kinds) == 1
    each = ", ".join(k if c == 1 or one_kind else f"{c} {k}" for k, c in kinds.items())
    return f", {n} objective{'s' * (n != 1)} ({each})"


def check(name: str, templates: frozenset[str], strict: bool = False) -> tuple[bool, list[str]]:
    """Whether the map is good, and the lines check-map prints for it."""
    from game.maps.errors import MapError
    from game.maps.library import find_map
    from game.maps.loader import load_battlefield
    from game.maps.zone_checks import zone_info, zone_warnings
    from game.words import one_line

    try:
        path = find_map(name)
        field = load_battlefield(path, templates)
    except MapError as exc:
        return False, exc.lines(shown_as=name or "''")
    except Exception as exc:  # a loader bug must still not show a traceback to authors
        return False, [one_line(f"{name}: map: could not be checked ({type(exc).__name__}: {exc})")]
    problems = [*field.warnings, *zone_warnings(field)]
    name = one_line(name)
    warnings = [f"{name}: {problem}" for problem in problems] + unplayable(name, field)
    if strict and warnings:
        return False, warnings
    where = "" if str(path) == name else f" ({one_line(str(path))})"
    info = [f"{name}: {one_line(line)}" for line in zone_info(field)]
    return True, [*warnings, f"{name}: ok — {summary(field)}{where}", *info]


def unplayable(name: str, field: Battlefield) -> list[str]:
    """Warnings for what a ruleset cannot play on the map (``Ruleset.map_problems``): the
    map still plays under the other rules."""
    from game.rulesets import get_ruleset, ruleset_ids
    from game.words import one_line

    lines = []
    for rid in ruleset_ids():
        for problem in get_ruleset(rid).map_problems(field):
            lines.append(
                one_line(
                    f"{name}: {problem.where}: warning: not playable with '{rid}' rules: "
                    f"{problem.what}"
                )
            )
    return lines


def run(args: argparse.Namespace) -> int:
    from game.content import ContentError

    try:
        templates = frozenset(default_templates())
    except ContentError as exc:
        for problem in exc.problems:
            print(f"content: {problem}")
        return 2
    status = 0
    for name in args.maps:
        ok, lines = check(name, templates, strict=args.strict)
        if not ok:
            status = 2
        print("\n".join(lines), flush=True)
    return status
