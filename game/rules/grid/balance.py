"""Expected-value arithmetic for content balance and AI threat estimates
(source 004 · Attack Rolls, Damage, Shock).

``expected_damage`` is exact for one attack under 004's plain rules: d20 + attack modifier
≥ AC hits; a hit does the damage roll plus modifier but never less than the Shock it would
have done on a miss; a miss does Shock when the target's AC is within the weapon's Shock
rating. A target with a shield is treated as ignoring Shock (it ignores the first Shock
each round, which with one attacker per round is all of it).

``fighting_strength`` is Lanchester's square law for mixed forces: total expected damage
per round against the enemy's mix times the side's total hit points. Two sides of equal
strength are an even fight; the ratio of strengths says how one-sided it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from game.content.dice import Dice
from game.content.loader import Content
from game.content.templates import UnitTemplate
from game.content.weapons import Weapon


def hit_chance(attack_modifier: int, target_ac: int) -> float:
    """Chance that d20 + ``attack_modifier`` ≥ ``target_ac``."""
    faces = sum(1 for roll in range(1, 21) if roll + attack_modifier >= target_ac)
    return faces / 20


def _damage_distribution(dice: Dice) -> list[int]:
    faces = range(1, dice.sides + 1)
    return [sum(roll) + dice.bonus for roll in product(faces, repeat=dice.count)]


def expected_damage(
    attacker: UnitTemplate, weapon: Weapon, target_ac: int, *, target_has_shield: bool = False
) -> float:
    """Mean damage of one attack by ``attacker`` with ``weapon`` against ``target_ac``."""
    p_hit = hit_chance(attacker.attack_modifier(weapon), target_ac)
    shock = attacker.shock_damage(weapon)
    shock_on_miss = 0 if target_has_shield or weapon.shock is None else shock
    if weapon.shock is not None and not weapon.shock.applies_to(target_ac):
        shock_on_miss = 0
    floor = shock_on_miss
    outcomes = _damage_distribution(weapon.damage)
    modifier = attacker.damage_modifier(weapon)
    on_hit = sum(max(1, roll + modifier, floor) for roll in outcomes) / len(outcomes)
    return p_hit * on_hit + (1 - p_hit) * shock_on_miss


def mean_hp(template: UnitTemplate) -> float:
    return float(template.hp) if isinstance(template.hp, int) else template.hp.mean


def best_expected_damage(content: Content, attacker: UnitTemplate, target: UnitTemplate) -> float:
    """The best mean damage ``attacker`` can do to ``target`` with any of its weapons."""
    return max(
        expected_damage(
            attacker, content.weapon(w), target.ac, target_has_shield=target.shield is not None
        )
        for w in attacker.weapons
    )


def fighting_strength(
    content: Content, side: Sequence[UnitTemplate], enemies: Sequence[UnitTemplate]
) -> float:
    """Lanchester square-law strength of ``side`` against ``enemies`` (see module doc)."""
    if not side or not enemies:
        return 0.0
    dpr = sum(
        sum(best_expected_damage(content, unit, enemy) for enemy in enemies) / len(enemies)
        for unit in side
    )
    return dpr * sum(mean_hp(unit) for unit in side)
