"""The actions of a factions turn (003 · Taking a turn, Main actions, Bonus actions,
Attacking, Blast attacks, Non-lethal attacks, Surrendering), one ``ActionSpec`` each."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import esper

from game.engine.answers import Answer
from game.engine.context import Context
from game.engine.events import Moved, Note
from game.engine.seam import ActionSpec, EndTurnAction, Flow
from game.geometry.grid import Cell
from game.rules.factions import budget, damage, units
from game.rules.factions.aim import aim, modes_of
from game.rules.factions.answers import (
    STUNTS,
    Attack,
    Disarm,
    FinalBlow,
    Grapple,
    PickUp,
    PutDown,
    Shove,
    Speak,
    Surrender,
)
from game.rules.factions.blast import BlastSpec
from game.rules.factions.hands import EquipSpec, UnequipSpec
from game.rules.factions.hazards import meet
from game.rules.factions.moving import MoveSpec
from game.rules.factions.sneak import HideSpec, reveal
from game.rules.factions.strike import strike
from game.world import ground
from game.world.components import Position


def _target_problem(ctx: Context, unit: str, target: str, *, foe: bool = True) -> str | None:
    if target not in ctx.entities:
        return f"no unit {target!r}"
    if target == unit:
        return "not at oneself"
    if foe and units.side(ctx, target) == units.side(ctx, unit):
        return "not an enemy"
    if not units.in_fight(ctx, target):
        return "out of the fight"
    if units.fate(ctx, unit).grabbed_by and units.fate(ctx, unit).grabbed_by != target:
        return "grabbed: it can only strike the one holding it"
    return None


def _visible_foes(ctx: Context, unit: str) -> list[str]:
    return [e for e in units.enemies(ctx, unit) if units.sees(ctx, unit, e)]


class AttackSpec(ActionSpec):
    """Attack (main action): hits automatically, a WIT save in challenging circumstances;
    ``hold_back`` impairs it, ``stunt`` proposes an effect instead of damage."""

    kind = Attack.kind
    label = "Attack"
    cost = "Main"
    answer_type = Attack
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        return budget.can(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        out: list[Answer] = []
        for foe in units.enemies(ctx, unit):
            for w in units.weapons(ctx, unit):
                for mode in modes_of(ctx, unit, w):
                    a = Attack(unit, foe, w, mode)
                    if self.validate(ctx, a) is None:
                        out.append(a)
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        problem = _target_problem(ctx, answer.unit, answer.target)
        if problem:
            return problem
        if answer.stunt and answer.stunt not in STUNTS:
            return f"no such stunt: {answer.stunt}"
        shot = aim(ctx, answer.unit, answer.target, answer.weapon, answer.mode)
        return shot.reason or None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN)
        yield from strike(
            ctx,
            answer.unit,
            answer.target,
            answer.weapon,
            answer.mode,
            hold_back=answer.hold_back,
            stunt=answer.stunt,
        )


class FinalBlowSpec(ActionSpec):
    """Final blow (main action): a nearby incapacitated enemy is killed."""

    kind = FinalBlow.kind
    label = "Final blow"
    cost = "Main"
    answer_type = FinalBlow
    target_kind = "unit"
    target_field = "target"

    def availability(self, ctx: Context, unit: str) -> str | None:
        return budget.can(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [
            FinalBlow(unit, u)
            for u in ctx.units()
            if self.validate(ctx, FinalBlow(unit, u)) is None
        ]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.target not in ctx.entities or answer.target == answer.unit:
            return "no such target"
        f = units.fate(ctx, answer.target)
        if not f.incapacitated or f.dead:
            return "only an incapacitated character"
        if units.side(ctx, answer.target) == units.side(ctx, answer.unit):
            return "not an enemy"
        if not units.nearby(ctx, answer.unit, answer.target):
            return "the target is not nearby"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN)
        reveal(ctx, answer.unit, "attacking")
        damage.kill(ctx, answer.target, "final blow")
        return
        yield


class _NonLethal(ActionSpec):
    """Shared by Disarm and Grapple: a nearby target, dodged or countered as any attack."""

    cost = "Main"
    target_kind = "unit"
    target_field = "target"
    attacks = False

    def availability(self, ctx: Context, unit: str) -> str | None:
        return budget.can(ctx, unit, budget.MAIN)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        problem = _target_problem(ctx, answer.unit, answer.target)
        if problem:
            return problem
        if not units.nearby(ctx, answer.unit, answer.target):
            return "the target is not nearby"
        return None


class DisarmSpec(_NonLethal):
    kind = Disarm.kind
    label = "Disarm"
    answer_type = Disarm

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        out: list[Answer] = []
        for foe in units.enemies(ctx, unit):
            for w in units.weapons(ctx, foe):
                if w != "unarmed" and self.validate(ctx, Disarm(unit, foe, w)) is None:
                    out.append(Disarm(unit, foe, w))
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        problem = super().validate(ctx, answer)
        if problem:
            return problem
        if answer.weapon not in units.weapons(ctx, answer.target) or answer.weapon == "unarmed":
            return "the target holds no such weapon"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN)
        yield from strike(
            ctx,
            answer.unit,
            answer.target,
            "unarmed",
            "melee",
            how="disarm",
            drop_weapon=answer.weapon,
        )


class GrappleSpec(_NonLethal):
    kind = Grapple.kind
    label = "Grapple"
    answer_type = Grapple

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [
            Grapple(unit, foe)
            for foe in units.enemies(ctx, unit)
            if self.validate(ctx, Grapple(unit, foe)) is None
        ]

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.MAIN)
        yield from strike(ctx, answer.unit, answer.target, "unarmed", "melee", how="grapple")


class ShoveSpec(ActionSpec):
    """Shove (main action) the grabbed character: freed and pushed up to half a zone
    (two squares, README · Decisions) to a free square, or into a hazard: to the
    landing square of a neighbouring zone with a hazard (``hazards``). Pushed into a
    hazard zone, or about inside its own, it meets the hazard."""

    kind = Shove.kind
    label = "Shove"
    cost = "Main"
    answer_type = Shove
    target_kind = "cell"
    target_field = "to"
    PUSH = 2

    def availability(self, ctx: Context, unit: str) -> str | None:
        if not units.fate(ctx, unit).holding:
            return "holding no one"
        return budget.can(ctx, unit, budget.MAIN)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        held = units.fate(ctx, unit).holding
        x, y = units.cell(ctx, held)
        out: list[Answer] = []
        for dy in range(-self.PUSH, self.PUSH + 1):
            for dx in range(-self.PUSH, self.PUSH + 1):
                a = Shove(unit, (x + dx, y + dy))
                if self.validate(ctx, a) is None:
                    out.append(a)
        for cell in self._into_hazards(ctx, held):
            if Shove(unit, cell) not in out and self.validate(ctx, Shove(unit, cell)) is None:
                out.append(Shove(unit, cell))
        return out

    def _into_hazards(self, ctx: Context, held: str) -> list[Cell]:
        """The landing squares of the hazard zones next to the grabbed's zone."""
        g, here = units.graph(ctx), units.zone(ctx, held)
        if here is None:
            return []
        taken = {units.cell(ctx, u) for u in ctx.units() if ctx.ruleset.occupies_cell(ctx, u)}
        out = []
        for z in sorted(g.neighbours(here)):
            if g.hazard(z) is not None:
                landing = g.landing(z, taken, units.cell(ctx, held))
                if landing is not None:
                    out.append(landing)
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        held = units.fate(ctx, answer.unit).holding
        if not held:
            return "holding no one"
        far = units.distance(units.cell(ctx, held), answer.to) > self.PUSH
        if far and answer.to not in self._into_hazards(ctx, held):
            return "a shove pushes half a zone (two squares) or into a neighbouring hazard"
        if not ctx.grid.in_bounds(answer.to) or ctx.grid.blocks_move(answer.to):
            return "that square cannot be entered"
        if units.occupant(ctx, answer.to) not in (None, held):
            return "that square is taken"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        held = units.fate(ctx, answer.unit).holding
        budget.spend(ctx, answer.unit, budget.MAIN)
        damage.let_go(ctx, answer.unit)
        start = units.cell(ctx, held)
        ctx.get(held, Position).move_to(answer.to)
        ctx.emit(Moved(held, units.name(ctx, held), start, (answer.to,), 0))
        meet(ctx, held, units.zone(ctx, held))  # into a hazard, or about in its own
        return
        yield


class PickUpSpec(ActionSpec):
    kind = PickUp.kind
    label = "Pick up"
    cost = "Bonus"
    answer_type = PickUp
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = budget.can(ctx, unit, budget.BONUS)
        if problem:
            return problem
        return None if self._near(ctx, unit) else "nothing to pick up nearby"

    def _near(self, ctx: Context, unit: str) -> list[tuple[int, str]]:
        here = units.cell(ctx, unit)
        return [
            (e, g.weapon) for e, g in ground.ground_items() if units.distance(here, g.cell) <= 1
        ]

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return sorted({PickUp(unit, w) for _, w in self._near(ctx, unit)}, key=lambda a: a.weapon)

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if not any(w == answer.weapon for _, w in self._near(ctx, answer.unit)):
            return "no such item nearby"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.BONUS)
        entity = next(e for e, w in self._near(ctx, answer.unit) if w == answer.weapon)
        esper.delete_entity(entity, immediate=True)
        g = units.gear(ctx, answer.unit)
        if answer.weapon in g.dropped:
            g.dropped.remove(answer.weapon)
        elif answer.weapon not in g.weapons:
            g.weapons.append(answer.weapon)
        fits = units.hands(ctx, answer.weapon) <= units.free_hands(ctx, answer.unit)
        if fits and answer.weapon not in g.held:
            g.held.append(answer.weapon)  # in hand if a hand is free, else carried
        what = units.weapon_words(ctx, answer.weapon)
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} picks up the {what}"))
        return
        yield


class PutDownSpec(ActionSpec):
    kind = PutDown.kind
    label = "Put down"
    cost = "Bonus"
    answer_type = PutDown

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = budget.can(ctx, unit, budget.BONUS)
        if problem:
            return problem
        return None if units.weapons(ctx, unit) != ["unarmed"] else "nothing to put down"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [PutDown(unit, w) for w in units.weapons(ctx, unit) if w != "unarmed"]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.weapon == "unarmed" or answer.weapon not in units.weapons(ctx, answer.unit):
            return "not a held weapon"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        from game.rules.factions.strike import drop

        budget.spend(ctx, answer.unit, budget.BONUS)
        drop(ctx, answer.unit, answer.weapon)
        return
        yield


class SpeakSpec(ActionSpec):
    """Say a few words (bonus action); it reveals a concealed speaker."""

    kind = Speak.kind
    label = "Say a few words"
    cost = "Bonus"
    answer_type = Speak

    def availability(self, ctx: Context, unit: str) -> str | None:
        return budget.can(ctx, unit, budget.BONUS)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Speak(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.BONUS)
        ctx.emit(Note(f"{units.name(ctx, answer.unit)} calls out to the others"))
        reveal(ctx, answer.unit, "talking")
        return
        yield


class SurrenderSpec(ActionSpec):
    """Surrender: the whole turn (nothing else done yet), weapons thrown away."""

    kind = Surrender.kind
    label = "Surrender"
    cost = "Turn"
    answer_type = Surrender

    def availability(self, ctx: Context, unit: str) -> str | None:
        t = units.turn(ctx, unit)
        if t.main or t.bonus or t.moved:
            return "surrendering takes the whole turn"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Surrender(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        t = units.turn(ctx, answer.unit)
        t.main, t.bonus, t.moved = True, 2, True
        from game.rules.factions.strike import drop

        for w in units.weapons(ctx, answer.unit) + units.carried(ctx, answer.unit):
            if w != "unarmed":
                drop(ctx, answer.unit, w)
        damage.surrender(ctx, answer.unit)
        return
        yield


class EndTurnSpec(EndTurnAction):
    label = "End turn"


SPECS: tuple[type[ActionSpec], ...] = (
    MoveSpec,
    AttackSpec,
    BlastSpec,
    FinalBlowSpec,
    DisarmSpec,
    GrappleSpec,
    ShoveSpec,
    PickUpSpec,
    PutDownSpec,
    EquipSpec,
    UnequipSpec,
    SpeakSpec,
    HideSpec,
    SurrenderSpec,
    EndTurnSpec,
)
