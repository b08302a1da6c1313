"""Moving by a zone (003 · Taking a turn) and opportunity attacks (003 · Opportunity
attacks): a unit moves once a turn, to a free square of its own zone or of a
neighbouring zone (the zone graph of ``game.geometry.zones``); enemies nearby that it
moves away from may spend their turn on an opportunity attack first, which it cannot
react to; its turn goes on after, if it still stands. A unit holding another drags it
along; a grabbed unit cannot move."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.engine.answers import Answer
from game.engine.context import Context
from game.engine.events import Moved
from game.engine.seam import ActionSpec, Flow
from game.geometry.grid import Cell
from game.rules.factions import units
from game.rules.factions.answers import Move, Opportunity
from game.rules.factions.defend import spend
from game.rules.factions.events import Attacked
from game.rules.factions.hazards import meet
from game.rules.factions.sneak import after_move
from game.world.components import Position

PER_ZONE = 5  # squares of each reachable zone offered to the AI (enumerate)


def occupied(ctx: Context, but: str = "") -> set[Cell]:
    return {
        units.cell(ctx, u) for u in ctx.units() if u != but and ctx.ruleset.occupies_cell(ctx, u)
    }


def reachable_zones(ctx: Context, unit: str) -> frozenset[int]:
    here = units.zone(ctx, unit)
    if here is None:
        return frozenset()
    return frozenset({here}) | units.graph(ctx).neighbours(here)


def best_weapon(ctx: Context, unit: str, target: str) -> str | None:
    """The melee weapon with the biggest die that reaches ``target``."""
    from game.rules.factions.aim import aim

    found = [w for w in units.weapons(ctx, unit) if aim(ctx, unit, target, w, "melee").allowed]
    return max(found, key=lambda w: units.weapon(ctx, w).die, default=None)


class MoveSpec(ActionSpec):
    kind = Move.kind
    label = "Move"
    cost = "Move"
    answer_type = Move
    target_kind = "cell"
    target_field = "to"
    moves = True
    board_range = "reach"

    def availability(self, ctx: Context, unit: str) -> str | None:
        if ctx.active_unit != unit:
            return "not this unit's turn"
        if units.turn(ctx, unit).moved:
            return "already moved this turn"
        if units.fate(ctx, unit).grabbed_by:
            return "grabbed: it cannot move"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        taken = occupied(ctx, unit)
        here = units.cell(ctx, unit)
        foes = [units.cell(ctx, e) for e in units.enemies(ctx, unit)]
        sneak = units.fate(ctx, unit).concealed
        out: list[Answer] = []
        g = units.graph(ctx)
        for z in sorted(reachable_zones(ctx, unit)):
            free = [c for c in g.free_cells(z, taken) if c != here]
            picks: list[Cell] = free[:1]
            for foe in foes:
                near = min(free, key=lambda c: (units.distance(c, foe), c), default=None)
                if near is not None and near not in picks:
                    picks.append(near)
            landing = g.landing(z, taken, here)
            if landing is not None and landing != here and landing not in picks:
                picks.append(landing)
            out.extend(Move(unit, c, sneak) for c in picks[:PER_ZONE])
        return out

    def validate(self, ctx: Context, answer: Any) -> str | None:
        if answer.sneak and not units.fate(ctx, answer.unit).concealed:
            return "only a concealed character sneaks"
        to = answer.to
        if not ctx.grid.in_bounds(to) or ctx.grid.blocks_move(to):
            return "that square cannot be entered"
        if to == units.cell(ctx, answer.unit):
            return "already there"
        if to in occupied(ctx, answer.unit):
            return "that square is taken"
        z = units.graph(ctx).zone_at(to)
        if z is None or z not in reachable_zones(ctx, answer.unit):
            return "a move goes at most one zone"
        return None

    def perform(self, ctx: Context, answer: Any) -> Flow:
        unit = answer.unit
        units.turn(ctx, unit).moved = True
        yield from opportunities(ctx, unit, answer.to)
        if not units.in_fight(ctx, unit) or ctx.over:
            return
        start = units.cell(ctx, unit)
        was = units.zone(ctx, unit)
        held = units.fate(ctx, unit).holding
        ctx.get(unit, Position).move_to(answer.to)
        ctx.emit(
            Moved(
                unit,
                units.name(ctx, unit),
                start,
                (answer.to,),
                5 * units.distance(start, answer.to),
            )
        )
        if held:
            drag(ctx, unit, held)
        after_move(ctx, unit, answer.sneak)
        if units.zone(ctx, unit) != was:
            meet(ctx, unit, units.zone(ctx, unit))


def drag(ctx: Context, unit: str, held: str) -> None:
    """The grabbed character comes along to the free square next to its holder."""
    taken = occupied(ctx, held)
    x, y = units.cell(ctx, unit)
    around = [
        (x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy)
        and ctx.grid.in_bounds((x + dx, y + dy))
        and not ctx.grid.blocks_move((x + dx, y + dy))
        and (x + dx, y + dy) not in taken
    ]
    if not around:
        from game.rules.factions.damage import let_go

        let_go(ctx, unit)
        return
    start = units.cell(ctx, held)
    was = units.zone(ctx, held)
    to = min(around, key=lambda c: (units.distance(c, start), c))
    ctx.get(held, Position).move_to(to)
    ctx.emit(Moved(held, units.name(ctx, held), start, (to,), 0))
    if units.zone(ctx, held) != was:
        meet(ctx, held, units.zone(ctx, held))


def opportunities(ctx: Context, unit: str, to: Cell) -> Flow:
    """Each ready enemy nearby that ``unit`` moves away from may attack it first."""
    from game.rules.factions.asking import ask
    from game.rules.factions.strike import strike

    for foe in list(units.enemies(ctx, unit)):
        if not units.in_fight(ctx, unit) or ctx.over:
            return
        if not units.ready(ctx, foe) or not units.nearby(ctx, foe, unit):
            continue
        if units.fate(ctx, unit).holding == foe:
            continue  # dragged along, not left behind
        if units.distance(units.cell(ctx, foe), to) <= 1:
            continue  # not moving away from this one
        if units.fate(ctx, unit).concealed and not units.sees(ctx, foe, unit):
            continue
        weapon = best_weapon(ctx, foe, unit)
        if weapon is None:
            continue
        trigger = Attacked(
            unit, foe, "", "moving away", units.name(ctx, unit), units.name(ctx, foe)
        )
        choice = yield from ask(
            ctx,
            foe,
            f"{units.name(ctx, unit)} moves away from {units.name(ctx, foe)}: attack?",
            [("Opportunity attack", Opportunity(foe, unit, weapon))],
            trigger,
        )
        if isinstance(choice, Opportunity):
            spend(ctx, foe, "opportunity attack")
            yield from strike(ctx, foe, unit, weapon, "melee", reactable=False)
