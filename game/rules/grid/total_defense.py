"""Total Defense (Instant; 004 · Total Defense).

The unit gives up its Main action: AC +2 and immune to Shock until the start of its next
turn, including a Swarm Attack's Shock (the effects are read by ``resolution.target_ac``
and ``shock_stopped``; ``Conditions.start_turn`` ends them). Not possible once the Main
action of the round is spent.

It can be taken two ways, both the same rule:
- on the unit's own turn, from the action menu;
- after seeing an attack roll against it: the ``attack_rolled`` window offers it to the
  target (the hit is then decided against the raised AC).

Decision (to keep prompts meaningful): the window offers it only when it would change
that attack's outcome — a hit by less than 2, or a melee miss whose Shock would land.
Surprised units cannot react.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Note, Rolled
from game.engine.seam import ActionSpec, Flow, ReactionSpec
from game.rules.grid import budget, units
from game.rules.grid.events import AttackDeclared
from game.rules.grid.resolution import shock_on_miss, shock_stopped, target_ac

if TYPE_CHECKING:
    from game.engine.context import Context


@register_answer
@dataclass(frozen=True, slots=True)
class TotalDefense(Answer):
    kind: ClassVar[str] = "total_defense"
    label: ClassVar[str] = "Total Defense"
    unit: str


def unavailable(ctx: Context, unit: str) -> str | None:
    cond = units.conditions(ctx, unit)
    if not units.in_fight(ctx, unit):
        return "out of the fight"
    if cond.total_defense:
        return "already in Total Defense"
    if cond.surprised:
        return "surprised"
    return budget.unavailable(ctx, unit, budget.MAIN)


def take(ctx: Context, unit: str) -> None:
    budget.spend(ctx, unit, budget.MAIN, "Total Defense")
    units.conditions(ctx, unit).total_defense = True
    ctx.emit(Note(f"{units.name(ctx, unit)} goes on Total Defense (AC +2, no Shock)", unit))


def last_declared(ctx: Context) -> AttackDeclared | None:
    """The attack whose roll is being looked at (the latest declared one)."""
    for event in reversed(ctx.events):
        if isinstance(event, AttackDeclared):
            return event
    return None


class TotalDefenseSpec(ActionSpec):
    kind = "total_defense"
    label = "Total Defense"
    cost = "Instant"
    provokes = False
    answer_type = TotalDefense
    target_kind = "none"

    def availability(self, ctx: Context, unit: str) -> str | None:
        return unavailable(ctx, unit)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        yield TotalDefense(unit)

    def validate(self, ctx: Context, answer: TotalDefense) -> str | None:
        return None

    def perform(self, ctx: Context, answer: TotalDefense) -> Flow:
        take(ctx, answer.unit)
        return
        yield


class TotalDefenseReaction(ReactionSpec):
    kind = "total_defense"
    window = "attack_rolled"
    cost = "Spends your Main action this round: AC +2 and no Shock until your next turn"

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, Rolled) or trigger.target is None:
            return []
        declared = last_declared(ctx)
        if declared is None or declared.target != unit or unavailable(ctx, unit):
            return []
        ac, _ = target_ac(ctx, unit)
        if trigger.total >= ac:
            return [TotalDefense(unit)] if trigger.total < ac + 2 else []
        weapon = units.weapon(ctx, declared.weapon)
        if "ranged" in declared.mode or weapon.shock is None:
            return []
        if declared.mode == "swarm":
            return [TotalDefense(unit)]  # its Shock lands past AC and shields
        if shock_on_miss(ctx, declared.attacker, unit, weapon, False) > 0 and not shock_stopped(
            ctx, unit
        ):
            return [TotalDefense(unit)]
        return []

    def perform(self, ctx: Context, answer: TotalDefense, trigger: Any) -> Flow:
        take(ctx, answer.unit)
        return
        yield
