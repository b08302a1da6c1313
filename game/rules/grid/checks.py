"""Skill checks and opposed checks (the checks source 004 names: Shove, Grapple, Screen an
Ally, Surprise, execution, first aid, parley).

A check is 2d6 + the better of the allowed attributes' modifiers + the better of the
allowed skills' levels (+ any modifier), as in the family of rules source 004 belongs to.

Decisions where the source is silent:
- An untrained skill is level -1 for party characters. NPCs "usually do not have skill
  levels" (004 · Attack Rolls): an NPC uses a skill listed on its template, and level 0
  for any other (ordinary competence), so a plain bandit can still wrestle.
- Opposed checks: both roll; the one who acts (the attacker) must beat the other's
  total; a tie goes to the defender.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.events import Rolled
from game.rules.grid import units

if TYPE_CHECKING:
    from game.engine.context import Context

COMBAT_SKILLS = ("stab", "shoot", "brawl")


def skill_level(ctx: Context, unit: str, skill: str) -> int:
    tmpl = units.stats(ctx, unit).template
    if tmpl.is_party:
        return tmpl.skill(skill)
    return tmpl.skills.get(skill, 0)


def combat_skill(ctx: Context, unit: str) -> int:
    """The unit's highest combat skill (Stab, Shoot, Brawl)."""
    return max(skill_level(ctx, unit, s) for s in COMBAT_SKILLS)


def check_bonus(
    ctx: Context, unit: str, attributes: Sequence[str], skills: Sequence[str]
) -> tuple[int, str]:
    """(bonus, "STR/brawl") with the best attribute and the best skill for ``unit``."""
    stats = units.stats(ctx, unit)
    attr = max(attributes, key=lambda a: (stats.modifier(a), -attributes.index(a)))
    if not skills:  # a plain attribute check
        return stats.modifier(attr), attr
    skill = max(skills, key=lambda s: (skill_level(ctx, unit, s), -skills.index(s)))
    return stats.modifier(attr) + skill_level(ctx, unit, skill), f"{attr}/{skill.title()}"


def check(
    ctx: Context,
    unit: str,
    attributes: Sequence[str],
    skills: Sequence[str],
    *,
    purpose: str,
    modifier: int = 0,
    difficulty: int | None = None,
) -> Rolled:
    """Roll one check (2d6 + bonus + modifier), against ``difficulty`` if given."""
    bonus, label = check_bonus(ctx, unit, attributes, skills)
    return ctx.roll(
        2,
        6,
        bonus + modifier,
        unit=unit,
        who=units.name(ctx, unit),
        purpose=f"{label} check",
        detail=f"({purpose})",
        target=difficulty,
        versus="difficulty" if difficulty is not None else "",
        words=("success", "failure") if difficulty is not None else ("", ""),
    )


def beats(attacker_total: int, defender_total: int) -> bool:
    """An opposed check: the acting side must roll higher; ties go to the defender."""
    return attacker_total > defender_total


def size_penalty(ctx: Context, target: str) -> int:
    """004 · Grappling: manhandling a much larger humanoid is -2, a creature only barely
    plausible for it -4. Decision: ``large`` templates are the former, ``huge`` the latter."""
    size = units.stats(ctx, target).size
    return {"large": -2, "huge": -4}.get(size, 0)
