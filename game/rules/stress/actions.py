"""The actions a unit declares each round (002 · Step 3: Declare Actions) and their
Initiative modifiers:

| answer | the source's action | modifier |
| --- | --- | --- |
| ``stress_attack`` (melee or shot) | attack with a weapon | + weapon speed |
| ``stress_throw`` (a thrown weapon, from where it stands or after a move) | throw an item | +2 |
| ``stress_defensive`` | defensively attack (no Riposte on entering reach) | + speed + 1 |
| ``stress_move`` | a Defensive Attack that does not attack (a plain move) | +1 |
| ``stress_full_defense`` | full defense (+4 Defense, Riposte when attacked) | −1 |
| ``stress_full_defense_move`` | full defense, moving at half speed | −1 |
| ``stress_stabilise`` (a Heal check on a downed ally) | use a consumable (bandages) | +6 |
| ``end_turn`` | hold: no action | — |

Attacks move first when the target is not in reach (up to the unit's speed, to the
cheapest square that reaches it), then strike; the target is the declared one, read
again when the count comes (README · Declarations): out of the fight by then, the
action fizzles; out of reach after the move, it fizzles. Incapacitated units crawl
(1 square) and any other action costs them 1 Wound Point; Dying units may act or move,
not both; a Stabilised unit's first action costs nothing (002 · Wound Points).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Note
from game.engine.seam import ActionSpec, EndTurnAction, Flow
from game.geometry.grid import Cell
from game.geometry.movement import distance
from game.rules.stress import units
from game.rules.stress.moving import attack_cell, reachable_cells, toward, walk

if TYPE_CHECKING:
    from game.engine.context import Context

THROW_MODIFIER = 2
CONSUMABLE_MODIFIER = 6
FULL_DEFENSE_MODIFIER = -1
DEFENSIVE_MODIFIER = 1
HEAL_TN = 10


@register_answer
@dataclass(frozen=True, slots=True)
class StressAttack(Answer):
    """Attack ``target`` with ``weapon`` (moving into reach first if needed)."""

    kind: ClassVar[str] = "stress_attack"
    label: ClassVar[str] = "Attack"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class StressThrow(Answer):
    """Throw ``weapon`` at ``target`` (moving into range first if needed); it is gone."""

    kind: ClassVar[str] = "stress_throw"
    label: ClassVar[str] = "Throw"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class StressDefensive(Answer):
    """A Defensive Attack on ``target``: no Riposte on entering its reach, +1 initiative."""

    kind: ClassVar[str] = "stress_defensive"
    label: ClassVar[str] = "Defensive Attack"
    unit: str
    target: str
    weapon: str


@register_answer
@dataclass(frozen=True, slots=True)
class StressMove(Answer):
    """Move to ``to``: a Defensive Attack that attacks nothing (initiative +1)."""

    kind: ClassVar[str] = "stress_move"
    label: ClassVar[str] = "Move"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class StressFullDefense(Answer):
    """Full Defense where it stands: +4 Defense, a Riposte when attacked."""

    kind: ClassVar[str] = "stress_full_defense"
    label: ClassVar[str] = "Full Defense"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class StressGuardedMove(Answer):
    """Full Defense while moving to ``to`` at half speed (002 · Step 3: "a character
    using Full-Defense can only move up to half their speed that round")."""

    kind: ClassVar[str] = "stress_full_defense_move"
    label: ClassVar[str] = "Full Defense, moving"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class StressStabilise(Answer):
    """A Heal check on a downed ally (TN 10 + its worst wound), moving beside it first."""

    kind: ClassVar[str] = "stress_stabilise"
    label: ClassVar[str] = "Stabilise"
    unit: str
    target: str


def dying(ctx: Context, unit: str) -> bool:
    f = units.fighter(ctx, unit)
    return f.wp < 0 and not f.stabilised


def able(ctx: Context, unit: str) -> str | None:
    """None when the unit may declare an action, else why not."""
    if not units.alive(ctx, unit):
        return "out of the battle"
    if units.fighter(ctx, unit).has("paralysed"):
        return "paralysed"
    return None


class _Aimed(ActionSpec):
    """An attack (plain or defensive) on an enemy with one of the unit's weapons."""

    target_kind = "unit"
    target_field = "target"
    attacks = True
    cost = "Action"
    defensive: ClassVar[bool] = False
    throws: ClassVar[bool] = False

    def availability(self, ctx: Context, unit: str) -> str | None:
        why = able(ctx, unit)
        if why:
            return why
        if not units.enemies(ctx, unit):
            return "no enemy in the fight"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        make = self.answer_type
        out = []
        for foe in units.enemies(ctx, unit):
            for w in units.weapons(ctx, unit):
                if self.throws and not w.thrown:
                    continue
                answer = make(unit, foe, w.id)  # type: ignore[call-arg]
                if self.validate(ctx, answer) is None:
                    out.append(answer)
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.target not in ctx.entities:
            return f"no unit {answer.target!r}"
        if answer.target not in units.enemies(ctx, answer.unit):
            return "not an enemy in the fight"
        if not any(w.id == answer.weapon for w in units.weapons(ctx, answer.unit)):
            return f"{units.name(ctx, answer.unit)} cannot use {answer.weapon}"
        w = units.weapon(ctx, answer.weapon)
        if self.throws and not w.thrown:
            return f"{w.name} is not a weapon to throw"
        if dying(ctx, answer.unit):
            if not units.can_hit(ctx, answer.unit, w, answer.target, throw=self.throws):
                return "dying: it may act or move, not both (target not in reach)"
            return None
        if attack_cell(ctx, answer.unit, answer.target, answer.weapon, throw=self.throws) is None:
            return "out of reach this round"
        return None

    def modifier(self, ctx: Context, answer: Any) -> int:
        if self.throws:
            return THROW_MODIFIER
        speed = units.weapon(ctx, answer.weapon).speed
        return speed + (DEFENSIVE_MODIFIER if self.defensive else 0)

    def perform(self, ctx: Context, answer: Any) -> Flow:
        """The move into reach (the blow is rolled by the round with the count's others)."""
        spot = attack_cell(ctx, answer.unit, answer.target, answer.weapon, throw=self.throws)
        if spot is not None and spot != units.cell(ctx, answer.unit):
            yield from walk(ctx, answer.unit, spot, provokes=not self.defensive)


class AttackSpec(_Aimed):
    kind = StressAttack.kind
    label = "Attack"
    answer_type = StressAttack


class ThrowSpec(_Aimed):
    kind = StressThrow.kind
    label = "Throw"
    answer_type = StressThrow
    throws = True


class DefensiveSpec(_Aimed):
    kind = StressDefensive.kind
    label = "Defensive Attack"
    answer_type = StressDefensive
    defensive = True


class MoveSpec(ActionSpec):
    kind = StressMove.kind
    label = "Move"
    cost = "Move"
    answer_type: ClassVar[type[Answer]] = StressMove
    target_kind = "cell"
    target_field = "to"
    moves = True
    board_range = "reach"
    guarding: ClassVar[bool] = False  # at Full Defense's half speed
    provokes: ClassVar[bool] = False  # entering an enemy's reach provokes a Riposte

    def availability(self, ctx: Context, unit: str) -> str | None:
        return able(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        here = units.cell(ctx, unit)
        cells = reachable_cells(ctx, unit, guarding=self.guarding)
        make: Any = self.answer_type
        return [make(unit, c) for c in sorted(cells) if c != here]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.to == units.cell(ctx, answer.unit):
            return "already there" + (": declare Full Defense" if self.guarding else "")
        if answer.to not in reachable_cells(ctx, answer.unit, guarding=self.guarding):
            far = "farther than half its speed" if self.guarding else "too far"
            return f"{far}, or no way there this round"
        return None

    def modifier(self, ctx: Context, answer: Any) -> int:
        return DEFENSIVE_MODIFIER

    def perform(self, ctx: Context, answer: Any) -> Flow:
        goal = answer.to
        if goal not in reachable_cells(ctx, answer.unit):
            goal = toward(ctx, answer.unit, goal)
        yield from walk(ctx, answer.unit, goal, provokes=self.provokes)


class FullDefenseSpec(ActionSpec):
    kind = StressFullDefense.kind
    label = "Full Defense"
    cost = "Action"
    answer_type = StressFullDefense

    def availability(self, ctx: Context, unit: str) -> str | None:
        return able(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [StressFullDefense(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def modifier(self, ctx: Context, answer: Any) -> int:
        return FULL_DEFENSE_MODIFIER

    def perform(self, ctx: Context, answer: Any) -> Flow:
        return
        yield


class GuardedMoveSpec(MoveSpec):
    """Full Defense with a move (decision, README · Moving): declared with the square it
    goes to, within half its speed (rounded down, at least 1) from where it stands; +4
    Defense and the Riposte from the reveal on, like Full Defense; it walks at its count
    (base −1), and entering an enemy's reach on the way provokes a Riposte (it is no
    Defensive Attack)."""

    kind = StressGuardedMove.kind
    label = "Full Defense, moving"
    cost = "Action"
    answer_type = StressGuardedMove
    board_range = ""
    guarding = True
    provokes = True

    def modifier(self, ctx: Context, answer: Any) -> int:
        return FULL_DEFENSE_MODIFIER


class StabiliseSpec(ActionSpec):
    kind = StressStabilise.kind
    label = "Stabilise"
    cost = "Action"
    answer_type = StressStabilise
    target_kind = "unit"
    target_field = "target"
    helps = True

    def _patients(self, ctx: Context, unit: str) -> list[str]:
        mine = units.side(ctx, unit)
        return [
            u
            for u in ctx.units()
            if u != unit
            and units.side(ctx, u) == mine
            and units.downed(ctx, u)
            and not units.fighter(ctx, u).stabilised
        ]

    def availability(self, ctx: Context, unit: str) -> str | None:
        why = able(ctx, unit) or (None if units.in_fight(ctx, unit) else "downed itself")
        if why:
            return why
        return None if self._patients(ctx, unit) else "no downed ally to stabilise"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [
            StressStabilise(unit, u)
            for u in self._patients(ctx, unit)
            if self.validate(ctx, StressStabilise(unit, u)) is None
        ]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.target not in self._patients(ctx, answer.unit):
            return "not a downed ally"
        if self._spot(ctx, answer) is None:
            return "cannot get beside it this round"
        return None

    def _spot(self, ctx: Context, answer: Any) -> Cell | None:
        there = units.cell(ctx, answer.target)
        cells = reachable_cells(ctx, answer.unit)
        near = [c for c in cells if distance(c, there) <= 1]
        return min(near, key=lambda c: (cells[c], c)) if near else None

    def modifier(self, ctx: Context, answer: Any) -> int:
        return CONSUMABLE_MODIFIER

    def perform(self, ctx: Context, answer: Any) -> Flow:
        spot = self._spot(ctx, answer)
        if spot is not None and spot != units.cell(ctx, answer.unit):
            yield from walk(ctx, answer.unit, spot, provokes=True)

    def check(self, ctx: Context, answer: Any) -> None:
        """The Heal check (002 · Wound Points): d20 + heal skill + Insight modifier against
        10 + the worst wound; a success stabilises the ally."""
        from game.rules.stress.content import modifier

        patient = units.fighter(ctx, answer.target)
        if not units.downed(ctx, answer.target) or patient.stabilised:
            return
        if distance(units.cell(ctx, answer.unit), units.cell(ctx, answer.target)) > 1:
            ctx.emit(
                Note(
                    f"{units.name(ctx, answer.unit)} cannot reach {units.name(ctx, answer.target)}",
                    answer.unit,
                )
            )
            return
        skill = max(0, units.template(ctx, answer.unit).skill("heal"))
        bonus = skill + modifier(units.fighter(ctx, answer.unit).INS)
        tn = HEAL_TN + patient.worst
        roll = ctx.roll(
            1,
            20,
            bonus,
            unit=answer.unit,
            who=units.name(ctx, answer.unit),
            purpose=f"Heal check on {units.name(ctx, answer.target)}",
            target=tn,
            versus="TN",
            words=("stabilised", "fails"),
        )
        if roll.total >= tn:
            patient.stabilised = True


class HoldSpec(EndTurnAction):
    """Declare nothing this round."""

    label = "Hold"

    def modifier(self, ctx: Context, answer: Any) -> int:
        return 0


SPECS: tuple[type[ActionSpec], ...] = (
    AttackSpec,
    ThrowSpec,
    DefensiveSpec,
    MoveSpec,
    FullDefenseSpec,
    GuardedMoveSpec,
    StabiliseSpec,
    HoldSpec,
)
