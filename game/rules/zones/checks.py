"""Tests (001 · Attacking and Damage; Advantage/Disadvantage; Hinderance: Weakened).

A test is d20 + an attribute (STR, DEX or Skill) against DR12: a total of 12 or more
passes. With advantage two d20 are rolled and the better kept, with disadvantage the
worse; one of each cancels out (README · Decisions). A Weakened unit rolls every test
with disadvantage.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.zones.events import Kept
from game.rules.zones.state import WEAKENED, Fighter

if TYPE_CHECKING:
    from game.engine.context import Context

DR = 12


@dataclass(frozen=True, slots=True)
class Test:
    """A test's outcome: passed, the d20 kept (``natural``) and the total."""

    passed: bool
    natural: int
    total: int


def edge(advantage: int) -> int:
    """Net edge: +1 advantage, -1 disadvantage, 0 neither (one of each cancels)."""
    return (advantage > 0) - (advantage < 0)


def bonus_of(fighter: Fighter, attribute: str) -> int:
    return {"STR": fighter.STR, "DEX": fighter.DEX, "Skill": fighter.skill}[attribute]


def test(
    ctx: Context,
    unit: str,
    attribute: str,
    purpose: str,
    *,
    advantage: int = 0,
    who: str = "",
    dr: int = DR,
) -> Test:
    """Roll the unit's ``attribute`` test against DR12 (or ``dr``, a hazard's own) (Weakened:
    one more disadvantage)."""
    fighter = ctx.get(unit, Fighter)
    if WEAKENED in fighter.hindrances:
        advantage -= 1
    mod = bonus_of(fighter, attribute)
    net = edge(advantage)
    words = ("pass", "fail")
    detail = {1: "advantage", -1: "disadvantage", 0: ""}[net]
    label = f"{attribute} test DR{dr}: {purpose}"
    if net == 0:
        r = ctx.roll(
            1, 20, mod, unit=unit, who=who, purpose=label, target=dr, versus="DR", words=words
        )
        return Test(r.total >= dr, r.faces[0], r.total)
    r = ctx.roll(2, 20, 0, unit=unit, who=who, purpose=label, detail=detail)
    natural = max(r.faces) if net > 0 else min(r.faces)
    total = natural + mod
    ctx.emit(Kept(unit, who, natural, total, total >= dr, f"{detail}, {mod:+d}"))
    return Test(total >= dr, natural, total)


def odds(bonus: int, advantage: int = 0) -> float:
    """The chance to pass a DR12 test with ``bonus`` (what the screen shows before a
    player commits)."""
    need = DR - bonus
    single = min(1.0, max(0.0, (21 - need) / 20))
    net = edge(advantage)
    if net > 0:
        return 1 - (1 - single) ** 2
    if net < 0:
        return single**2
    return single
