"""``hard`` under a volley (issue 36, seventh pass): the blows a unit's foes can bring
on it this round, and Full Defense when they are many.

Declarations are hidden and resolve together, so a unit cannot wait to see who aims at
it; it can count who *could*: every foe whose best blow reaches it this round (a shot
or a throw in range and in sight, a melee blow after the foe's move), each worth its hit
chance × mean damage after Armour (``blow``). When that sum is at least ``VOLLEY``
of what the unit has left (Stress + Wound Points), the unit is *under fire*: unless a
blow of its own is worth more than ``COVER`` (a likely kill), it takes Full Defense
(+4 Defense), walking at half speed toward where it was going (``StressGuardedMove``),
or standing.

(Village, the Company: thirteen raiders each throw a spear, then a dagger, at the
nearest of the Company, and a unit walking into their range in the open fell to one
round's volley; the thrown weapons are gone, and a raider without them fights with its
fists.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.geometry.movement import distance
from game.rules.stress import units
from game.rules.stress.actions import StressFullDefense, StressGuardedMove, StressMove
from game.rules.stress.moving import attack_cell

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.context import Context
    from game.rules.stress.content import StressWeapon

VOLLEY = 0.5
COVER = 4.0
FULL_DEFENSE = 4


def incoming(ctx: Context, unit: str, guard: int = 0) -> float:
    """The damage ``unit``'s foes are expected to deal it this round if each brings its
    best blow that reaches it (module docstring), its Defense raised by ``guard``."""
    total = 0.0
    for foe in units.enemies(ctx, unit):
        best = 0.0
        for w in units.weapons(ctx, foe):
            for throw in (False, True) if w.thrown else (False,):
                if attack_cell(ctx, foe, unit, w.id, throw=throw) is not None:
                    best = max(best, blow(ctx, foe, w, unit, guard))
        total += best
    return total


def under_fire(ctx: Context, unit: str) -> bool:
    """Whether the blows that can reach ``unit`` this round come to ``VOLLEY`` of what
    it has left."""
    f = units.fighter(ctx, unit)
    return incoming(ctx, unit) >= VOLLEY * max(1, f.stress + max(0, f.wp))


def cover(ctx: Context, unit: str, legal: list[Answer], walk: Answer | None) -> Answer:
    """Full Defense: the guarded move (half speed) nearest where ``walk`` was going,
    else standing."""
    here = units.cell(ctx, unit)
    if isinstance(walk, StressMove):
        moves = [a for a in legal if isinstance(a, StressGuardedMove)]
        if moves:
            best = min(moves, key=lambda a: (distance(a.to, walk.to), a.to))
            if distance(best.to, walk.to) < distance(here, walk.to):
                return best
    return StressFullDefense(unit)


def blow(ctx: Context, foe: str, w: StressWeapon, unit: str, guard: int = 0) -> float:
    """The damage a blow of ``foe`` with ``w`` is expected to do ``unit``, its Defense
    raised by ``guard``: the hit chance × the mean damage after Armour (at least 0.5)."""
    aim = units.defense(ctx, unit) + guard
    hit = (21 - min(20, max(2, aim - units.attack_bonus(ctx, foe, w)))) / 20
    mean = w.damage.count * (w.damage.sides + 1) / 2 + w.damage.bonus
    mean += units.damage_bonus(ctx, foe, w) - units.fighter(ctx, unit).armour
    return hit * max(0.5, mean)
