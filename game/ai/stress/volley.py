"""``hard`` under a volley (issue 36, seventh pass): the blows a unit's foes can bring
on it this round, and Full Defense when they are many.

Declarations are hidden and resolve together, so a unit cannot wait to see who aims at
it; it can count who *could*: every foe whose best blow reaches it this round (a shot
or a throw in range and in sight, a melee blow after the foe's move), each worth its hit
chance × mean damage after Armour (``blow``). A thrown weapon is gone once thrown, so
a volley of throws is worth sitting out: when the throws of the foes that reach the
unit by a throw alone come to ``VOLLEY`` of what it has left (Stress + Wound Points),
the unit is *under fire*: unless a blow of its own is worth more than ``COVER`` (a
likely kill), it takes Full Defense (+4 Defense), walking at half speed toward where
it was going (``StressGuardedMove``), or standing. Shots are not counted: a bow shoots
again next round, and waiting under it only delays the fight (fort: the war band, in
Full Defense under the garrison's bows, lost three games of ten it had won). Nor does
a unit walk into a volley at full speed: when the square its walk would take it to is
under fire, it goes on at half speed in Full Defense (``StressAI.choose``).

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
from game.rules.stress.moving import reachable_cells

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.context import Context
    from game.geometry.grid import Cell
    from game.rules.stress.content import StressWeapon

VOLLEY = 0.5
COVER = 4.0
FULL_DEFENSE = 4


def incoming(
    ctx: Context, unit: str, guard: int = 0, *, throws: bool = False, at: Cell | None = None
) -> float:
    """The damage ``unit``'s foes are expected to deal it this round, standing where it
    stands (or on ``at``), if each brings its best blow that reaches it (module
    docstring), its Defense raised by ``guard``; with ``throws``, only the foes that
    reach it by a throw alone (the volley)."""
    spot = units.cell(ctx, unit) if at is None else at
    total = 0.0
    for foe in units.enemies(ctx, unit):
        best = {False: 0.0, True: 0.0}  # by "a throw"
        for w in units.weapons(ctx, foe):
            for throw in (False, True) if w.thrown else (False,):
                if reaches(ctx, foe, w, spot, throw=throw):
                    best[throw] = max(best[throw], blow(ctx, foe, w, unit, guard))
        if not throws:
            total += max(best.values())
        elif best[False] == 0.0:
            total += best[True]
    return total


def reaches(ctx: Context, foe: str, w: StressWeapon, spot: Cell, *, throw: bool) -> bool:
    """Whether ``foe`` can bring ``w`` on ``spot`` this round from a square its move
    reaches: within the weapon's reach, or (a shot, a throw) its range and in sight."""
    far = w.range_squares if w.ranged or throw else w.reach
    for c in reachable_cells(ctx, foe):
        apart = distance(c, spot)
        if not 1 <= apart <= far:
            continue
        if not (w.ranged or throw) or ctx.sight is None or ctx.sight.sees(c, spot):
            return True
    return False


def under_fire(ctx: Context, unit: str, at: Cell | None = None) -> bool:
    """Whether the throws that can reach ``unit`` this round (where it stands, or on
    ``at``), from foes that reach it no other way, come to ``VOLLEY`` of what it has
    left."""
    f = units.fighter(ctx, unit)
    volley = incoming(ctx, unit, throws=True, at=at)
    return volley >= VOLLEY * max(1, f.stress + max(0, f.wp))


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
    raised by ``guard``: over the hit chance and the faces of the weapon's dice, each
    hit's damage after Armour (at least 1 before it, as the rules roll it), a natural 20
    a critical (× the weapon's multiplier). A fist against mail does next to nothing."""
    aim = units.defense(ctx, unit) + guard
    hit = (21 - min(20, max(2, aim - units.attack_bonus(ctx, foe, w)))) / 20
    plus = w.damage.bonus + units.damage_bonus(ctx, foe, w)
    armour = units.fighter(ctx, unit).armour
    plain = sharp = 0.0
    faces = [0]
    for _ in range(w.damage.count):
        faces = [t + f for t in faces for f in range(1, w.damage.sides + 1)]
    for total in faces:
        dealt = max(1, total + plus)
        plain += max(0, dealt - armour)
        sharp += max(0, dealt * w.crit - armour)
    crit = 1 / 20
    return ((hit - crit) * plain + crit * sharp) / len(faces)
