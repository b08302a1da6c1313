"""Dual Wielding Weapons (004 · Dual Wielding Weapons).

A unit dual-wields when it holds two one-handed melee weapons (no shield, no two-handed
weapon) and has at least level 1 in the skill of each. Then every attack roll it makes
is at -1 (``hooks.attack_modifiers``), and a melee hit with either of the two weapons
does +2 damage when the target is within reach of both (``hooks.damage_bonuses``); the
bonus never adds to Shock (it is added to the hit only).

Decisions: natural weapons and bare hands never count as a second weapon; thrown attacks
get the -1 but not the +2 (the other weapon is not striking); a unit that lacks the skill
simply holds the second weapon without penalty or bonus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.grid import units
from game.rules.grid.checks import skill_level
from game.rules.preview import Modifier

if TYPE_CHECKING:
    from game.content.weapons import Weapon
    from game.engine.context import Context
    from game.geometry.grid import Cell
    from game.rules.grid import GridRuleset

DUAL_PENALTY = -1
DUAL_DAMAGE = 2


def dual_pair(ctx: Context, unit: str) -> tuple[Weapon, Weapon] | None:
    """The two weapons ``unit`` is dual-wielding, or None."""
    if units.loadout(ctx, unit).shield:
        return None
    held = [w for w in units.readied_weapons(ctx, unit) if not w.unarmed and not w.natural]
    if len(held) != 2 or any(w.two_handed or not w.melee for w in held):
        return None
    if any(skill_level(ctx, unit, w.skill) < 1 for w in held):
        return None
    return held[0], held[1]


def dual_modifier(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool, here: Cell
) -> list[Modifier]:
    if dual_pair(ctx, attacker) is None:
        return []
    return [Modifier("dual wielding", DUAL_PENALTY)]


def dual_damage(
    ctx: Context, attacker: str, target: str, weapon: Weapon, ranged: bool
) -> tuple[int, str]:
    pair = dual_pair(ctx, attacker)
    if pair is None or ranged or weapon.id not in (pair[0].id, pair[1].id):
        return 0, ""
    dist = units.distance(units.cell(ctx, attacker), units.cell(ctx, target))
    if dist > min(pair[0].reach, pair[1].reach):
        return 0, ""
    return DUAL_DAMAGE, "dual wielding, in reach of both weapons"


def install(rs: GridRuleset) -> None:
    """-1 to hit and +2 damage in reach of both weapons."""
    rs.hooks.attack_modifiers.append(dual_modifier)
    rs.hooks.damage_bonuses.append(dual_damage)
