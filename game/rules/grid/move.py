"""Run, the Move action (004 · Run, Combat Action Types; issue 3 · Move).

A Move action moves the unit up to its movement rate (30 ft = 6 squares for a human;
halved while prone, 004 · Go Prone) along a path of single steps. Difficult terrain costs
its ``move_cost`` per square. A unit may not enter an enemy's square; allies may be
passed through but not stopped on. The Main action may be spent as a second Move.

Leaving a square inside an armed enemy's melee reach for one outside it provokes an
attack of opportunity (``game.rules.grid.opportunity``) unless the mover Disengaged this
round. A mover that falls stops where it was hit.

The answer carries the whole path (cells entered, in order), so the UI can show which
squares provoke and a replay walks the same way; ``enumerate`` offers the cheapest path
to every reachable square.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from game.engine.answers import Answer, register_answer
from game.engine.events import Moved
from game.engine.seam import ActionSpec, Flow
from game.geometry.grid import Cell
from game.geometry.movement import reachable, shortest_path, step_allowed
from game.rules.grid import budget, units
from game.rules.grid.opportunity import leaving_threats, opportunity_attack
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context


@register_answer
@dataclass(frozen=True, slots=True)
class Move(Answer):
    """Move ``unit`` along ``path`` (the cells entered, in order)."""

    kind: ClassVar[str] = "move"
    label: ClassVar[str] = "Run"
    unit: str
    path: tuple[Cell, ...]


def move_squares(ctx: Context, unit: str) -> int:
    """Squares one Move action covers: the speed, halved while prone (004 · Go Prone)."""
    squares = units.stats(ctx, unit).speed_squares
    if units.conditions(ctx, unit).prone:
        squares //= 2
    return squares


def blockers(ctx: Context, unit: str) -> tuple[set[Cell], set[Cell]]:
    """(cells the mover may not enter, cells it may pass but not stop on)."""
    mine = units.side(ctx, unit)
    occupied: set[Cell] = set()
    passable: set[Cell] = set()
    for other, at in ((u, units.cell(ctx, u)) for u in ctx.units() if u != unit):
        cond = units.conditions(ctx, other)
        if not cond.occupies_cell:
            continue
        if units.side(ctx, other) != mine and not cond.out_of_action:
            occupied.add(at)
        else:
            passable.add(at)  # allies, and enemies who surrendered
    return occupied, passable


def reachable_cells(ctx: Context, unit: str) -> dict[Cell, int]:
    """Where one Move action can take ``unit`` (cost in squares), its own square excluded."""
    occupied, passable = blockers(ctx, unit)
    start = units.cell(ctx, unit)
    cells = reachable(ctx.grid, start, move_squares(ctx, unit), occupied, passable)
    cells.pop(start, None)
    return cells


def path_to(ctx: Context, unit: str, goal: Cell) -> tuple[Cell, ...] | None:
    occupied, passable = blockers(ctx, unit)
    path = shortest_path(ctx.grid, units.cell(ctx, unit), goal, occupied, passable)
    return None if path is None else tuple(path[1:])


def path_problem(ctx: Context, unit: str, path: tuple[Cell, ...]) -> str | None:
    """Why ``path`` is not a legal Move for ``unit`` (None when it is)."""
    if not path:
        return "the path is empty"
    occupied, passable = blockers(ctx, unit)
    at = units.cell(ctx, unit)
    spent = 0
    for step in path:
        if not step_allowed(ctx.grid, at, step):
            return f"cannot step from {at} to {step}"
        if step in occupied:
            return f"{step} is held by an enemy"
        spent += ctx.grid.terrain(step).move_cost
        at = step
    if spent > move_squares(ctx, unit):
        return f"the path costs {spent} squares, more than {move_squares(ctx, unit)}"
    if path[-1] in passable:
        return f"cannot stop on {path[-1]}: someone is there"
    return None


class MoveSpec(ActionSpec):
    kind = "move"
    label = "Run"
    cost = "Move"
    provokes = True  # by leaving reach, checked square by square
    answer_type = Move
    target_kind = "cell"
    target_field = "path"
    moves = True
    board_range = "reach"

    def availability(self, ctx: Context, unit: str) -> str | None:
        reason = budget.unavailable(ctx, unit, budget.MOVE)
        if reason:
            return reason
        if units.conditions(ctx, unit).grappled or units.conditions(ctx, unit).grappling:
            return "cannot move while grappling or grappled"
        if move_squares(ctx, unit) <= 0:
            return "cannot move"
        return None

    def enumerate(self, ctx: Context, unit: str) -> Iterable[Answer]:
        # the same answers as path_to per goal, with the blockers read once, not per goal
        occupied, passable = blockers(ctx, unit)
        start = units.cell(ctx, unit)
        cells = reachable(ctx.grid, start, move_squares(ctx, unit), occupied, passable)
        cells.pop(start, None)
        for goal in sorted(cells):
            path = shortest_path(ctx.grid, start, goal, occupied, passable)
            if path is not None and len(path) > 1:
                yield Move(unit, tuple(path[1:]))

    def validate(self, ctx: Context, answer: Move) -> str | None:
        return path_problem(ctx, answer.unit, answer.path)

    def perform(self, ctx: Context, answer: Move) -> Flow:
        budget.spend(ctx, answer.unit, budget.MOVE, "Run")
        yield from walk(ctx, answer.unit, answer.path)


def walk(ctx: Context, unit: str, path: tuple[Cell, ...]) -> Flow:
    """Move ``unit`` step by step, stopping for attacks of opportunity as it leaves reach."""
    pos = ctx.get(unit, Position)
    start = pos.cell
    segment: list[Cell] = []
    seg_start = start
    for step in path:
        threats = leaving_threats(ctx, unit, pos.cell, step)
        if threats:
            if segment:
                ctx.emit(_moved(ctx, unit, seg_start, segment))
                seg_start, segment = pos.cell, []
            for enemy in threats:
                yield from opportunity_attack(ctx, enemy, unit)
                if not units.in_fight(ctx, unit):
                    return
        pos.move_to(step)
        units.budget(ctx, unit).squares_moved += ctx.grid.terrain(step).move_cost
        segment.append(step)
    if segment:
        ctx.emit(_moved(ctx, unit, seg_start, segment))


def _moved(ctx: Context, unit: str, start: Cell, segment: list[Cell]) -> Moved:
    feet = 5 * sum(ctx.grid.terrain(c).move_cost for c in segment)
    return Moved(unit=unit, who=units.name(ctx, unit), start=start, path=tuple(segment), feet=feet)
