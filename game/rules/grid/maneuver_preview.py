"""What a Shove or a Grapple would do, for the hover preview (004 · Combat Maneuvers).

A maneuver is an attack roll (with the shoving weapon, or bare hands for a grapple) and,
on a hit, an opposed check in lieu of damage: 2d6 + STR + the better wrestling skill
for each side, the maneuvering side at the target's size penalty, ties to the target
(``checks.beats``). The preview names both bonuses, the chance to hit, the chance to win
the check, the chance of both, and the effect; it promises no damage (pure, no rolls).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.answers import Answer
from game.geometry.grid import Cover
from game.rules.grid import units
from game.rules.grid.checks import check_bonus, size_penalty
from game.rules.grid.grapple import BRAWL, Grapple
from game.rules.grid.resolution import assess, damage_distribution, hit_chance, target_ac
from game.rules.grid.shove import PUSH, WRESTLE, Shove
from game.rules.preview import AttackPreview

if TYPE_CHECKING:
    from game.engine.context import Context

TWO_D6 = damage_distribution(2, 6)


def win_chance(mine: int, theirs: int) -> float:
    """Chance that 2d6 + ``mine`` beats 2d6 + ``theirs`` (a tie goes to the defender)."""
    return sum(p * q for a, p in TWO_D6.items() for b, q in TWO_D6.items() if a + mine > b + theirs)


def maneuver_odds(
    ctx: Context, unit: str, target: str, weapon_id: str, skills: Sequence[str]
) -> tuple[float, float]:
    """(chance to hit, chance to win the opposed check) of a maneuver (the AI's too)."""
    weapon = units.weapon(ctx, weapon_id)
    a = assess(ctx, unit, target, weapon, False)
    ac, _ = target_ac(ctx, target)
    mine, _ = check_bonus(ctx, unit, ("STR",), skills)
    theirs, _ = check_bonus(ctx, target, ("STR",), skills)
    p_hit = hit_chance(a.total, ac) if a.allowed else 0.0
    return p_hit, win_chance(mine + size_penalty(ctx, target), theirs)


def maneuver_preview(
    ctx: Context,
    unit: str,
    target: str,
    weapon_id: str,
    skills: Sequence[str],
    verb: str,
    effect: str,
) -> AttackPreview:
    """The preview of ``verb``-ing ``target`` with ``weapon_id``'s attack roll, then the
    opposed STR/``skills`` check; ``effect`` is what a win does ("knocked prone")."""
    weapon = units.weapon(ctx, weapon_id)
    a = assess(ctx, unit, target, weapon, False)
    ac, _ = target_ac(ctx, target)
    mine, mine_label = check_bonus(ctx, unit, ("STR",), skills)
    mine += size_penalty(ctx, target)
    theirs, theirs_label = check_bonus(ctx, target, ("STR",), skills)
    p_hit, p_win = maneuver_odds(ctx, unit, target, weapon_id, skills)
    rows = (
        ("Hit chance", f"{round(100 * p_hit)}%"),
        (f"  d20 {a.total:+d} vs AC {ac}", ""),
        ("then opposed check, 2d6 each", ""),
        (f"  {units.name(ctx, unit)} {mine_label}", f"{mine:+d}"),
        (f"  {units.name(ctx, target)} {theirs_label}", f"{theirs:+d}"),
        ("Chance to win it", f"{round(100 * p_win)}%"),
        (f"Chance to {verb}", f"{round(100 * p_hit * p_win)}%"),
        ("On a win", effect),
        ("Damage", "none (in lieu of damage)"),
    )
    return AttackPreview(
        unit,
        target,
        weapon_id,
        False,
        a.allowed,
        a.reason,
        a.attack_bonus,
        a.modifiers,
        ac,
        p_hit,
        0,
        0,
        0,
        "none" if a.cover in (None, Cover.NONE) else a.cover.name.lower(),
        0.0,
        rows,
    )


def maneuver_answer_preview(ctx: Context, answer: Answer) -> AttackPreview | None:
    """A Shove's or a Grapple's preview (None for any other answer)."""
    if isinstance(answer, Shove):
        effect = "pushed 5 ft" if answer.effect == PUSH else "knocked prone"
        return maneuver_preview(
            ctx, answer.unit, answer.target, answer.weapon, WRESTLE, "shove", effect
        )
    if isinstance(answer, Grapple):
        return maneuver_preview(
            ctx, answer.unit, answer.target, units.UNARMED, BRAWL, "grapple", "grappled (held)"
        )
    return None
