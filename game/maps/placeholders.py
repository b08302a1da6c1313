"""The starter map's placeholders left in a map (maps/README.md · The starter kit): its
title, briefing and author, and any side or zone name marked "(rename me)". Each is a
warning: the map plays, but ``check-map --strict`` (what a map you ship should pass)
refuses it until the author has changed them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.maps.battlefield import Scenario, Zone
from game.maps.errors import Problem

RENAME_MARK = "(rename me)"  # on the starter's side names
TITLE_MARK = "(change this title)"  # "New battle (change this title)"
AUTHOR_PLACEHOLDER = "your name"
BRIEFING_START = "This is the starter map."  # its briefing lists what to change


def placeholder_warnings(
    properties: Mapping[str, object], scenario: Scenario, zones: Iterable[Zone]
) -> list[Problem]:
    """One warning per placeholder of the starter still in the map."""

    def text(key: str) -> str:
        value = properties.get(key)
        return value.strip() if isinstance(value, str) else ""

    out = []
    title, author = text("title"), text("author")
    if TITLE_MARK in title:
        out.append(_still("map property 'title'", f"{title!r} is", "name the battle"))
    if text("briefing").startswith(BRIEFING_START):
        out.append(
            _still(
                "map property 'briefing'",
                "the text is",
                "write who fights, where and why",
            )
        )
    if author.lower() == AUTHOR_PLACEHOLDER:
        out.append(_still("map property 'author'", f"{author!r} is", "put your name"))
    for side in scenario.sides:
        if RENAME_MARK in side.name:
            out.append(_still(f"side '{side.id}'", f"{side.name!r} is", "rename it in 'sides'"))
    for zone in zones:
        if RENAME_MARK in zone.name:
            out.append(_still(f"zone '{zone.name}'", "its name is", "rename the zone"))
    return out


def _still(where: str, what: str, fix: str) -> Problem:
    return Problem(where, f"{what} still the starter map's placeholder: {fix}", warning=True)
