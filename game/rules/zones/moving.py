"""Moving between zones (001 · Action, Zones, Zone Conditions, Disengaging).

A turn holds a move to a Nearby zone and one action; the action may be another move.
The unit lands on the free square of the zone nearest where it stands
(``ZoneGraph.landing``). A zone with a ``capacity`` holding that many fighters cannot be
entered. Leaving a zone with an enemy Close gives each such enemy (one that may act) a
free attack before the move, unless an ally is also Close or the unit spent its action
to Disengage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.context import Context
from game.engine.events import Moved
from game.engine.seam import ActionSpec, Flow
from game.rules.zones import units
from game.rules.zones.attack import strike
from game.rules.zones.damage import can_act, can_move
from game.world import readers
from game.world.components import Position


@register_answer
@dataclass(frozen=True, slots=True)
class ZoneMove(Answer):
    kind: ClassVar[str] = "zones_move"
    label: ClassVar[str] = "Move"
    unit: str
    zone: int


@register_answer
@dataclass(frozen=True, slots=True)
class Disengage(Answer):
    kind: ClassVar[str] = "zones_disengage"
    label: ClassVar[str] = "Disengage"
    unit: str


def full(ctx: Context, zone: int) -> bool:
    """A zone at its capacity (001 · Zone Conditions: choke points)."""
    cap = units.graph(ctx).capacity(zone)
    return cap is not None and len(units.in_zone(ctx, zone)) >= cap


def room_problem(ctx: Context, unit: str, zone: int) -> str | None:
    """Why ``unit`` could not stand in ``zone`` now (None: it could)."""
    g = units.graph(ctx)
    if not 0 <= zone < len(g.zones):
        return f"there is no zone {zone}"
    if full(ctx, zone):
        return f"{g.zones[zone].name} is full (room for {g.capacity(zone)})"
    held = units.held(ctx)
    if all(c in held for c in g.zones[zone].cells):  # no landing square (``place``)
        return f"no free square in {g.zones[zone].name}"
    return None


def free_attackers(ctx: Context, unit: str) -> list[str]:
    """The enemies that get a free attack if ``unit`` leaves its zone now."""
    if units.turn(ctx, unit).disengaging:
        return []
    close = units.close_enemies(ctx, unit)
    here = units.zone_of(ctx, unit)
    if any(units.zone_of(ctx, a) == here for a in units.allies(ctx, unit)):
        return []
    return [e for e in close if can_act(ctx, e) and units.usable_weapons(ctx, e)]


def best_melee(ctx: Context, unit: str) -> str | None:
    """The unit's usable melee weapon with the largest die (free attacks use it)."""
    melee = [w for w in units.usable_weapons(ctx, unit) if not units.weapon(ctx, w).ranged]
    if not melee:
        return None
    return max(
        melee, key=lambda w: units.weapon(ctx, w).damage.sides * units.weapon(ctx, w).damage.count
    )


def place(ctx: Context, unit: str, zone: int) -> bool:
    """Put ``unit`` on the landing square of ``zone``; False if there is none."""
    start = readers.cell(ctx, unit)
    to = units.graph(ctx).landing(zone, units.occupied(ctx) - {start}, start)
    if to is None:
        return False
    ctx.get(unit, Position).move_to(to)
    feet = 5 * max(abs(to[0] - start[0]), abs(to[1] - start[1]))
    ctx.emit(Moved(unit=unit, who=units.name(ctx, unit), start=start, path=(to,), feet=feet))
    return True


class MoveSpec(ActionSpec):
    """Move to a Nearby zone: the turn's move, or its action when the move is spent."""

    kind = ZoneMove.kind
    label = "Move"
    cost = "Move"
    answer_type = ZoneMove
    target_kind = "zone"
    target_field = "zone"
    moves = True
    board_range = "reach"

    def availability(self, ctx: Context, unit: str) -> str | None:
        t = units.turn(ctx, unit)
        if not can_move(ctx, unit):
            return "cannot move while " + " and ".join(units.fighter(ctx, unit).hindrances)
        if t.moved and (t.acted or not can_act(ctx, unit)):
            return "already moved and acted this turn"
        if getattr(ctx.ruleset, "stance", {}).get(units.side(ctx, unit)) == "wary":
            return "wary: holds its ground until harmed"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        here = units.zone_of(ctx, unit)
        if here < 0:
            return []
        out = [ZoneMove(unit, z) for z in sorted(units.graph(ctx).neighbours(here))]
        return [a for a in out if self.validate(ctx, a) is None]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        here = units.zone_of(ctx, answer.unit)
        g = units.graph(ctx)
        if not 0 <= answer.zone < len(g.zones):
            return f"there is no zone {answer.zone}"
        if answer.zone == here:
            return "already in that zone"
        if here < 0 or answer.zone not in g.neighbours(here):
            return f"{g.zones[answer.zone].name} is not Nearby (a move goes one zone)"
        return room_problem(ctx, answer.unit, answer.zone)

    def perform(self, ctx: Context, answer: Any) -> Flow:
        t = units.turn(ctx, answer.unit)
        if t.moved:
            t.acted = True
        t.moved = True
        for enemy in free_attackers(ctx, answer.unit):
            weapon = best_melee(ctx, enemy)
            if weapon is not None and units.in_fight(ctx, answer.unit):
                strike(ctx, enemy, answer.unit, (weapon,), why="free attack")
        if units.in_fight(ctx, answer.unit) and room_problem(ctx, answer.unit, answer.zone) is None:
            place(ctx, answer.unit, answer.zone)
        return
        yield


class DisengageSpec(ActionSpec):
    """Spend the action to Disengage: leaving the zone this turn gives no free attack."""

    kind = Disengage.kind
    label = "Disengage"
    cost = "Action"
    answer_type = Disengage

    def availability(self, ctx: Context, unit: str) -> str | None:
        t = units.turn(ctx, unit)
        if t.acted:
            return "already acted this turn"
        if not can_act(ctx, unit):
            return "cannot act while " + " and ".join(units.fighter(ctx, unit).hindrances)
        if t.moved:
            return "already moved this turn"
        if not units.close_enemies(ctx, unit):
            return "no enemy is Close"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        return [Disengage(unit)]

    def validate(self, ctx: Context, answer: Any) -> str | None:
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        t = units.turn(ctx, answer.unit)
        t.acted = True
        t.disengaging = True
        return
        yield
