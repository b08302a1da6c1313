"""The intentions a unit may declare (000 · Declare Actions, Determine Quick Turns & Full
Turns) and how each one resolves when its turn in the order comes.

| answer | quick turn | full turn |
| --- | --- | --- |
| ``clash_attack`` (melee, one weapon or two) | target Close now | move Close first; or (*) |
| ``clash_gambit`` (stun, shove, trip, disarm) | target Close now | move Close first; or (*) |
| ``clash_shoot`` (ranged or thrown) | shoot from here | ``to``: move, then shoot; or (*) |
| ``clash_move`` | one move, no enemy Close | two moves, or leaving a Close enemy |
| ``clash_retreat`` (DEX save to leave the battle) | no enemy Close | an enemy Close |
| ``end_turn`` (hold) | — (no turn) | |

(*) ``then_to``: the action from here, then one move (strike then move away; shoot then
move).

Validation is against the battle as it is when declaring; the resolution reads the battle
again when the unit's turn comes (decisions, README · Declarations):

- A declared target that is out of the fight by then is replaced by the nearest enemy the
  action can still reach (ties: the fixed unit order); with none, the action fizzles.
- A quick-turn melee attack whose target stepped out of Close range fizzles (no move
  was declared). A full turn that cannot get Close moves as near as it can.
- A full turn holds one move (000: "moving + a single action"): before the action
  (``to``, or a melee attack on a foe not Close) or after it (``then_to``), not both; so
  striking then moving away needs the foe Close when declaring. The move after the
  action is made even when the action fizzled, by a unit still in the fight; when the
  square is no longer one move away (others moved), the unit goes as near as it can.
- Shots: ranged weapons reach Near and Far targets in sight, thrown ones Close and Near.
  A thrown weapon is gone once thrown.
- Two weapons (000 · Dual Weapons): two one-handed melee weapons and no shield.
- An arm hit (hit locations) rules out two-handed weapons and two weapons at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import LeftBattle, Note
from game.engine.seam import ActionSpec, EndTurnAction, Flow
from game.geometry.grid import Cell
from game.geometry.movement import distance, neighbours
from game.rules.clash import units
from game.rules.clash.bands import CLOSE, DISTANT, FAR, band
from game.rules.clash.declare_checks import (
    can_act,
    close_enemy,
    offhand_problem,
    target_problem,
    weapon_problem,
)
from game.rules.clash.moving import approach_cell, path_to, reachable_cells, toward, walk
from game.rules.clash.saves import save
from game.rules.clash.strike import GAMBITS, Swing, moment

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.clash.content import ClashWeapon

QUICK, FULL = "quick", "full"


@register_answer
@dataclass(frozen=True, slots=True)
class ClashAttack(Answer):
    """Attack ``target`` in melee with ``weapon`` (and ``offhand``: two weapons); with
    ``then_to``, move there afterwards (a full turn)."""

    kind: ClassVar[str] = "clash_attack"
    label: ClassVar[str] = "Attack"
    unit: str
    target: str
    weapon: str
    offhand: str | None = None
    then_to: Cell | None = None


@register_answer
@dataclass(frozen=True, slots=True)
class ClashGambit(Answer):
    """Try a ``gambit`` (stun, shove, trip, disarm) on ``target`` instead of damage;
    with ``then_to``, move there afterwards (a full turn)."""

    kind: ClassVar[str] = "clash_gambit"
    label: ClassVar[str] = "Gambit"
    unit: str
    target: str
    weapon: str
    gambit: str
    offhand: str | None = None
    then_to: Cell | None = None


@register_answer
@dataclass(frozen=True, slots=True)
class ClashShoot(Answer):
    """Shoot or throw ``weapon`` at ``target``; with ``to``, move there first; with
    ``then_to``, move there after the shot (one or the other: a full turn)."""

    kind: ClassVar[str] = "clash_shoot"
    label: ClassVar[str] = "Shoot"
    unit: str
    target: str
    weapon: str
    to: Cell | None = None
    then_to: Cell | None = None


@register_answer
@dataclass(frozen=True, slots=True)
class ClashMove(Answer):
    """Move to ``to`` (one move: quick turn; two: full turn)."""

    kind: ClassVar[str] = "clash_move"
    label: ClassVar[str] = "Move"
    unit: str
    to: Cell


@register_answer
@dataclass(frozen=True, slots=True)
class ClashRetreat(Answer):
    """Run from the battle: a DEX save (000 · Retreat)."""

    kind: ClassVar[str] = "clash_retreat"
    label: ClassVar[str] = "Retreat"
    unit: str


class _MeleeSpec(ActionSpec):
    cost = "Quick/Full"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = can_act(ctx, unit)
        if reason:
            return reason
        if not any(self.reach(ctx, unit, e) for e in units.enemies(ctx, unit)):
            return "no enemy within a move"
        return None

    @staticmethod
    def reach(ctx: Context, unit: str, target: str) -> bool:
        return approach_cell(ctx, unit, target) is not None

    def validate(self, ctx: Context, answer: Any) -> str | None:
        reason = target_problem(ctx, answer.unit, answer.target) or weapon_problem(
            ctx, answer.unit, answer.weapon, melee=True
        )
        if reason is None and answer.offhand is not None:
            reason = offhand_problem(ctx, answer.unit, answer.weapon, answer.offhand)
        if reason is None and not self.reach(ctx, answer.unit, answer.target):
            reason = f"{units.name(ctx, answer.target)} is more than a move away"
        if reason is None and answer.then_to is not None:
            if band(units.cell(ctx, answer.unit), units.cell(ctx, answer.target)) != CLOSE:
                reason = (
                    f"{units.name(ctx, answer.target)} is not Close: a full turn holds "
                    "one move, so strike then move away only from Close"
                )
            else:
                reason = move_after_problem(ctx, answer.unit, answer.then_to)
        return reason

    def turn(self, ctx: Context, answer: Any) -> str:
        close = band(units.cell(ctx, answer.unit), units.cell(ctx, answer.target)) == CLOSE
        return QUICK if close and answer.then_to is None else FULL

    def targets(self, ctx: Context, unit: str) -> list[str]:
        return [e for e in units.enemies(ctx, unit) if self.reach(ctx, unit, e)]

    def weapon_sets(self, ctx: Context, unit: str) -> list[tuple[str, str | None]]:
        out: list[tuple[str, str | None]] = []
        kit = [
            w
            for w in units.melee_weapons(ctx, unit)
            if weapon_problem(ctx, unit, w.id, melee=True) is None
        ]
        for w in kit:
            out.append((w.id, None))
        for i, a in enumerate(kit):
            for b in kit[i + 1 :]:
                if offhand_problem(ctx, unit, a.id, b.id) is None:
                    out.append((a.id, b.id))
        return out

    def swing(self, answer: Any) -> Swing:
        kit = (answer.weapon,) if answer.offhand is None else (answer.weapon, answer.offhand)
        return Swing(answer.unit, kit, getattr(answer, "gambit", None))

    def perform(self, ctx: Context, answer: Any) -> Flow:
        prepared = self.prepare(ctx, answer, self.turn(ctx, answer))
        if prepared is not None:
            yield from moment(ctx, prepared[0], [prepared[1]])
        move_after(ctx, answer)

    def prepare(self, ctx: Context, answer: Any, turn: str) -> tuple[str, Swing] | None:
        """Carry out the move part (full turn, moving first); (the target, the swing), or
        None when the action fizzles."""
        unit = answer.unit
        who = units.name(ctx, unit)
        closing = turn == FULL and answer.then_to is None
        if answer.then_to is not None:
            turn = QUICK  # the move comes after the blow: the foe must still be Close
        target = retarget(ctx, unit, answer.target, melee=True, moves=1 if closing else 0)
        if target is None:
            ctx.emit(Note(f"{who}'s {answer.label.lower()} finds no one to strike", unit))
            return None
        if target != answer.target:
            ctx.emit(
                Note(
                    f"{units.name(ctx, answer.target)} is down: {who} turns on "
                    f"{units.name(ctx, target)}",
                    unit,
                )
            )
        if band(units.cell(ctx, unit), units.cell(ctx, target)) != CLOSE:
            if turn == QUICK:
                ctx.emit(
                    Note(
                        f"{units.name(ctx, target)} is no longer Close: {who}'s "
                        f"{answer.label.lower()} fizzles",
                        unit,
                    )
                )
                return None
            goal = approach_cell(ctx, unit, target)
            if goal is None:
                walk(ctx, unit, toward(ctx, unit, units.cell(ctx, target)))
                ctx.emit(Note(f"{who} cannot get Close to {units.name(ctx, target)}", unit))
                return None
            walk(ctx, unit, path_to(ctx, unit, goal) or ())
        return target, self.swing(answer)


def move_after_problem(ctx: Context, unit: str, to: object) -> str | None:
    """Why ``unit`` cannot declare moving to ``to`` after its action (None: it can)."""
    if not _is_cell(to) or to not in reachable_cells(ctx, unit, 1):
        return f"{to} is not a free square within one move"
    return None


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def move_after(ctx: Context, answer: Any) -> None:
    """000 · full turn: "a melee attack or a gambit, and then moving away", "moving ...
    after making a ranged attack": the move of an answer's ``then_to``, once its action
    is done (or fizzled), by a unit still in the fight; as near as one move gets when the
    square is no longer reachable."""
    to = getattr(answer, "then_to", None)
    unit = answer.unit
    if to is None or not units.in_fight(ctx, unit):
        return
    if to in reachable_cells(ctx, unit, 1):
        walk(ctx, unit, path_to(ctx, unit, to) or ())
        return
    ctx.emit(
        Note(
            f"{units.name(ctx, unit)} cannot get to {to[0]},{to[1]}: goes as near "
            "as one move allows",
            unit,
        )
    )
    walk(ctx, unit, toward(ctx, unit, to, 1))


def retarget(
    ctx: Context,
    unit: str,
    target: str,
    *,
    melee: bool,
    moves: int = 0,
    weapon: ClashWeapon | None = None,
) -> str | None:
    """``target`` if still in the fight, else the nearest enemy the action reaches now
    (melee: Close, or Close after ``moves`` moves; a shot: in range and sight)."""
    if units.in_fight(ctx, target):
        return target
    here = units.cell(ctx, unit)
    foes = sorted(units.enemies(ctx, unit), key=lambda e: distance(here, units.cell(ctx, e)))
    for foe in foes:
        if melee and (
            band(here, units.cell(ctx, foe)) == CLOSE
            or (moves and approach_cell(ctx, unit, foe, moves) is not None)
        ):
            return foe
        if not melee and weapon is not None and shot_problem(ctx, unit, foe, weapon, here) is None:
            return foe
    return None


class AttackSpec(_MeleeSpec):
    kind = ClashAttack.kind
    label = ClashAttack.label
    answer_type = ClashAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        targets = self.targets(ctx, unit)
        sets = self.weapon_sets(ctx, unit)
        for target in targets:
            for weapon, offhand in sets:
                yield ClashAttack(unit, target, weapon, offhand)
        for target, cell in away_moves(ctx, unit, targets):
            for weapon, offhand in sets:
                yield ClashAttack(unit, target, weapon, offhand, cell)


def away_moves(ctx: Context, unit: str, targets: list[str]) -> Iterable[tuple[str, Cell]]:
    """(a Close target, a square one move away): the strike-then-move-away full turns."""
    here = units.cell(ctx, unit)
    cells = sorted(reachable_cells(ctx, unit, 1))
    for target in targets:
        if band(here, units.cell(ctx, target)) == CLOSE:
            for cell in cells:
                yield target, cell


class GambitSpec(_MeleeSpec):
    kind = ClashGambit.kind
    label = ClashGambit.label
    answer_type = ClashGambit
    target_kind = "unit"
    target_field = "target"

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.gambit not in GAMBITS:
            return f"no gambit {answer.gambit!r} (known: {', '.join(GAMBITS)})"
        return super().validate(ctx, answer)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        sets = self.weapon_sets(ctx, unit)
        if not sets:
            return
        weapon, _ = max(sets, key=lambda s: units.weapon(ctx, s[0]).die)
        pairs = [(a, b) for a, b in sets if b is not None]  # 000: "dual-wielding, roll both"
        targets = self.targets(ctx, unit)
        for target in targets:
            for gambit in GAMBITS:
                yield ClashGambit(unit, target, weapon, gambit, None)
        for target, cell in away_moves(ctx, unit, targets):
            for gambit in GAMBITS:
                yield ClashGambit(unit, target, weapon, gambit, None, cell)
        for main, offhand in pairs:
            for target in targets:
                for gambit in GAMBITS:
                    yield ClashGambit(unit, target, main, gambit, offhand)


def shot_problem(ctx: Context, unit: str, target: str, weapon: ClashWeapon, at: Cell) -> str | None:
    where = band(at, units.cell(ctx, target))
    if where == DISTANT:
        return f"{units.name(ctx, target)} is Distant: beyond any ranged weapon"
    if weapon.ranged and where == CLOSE:
        return f"{units.name(ctx, target)} is Close: no room to shoot the {weapon.name}"
    if weapon.thrown and not weapon.ranged and where == FAR:
        return f"{units.name(ctx, target)} is Far: too far to throw the {weapon.name}"
    if not ctx.sight.sees(at, units.cell(ctx, target)):
        return f"{units.name(ctx, target)} cannot be seen from there"
    return None


class ShootSpec(ActionSpec):
    kind = ClashShoot.kind
    label = ClashShoot.label
    cost = "Quick/Full"
    answer_type = ClashShoot
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def shooters(self, ctx: Context, unit: str) -> list[ClashWeapon]:
        return [
            w
            for w in units.weapons(ctx, unit)
            if (w.ranged or w.thrown) and weapon_problem(ctx, unit, w.id, melee=False) is None
        ]

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = can_act(ctx, unit)
        if reason:
            return reason
        if not self.shooters(ctx, unit):
            return "no ranged or thrown weapon"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        here = units.cell(ctx, unit)
        shots = [
            (w, target)
            for w in self.shooters(ctx, unit)
            for target in units.enemies(ctx, unit)
            if shot_problem(ctx, unit, target, w, here) is None
        ]
        for w, target in shots:
            yield ClashShoot(unit, target, w.id)
        cells = sorted(reachable_cells(ctx, unit, 1)) if shots else []
        for w, target in shots:
            for cell in cells:
                yield ClashShoot(unit, target, w.id, None, cell)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        reason = target_problem(ctx, answer.unit, answer.target) or weapon_problem(
            ctx, answer.unit, answer.weapon, melee=False
        )
        if reason:
            return reason
        at = units.cell(ctx, answer.unit)
        if answer.to is not None and answer.then_to is not None:
            return "a full turn holds one move: move before the shot or after it, not both"
        if answer.to is not None:
            if answer.to not in reachable_cells(ctx, answer.unit, 1):
                return f"{answer.to} is not free within one move"
            at = answer.to
        if answer.then_to is not None:
            reason = move_after_problem(ctx, answer.unit, answer.then_to)
            if reason:
                return reason
        return shot_problem(ctx, answer.unit, answer.target, units.weapon(ctx, answer.weapon), at)

    def turn(self, ctx: Context, answer: Any) -> str:
        return QUICK if answer.to is None and answer.then_to is None else FULL

    def prepare(self, ctx: Context, answer: Any, turn: str) -> tuple[str, Swing] | None:
        unit = answer.unit
        who = units.name(ctx, unit)
        w = units.weapon(ctx, answer.weapon)
        if not units.has_weapon(ctx, unit, answer.weapon):
            ctx.emit(Note(f"{who} no longer has the {w.name}", unit))
            return None
        if answer.to is not None:
            if answer.to in reachable_cells(ctx, unit, 1):
                walk(ctx, unit, path_to(ctx, unit, answer.to) or ())
            else:
                ctx.emit(Note(f"{who} cannot get to {answer.to[0]},{answer.to[1]}", unit))
        target = retarget(ctx, unit, answer.target, melee=False, weapon=w)
        if target is None:
            ctx.emit(Note(f"{who} has no one left to shoot at", unit))
            return None
        reason = shot_problem(ctx, unit, target, w, units.cell(ctx, unit))
        if reason:
            ctx.emit(Note(f"{who} holds the shot: {reason}", unit))
            return None
        return target, Swing(unit, (answer.weapon,), None, ranged=True)

    def perform(self, ctx: Context, answer: Any) -> Flow:
        prepared = self.prepare(ctx, answer, self.turn(ctx, answer))
        if prepared is not None:
            yield from moment(ctx, prepared[0], [prepared[1]])
        move_after(ctx, answer)


class MoveSpec(ActionSpec):
    kind = ClashMove.kind
    label = ClashMove.label
    cost = "Quick/Full"
    answer_type = ClashMove
    target_kind = "cell"
    target_field = "to"
    moves = True
    board_range = "reach"

    def availability(self, ctx: Context, unit: str) -> str | None:
        return can_act(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for cell in sorted(reachable_cells(ctx, unit, 2)):
            yield ClashMove(unit, cell)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if not isinstance(answer.to, tuple) or answer.to not in reachable_cells(
            ctx, answer.unit, 2
        ):
            return f"{answer.to} is not a free square within two moves"
        return None

    def turn(self, ctx: Context, answer: Any) -> str:
        one = answer.to in reachable_cells(ctx, answer.unit, 1)
        return QUICK if one and not close_enemy(ctx, answer.unit) else FULL

    def perform(self, ctx: Context, answer: Any) -> Flow:
        unit = answer.unit
        moves = 1 if self.turn(ctx, answer) == QUICK else 2
        if answer.to in reachable_cells(ctx, unit, moves):
            walk(ctx, unit, path_to(ctx, unit, answer.to) or ())
        else:
            walk(ctx, unit, toward(ctx, unit, answer.to, moves))
        return
        yield


class RetreatSpec(ActionSpec):
    kind = ClashRetreat.kind
    label = ClashRetreat.label
    cost = "Quick/Full"
    answer_type = ClashRetreat
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        return can_act(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield ClashRetreat(unit)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def turn(self, ctx: Context, answer: Any) -> str:
        return FULL if close_enemy(ctx, answer.unit) else QUICK

    def perform(self, ctx: Context, answer: Any) -> Flow:
        unit = answer.unit
        who = units.name(ctx, unit)
        foes, friends = units.occupied(ctx, unit)
        here = units.cell(ctx, unit)
        free = [
            c
            for c in neighbours(ctx.grid, here)
            if not ctx.grid.blocks_move(c) and c not in foes and c not in friends
        ]
        if not free:
            ctx.emit(Note(f"{who} is hemmed in: there is nowhere safe to run", unit))
            return
        if save(ctx, unit, "DEX", "to retreat"):
            cond = units.conditions(ctx, unit)
            cond.fled = True
            ctx.emit(LeftBattle(unit, who, units.side(ctx, unit), "fled"))
        else:
            ctx.emit(Note(f"{who} fails to get away", unit))
        return
        yield


class HoldSpec(EndTurnAction):
    label = "Hold"

    def turn(self, ctx: Context, answer: Any) -> str:
        return ""


def describe(ctx: Context, answer: Answer) -> str:
    """What the declaration says, for the reveal ("attack Orc with the Sword")."""
    target = getattr(answer, "target", None)
    whom = units.name(ctx, target) if isinstance(target, str) and target in ctx.entities else ""
    weapon = getattr(answer, "weapon", None)
    arms = units.weapon(ctx, weapon).name if isinstance(weapon, str) else ""
    offhand = getattr(answer, "offhand", None)
    if isinstance(offhand, str):
        arms += f" and the {units.weapon(ctx, offhand).name}"
    then_to = getattr(answer, "then_to", None)
    away = "" if then_to is None else f", then move to {then_to[0]},{then_to[1]}"
    if isinstance(answer, ClashAttack):
        return f"attack {whom} with the {arms}{away}"
    if isinstance(answer, ClashGambit):
        return f"{answer.gambit} {whom} with the {arms} (a gambit){away}"
    if isinstance(answer, ClashShoot):
        step = "" if answer.to is None else f" after moving to {answer.to[0]},{answer.to[1]}"
        return f"shoot {whom} with the {arms}{step}{away}"
    if isinstance(answer, ClashMove):
        return f"move to {answer.to[0]},{answer.to[1]}"
    if isinstance(answer, ClashRetreat):
        return "retreat from the battle"
    return "hold"


SPECS: tuple[type[ActionSpec], ...] = (
    AttackSpec,
    GambitSpec,
    ShootSpec,
    MoveSpec,
    RetreatSpec,
    HoldSpec,
)
