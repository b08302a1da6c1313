"""Zone conditions: the custom properties of a map's zone object that a zone ruleset
reads (maps/README.md · Zone conditions).

- ``capacity``: a whole number from 1, how many units fit in the zone (a bridge, a
  corridor, a gate: the choke points);
- ``hazard``: ``"<ATTR> <DR>: <damage dice> [hindrance]"``, e.g. ``"STR 12: 1d4"`` or
  ``"DEX 12: stuck"`` or ``"DEX 12: 1d4 stuck"``: a unit that spends a turn in the zone
  tests the attribute against the difficulty, and on a failure takes the damage and/or
  the hindrance. Which attributes and hindrances exist, and when the test comes, is the
  ruleset's to say; the map only writes them down.

Geometry names no ruleset: the attribute and the hindrance are kept as the words the
author wrote (upper-case and lower-case words).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CAPACITY = "capacity"
HAZARD = "hazard"
ZONE_PROPERTIES = (CAPACITY, HAZARD)
MAX_DIFFICULTY = 30
HAZARD_SYNTAX = "'<ATTR> <DR>: <damage dice> [hindrance]', e.g. 'STR 12: 1d4' or 'DEX 12: stuck'"

_HAZARD = re.compile(
    r"^\s*(?P<attr>[A-Z]{2,5})\s+(?P<dr>\d{1,2})\s*:\s*"
    r"(?P<dice>\d{1,2}d\d{1,3}(?:\s*[+-]\s*\d{1,2})?)?\s*(?P<hindrance>[a-z]+)?\s*$"
)


@dataclass(frozen=True, slots=True)
class Hazard:
    """A zone's hazard: test ``attribute`` against ``difficulty``; a failure deals
    ``damage`` (dice text such as ``1d4``, or None) and/or puts on ``hindrance``."""

    attribute: str
    difficulty: int
    damage: str | None
    hindrance: str | None

    def text(self) -> str:
        """The hazard as the map writes it."""
        effects = " ".join(part for part in (self.damage, self.hindrance) if part)
        return f"{self.attribute} {self.difficulty}: {effects}"


def parse_hazard(text: str) -> Hazard:
    """A ``hazard`` property's text read; ValueError says what is wrong with it."""
    match = _HAZARD.match(str(text))
    if match is None:
        raise ValueError(f"hazard {str(text)!r} does not read as {HAZARD_SYNTAX}")
    dr = int(match["dr"])
    if not 1 <= dr <= MAX_DIFFICULTY:
        raise ValueError(f"hazard {str(text)!r}: the DR {dr} is not 1-{MAX_DIFFICULTY}")
    dice = match["dice"]
    if dice is None and match["hindrance"] is None:
        raise ValueError(
            f"hazard {str(text)!r} has neither damage dice nor a hindrance after the ':'"
        )
    if dice is not None:
        count, sides = (int(n) for n in re.findall(r"\d+", dice)[:2])
        if count < 1 or sides < 2:
            raise ValueError(f"hazard {str(text)!r}: '{dice}' is not a dice roll like 1d4")
        dice = re.sub(r"\s+", "", dice)
    return Hazard(match["attr"], dr, dice, match["hindrance"])


def parse_capacity(text: str) -> int:
    """A ``capacity`` property's number; ValueError when it is not a whole number >= 1."""
    value = str(text).strip()
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"capacity is {str(text)!r}, not a whole number of units from 1")
    return int(value)
