"""Events of the ``zones`` ruleset (source 001), each one line in the battle log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.events import Event


@dataclass(frozen=True, slots=True)
class Kept(Event):
    """The d20 kept of two (advantage: the better, disadvantage: the worse)."""

    kind: ClassVar[str] = "test_kept"
    tone: ClassVar[str] = "roll"
    unit: str
    who: str
    natural: int
    total: int
    passed: bool
    how: str

    def text(self) -> str:
        verdict = "pass" if self.passed else "fail"
        return f"{self.who} keeps {self.natural} ({self.how}): {self.total} vs DR12, {verdict}"


@dataclass(frozen=True, slots=True)
class SidesOrdered(Event):
    """The side roll of initiative (001 · Initiative) and who begins."""

    kind: ClassVar[str] = "sides_ordered"
    tone: ClassVar[str] = "turn"
    roll: int
    first: str
    name: str

    def text(self) -> str:
        return f"Side roll {self.roll}: {self.name} begin"


@dataclass(frozen=True, slots=True)
class Hindered(Event):
    """A hindrance starts (``ended`` False) or ends."""

    kind: ClassVar[str] = "hindered"
    tone: ClassVar[str] = "info"
    unit: str
    who: str
    hindrance: str
    ended: bool = False

    def text(self) -> str:
        if self.ended:
            return f"{self.who} is no longer {self.hindrance}"
        return f"{self.who} is {self.hindrance}"


@dataclass(frozen=True, slots=True)
class UsageMarked(Event):
    """A natural 1 on an attack marks a usage of the weapon; the last one breaks it."""

    kind: ClassVar[str] = "usage_marked"
    tone: ClassVar[str] = "info"
    unit: str
    who: str
    weapon: str
    marked: int
    broken: bool

    def text(self) -> str:
        if self.broken:
            return f"{self.who}'s {self.weapon} breaks"
        return f"{self.who} marks a usage of the {self.weapon} ({self.marked} marked)"


@dataclass(frozen=True, slots=True)
class Pushed(Event):
    kind: ClassVar[str] = "pushed"
    tone: ClassVar[str] = "info"
    unit: str
    who: str
    zone: str

    def text(self) -> str:
        return f"{self.who} is pushed into {self.zone}"


@dataclass(frozen=True, slots=True)
class SideReaction(Event):
    """The d10 reaction of an undecided side (001 · Reactions & Morale)."""

    kind: ClassVar[str] = "side_reaction"
    tone: ClassVar[str] = "turn"
    side: str
    name: str
    roll: int
    reaction: str

    def text(self) -> str:
        return f"{self.name} react: {self.roll} on d10, {self.reaction}"
