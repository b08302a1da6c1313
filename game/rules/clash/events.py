"""Events of the ``clash`` ruleset (source 000) beyond the engine's shared ones.

The declaration events (``Declared``, ``IntentionRevealed``, ``OrderSet``) are shared by
every ruleset that declares first: they live in ``game.engine.intentions`` and are named
here too for the clash code that emits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.events import Event
from game.engine.intentions import Declared, IntentionRevealed, OrderSet

__all__ = ["AbilityLost", "Declared", "IntentionRevealed", "OrderSet", "SlotFilled"]


@dataclass(frozen=True, slots=True)
class AbilityLost(Event):
    """``unit`` lost ``amount`` of ``ability`` (STR, DEX or WIL), now ``value``; ``by``:
    the unit whose blow it was, when it was one."""

    kind: ClassVar[str] = "ability_lost"
    tone: ClassVar[str] = "damage"
    unit: str
    who: str
    ability: str
    amount: int
    value: int
    source: str
    by: str | None = None

    def text(self) -> str:
        return f"{self.who} loses {self.amount} {self.ability} ({self.source}), {self.value} left"


@dataclass(frozen=True, slots=True)
class SlotFilled(Event):
    """Something took an inventory slot: "Fatigue", "a light wound (burns)", "an injury"."""

    kind: ClassVar[str] = "slot_filled"
    tone: ClassVar[str] = "info"
    unit: str
    who: str
    what: str
    used: int
    slots: int

    def text(self) -> str:
        full = " — overburdened" if self.used >= self.slots else ""
        return f"{self.who} gains {self.what} ({self.used}/{self.slots} slots){full}"
