"""Reload a Weapon (004 · Reload a Weapon).

A missile weapon (bow, sling, crossbow) is unloaded once it has shot (``Loadout.unloaded``;
``resolution.assess`` refuses to shoot it until reloaded). Reloading costs:
- a crossbow: a Main action (the equipment list's rule, see ``game.content.weapons``);
- a bow or sling: a Free action for a shooter with Shoot at level 1 or more, otherwise a
  Move action.

Decision (no choice is lost by it): a Free-action reload is taken automatically — when the
shooter's turn ends if a Free action is left, else when its next turn starts — so trained
archers are not asked to click "Reload" every round. Ammunition is not counted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import esper

from game.engine.answers import Answer, register_answer
from game.engine.decision import Option
from game.engine.events import Note, UnitActivated, UnitDone
from game.engine.seam import ActionSpec, Flow
from game.engine.systems import System
from game.rules.grid import budget, units
from game.rules.grid.checks import skill_level
from game.rules.grid.events import AttackResolved

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.grid import GridRuleset


@register_answer
@dataclass(frozen=True, slots=True)
class Reload(Answer):
    kind: ClassVar[str] = "reload"
    label: ClassVar[str] = "Reload"
    unit: str
    weapon: str


def reload_cost(ctx: Context, unit: str, weapon_id: str) -> str:
    """The budget a reload of ``weapon_id`` costs ``unit`` (budget.MAIN/MOVE/FREE)."""
    w = units.weapon(ctx, weapon_id)
    if w.reload == "main":
        return budget.MAIN
    if skill_level(ctx, unit, "shoot") >= 1:
        return budget.FREE
    return budget.MOVE


def _reload(ctx: Context, unit: str, weapon_id: str, cost: str) -> None:
    budget.spend(ctx, unit, cost, f"reloading {units.weapon(ctx, weapon_id).name}")
    units.loadout(ctx, unit).unloaded.discard(weapon_id)
    ctx.emit(Note(f"{units.name(ctx, unit)} reloads {units.weapon(ctx, weapon_id).name}", unit))


def unloaded_in_hand(ctx: Context, unit: str) -> list[str]:
    loadout = units.loadout(ctx, unit)
    return sorted(w for w in loadout.unloaded if w in loadout.readied)


class ReloadSpec(ActionSpec):
    kind = "reload"
    label = "Reload"
    cost = "Main / Move / Free"
    provokes = False
    answer_type = Reload
    target_kind = "none"

    def option(self, ctx: Context, unit: str) -> Option:
        base = super().option(ctx, unit)
        weapons = unloaded_in_hand(ctx, unit)
        if not weapons:
            return base
        cost = {"main": "Main", "move": "Move", "free": "Free"}[reload_cost(ctx, unit, weapons[0])]
        return Option(
            kind=base.kind,
            label=base.label,
            allowed=base.allowed,
            reason=base.reason,
            cost=cost,
            provokes=False,
            answer=Reload(unit, weapons[0]) if base.allowed and len(weapons) == 1 else None,
        )

    def availability(self, ctx: Context, unit: str) -> str | None:
        weapons = unloaded_in_hand(ctx, unit)
        if not weapons:
            return "no unloaded weapon in hand"
        reasons = [budget.unavailable(ctx, unit, reload_cost(ctx, unit, w)) for w in weapons]
        if all(reasons):
            return reasons[0]
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for w in unloaded_in_hand(ctx, unit):
            if budget.unavailable(ctx, unit, reload_cost(ctx, unit, w)) is None:
                yield Reload(unit, w)

    def validate(self, ctx: Context, answer: Reload) -> str | None:
        if answer.weapon not in unloaded_in_hand(ctx, answer.unit):
            return f"{answer.weapon!r} is not an unloaded weapon in hand"
        return budget.unavailable(ctx, answer.unit, reload_cost(ctx, answer.unit, answer.weapon))

    def perform(self, ctx: Context, answer: Reload) -> Flow:
        _reload(ctx, answer.unit, answer.weapon, reload_cost(ctx, answer.unit, answer.weapon))
        return
        yield


def _auto_free_reload(ctx: Context, unit: str) -> None:
    for w in unloaded_in_hand(ctx, unit):
        cost = reload_cost(ctx, unit, w)
        if cost == budget.FREE and budget.unavailable(ctx, unit, cost) is None:
            _reload(ctx, unit, w, cost)


class Unloading(System):
    """A missile weapon that shot is unloaded; a Free-action reload is then taken when the
    shooter's turn ends (or, after an off-turn shot, when its next turn starts)."""

    def __init__(self) -> None:
        super().__init__(priority=35)
        self.handles = {
            AttackResolved: self.on_shot,
            UnitActivated: self.on_turn,
            UnitDone: self.on_turn,
        }

    def on_shot(self, ctx: Context, event: AttackResolved) -> None:
        w = units.weapon(ctx, event.weapon)
        if w.ranged and units.in_fight(ctx, event.attacker):
            units.loadout(ctx, event.attacker).unloaded.add(w.id)

    def on_turn(self, ctx: Context, event: UnitActivated | UnitDone) -> None:
        if units.in_fight(ctx, event.unit):
            _auto_free_reload(ctx, event.unit)


def setup(ctx: Context) -> None:
    system = Unloading()
    esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """The ``Unloading`` system (``hooks.setup``)."""
    rs.hooks.setup.append(setup)
