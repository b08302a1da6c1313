"""Keeping the enemy from a hold that counts round ends (maps/README.md · Objectives:
a side wins by holding an area N round ends in a row; a side protecting an area loses
when the others hold it N round ends in a row). An area is held only while no unit of
another side in the fight stands in it, so one of ours standing in it at the round's
end breaks the streak.

The AI reads those areas for its side (``denied_areas``) and keeps one *keeper* in
each: the first of its units (in spawn order) that stands in the area stays there
while an enemy could get into the area this round (``keeper_areas``): every declaration
that would end the keeper's turn outside the area costs ``KEEP`` of its side's worth
(``keep_cost``). A blow on a Close foe, a shot from
where it stands and holding still cost nothing; moving off, charging a foe out of reach,
shooting then stepping away and retreating do. The gate of the fort, two round ends
from falling, is where two of the garrison stand at the start: it stays held. With
the enemy one round end from winning, the unit that can get into the area at least cost
runs in (``breakers``).

The other way round, a unit standing in an area its own side wins by holding
(``won_areas``: the raiders' barn, the war band's gate) stays in it (``stay_cost``): a
unit that leaves thins the hold and stands in the open, where its fall may call its
side's morale check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.clash.odds import worth
from game.engine.answers import Answer
from game.geometry.movement import distance
from game.rules.clash import units
from game.rules.clash.declare import ClashAttack, ClashGambit, ClashMove, ClashRetreat, ClashShoot
from game.rules.clash.moving import approach_cell, reachable_cells
from game.rules.objectives import needed, progress

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.geometry.grid import Cell
    from game.maps.battlefield import Objective

# Share of its side's worth a keeper stepping out of a denied area puts at stake, and
# what breaking a hold that would end the battle at this round's end is worth.
KEEP = 0.5
# Share of its own worth a unit standing in an area its side wins by holding gives up by
# stepping out of it.
STAY = 1.0


def denied_areas(ctx: Context, side: str) -> list[Objective]:
    """The objectives ``side`` loses by when another side holds their area round ends in
    a row: another side's (or any side's) hold with ``rounds``, and an area ``side``
    protects."""
    out = []
    for o in ctx.battlefield.objectives:
        if o.kind == "hold" and o.rounds and o.side != side:
            out.append(o)
        elif o.kind == "protect" and o.unit is None and o.side == side:
            out.append(o)
    return out


def keeper_areas(ctx: Context, unit: str) -> list[Objective]:
    """The denied areas ``unit`` keeps: it stands in the area, is the first of its side
    there, and an enemy in the fight could reach the area this round (two moves)."""
    side = units.side(ctx, unit)
    here = units.cell(ctx, unit)
    out = []
    for o in denied_areas(ctx, side):
        if here not in o.cells:
            continue
        first = next(
            u
            for u in units.units_of(ctx, side)
            if units.in_fight(ctx, u) and units.cell(ctx, u) in o.cells
        )
        if first != unit:
            continue
        if any(
            min(distance(units.cell(ctx, e), c) for c in o.cells) <= 2 * units.speed(ctx, e) + 1
            for e in units.enemies(ctx, unit)
        ):
            out.append(o)
    return out


def end_cell(ctx: Context, answer: Answer) -> Cell | None:
    """Where ``answer`` leaves its unit (as things stand; None: off the field, a
    retreat); its own square for a declaration that does not move it."""
    unit = getattr(answer, "unit", "")
    here = units.cell(ctx, unit)
    if isinstance(answer, ClashRetreat):
        return None
    if isinstance(answer, ClashMove):
        return answer.to
    if isinstance(answer, ClashAttack | ClashGambit):
        if answer.then_to is not None:
            return answer.then_to
        return approach_cell(ctx, unit, answer.target) or here
    if isinstance(answer, ClashShoot):
        return answer.then_to or answer.to or here
    return here


def keep_cost(ctx: Context, unit: str, answer: Answer, areas: list[Objective]) -> float:
    """What ``answer`` costs the keeper of ``areas`` by leaving one of them: ``KEEP`` of
    its side's worth in the fight for each area it would leave."""
    if not areas:
        return 0.0
    end = end_cell(ctx, answer)
    left = [o for o in areas if end is None or end not in o.cells]
    if not left:
        return 0.0
    side = units.side(ctx, unit)
    total = sum(worth(ctx, u) for u in units.units_of(ctx, side) if units.in_fight(ctx, u))
    return KEEP * total * len(left)


def falling(ctx: Context, side: str) -> list[Objective]:
    """The denied areas the enemy holds now with one round end to go: held again at
    this round's end, the battle is lost."""
    out = []
    for o, prog in zip(ctx.battlefield.objectives, progress(ctx), strict=True):
        if o not in denied_areas(ctx, side) or prog.holder in (None, side):
            continue
        if prog.streak + 1 >= needed(ctx, o):
            out.append(o)
    return out


def breakers(ctx: Context, side: str, who: list[str]) -> dict[str, tuple[Answer, float]]:
    """For each area about to fall (``falling``), the one unit of ``who`` that can get
    into it this round at the least cost (two moves to a free square of it), with the
    move and what it is worth: ``KEEP`` of the side's worth in the fight."""
    out: dict[str, tuple[Answer, float]] = {}
    areas = falling(ctx, side)
    if not areas:
        return out
    total = sum(worth(ctx, u) for u in units.units_of(ctx, side) if units.in_fight(ctx, u))
    for o in areas:
        best: tuple[int, str, Cell] | None = None
        for u in who:
            if u in out or units.cell(ctx, u) in o.cells:
                continue
            cells = reachable_cells(ctx, u, 2)
            inside = [(cost, u, c) for c, cost in cells.items() if c in o.cells]
            if inside:
                pick = min(inside)
                best = pick if best is None or pick < best else best
        if best is not None:
            out[best[1]] = (ClashMove(best[1], best[2]), KEEP * total)
    return out


def won_areas(ctx: Context, side: str) -> list[Objective]:
    """The objectives ``side`` wins by holding their area round ends in a row: its own
    (or any side's) hold with ``rounds``, and an area another side protects."""
    out = []
    for o in ctx.battlefield.objectives:
        if o.kind == "hold" and o.rounds and o.side in (None, side):
            out.append(o)
        elif o.kind == "protect" and o.unit is None and o.side not in (None, side):
            out.append(o)
    return out


def stay_cost(ctx: Context, unit: str, answer: Answer) -> float:
    """What ``answer`` costs a unit standing in an area its side wins by holding when it
    ends the unit's turn outside: ``STAY`` of the unit's own worth (the hold is thinner
    and the unit stands in the open)."""
    here = units.cell(ctx, unit)
    areas = [o for o in won_areas(ctx, units.side(ctx, unit)) if here in o.cells]
    if not areas:
        return 0.0
    end = end_cell(ctx, answer)
    if end is not None and all(end in o.cells for o in areas):
        return 0.0
    return STAY * worth(ctx, unit)
