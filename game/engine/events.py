"""Events: everything that happens in a battle, as frozen values with a ``text()`` for the log.

Every change of the world and every die roll is announced as an event (DESIGN.md · The
path of one decision). Events are appended to ``Battle.events`` in order; systems (esper
processors, see ``game.engine.systems``) react to them. Events carry unit *ids* and plain
values, never live objects, so a log or a UI can keep them.

``tone`` is a colour *name* for the UI's log ("roll", "hit", "miss", "damage", "death",
"morale", "info", "turn"); only the renderer turns names into colours.

To add an event: subclass ``Event`` as a frozen dataclass (``slots=True``), give it a
``kind`` ClassVar and a ``text()``; rules-specific events live in the ruleset package
(e.g. ``game.rules.grid.events``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base class of all events."""

    kind: ClassVar[str] = "event"
    tone: ClassVar[str] = "info"

    def text(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A die roll: ``purpose`` says what for ("attack", "damage", "initiative", "morale"...).

    ``target`` is the number the total is compared with (``versus`` names it, e.g. "AC");
    ``outcome`` the word for the result ("hit", "miss", "holds", "breaks") or "".
    ``at_most``: the roll succeeds at or under ``target`` (a roll-under save), which the
    text says, as nobody can guess it from "vs": ``"Bran DEX save: d20 18 = 18 vs DEX 11:
    failed (needs 11 or less)"``.
    Text: ``"Bran attacks Orc 2 with sword: d20 14 +3 = 17 vs AC 15: hit"``.
    """

    kind: ClassVar[str] = "rolled"
    tone: ClassVar[str] = "roll"
    unit: str | None
    who: str
    purpose: str
    dice: str
    faces: tuple[int, ...]
    modifier: int
    total: int
    target: int | None = None
    versus: str = ""
    outcome: str = ""
    detail: str = ""
    terms: tuple[int, ...] = ()  # the modifier's parts when it has more than one
    at_most: bool = False  # success is a total at or under the target

    def text(self) -> str:
        head = f"{self.who} {self.purpose}" if self.who else self.purpose
        if self.detail:
            head += f" {self.detail}"
        line = f"{head}: {self.sum_text()}"
        if self.outcome:
            line += f": {self.outcome}"
        if self.at_most and self.target is not None:
            line += f" (needs {self.target} or less)"
        return line

    def sum_text(self) -> str:
        """The dice, each term of the modifier, the sum and what it is against:
        ``"d20 14 +3 = 17 vs AC 15"``, ``"d20 12 +2 -2 = 12 vs AC 13"`` (terms that cancel
        are listed too)."""
        faces = "+".join(str(f) for f in self.faces)
        if len(self.faces) > 1:
            faces = f"({faces})"
        parts = self.terms or ((self.modifier,) if self.modifier else ())
        mod = "".join(f" {t:+d}" for t in parts)
        line = f"{self.dice} {faces}{mod} = {self.total}"
        if self.target is not None:
            line += f" vs {self.versus} {self.target}".replace("  ", " ")
        return line


def spelled_terms(modifier: int, terms: tuple[int, ...]) -> tuple[int, ...]:
    """What ``Rolled.terms`` keeps of the parts ``terms`` of ``modifier``: the parts that
    are not zero when there are two or more of them, else nothing (the modifier alone
    says it all)."""
    parts = tuple(t for t in terms if t)
    if terms and sum(parts) != modifier:
        raise ValueError(f"the terms {terms} do not add up to the modifier {modifier:+d}")
    return parts if len(parts) > 1 else ()


@dataclass(frozen=True, slots=True)
class BattleStarted(Event):
    kind: ClassVar[str] = "battle_started"
    tone: ClassVar[str] = "turn"
    title: str
    ruleset: str
    seed: int

    def text(self) -> str:
        return f"Battle begins: {self.title} (ruleset {self.ruleset}, seed {self.seed})"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    tone: ClassVar[str] = "turn"
    round: int

    def text(self) -> str:
        return f"— Round {self.round} —"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    tone: ClassVar[str] = "turn"
    round: int

    def text(self) -> str:
        return f"End of round {self.round}"


@dataclass(frozen=True, slots=True)
class SideTurnStarted(Event):
    kind: ClassVar[str] = "side_turn_started"
    tone: ClassVar[str] = "turn"
    side: str
    name: str

    def text(self) -> str:
        return f"{self.name} act"


@dataclass(frozen=True, slots=True)
class SideTurnEnded(Event):
    kind: ClassVar[str] = "side_turn_ended"
    tone: ClassVar[str] = "turn"
    side: str
    name: str

    def text(self) -> str:
        return f"{self.name} are done"


@dataclass(frozen=True, slots=True)
class UnitActivated(Event):
    kind: ClassVar[str] = "unit_activated"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str

    def text(self) -> str:
        return f"{self.who} acts"


@dataclass(frozen=True, slots=True)
class UnitDone(Event):
    kind: ClassVar[str] = "unit_done"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str

    def text(self) -> str:
        return f"{self.who} ends their turn"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A unit moved along ``path`` (cells entered, in order)."""

    kind: ClassVar[str] = "moved"
    unit: str
    who: str
    start: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    feet: int

    def text(self) -> str:
        end = self.path[-1] if self.path else self.start
        return f"{self.who} moves {self.feet} ft to {end[0]},{end[1]}"


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """``amount`` HP lost by ``unit``; ``source`` says how ("hit", "shock", "bleeding")."""

    kind: ClassVar[str] = "damaged"
    tone: ClassVar[str] = "damage"
    unit: str
    who: str
    amount: int
    hp: int
    max_hp: int
    source: str
    by: str | None = None

    def text(self) -> str:
        return f"{self.who} takes {self.amount} damage ({self.source}), {self.hp}/{self.max_hp} HP"


@dataclass(frozen=True, slots=True)
class Downed(Event):
    """A unit fell to 0 HP but lives (``fate``: "mortally wounded", "unconscious"); a unit
    killed outright gets ``Died`` instead."""

    kind: ClassVar[str] = "downed"
    tone: ClassVar[str] = "death"
    unit: str
    who: str
    side: str
    fate: str
    by: str | None = None

    def text(self) -> str:
        return f"{self.who} falls, {self.fate}"


@dataclass(frozen=True, slots=True)
class Died(Event):
    """A unit died (``cause``: "slain" at 0 HP, or of a mortal wound)."""

    kind: ClassVar[str] = "died"
    tone: ClassVar[str] = "death"
    unit: str
    who: str
    side: str
    cause: str

    def text(self) -> str:
        if self.cause == "slain":
            return f"{self.who} is slain"
        return f"{self.who} dies ({self.cause})"


@dataclass(frozen=True, slots=True)
class LeftBattle(Event):
    """A unit is out of the fight without dying: ``how`` is "fled", "withdrew" (left the
    field under a truce) or "surrendered"."""

    kind: ClassVar[str] = "left_battle"
    tone: ClassVar[str] = "morale"
    unit: str
    who: str
    side: str
    how: str

    def text(self) -> str:
        words = {"fled": "flees the field", "withdrew": "withdraws under a truce"}
        return f"{self.who} {words.get(self.how, 'surrenders')}"


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A plain line for the log (a rule explaining itself)."""

    kind: ClassVar[str] = "note"
    message: str
    unit: str | None = None

    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class BattleEnded(Event):
    kind: ClassVar[str] = "battle_ended"
    tone: ClassVar[str] = "turn"
    winner: str | None
    name: str
    round: int
    reason: str
    objective: str = ""  # the map objective that decided the battle, if one did

    def text(self) -> str:
        if self.winner is None:
            return f"The battle ends in a draw after round {self.round} ({self.reason})"
        return f"{self.name} win in round {self.round} ({self.reason})"
