"""Moving in the ``clash`` rules (000 · Initiative & Actions, Range Bands): a move covers
the unit's speed in squares; a quick turn holds one move, a full turn two (or a move and
an action). Paths follow the grid's movement rules (no squeezing between walls, difficult
terrain costs more); a unit may pass allies but not enemies and stops on a free square.
000 has no attacks of opportunity: leaving a Close enemy just takes a full turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Moved
from game.geometry.grid import Cell
from game.geometry.movement import distance, neighbours, reachable, shortest_path
from game.rules.clash import units
from game.rules.still import kept_reach
from game.world.components import Position

if TYPE_CHECKING:
    from game.engine.context import Context


# Reachable squares per (unit, moves, where everyone stands): the catalog, the AI and the
# resolution ask the same question many times between two moves. Per battle (the
# ruleset instance holds it), dropped whole when it grows.
_CACHE_SIZE = 512


def reachable_cells(ctx: Context, unit: str, moves: int) -> dict[Cell, int]:
    """Free cells ``moves`` moves can take ``unit`` to (cost in squares), its own
    square excluded. The dict is shared: do not change it."""
    return kept_reach(ctx, (unit, moves), lambda: _reachable_cells(ctx, unit, moves))


def _reachable_cells(ctx: Context, unit: str, moves: int) -> dict[Cell, int]:
    foes, friends = units.occupied(ctx, unit)
    start = units.cell(ctx, unit)
    budget = units.speed(ctx, unit) * moves
    key = (start, budget, ctx.grid.version, frozenset(foes), frozenset(friends))
    cache: dict[object, dict[Cell, int]] = ctx.ruleset.__dict__.setdefault("reach_cache", {})
    hit = cache.get(key)
    if hit is not None:
        return hit
    cells = reachable(ctx.grid, start, budget, foes, friends)
    cells.pop(start, None)
    if len(cache) >= _CACHE_SIZE:
        cache.clear()
    cache[key] = cells
    return cells


def path_to(ctx: Context, unit: str, goal: Cell) -> tuple[Cell, ...] | None:
    """The cells entered on the cheapest path to ``goal`` (None: no way there)."""
    foes, friends = units.occupied(ctx, unit)
    path = shortest_path(ctx.grid, units.cell(ctx, unit), goal, foes, friends)
    return None if path is None else tuple(path[1:])


def approach_cell(ctx: Context, unit: str, target: str, moves: int = 1) -> Cell | None:
    """The cheapest free square Close to ``target`` that ``moves`` moves reach (ties: the
    nearest to the mover in a straight line, then the lowest cell); None when there is
    none. The unit's own square counts when it is already Close."""
    here = units.cell(ctx, unit)
    there = units.cell(ctx, target)
    if distance(here, there) <= 1:
        return here
    cells = reachable_cells(ctx, unit, moves)
    close = [
        (cells[c], _straightness(here, c), c) for c in neighbours(ctx.grid, there) if c in cells
    ]
    return min(close)[2] if close else None


def _straightness(a: Cell, b: Cell) -> int:
    """Squared straight-line distance: among equally cheap squares, the straightest."""
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def toward(ctx: Context, unit: str, goal: Cell, moves: int = 1) -> tuple[Cell, ...]:
    """The reachable square (within ``moves`` moves) that gets nearest to ``goal``: the
    path to it (empty when no step helps)."""
    here = units.cell(ctx, unit)
    cells = reachable_cells(ctx, unit, moves)
    best = min(
        ((distance(c, goal), cost, c) for c, cost in cells.items()),
        default=(distance(here, goal), 0, here),
    )
    if best[0] >= distance(here, goal):
        return ()
    return path_to(ctx, unit, best[2]) or ()


def walk(ctx: Context, unit: str, path: tuple[Cell, ...]) -> None:
    """Move ``unit`` along ``path`` (one Moved event)."""
    if not path:
        return
    pos = ctx.get(unit, Position)
    start = pos.cell
    pos.move_to(path[-1])
    feet = 5 * sum(ctx.grid.terrain(c).move_cost for c in path)
    ctx.emit(Moved(unit=unit, who=units.name(ctx, unit), start=start, path=path, feet=feet))
