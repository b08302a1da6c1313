"""Events of the ``stress`` rules (what the log and the screen read)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.events import Event


@dataclass(frozen=True, slots=True)
class CountReached(Event):
    """The round's count has risen to ``count``: ``units`` act now; two or more act
    simultaneously (002 · Step 2: ties resolve simultaneously)."""

    kind: ClassVar[str] = "count_reached"
    tone: ClassVar[str] = "turn"
    count: int
    units: tuple[str, ...]
    names: tuple[str, ...]

    def text(self) -> str:
        who = ", ".join(self.names)
        if len(self.units) > 1:
            return f"Initiative {self.count}: {who} act simultaneously"
        return f"Initiative {self.count}: {who}"


@dataclass(frozen=True, slots=True)
class Hurt(Event):
    """A hit's damage after Armour: ``stress_lost`` off Stress, ``wp_lost`` off Wound
    Points (a critical hit goes straight to Wound Points)."""

    kind: ClassVar[str] = "hurt"
    tone: ClassVar[str] = "damage"
    unit: str
    who: str
    stress_lost: int
    wp_lost: int
    stress: int
    wp: int
    max_wp: int
    damage_type: str
    critical: bool
    by: str | None = None
    together: bool = False  # applied with the other blows of a simultaneous count

    def text(self) -> str:
        parts = []
        if self.stress_lost:
            parts.append(f"{self.stress_lost} Stress")
        if self.wp_lost:
            parts.append(f"{self.wp_lost} Wound Points ({self.damage_type} injury)")
        lost = " and ".join(parts) or "nothing (Armour)"
        crit = "critical hit: " if self.critical else ""
        when = " (simultaneous)" if self.together else ""
        return f"{self.who} loses {crit}{lost}{when}: WP {self.wp}/{self.max_wp}"


@dataclass(frozen=True, slots=True)
class Injured(Event):
    """A combat injury from a critical hit (002 · Combat Injuries)."""

    kind: ClassVar[str] = "injured"
    tone: ClassVar[str] = "damage"
    unit: str
    who: str
    injury: str
    effect: str

    def text(self) -> str:
        return f"{self.who} suffers a combat injury: {self.injury} ({self.effect})"


@dataclass(frozen=True, slots=True)
class DoubleKnockOut(Event):
    """Two or more units of different sides dropped each other at the same count."""

    kind: ClassVar[str] = "double_knock_out"
    tone: ClassVar[str] = "death"
    count: int
    units: tuple[str, ...]
    names: tuple[str, ...]

    def text(self) -> str:
        return f"Double knock-out at initiative {self.count}: {' and '.join(self.names)}"
