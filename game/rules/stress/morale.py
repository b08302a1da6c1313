"""End-of-round morale (002 · Step 4: Monster Morale Check; decisions, README · Morale).

Which units check: those of the computer's sides — every side but the player's (the
party side, else the first side), any side the map gives to the AI (``control =
ai``), and any side the map marks for morale (``morale`` in the side's flags, maps/README.md
· Sides). Fearless templates never check. A unit checks at the end of a round when:

- it lost more than half its Wound Points in a single hit this round, or
- it is intimidated (the source's "target of an Intimidation check"), which here is
  either of two things: a **fearsome** enemy (``fearsome = true`` in its stat block:
  the ogre) has it in its reach at the round's end — the fearsome unit rolls its
  Intimidation check, d20 + HD + Strength modifier, once a round, and the morale check
  opposes it (TN: that result, or 11 + the enemies when that is higher); or **its
  side's leader** (the map's ``leader`` spawn) went out of the fight this round, or
- its side is outnumbered: fewer of its units fight than enemies do.

The check is 3d6 + Insight modifier + HD + its allies in the fight, against 11 + the
enemies in the fight. It fails automatically when the outcome is obvious: the enemies in
the fight are three times or more its side's fighters. A unit that fails flees the
battle. A unit checks once a round, for the first of its triggers in the order above.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import LeftBattle, Note
from game.geometry.movement import distance
from game.rules.stress import units
from game.rules.stress.content import modifier
from game.rules.stress.house_rules import MORALE, on
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.context import Context

BASE_TN = 11
OBVIOUS = 3
MORALE_FLAG = "morale"  # a side flag of the map: its units check morale (maps/README.md)


def player_side(ctx: Context) -> str:
    for info in ctx.sides:
        if info.party:
            return info.id
    return ctx.sides[0].id


def checks_morale(ctx: Context, side: str) -> bool:
    info = ctx.side_info(side)
    return side != player_side(ctx) or info.control == "ai" or MORALE_FLAG in info.flags


def end_of_round(ctx: Context) -> None:
    """Every due morale check of the round, in unit order; the marks are cleared."""
    fallen = leaders_fallen(ctx)
    due: list[tuple[str, str, str | None]] = []
    for unit in ctx.units():
        mark = units.marks(ctx, unit)
        big, mark.big_hit = mark.big_hit, False
        if not on(ctx, MORALE) or not units.in_fight(ctx, unit):
            continue
        if not checks_morale(ctx, units.side(ctx, unit)) or units.template(ctx, unit).fearless:
            continue
        allies = len(units.allies(ctx, unit))
        foes = len(units.enemies(ctx, unit))
        dread = fearsome_foe(ctx, unit)
        if big:
            due.append((unit, "lost over half its Wound Points in one hit", None))
        elif dread is not None:
            due.append((unit, f"intimidated by {units.name(ctx, dread)}", dread))
        elif units.side(ctx, unit) in fallen:
            due.append((unit, "intimidated: its leader has fallen", None))
        elif foes > allies + 1:
            due.append((unit, "outnumbered", None))
    rolled: dict[str, int] = {}
    for unit, why, dread in due:
        if not units.in_fight(ctx, unit):
            continue
        tn = None
        if dread is not None:
            if dread not in rolled:
                rolled[dread] = intimidation(ctx, dread)
            tn = rolled[dread]
        check(ctx, unit, why, tn)


def leaders_fallen(ctx: Context) -> set[str]:
    """Sides whose leader (the map's ``leader`` spawn) went out of the fight since the
    last round's end; each fall counts once."""
    out: set[str] = set()
    for unit in ctx.units():
        f = units.fighter(ctx, unit)
        if f.fall_seen or ctx.try_get(unit, Leader) is None or not units.arrived(ctx, unit):
            continue
        if not units.in_fight(ctx, unit):
            f.fall_seen = True
            out.add(units.side(ctx, unit))
            ctx.emit(Note(f"{units.name(ctx, unit)}, the leader, has fallen", unit))
    return out


def fearsome_foe(ctx: Context, unit: str) -> str | None:
    """The first fearsome enemy in the fight whose reach ``unit`` stands in, if any."""
    here = units.cell(ctx, unit)
    for foe in units.enemies(ctx, unit):
        if not units.fighter(ctx, foe).fearsome:
            continue
        if distance(here, units.cell(ctx, foe)) <= max(1, units.threat_reach(ctx, foe)):
            return foe
    return None


def intimidation(ctx: Context, unit: str) -> int:
    """A fearsome unit's Intimidation check (decision): d20 + HD + Strength modifier."""
    f = units.fighter(ctx, unit)
    roll = ctx.roll(
        1, 20, f.hd + modifier(f.STR), unit=unit, who=units.name(ctx, unit), purpose="Intimidation"
    )
    return roll.total


def check(ctx: Context, unit: str, why: str, against: int | None = None) -> bool:
    """One morale check; True when the unit holds. ``against``: an opposing Intimidation
    check's result (the TN when higher than 11 + the enemies)."""
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
        tn = max(BASE_TN + foes, against or 0)
        roll = ctx.roll(
            3,
            6,
            bonus,
            unit=unit,
            who=who,
            purpose="morale",
            target=tn,
            versus="TN",
            words=("holds", "breaks"),
        )
        held = roll.total >= tn
    if not held:
        f.fled = True
        ctx.emit(LeftBattle(unit, who, units.side(ctx, unit), "fled"))
    return held
