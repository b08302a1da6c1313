"""Keeping posts (``hard``): the map's objective areas a side loses by leaving empty.

An area is a *post* of a side when one of its units standing in it is enough to deny
the enemy: the enemy's ``hold`` area ("no defender in it"), or a ``protect`` area of the
side's own ("none of the company inside"); or when the side wins by standing in it: an
enemy's ``protect`` area (village: the raiders take the barn by holding it five round
ends in a row; without a keeper they all left it to fight, and the Company, finding it
empty, broke the count: a draw). For each post, one unit keeps it: the first
of its side (in unit order) already inside, else the sturdiest (``staying``) of those
that walk in (over the terrain, ``walk``) within ``SLACK`` rounds of the soonest (on
village the nearest, often the lightest, went first and fell; the next went after it).
The keeper walks in and stays: it strikes only from where it stands there, else takes
Full Defense; while foes bar its way in, it strikes as any unit would.
The other units fight as they would.

An enemy's hold counted only at the round limit (no ``rounds``) is kept from the start
only when its keeper walks in within ``NEAR`` rounds; farther off, it is left to the
closing posts. (On battle, the Company's nearest unit walked alone over the river to
the horde's watchtower from the first round and fell; the next nearest followed it, and
the next: the Company fed the horde one unit at a time.)

As the round limit nears (``closing_posts``), one unit also keeps each area counted at
the limit that no post keeper holds (a ``hold`` without rounds: the side's or any
side's, to hold; the enemy's, to deny): the one already inside, else the nearest not
keeping a post whose way is not barred (shut in the barn by raiders, the Company's
warrior was the square's keeper at round 20 and the archer, free, never walked in); it
walks in once the rounds left are no more than the rounds its walk takes (always in the
last round), and keeps it as a post.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from game.ai.core.walk import UNREACHED, WalkField
from game.geometry.grid import Cell, Grid
from game.geometry.movement import distance
from game.rules.objectives import Progress, progress
from game.rules.stress import units
from game.rules.stress.actions import StressMove
from game.rules.stress.moving import reachable_cells

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.context import Context
    from game.maps.battlefield import Objective

# rounds of walking within which an enemy's hold counted at the limit is kept from the start
NEAR = 2
# a post's keeper is the sturdiest of those walking in within SLACK rounds of the soonest,
# its Armour counted ARMOUR points a point (``staying``)
SLACK = 1
ARMOUR = 3


def posts(battle: Battle, side: str) -> list[Objective]:
    """The objectives whose areas ``side`` denies the enemy, or takes, by standing in
    them: the enemy's holds, every protected area; not one whose count of round ends can
    no longer be made before the round limit (``settled``)."""
    out = []
    state = progress(battle.ctx)
    for o, prog in zip(battle.battlefield.objectives, state, strict=False):
        if not o.cells or settled(battle, o, prog, side):
            continue
        if (o.kind == "hold" and o.side is not None and o.side != side) or (
            o.kind == "protect" and o.side is not None and o.unit is None
        ):
            out.append(o)
    return out


def settled(battle: Battle, o: Objective, prog: Progress, side: str) -> bool:
    """Whether an area counted over round ends (``rounds``) can no longer be won by the
    enemy nor taken by ``side`` before the round limit: the round ends left, this
    round's included, are fewer than the count still needed. (Village: from round 17 the
    raiders cannot hold the barn five round ends in a row before round 20 ends; its
    keeper, the Company's sturdiest, stood in it to the end while the square was fought
    over: a draw.)"""
    limit = battle.battlefield.scenario.round_limit
    if not limit or not o.rounds:
        return False
    left = limit - battle.ctx.round + 1
    ours = prog.holder == side
    enemy = prog.holder is not None and not ours
    if (o.kind == "protect" and o.side == side) or (
        o.kind == "hold" and o.side not in (None, side)
    ):
        return o.rounds - (prog.streak if enemy else 0) > left  # the enemy's count
    return o.rounds - (prog.streak if ours else 0) > left  # ours to take


def kept_post(battle: Battle, unit: str) -> frozenset[Cell] | None:
    """The post ``unit`` keeps, if any (module docstring)."""
    ctx = battle.ctx
    side = units.side(ctx, unit)
    mine = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u)]
    if unit not in mine:
        return None
    for o in posts(battle, side):
        area = o.cells
        inside = [u for u in mine if units.cell(ctx, u) in area]
        if inside:
            keeper = inside[0]
        else:
            keeper = sturdiest(ctx, mine, area)
            if o.kind == "hold" and not o.rounds and walk(ctx, keeper, area) > NEAR:
                continue  # far off and counted only at the limit: a closing post
        if keeper == unit:
            return area
    return None


def final_posts(battle: Battle) -> list[frozenset[Cell]]:
    """The areas counted at the round limit (``hold`` without ``rounds``): a side's own
    and any side's to hold, the enemy's to deny."""
    return [
        o.cells
        for o in battle.battlefield.objectives
        if o.kind == "hold" and not o.rounds and o.cells
    ]


def closing_posts(battle: Battle, side: str) -> dict[str, frozenset[Cell]]:
    """The areas counted at the round limit ``side``'s units keep now, by unit (module
    docstring); the same for every unit of the side in a round's declarations."""
    ctx = battle.ctx
    limit = battle.battlefield.scenario.round_limit
    areas = final_posts(battle) if limit else []
    if not limit or not areas:
        return {}
    left = limit - ctx.round  # rounds after this one
    mine = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u)]
    if all(gap(units.cell(ctx, u), a) < left for u in mine for a in areas):
        return {}  # no walk takes as many rounds as are left (speed at least 1)
    kept = {u: kept_post(battle, u) for u in mine}
    areas = [a for a in areas if a not in kept.values()]
    mine = [u for u in mine if kept[u] is None]
    out: dict[str, frozenset[Cell]] = {}
    for area in areas:
        if not mine:
            break
        inside = [u for u in mine if units.cell(ctx, u) in area]
        if inside:
            keeper = inside[0]
        else:  # the nearest whose way is not barred (walls of foes, or walls)
            free = [u for u in mine if step_in(ctx, u, area) is not None] or mine
            keeper = min(free, key=lambda u: (gap(units.cell(ctx, u), area), u))
        mine.remove(keeper)
        if walk(ctx, keeper, area) >= left:
            out[keeper] = area
    return out


def sturdiest(ctx: Context, mine: list[str], area: frozenset[Cell]) -> str:
    """The keeper walking in from outside: of the units that walk in within a round of
    the soonest, the one with the most Stress and Wound Points behind its Armour."""
    soonest = min(walk(ctx, u, area) for u in mine)
    near = [u for u in mine if walk(ctx, u, area) <= soonest + SLACK]
    return min(near, key=lambda u: (-staying(ctx, u), gap(units.cell(ctx, u), area), u))


def staying(ctx: Context, unit: str) -> int:
    """What a blow must get through to drop ``unit``: Stress and Wound Points, and its
    Armour (taken off every blow) as a few points more."""
    f = units.fighter(ctx, unit)
    return f.stress + max(0, f.wp) + ARMOUR * f.armour


def walk(ctx: Context, unit: str, area: frozenset[Cell]) -> int:
    """The rounds ``unit`` takes to walk into ``area`` over the terrain (round the
    houses, not through them: on village the Company's keeper of the barn, chosen by
    the squares as the crow flies, walked round the mill and came a round late)."""
    squares = terrain_field(ctx.grid, ctx.grid.version, area).distance(units.cell(ctx, unit))
    squares = min(squares, ctx.grid.width + ctx.grid.height) if squares >= UNREACHED else squares
    return -(-squares // max(1, units.speed(ctx, unit)))


@lru_cache(maxsize=32)
def terrain_field(grid: Grid, version: int, area: frozenset[Cell]) -> WalkField:
    """Squares over the terrain to ``area`` from every cell (of this grid version)."""
    return WalkField(grid, area)


def gap(cell: Cell, area: frozenset[Cell]) -> int:
    return min(distance(cell, c) for c in area)


def step_in(ctx: Context, unit: str, area: frozenset[Cell]) -> StressMove | None:
    """The move into ``area`` (its cheapest reachable square), else toward it."""
    cells = reachable_cells(ctx, unit)
    here = units.cell(ctx, unit)
    best = min(cells, key=lambda c: (gap(c, area), cells[c], c))
    return None if best == here else StressMove(unit, best)
