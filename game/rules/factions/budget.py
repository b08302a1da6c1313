"""A turn's budget (003 · Taking a turn): a bonus action, then a main action or a second
bonus action, and a move of one zone at any point between them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.factions import units

if TYPE_CHECKING:
    from game.engine.context import Context

MAIN = "main"
BONUS = "bonus"


def can(ctx: Context, unit: str, what: str) -> str | None:
    """None when ``unit`` may still take a ``what`` action this turn, else why not."""
    t = units.turn(ctx, unit)
    if ctx.active_unit != unit:
        return "not this unit's turn"
    if what == MAIN:
        if t.main:
            return "the main action is spent"
        if t.bonus >= 2:
            return "two bonus actions took the main action's place"
        return None
    if t.bonus >= 2 or (t.bonus >= 1 and t.main):
        return "no bonus action left"
    return None


def spend(ctx: Context, unit: str, what: str) -> None:
    t = units.turn(ctx, unit)
    if what == MAIN:
        t.main = True
    else:
        t.bonus += 1
    holding = units.fate(ctx, unit).holding
    if holding and what == BONUS:  # anything but moving or hitting the held frees it
        from game.rules.factions.damage import let_go

        let_go(ctx, unit)


def line(ctx: Context, unit: str) -> str:
    """The budget in words: what is left."""
    left = []
    if can(ctx, unit, MAIN) is None:
        left.append("main")
    t = units.turn(ctx, unit)
    bonus = 0 if t.bonus >= 2 or (t.bonus and t.main) else (2 - t.bonus if not t.main else 1)
    if bonus:
        left.append(f"{bonus} bonus")
    if not t.moved:
        left.append("move")
    return "Left: " + (", ".join(left) if left else "nothing")
