"""Equip and unequip (003 · Bonus actions: "Equip or unequip an item. Swapping two items
is two bonus actions. Armour can't be changed during a fight."). A unit attacks only
with the weapons in its hands (``units.weapons``); the others it carries
(``units.carried``). It has two weapon hands: a two-handed weapon takes both, a shield
(armour) none (README · Decisions "hands"). Equip takes a carried weapon in hand when
its hands are free for it; Unequip puts a held one away. A swap with full hands is
therefore two bonus actions: Unequip, then Equip."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.engine.answers import Answer
from game.engine.context import Context
from game.engine.events import Note
from game.engine.seam import ActionSpec, Flow
from game.rules.factions import budget, units
from game.rules.factions.answers import Equip, Unequip


def _done(ctx: Context, unit: str, what: str, weapon_id: str) -> Flow:
    """The bonus action spent and said: ``what`` the unit does with the weapon."""
    ctx.emit(
        Note(f"{units.name(ctx, unit)} {what} the {units.weapon_words(ctx, weapon_id)}", unit=unit)
    )
    return
    yield


class EquipSpec(ActionSpec):
    """Equip (bonus action): a carried weapon into free hands."""

    kind = Equip.kind
    label = "Equip"
    cost = "Bonus"
    answer_type = Equip

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = budget.can(ctx, unit, budget.BONUS)
        if problem:
            return problem
        return None if units.carried(ctx, unit) else "no other weapon carried"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [
            Equip(unit, w)
            for w in units.carried(ctx, unit)
            if self.validate(ctx, Equip(unit, w)) is None
        ]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.weapon not in units.carried(ctx, answer.unit):
            return "not a carried weapon"
        if units.hands(ctx, answer.weapon) > units.free_hands(ctx, answer.unit):
            return "no hand free for it: unequip first (a swap is two bonus actions)"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.BONUS)
        units.gear(ctx, answer.unit).held.append(answer.weapon)
        yield from _done(ctx, answer.unit, "readies", answer.weapon)


class UnequipSpec(ActionSpec):
    """Unequip (bonus action): a held weapon put away, still carried."""

    kind = Unequip.kind
    label = "Unequip"
    cost = "Bonus"
    answer_type = Unequip

    def availability(self, ctx: Context, unit: str) -> str | None:
        problem = budget.can(ctx, unit, budget.BONUS)
        if problem:
            return problem
        return None if units.weapons(ctx, unit) != ["unarmed"] else "nothing in hand"

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Unequip(unit, w) for w in units.weapons(ctx, unit) if w != "unarmed"]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.weapon == "unarmed" or answer.weapon not in units.weapons(ctx, answer.unit):
            return "not a weapon in hand"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        budget.spend(ctx, answer.unit, budget.BONUS)
        units.gear(ctx, answer.unit).held.remove(answer.weapon)
        yield from _done(ctx, answer.unit, "puts away", answer.weapon)
