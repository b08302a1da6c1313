"""The Riposte (002 · Full Defense, Defensive Attack; who and how often: README ·
Riposte): a reaction, an attack with the unit's best melee weapon that reaches.

- **Entering a threat range**: a unit that steps into an enemy's threat range (the reach
  of its melee weapons) provokes a Riposte from that enemy, unless it declared a
  Defensive Attack.
- **Full Defense**: a unit in Full Defense that is attacked in melee may riposte against
  its attacker.
- Every unit has one Reaction a round (002: "1 each of a Standard Action, Free Action,
  and Reaction"): one Riposte a round at most. A unit out of the fight, surprised in
  round 1, or without a melee weapon in reach makes none. Ripostes resolve at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Event, Note
from game.engine.seam import Flow, ReactionSpec
from game.geometry.grid import Cell
from game.rules.stress import units
from game.rules.stress.combat import apply_blows, roll_blow

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.stress.content import StressWeapon

ATTACKED_WINDOW = "stress_attacked"


@dataclass(frozen=True, slots=True)
class ThreatEntered(Event):
    """``unit`` stepped into the threat range of ``foes`` at ``cell``."""

    kind: ClassVar[str] = "threat_entered"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str
    cell: Cell
    foes: tuple[str, ...]

    def text(self) -> str:
        return f"{self.who} steps into reach"


@dataclass(frozen=True, slots=True)
class AttackedInDefense(Event):
    """``target``, in Full Defense, was attacked in melee by ``attackers``."""

    kind: ClassVar[str] = "attacked_in_defense"
    tone: ClassVar[str] = "turn"
    target: str
    who: str
    attackers: tuple[str, ...]

    def text(self) -> str:
        return f"{self.who} is attacked while in Full Defense"


@register_answer
@dataclass(frozen=True, slots=True)
class Riposte(Answer):
    """Riposte: attack ``target`` with ``weapon`` now (the unit's Reaction)."""

    kind: ClassVar[str] = "stress_riposte"
    label: ClassVar[str] = "Riposte"
    unit: str
    target: str
    weapon: str


def riposte_weapon(ctx: Context, unit: str, target: str) -> StressWeapon | None:
    """The melee weapon with the biggest dice that reaches ``target`` (None: none)."""
    found = [
        w for w in units.weapons(ctx, unit) if not w.ranged and units.can_hit(ctx, unit, w, target)
    ]
    return max(found, key=lambda w: (w.damage.mean, -w.speed), default=None)


def can_riposte(ctx: Context, unit: str) -> bool:
    f = units.fighter(ctx, unit)
    return (
        units.in_fight(ctx, unit)
        and not units.marks(ctx, unit).reaction_spent
        and not (f.surprised and ctx.round <= 1)
    )


def _offer(ctx: Context, unit: str, target: str) -> list[Answer]:
    if not can_riposte(ctx, unit) or not units.in_fight(ctx, target):
        return []
    w = riposte_weapon(ctx, unit, target)
    return [Riposte(unit, target, w.id)] if w else []


class RiposteOnEntry(ReactionSpec):
    """Riposte a unit entering the threat range (002 · Defensive Attack)."""

    kind = Riposte.kind
    window = "stress_threat_entered"  # moving.THREAT_WINDOW
    cost = "your one Reaction this round: an attack on the one entering your reach"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if unit not in trigger.foes:
            return []
        return _offer(ctx, unit, trigger.unit)

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        yield from strike_back(ctx, answer)


class RiposteInDefense(ReactionSpec):
    """Riposte an attacker while in Full Defense (002 · Full Defense)."""

    kind = Riposte.kind
    window = ATTACKED_WINDOW
    cost = "your one Reaction this round: an attack back on your attacker"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if unit != trigger.target or not units.marks(ctx, unit).full_defense:
            return []
        out: list[Answer] = []
        for attacker in trigger.attackers:
            out += _offer(ctx, unit, attacker)
        return out

    def perform(self, ctx: Context, answer: Any, trigger: Any) -> Flow:
        yield from strike_back(ctx, answer)


def strike_back(ctx: Context, answer: Riposte) -> Flow:
    units.marks(ctx, answer.unit).reaction_spent = True
    ctx.emit(
        Note(
            f"{units.name(ctx, answer.unit)} ripostes against {units.name(ctx, answer.target)}",
            answer.unit,
        )
    )
    blow = roll_blow(ctx, answer.unit, answer.target, answer.weapon)
    apply_blows(ctx, [blow])
    return
    yield


REACTION_SPECS = (RiposteOnEntry, RiposteInDefense)
