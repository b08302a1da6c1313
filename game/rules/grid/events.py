"""Events of the ``grid`` ruleset (source 004) beyond the engine's shared ones."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.events import Event


@dataclass(frozen=True, slots=True)
class InitiativeSet(Event):
    """004 · Combat Sequence: the side order for the whole battle."""

    kind: ClassVar[str] = "initiative_set"
    tone: ClassVar[str] = "turn"
    order: tuple[str, ...]
    names: tuple[str, ...]

    def text(self) -> str:
        return "Initiative: " + ", then ".join(self.names)


@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """An attack is about to be rolled (``mode``: "melee", "ranged", "opportunity" ...);
    ``thrown`` when the weapon is thrown (it leaves the attacker's hand)."""

    kind: ClassVar[str] = "attack_declared"
    attacker: str
    target: str
    weapon: str
    mode: str
    text_: str
    thrown: bool = False

    def text(self) -> str:
        return self.text_


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """The attack hit or missed against the target's final AC (after any reaction).

    ``shocks``: a weapon attack whose miss may Shock (004 · Shock; not a maneuver's or an
    execution's roll), applied by the ``shock.ShockOnMiss`` system; ``ranged``: it was
    shot or thrown (no Shock); ``shock_always``: its Shock lands past AC and shields
    (004 · Make a Swarm Attack)."""

    kind: ClassVar[str] = "attack_resolved"
    attacker: str
    target: str
    weapon: str
    mode: str
    hit: bool
    total: int
    ac: int
    shocks: bool = False
    ranged: bool = False
    shock_always: bool = False

    @property
    def tone(self) -> str:  # type: ignore[override]
        return "hit" if self.hit else "miss"

    def text(self) -> str:
        return f"{'Hit' if self.hit else 'Miss'} ({self.total} vs AC {self.ac})"


@dataclass(frozen=True, slots=True)
class BudgetSpent(Event):
    """004 · Combat Action Types: a unit spent an action ("Main", "Move", "Free" ...)."""

    kind: ClassVar[str] = "budget_spent"
    unit: str
    who: str
    what: str
    action: str

    def text(self) -> str:
        return f"{self.who} spends {self.what} on {self.action}"


@dataclass(frozen=True, slots=True)
class Routed(Event):
    """A morale check failed: the unit will flee (or surrender when cornered)."""

    kind: ClassVar[str] = "routed"
    tone: ClassVar[str] = "morale"
    unit: str
    who: str

    def text(self) -> str:
        return f"{self.who} breaks and tries to flee"


@dataclass(frozen=True, slots=True)
class ParleyOffered(Event):
    """A successful appeal for parley, put to the party side's controller."""

    kind: ClassVar[str] = "parley_offered"
    tone: ClassVar[str] = "morale"
    unit: str
    who: str
    side: str
    side_name: str

    def text(self) -> str:
        return f"{self.who} calls for parley: let the {self.side_name} withdraw?"
