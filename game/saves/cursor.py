"""Stepping through a saved battle, forward and back (issue 6 · the replay viewer).

    cursor = ReplayCursor.open(path)       # at the start, before the first answer
    events = cursor.forward()              # apply the next saved answer; its events
    cursor.back()                          # one answer back
    cursor.seek(40)                        # after the 40th answer
    cursor.battle                          # the battle as it stands (read it, never answer)

Battles cannot be copied mid-flow (the turn scheme is a running generator), so stepping
back replays from the start to the wanted point; forward steps are one answer each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine.battle import Battle
from game.engine.events import Event
from game.maps.battlefield import Battlefield
from game.saves.errors import SaveError
from game.saves.format import SaveData, read
from game.saves.replay import locate_map


class ReplayCursor:
    """A battle positioned after ``position`` of the save's answers."""

    def __init__(
        self,
        save: SaveData,
        battlefield: Battlefield,
        path: Path | str = "<save>",
        content: Any = None,
    ) -> None:
        self.save = save
        self.path = Path(path)
        self._field = battlefield
        self._content = content
        self.position = 0
        self.battle = self._fresh()

    @classmethod
    def open(cls, path: Path | str, content: Any = None) -> ReplayCursor:
        """A cursor at the start of the save at ``path`` (``SaveError`` if it is bad)."""
        save = read(path)
        return cls(save, locate_map(save, path, content), path, content)

    @property
    def length(self) -> int:
        return len(self.save.answers)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    def _fresh(self) -> Battle:
        s = self.save
        return Battle(
            self._field, s.ruleset, s.seed, s.controllers, content=self._content, options=s.options
        )

    def forward(self) -> tuple[Event, ...]:
        """Apply the next answer; the events it caused (empty at the end)."""
        if self.at_end:
            return ()
        answer = self.save.answers[self.position]
        result = self.battle.answer(answer)
        if not result.ok:
            raise SaveError(
                self.path,
                f"answer {self.position + 1} of {self.length} is "
                f"illegal at that point: {result.reason}",
            )
        self.position += 1
        return result.events

    def seek(self, position: int) -> None:
        """Stand after ``position`` answers (clamped to the save)."""
        position = max(0, min(self.length, position))
        if position < self.position:
            self.battle.close()
            self.battle = self._fresh()
            self.position = 0
        while self.position < position:
            self.forward()

    def back(self) -> None:
        """One answer back (replays from the start)."""
        self.seek(self.position - 1)

    def close(self) -> None:
        self.battle.close()
