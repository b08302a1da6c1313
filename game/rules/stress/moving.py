"""Moving in the ``stress`` rules (002 · Speed, Full Defense, Defensive Attack): a unit
moves up to its speed in squares a round along the grid's paths (allies may be passed,
enemies not). Entering an enemy's threat range (the reach of its melee weapons) provokes a
Riposte from it unless the mover declared a Defensive Attack (``reactions``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from game.engine.events import Moved
from game.geometry.grid import Cell
from game.geometry.movement import distance, reachable, shortest_path
from game.rules.still import kept_reach
from game.rules.stress import units
from game.rules.stress.state import Fighter
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.engine.seam import Flow

_CACHE_SIZE = 512
THREAT_WINDOW = "stress_threat_entered"


def reachable_cells(ctx: Context, unit: str, *, guarding: bool = False) -> dict[Cell, int]:
    """Free cells the unit can reach this round (cost in squares), its own included at
    cost 0; ``guarding``: at Full Defense's half speed. Shared dict: do not change it."""
    return kept_reach(ctx, (unit, guarding), lambda: _reachable_cells(ctx, unit, guarding))


def _reachable_cells(ctx: Context, unit: str, guarding: bool) -> dict[Cell, int]:
    foes, friends = units.occupied(ctx, unit)
    start = units.cell(ctx, unit)
    budget = units.speed(ctx, unit, guarding=guarding)
    key = (start, budget, ctx.grid.version, frozenset(foes), frozenset(friends))
    cache: dict[object, dict[Cell, int]] = ctx.ruleset.__dict__.setdefault("reach_cache", {})
    hit = cache.get(key)
    if hit is None:
        hit = dict(reachable(ctx.grid, start, budget, foes, friends))
        hit[start] = 0
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = hit
    return hit


def path_to(ctx: Context, unit: str, goal: Cell) -> tuple[Cell, ...] | None:
    foes, friends = units.occupied(ctx, unit)
    path = shortest_path(ctx.grid, units.cell(ctx, unit), goal, foes, friends)
    return None if path is None else tuple(path[1:])


def attack_cell(
    ctx: Context, unit: str, target: str, weapon_id: str, *, throw: bool = False
) -> Cell | None:
    """The cheapest square this round's move reaches from which the weapon can hit
    ``target`` (its own square first when it already can); None when there is none."""
    w = units.weapon(ctx, weapon_id)
    here = units.cell(ctx, unit)
    if units.can_hit(ctx, unit, w, target, throw=throw):
        return here
    there = units.cell(ctx, target)
    best: tuple[int, int, Cell] | None = None
    reach = reachable_cells(ctx, unit)
    for c in near(reach, there, w.range_squares if w.ranged or throw else w.reach):
        if units.can_hit(ctx, unit, w, target, at=c, throw=throw, target_at=there):
            key = (reach[c], (c[0] - there[0]) ** 2 + (c[1] - there[1]) ** 2, c)
            best = key if best is None or key < best else best
    return best[2] if best else None


def near(reach: dict[Cell, int], there: Cell, span: int) -> Iterable[Cell]:
    """The cells of ``reach`` that may lie within ``span`` squares of ``there`` (a
    weapon hits nothing farther): the square around ``there`` when it holds fewer cells
    than ``reach`` (each kept only if reached), else all of ``reach``."""
    if (2 * span + 1) ** 2 >= len(reach):
        return reach
    x, y = there
    box = ((x + dx, y + dy) for dx in range(-span, span + 1) for dy in range(-span, span + 1))
    return [c for c in box if c in reach]


def toward(ctx: Context, unit: str, goal: Cell) -> Cell:
    """The reachable square nearest ``goal`` (the unit's own when none is nearer)."""
    here = units.cell(ctx, unit)
    cells = reachable_cells(ctx, unit)
    return min(cells, key=lambda c: (distance(c, goal), cells[c], c), default=here)


def threatening(ctx: Context, mover: str, before: Cell, after: Cell) -> tuple[str, ...]:
    """Enemies whose threat range the step ``before`` → ``after`` enters."""
    out = []
    for foe in units.enemies(ctx, mover):
        reach = units.threat_reach(ctx, foe)
        there = units.cell(ctx, foe)
        if reach and distance(before, there) > reach >= distance(after, there):
            out.append(foe)
    return tuple(out)


def walk(ctx: Context, unit: str, goal: Cell, *, provokes: bool) -> Flow:
    """Walk to ``goal`` (as far along the path as the round's speed goes); with
    ``provokes``, each square entering an enemy's threat range opens the Riposte window
    there, and a mover taken out of the fight stops."""
    from game.rules.stress.reactions import ThreatEntered

    path = path_to(ctx, unit, goal)
    if not path:
        return
    budget = units.speed(ctx, unit)
    spent, steps = 0, []
    for c in path:
        spent += ctx.grid.terrain(c).move_cost
        if spent > budget:
            break
        steps.append(c)
    while steps and units.occupant(ctx, steps[-1]) not in (None, unit):
        steps.pop()
    pos = ctx.get(unit, Position)
    start = pos.cell
    done: list[Cell] = []
    for c in steps:
        before = pos.cell
        pos.move_to(c)
        done.append(c)
        foes = threatening(ctx, unit, before, c) if provokes else ()
        if foes:
            _moved(ctx, unit, start, done)
            start, done = c, []
            yield from ctx.window(
                THREAT_WINDOW, ThreatEntered(unit, units.name(ctx, unit), c, foes)
            )
            if not units.alive(ctx, unit) or units.fighter(ctx, unit).wp <= 0:
                return
    _moved(ctx, unit, start, done)


def _moved(ctx: Context, unit: str, start: Cell, path: list[Cell]) -> None:
    if not path:
        return
    feet = 5 * sum(ctx.grid.terrain(c).move_cost for c in path)
    ctx.emit(Moved(unit=unit, who=units.name(ctx, unit), start=start, path=tuple(path), feet=feet))


__all__ = ["Fighter", "attack_cell", "path_to", "reachable_cells", "threatening", "toward", "walk"]
