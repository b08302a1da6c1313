"""Reading units for the ``stress`` rules: the stat block, who still fights, Defense,
speed, weapons and the penalties injuries bring (README · Injuries, Conditions).

While a question changes nothing (a unit's catalog, its legal answers, a validation: a
still scope, ``game.rules.still``), a unit's enemies, the squares held around it and the
squares it reaches this round (``moving.reachable_cells``) are kept
(``game.rules.still.Readings``), each worked out once: the attack options ask them for
every enemy and weapon.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.templates import UnitTemplate
from game.geometry.grid import Cell
from game.geometry.movement import distance
from game.rules.still import kept_enemies, kept_occupied
from game.rules.stress.content import StressWeapon, modifier, stress_weapon
from game.rules.stress.state import (
    CONCUSSED,
    HALF_BLIND,
    HALF_SPEED,
    MAIN_ARM,
    OFF_ARM,
    PARALYSED,
    PRONE,
    Fighter,
    RoundMarks,
)
from game.world.components import Template
from game.world.readers import cell, name, occupant, side, units_of

if TYPE_CHECKING:
    from game.engine.context import Context

__all__ = ["cell", "name", "occupant", "side", "units_of"]

UNARMED = "unarmed"
FULL_DEFENSE_BONUS = 4


def fighter(ctx: Context, unit: str) -> Fighter:
    return ctx.get(unit, Fighter)


def marks(ctx: Context, unit: str) -> RoundMarks:
    return ctx.get(unit, RoundMarks)


def template(ctx: Context, unit: str) -> UnitTemplate:
    return ctx.content.templates[ctx.get(unit, Template).id]


def arrived(ctx: Context, unit: str) -> bool:
    """On the field: a late arrival is not until it enters (002 · Step 2)."""
    return not fighter(ctx, unit).off_field


def alive(ctx: Context, unit: str) -> bool:
    f = fighter(ctx, unit)
    return not f.dead and not f.fled and arrived(ctx, unit)


def in_fight(ctx: Context, unit: str) -> bool:
    """Alive, on the field, above 0 Wound Points and not paralysed: counts for its side."""
    f = fighter(ctx, unit)
    return alive(ctx, unit) and f.wp > 0 and not f.has(PARALYSED)


def downed(ctx: Context, unit: str) -> bool:
    """Incapacitated (0 WP) or Dying (below 0), alive and on the field."""
    return alive(ctx, unit) and fighter(ctx, unit).wp <= 0


def status(ctx: Context, unit: str) -> str:
    f = fighter(ctx, unit)
    if f.dead:
        return "dead"
    if f.fled:
        return "fled"
    if not arrived(ctx, unit):
        return "not arrived"
    if f.wp < 0:
        return "stabilised" if f.stabilised else "dying"
    if f.wp == 0:
        return "stabilised" if f.stabilised else "incapacitated"
    if f.has(PARALYSED):
        return "paralysed"
    return "ready"


def enemies(ctx: Context, unit: str) -> list[str]:
    return kept_enemies(ctx, unit, _enemies)


def _enemies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in ctx.units() if side(ctx, u) != mine and in_fight(ctx, u)]


def allies(ctx: Context, unit: str) -> list[str]:
    mine = side(ctx, unit)
    return [u for u in ctx.units() if u != unit and side(ctx, u) == mine and in_fight(ctx, u)]


def occupies(ctx: Context, unit: str) -> bool:
    return alive(ctx, unit)


def occupied(ctx: Context, unit: str) -> tuple[set[Cell], set[Cell]]:
    """(cells ``unit`` may not enter: enemies; cells it may pass but not stop on: allies)."""
    return kept_occupied(ctx, unit, _occupied)


def _occupied(ctx: Context, unit: str) -> tuple[set[Cell], set[Cell]]:
    mine = side(ctx, unit)
    foes: set[Cell] = set()
    friends: set[Cell] = set()
    for other in ctx.units():
        if other == unit or not occupies(ctx, other):
            continue
        (friends if side(ctx, other) == mine else foes).add(cell(ctx, other))
    return foes, friends


def agility_mod(ctx: Context, unit: str) -> int:
    return modifier(fighter(ctx, unit).AGI)


def defense(ctx: Context, unit: str) -> int:
    """10 + Agility modifier + Defense bonus (002 · Defense), +4 in Full Defense, −2
    prone or concussed (decisions, README)."""
    f = fighter(ctx, unit)
    value = 10 + modifier(f.AGI) + f.defense
    if marks(ctx, unit).full_defense:
        value += FULL_DEFENSE_BONUS
    if f.has(PRONE):
        value -= 2
    if f.has(CONCUSSED):
        value -= 2
    return value


def speed(ctx: Context, unit: str, *, guarding: bool = False) -> int:
    """Squares a round: the stat block's; half (rounded down, at least 1) for Full
    Defense (``guarding``: as if it had declared it), a broken shin or a stabilised unit,
    not halved twice; 1 when prone, incapacitated or dying (a crawl)."""
    f = fighter(ctx, unit)
    if f.wp <= 0 and not f.stabilised or f.has(PRONE):
        return 1
    squares = f.speed
    guard = guarding or marks(ctx, unit).full_defense
    if guard or f.has(HALF_SPEED) or f.stabilised:
        squares = max(1, squares // 2)
    return squares


def weapon(ctx: Context, weapon_id: str) -> StressWeapon:
    return stress_weapon(ctx.content.weapons[weapon_id])


def weapons(ctx: Context, unit: str) -> list[StressWeapon]:
    """The weapons the unit can still use, then its bare hands; a useless main arm takes
    the first weapon, a useless off arm the others but natural ones (README)."""
    f = fighter(ctx, unit)
    ids = [w for w in f.weapons if w in ctx.content.weapons]
    out: list[StressWeapon] = []
    for i, w in enumerate(ids):
        profile = weapon(ctx, w)
        if not profile.natural and ((i == 0 and f.has(MAIN_ARM)) or (i > 0 and f.has(OFF_ARM))):
            continue
        out.append(profile)
    if UNARMED in ctx.content.weapons and not any(w.id == UNARMED for w in out):
        if not (f.has(MAIN_ARM) and f.has(OFF_ARM)):
            out.append(weapon(ctx, UNARMED))
    return out


def attack_bonus(ctx: Context, unit: str, w: StressWeapon) -> int:
    """HD + Strength modifier (melee) or Agility modifier (shots and throws), less the
    penalties of injuries (decision, README · Attacks)."""
    f = fighter(ctx, unit)
    shot = w.ranged
    bonus = f.hd + modifier(f.AGI if shot else f.STR)
    bonus -= f.damage.get("Dexterity", 0) // 2
    if shot:
        bonus -= f.damage.get("Perception", 0) // 2 + (2 if f.has(HALF_BLIND) else 0)
    if f.has(CONCUSSED):
        bonus -= 2
    if f.has(PRONE):
        bonus -= 2
    return bonus


def damage_bonus(ctx: Context, unit: str, w: StressWeapon) -> int:
    """The Strength modifier for melee and thrown weapons; none for bows (decision)."""
    return 0 if w.ranged else modifier(fighter(ctx, unit).STR)


def can_hit(
    ctx: Context,
    unit: str,
    w: StressWeapon,
    target: str,
    at: Cell | None = None,
    *,
    throw: bool = False,
    target_at: Cell | None = None,
) -> bool:
    """``target`` within the weapon's reach (melee), or its range and in sight (a shot;
    a throw with ``throw``); ``at``: from that square, not the unit's; ``target_at``: the
    target's square, when the caller has read it already."""
    here = cell(ctx, unit) if at is None else at
    there = cell(ctx, target) if target_at is None else target_at
    apart = distance(here, there)
    if w.ranged or throw:
        if not (w.ranged or w.thrown) or not 1 <= apart <= w.range_squares:
            return False
        return ctx.sight is None or bool(ctx.sight.sees(here, there))
    return apart <= w.reach


def threat_reach(ctx: Context, unit: str) -> int:
    """How far the unit's melee threat range reaches (its longest melee weapon), 0 when
    it holds none."""
    return max((w.reach for w in weapons(ctx, unit) if not w.ranged), default=0)
