"""What ended a battle won by the last side standing, read from the battle's events (the
engine's ``Died``, ``Downed``, ``LeftBattle`` and ``Rolled``, in the ruleset's own words):
play-test 4, the victory screen said only "Garrison … hold the field after 2 rounds" when
one failed save sent all 13 orcs fleeing. No pygame; no ruleset's terms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.events import Died, Downed, Event, LeftBattle, Rolled, UnitActivated

VERBS = {"fled": "fled", "withdrew": "withdrew", "surrendered": "surrendered"}


@dataclass(frozen=True, slots=True)
class Departure:
    """A unit out of the fight: who, its side and how ("fell", "fled" ...)."""

    who: str
    side: str
    verb: str


def departure(event: Event) -> Departure | None:
    if isinstance(event, LeftBattle):
        return Departure(event.who, event.side, VERBS.get(event.how, "left the fight"))
    if isinstance(event, Died | Downed):
        return Departure(event.who, event.side, "fell")
    return None


def ending_cause(events: Sequence[Event], winner: str, side_names: dict[str, str]) -> str:
    """How the last units of the losing side left the fight in the last unit's turn (since
    the last ``UnitActivated``): "Lagduf, the last of The Black Tusk War Band, fell", or, when
    several left at once, "the last 13 of The Black Tusk War Band fled at once, after Old
    Stonebelly's <the roll, in the ruleset's own words> (failed)" (the losing side's last
    roll before they went, when it says how it came out); "" when no unit left the fight
    then."""
    start = max((i for i, e in enumerate(events) if isinstance(e, UnitActivated)), default=0)
    stretch = list(events[start:])
    gone = [(i, d) for i, e in enumerate(stretch) if (d := departure(e)) and d.side != winner]
    if not gone:
        return ""
    side = gone[-1][1].side
    mine = [(i, d) for i, d in gone if d.side == side]
    name = side_names.get(side, side)
    verbs = Counter(d.verb for _, d in mine)
    verb = next(iter(verbs)) if len(verbs) == 1 else "left the fight"
    if len(mine) == 1:
        return f"{mine[0][1].who}, the last of {name}, {verb}"
    line = f"the last {len(mine)} of {name} {verb} at once"
    roll = _their_roll(stretch[: mine[0][0]], side, name, {d.who for _, d in mine})
    return f"{line}, after {roll}" if roll else line


def _their_roll(events: Sequence[Event], side: str, name: str, theirs: set[str]) -> str:
    """The losing side's last roll with an outcome before its units left: one of its units'
    (among those that left) or the side's own ("who" its name)."""
    for event in reversed(events):
        if isinstance(event, Rolled) and event.outcome and event.who in theirs | {name}:
            return f"{event.who}'s {event.purpose} ({event.outcome})"
    return ""
