"""Dice for the engine: every roll goes through the battle's ``random.Random`` and becomes a
``Rolled`` event (DESIGN.md · Randomness).

``roll_dice(rng, count, sides)`` draws ``count`` faces with one ``randint(1, sides)`` each,
in order; nothing else in the rules touches the generator, so a seed plus the list of
answers reproduces a battle exactly.

``ScriptedRandom`` is a ``random.Random`` that hands out scripted faces: tests use it to
pin every die ("fixed dice"). It refuses a face that does not fit the die and says so
when the script runs out, so a test cannot silently roll something unexpected.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


def roll_dice(rng: random.Random, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` d``sides`` with ``rng``; the faces in order."""
    return tuple(rng.randint(1, sides) for _ in range(count))


def dice_text(count: int, sides: int) -> str:
    return f"{'' if count == 1 else count}d{sides}"


class ScriptExhausted(AssertionError):
    """A scripted generator was asked for more dice than the test scripted."""


class ScriptedRandom(random.Random):
    """A generator whose ``randint`` returns the scripted faces in order (fixed dice).

    ``ScriptedRandom([14, 3])`` makes the next d20 a 14 and the next die a 3. With
    ``fallback_seed`` given, rolls after the script come from a seeded generator instead of
    raising ``ScriptExhausted``.

    A battle given scripted dice (``Battle(..., dice=script)``) rolls from the same script:
    faces pushed onto ``script`` at any time, before or during the battle, are the
    battle's next ones once the earlier faces are used (a whole battle can be scripted
    as it goes). Copies made for a fork keep their own script.
    """

    def __init__(self, faces: Iterable[int] = (), fallback_seed: int | None = None) -> None:
        super().__init__(0)
        self._script: list[int] = list(faces)  # every face ever scripted, shared by ``fresh``
        self._used = 0  # faces of the script rolled so far
        self._fallback_seed = fallback_seed
        self._fallback = None if fallback_seed is None else random.Random(fallback_seed)
        self.log: list[tuple[int, int]] = []  # (sides, face) of every roll, for assertions

    def push(self, *faces: int) -> None:
        """Append faces to the script (every generator sharing it sees them)."""
        self._script.extend(faces)

    def fresh(self) -> ScriptedRandom:
        """A generator at the start of the same script, sharing it so that later pushes
        reach both; the battle rolls from one (and replays from another to undo)."""
        other = ScriptedRandom((), self._fallback_seed)
        other._script = self._script
        return other

    def __deepcopy__(self, memo: dict[int, object]) -> ScriptedRandom:
        """An independent generator at the same point of a copy of the script (a forked
        battle's dice): faces pushed to one later never reach the other."""
        other = ScriptedRandom(self._script, self._fallback_seed)
        other._used = self._used
        if self._fallback is not None:
            other._fallback = random.Random()
            other._fallback.setstate(self._fallback.getstate())
        other.log = list(self.log)
        return other

    def follow(self, script: list[int]) -> None:
        """Use ``script`` (this one's script, perhaps with faces pushed since) from the
        same position on: a fork restored from an older copy sees every face pushed."""
        self._script = script

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(self._script[self._used :])

    def randint(self, a: int, b: int) -> int:
        if self._used < len(self._script):
            face = self._script[self._used]
            self._used += 1
            if not a <= face <= b:
                raise AssertionError(f"scripted face {face} does not fit a roll of {a}..{b}")
        elif self._fallback is not None:
            face = self._fallback.randint(a, b)
        else:
            raise ScriptExhausted(f"no scripted face left for a roll of {a}..{b}")
        self.log.append((b, face))
        return face

    def getstate(self) -> tuple[object, ...]:  # type: ignore[override]
        fallback = None if self._fallback is None else self._fallback.getstate()
        return (self.remaining, fallback)
