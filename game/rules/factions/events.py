"""Events of the factions ruleset (003): an attack declared (what reactions answer), a
faction's pass, a reaction taken, a blast's area, gear worn or broken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.events import Event


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    """``attacker`` attacks ``target`` with ``weapon`` (its id; ``what``: its name, as the
    log says it) (``mode``: melee, ranged, indirect, blast, disarm, grapple, moving away)."""

    kind: ClassVar[str] = "attack_made"
    tone: ClassVar[str] = "hit"
    attacker: str
    target: str
    weapon: str
    mode: str
    who: str
    whom: str
    what: str = ""

    def text(self) -> str:
        with_what = f" with the {self.what.lower()}" if self.what else ""
        return f"{self.who} attacks {self.whom}{with_what} ({self.mode})"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A faction passes instead of activating a unit (003 · Combat procedure)."""

    kind: ClassVar[str] = "side_passed"
    tone: ClassVar[str] = "turn"
    side: str
    name: str

    def text(self) -> str:
        return f"{self.name} pass"


@dataclass(frozen=True, slots=True)
class Reacted(Event):
    """``unit`` spends its turn on a reaction (``how``: dodge, counter, hide behind,
    guard, opportunity attack)."""

    kind: ClassVar[str] = "reaction_taken"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str
    how: str

    def text(self) -> str:
        return f"{self.who} reacts: {self.how}"


@dataclass(frozen=True, slots=True)
class BlastArea(Event):
    """A blast hits zone ``zone`` and the squares on its borders (``cells``)."""

    kind: ClassVar[str] = "blast_area"
    tone: ClassVar[str] = "hit"
    zone: int
    name: str
    cells: tuple[tuple[int, int], ...]

    def text(self) -> str:
        return f"The blast hits {self.name} and its borders"


@dataclass(frozen=True, slots=True)
class GearWorn(Event):
    """An item of ``unit`` is damaged or broken (``state``)."""

    kind: ClassVar[str] = "gear_worn"
    tone: ClassVar[str] = "info"
    unit: str
    who: str
    item: str
    state: str

    def text(self) -> str:
        return f"{self.who}'s {self.item} is {self.state}"
