"""What a side's morale puts at stake, for the clash AI (the decided morale of
``game.rules.clash.morale``: every side but the players' saves WIL at the end of the
round of its first casualty and of the round it is down to half; a failed save sends
every unit of it that is not fearless fleeing).

A unit that leaves the fight, by falling or by running away, counts as lost. So for a
side that checks morale, losing one more unit may call a check it has not rolled yet
(``calls_check``), and that check may send the whole side running: the *stake* of the
unit is the chance the save fails times the worth of the others who would flee
(``stake``). The save is the leader's WIL while the leader fights, else the best WIL
among the fighters (the unit itself not counted when it is the one lost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.clash.odds import worth
from game.rules.clash import units
from game.rules.clash.house_rules import MORALE, on
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.context import Context

DIE = 20


def checks(ctx: Context, side: str) -> bool:
    """Whether ``side`` saves for morale at all (not the players' side, morale on)."""
    return on(ctx, MORALE) and side != units.player_side(ctx)


def fired(ctx: Context, side: str) -> set[str]:
    """The morale checks ``side`` has already rolled ("first", "half")."""
    watch = getattr(ctx.ruleset, "morale", None)
    done = getattr(watch, "fired", {}) if watch is not None else {}
    return set(done.get(side, set()))


def calls_check(ctx: Context, side: str, lost: int = 1) -> bool:
    """Whether ``lost`` more of ``side``'s units out of the fight call a morale check
    it has not rolled yet (its first casualty, or half its number)."""
    if not checks(ctx, side):
        return False
    mine = list(units.units_of(ctx, side))
    out = sum(1 for u in mine if not units.in_fight(ctx, u)) + lost
    done = fired(ctx, side)
    return ("first" not in done and out >= 1) or ("half" not in done and 2 * out >= len(mine))


def fail_chance(ctx: Context, side: str, without: str | None = None) -> float:
    """The chance ``side``'s morale save fails, ``without`` that unit (lost)."""
    fighting = [u for u in units.units_of(ctx, side) if units.in_fight(ctx, u) and u != without]
    if not fighting:
        return 0.0
    leaders = [u for u in fighting if ctx.try_get(u, Leader) is not None]
    judge = leaders[0] if leaders else max(fighting, key=lambda u: units.state(ctx, u).WIL)
    return 1.0 - min(DIE, units.state(ctx, judge).WIL) / DIE


def stake(ctx: Context, unit: str) -> float:
    """What ``unit`` leaving the fight (falling or running) puts at stake for its side's
    morale: when that calls a check not yet rolled, the chance the save fails times the
    worth of the side's other fighters who would flee; else nothing."""
    side = units.side(ctx, unit)
    if not calls_check(ctx, side):
        return 0.0
    others = [
        u
        for u in units.units_of(ctx, side)
        if u != unit and units.in_fight(ctx, u) and not units.template(ctx, u).fearless
    ]
    if not others:
        return 0.0
    return fail_chance(ctx, side, without=unit) * sum(worth(ctx, u) for u in others)
