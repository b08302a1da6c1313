"""End-of-round morale (002 · Step 4: Monster Morale Check; decisions, README · Morale).

Which units check: those of the computer's sides — every side but the player's (the
party side, else the first side), and any side the map gives to the AI (``control =
ai``). Fearless templates never check. A unit checks at the end of a round when:

- it lost more than half its Wound Points in a single hit this round, or
- its side is outnumbered: fewer of its units fight than enemies do.
  (No action of this game intimidates, so the third trigger never fires here.)

The check is 3d6 + Insight modifier + HD + its allies in the fight, against 11 + the
enemies in the fight. It fails automatically when the outcome is obvious: the enemies in
the fight are three times or more its side's fighters. A unit that fails flees the
battle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import LeftBattle, Note
from game.rules.stress import units
from game.rules.stress.content import modifier
from game.rules.stress.house_rules import MORALE, on

if TYPE_CHECKING:
    from game.engine.context import Context

BASE_TN = 11
OBVIOUS = 3


def player_side(ctx: Context) -> str:
    for info in ctx.sides:
        if info.party:
            return info.id
    return ctx.sides[0].id


def checks_morale(ctx: Context, side: str) -> bool:
    return side != player_side(ctx) or ctx.side_info(side).control == "ai"


def end_of_round(ctx: Context) -> None:
    """Every due morale check of the round, in unit order; the marks are cleared."""
    due: list[tuple[str, str]] = []
    for unit in ctx.units():
        mark = units.marks(ctx, unit)
        big, mark.big_hit = mark.big_hit, False
        if not on(ctx, MORALE) or not units.in_fight(ctx, unit):
            continue
        if not checks_morale(ctx, units.side(ctx, unit)) or units.template(ctx, unit).fearless:
            continue
        allies = len(units.allies(ctx, unit))
        foes = len(units.enemies(ctx, unit))
        if big:
            due.append((unit, "lost over half its Wound Points in one hit"))
        elif foes > allies + 1:
            due.append((unit, "outnumbered"))
    for unit, why in due:
        if units.in_fight(ctx, unit):
            check(ctx, unit, why)


def check(ctx: Context, unit: str, why: str) -> bool:
    """One morale check; True when the unit holds."""
    f = units.fighter(ctx, unit)
    who = units.name(ctx, unit)
    allies = len(units.allies(ctx, unit))
    foes = len(units.enemies(ctx, unit))
    ctx.emit(Note(f"Morale: {who} ({why})", unit))
    if foes >= OBVIOUS * (allies + 1):
        ctx.emit(
            Note(f"{who} sees the fight is lost ({foes} against {allies + 1}): morale fails", unit)
        )
        held = False
    else:
        bonus = modifier(f.INS) + f.hd + allies
        roll = ctx.roll(
            3,
            6,
            bonus,
            unit=unit,
            who=who,
            purpose="morale",
            target=BASE_TN + foes,
            versus="TN",
            words=("holds", "breaks"),
        )
        held = roll.total >= BASE_TN + foes
    if not held:
        f.fled = True
        ctx.emit(LeftBattle(unit, who, units.side(ctx, unit), "fled"))
    return held
