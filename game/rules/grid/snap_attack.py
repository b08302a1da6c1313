"""Make a Snap Attack (Instant; 004 · Make a Snap Attack).

Give up the Main action to make a melee or ranged attack at -4, even on another unit's
turn, as long as the Main action of this round is still unspent. Only party characters
and templates marked ``trained`` ("well-trained and disciplined NPCs") may.

It is offered in the ``before_damage`` window: after an enemy's attack has hit but before
its damage is rolled, any unit that could Snap Attack that enemy may; if the attacker is
downed or killed, its damage never lands (``resolution.attack_flow``). It is also on the
action menu for the unit's own turn (legal, if rarely wise).

Decisions: the window offers only the attacker as the target (the point of the rule);
surprised units cannot react; mode ``snap`` / ``snap ranged`` in the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.seam import ActionSpec, Flow, ReactionSpec
from game.rules.grid import budget, units
from game.rules.grid.attack import _weapon_problem
from game.rules.grid.events import AttackResolved
from game.rules.grid.nearby import enemies_within
from game.rules.grid.resolution import Extras, assess, attack_flow
from game.rules.preview import Modifier

if TYPE_CHECKING:
    from game.engine.context import Context

SNAP = Extras(modifiers=(Modifier("snap attack", -4),), label="snap attack")


@register_answer
@dataclass(frozen=True, slots=True)
class SnapAttack(Answer):
    kind: ClassVar[str] = "snap_attack"
    label: ClassVar[str] = "Snap Attack"
    unit: str
    target: str
    weapon: str
    ranged: bool = False


def may_snap(ctx: Context, unit: str) -> str | None:
    """Why ``unit`` cannot make a Snap Attack now (None when it can)."""
    stats = units.stats(ctx, unit)
    if not (stats.party or stats.trained):
        return "only trained fighters can make Snap Attacks"
    if not units.in_fight(ctx, unit):
        return "out of the fight"
    if units.conditions(ctx, unit).surprised:
        return "surprised"
    return budget.unavailable(ctx, unit, budget.MAIN)


def snap_options(ctx: Context, unit: str, target: str) -> list[SnapAttack]:
    out: list[SnapAttack] = []
    for w in units.readied_weapons(ctx, unit):
        for ranged in (False, True):
            if (
                _weapon_problem(ctx, unit, w.id, ranged) is None
                and assess(ctx, unit, target, w, ranged, SNAP).allowed
            ):
                out.append(SnapAttack(unit, target, w.id, ranged))
    return out


class SnapAttackSpec(ActionSpec):
    kind = "snap_attack"
    label = "Snap Attack"
    cost = "Instant"
    provokes = False
    answer_type = SnapAttack
    target_kind = "unit"
    target_field = "target"
    attacks = True

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = may_snap(ctx, unit)
        if reason:
            return reason
        if not any(snap_options(ctx, unit, e) for e in self._near(ctx, unit)):
            return "no enemy in reach or range"
        return None

    def _near(self, ctx: Context, unit: str) -> list[str]:
        far = max(
            (max(w.reach, w.range_long_squares or 0) for w in units.readied_weapons(ctx, unit)),
            default=0,
        )
        return enemies_within(ctx, unit, far)

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        for e in self._near(ctx, unit):
            yield from snap_options(ctx, unit, e)

    def validate(self, ctx: Context, answer: SnapAttack) -> str | None:
        if answer.target not in ctx.entities:
            return f"no unit {answer.target!r}"
        if answer.weapon not in ctx.content.weapons:
            return f"no weapon {answer.weapon!r}"
        problem = _weapon_problem(ctx, answer.unit, answer.weapon, answer.ranged)
        if problem:
            return problem
        a = assess(
            ctx, answer.unit, answer.target, units.weapon(ctx, answer.weapon), answer.ranged, SNAP
        )
        return None if a.allowed else a.reason

    def perform(self, ctx: Context, answer: SnapAttack) -> Flow:
        yield from snap(ctx, answer)


def snap(ctx: Context, answer: SnapAttack) -> Flow:
    budget.spend(ctx, answer.unit, budget.MAIN, "Snap Attack")
    yield from attack_flow(
        ctx,
        answer.unit,
        answer.target,
        units.weapon(ctx, answer.weapon),
        ranged=answer.ranged,
        mode="snap ranged" if answer.ranged else "snap",
        extras=SNAP,
    )


class SnapAttackReaction(ReactionSpec):
    kind = "snap_attack"
    window = "before_damage"
    cost = (
        "Spends your Main action this round: strike the attacker first at -4; "
        "if it drops, its damage never lands"
    )

    def offers(self, ctx: Context, unit: str, trigger: Any) -> list[Answer]:
        if not isinstance(trigger, AttackResolved) or not trigger.hit:
            return []
        attacker = trigger.attacker
        if unit == attacker or units.side(ctx, unit) == units.side(ctx, attacker):
            return []
        if not units.in_fight(ctx, attacker) or may_snap(ctx, unit):
            return []
        return list(snap_options(ctx, unit, attacker))

    def perform(self, ctx: Context, answer: SnapAttack, trigger: Any) -> Flow:
        yield from snap(ctx, answer)
