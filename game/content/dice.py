"""Dice expressions such as ``1d8`` or ``2d4+1`` (source 004 · Damage, weapon dice and HD).

A ``Dice`` is a value: it knows its bounds and rolls only with the ``random.Random``
handed to it (the battle owns the generator, so replays reproduce every roll).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

_DICE_RE = re.compile(r"^\s*(\d+)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$")

# Sane limits so a typo ("100d100") is caught instead of producing absurd numbers.
MAX_COUNT = 20
ALLOWED_SIDES = (2, 3, 4, 6, 8, 10, 12, 20)
MAX_BONUS = 20


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` faces plus a flat ``bonus`` (may be negative)."""

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Parse ``"NdS"``, ``"NdS+B"`` or ``"NdS-B"``; raise ``ValueError`` otherwise."""
        match = _DICE_RE.match(text)
        if match is None:
            raise ValueError(f'expected dice like "1d8" or "2d4+1", got {text!r}')
        count, sides = int(match.group(1)), int(match.group(2))
        bonus = int(match.group(4) or 0)
        if match.group(3) == "-":
            bonus = -bonus
        if not 1 <= count <= MAX_COUNT:
            raise ValueError(f"dice count must be 1..{MAX_COUNT}, got {text!r}")
        if sides not in ALLOWED_SIDES:
            sides_text = "/".join(f"d{s}" for s in ALLOWED_SIDES)
            raise ValueError(f"dice sides must be one of {sides_text}, got {text!r}")
        if abs(bonus) > MAX_BONUS:
            raise ValueError(f"dice bonus must be within ±{MAX_BONUS}, got {text!r}")
        return cls(count, sides, bonus)

    @property
    def min(self) -> int:
        return self.count + self.bonus

    @property
    def max(self) -> int:
        return self.count * self.sides + self.bonus

    @property
    def mean(self) -> float:
        return self.count * (self.sides + 1) / 2 + self.bonus

    def roll(self, rng: random.Random) -> int:
        """Roll with the battle's generator: one ``randint`` per die, in order."""
        return sum(rng.randint(1, self.sides) for _ in range(self.count)) + self.bonus

    def __str__(self) -> str:
        if self.bonus > 0:
            return f"{self.count}d{self.sides}+{self.bonus}"
        if self.bonus < 0:
            return f"{self.count}d{self.sides}{self.bonus}"
        return f"{self.count}d{self.sides}"
