"""Action economy (004 · Combat Action Types): one Main and one Move action per round, the
Main spendable as a second Move, Free actions up to a cap, Instants as each allows.

Decisions where the source is silent:
- "As many Free actions as the GM finds plausible" becomes ``FREE_ACTION_CAP`` (3) per round.
- A Move action is spent whole: moving 2 squares of 6 spends it (the rest is lost).
- The budget is reset when the round starts (``ActionEconomy`` system); with one turn per
  unit per round that is the same as the start of the unit's turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.grid import units
from game.rules.grid.events import BudgetSpent

if TYPE_CHECKING:
    from game.engine.context import Context

FREE_ACTION_CAP = 3

MAIN = "main"
MOVE = "move"  # the Move action, or the Main as a second Move
MOVE_AND_MAIN = "move+main"  # both (Charge)
FREE = "free"
INSTANT = "instant"


def unavailable(ctx: Context, unit: str, cost: str) -> str | None:
    """Why ``unit`` cannot pay ``cost`` now, or None."""
    b = units.budget(ctx, unit)
    if cost == MAIN:
        return "Main action already spent this round" if b.main_used else None
    if cost == MOVE:
        return None if b.can_move else "no Move action left (Main and Move spent)"
    if cost == MOVE_AND_MAIN:
        if b.main_used or b.move_used:
            return "needs both the Main and the Move action unspent"
        return None
    if cost == FREE:
        if b.free_used >= FREE_ACTION_CAP:
            return f"already took {FREE_ACTION_CAP} Free actions this round"
        return None
    if cost == INSTANT:
        return None
    raise ValueError(f"unknown action cost {cost!r}")


def spend(ctx: Context, unit: str, cost: str, action: str) -> None:
    """Spend ``cost`` for ``action`` (call only after ``unavailable`` said None)."""
    b = units.budget(ctx, unit)
    if cost == MAIN:
        b.main_used = True
        what = "Main"
    elif cost == MOVE:
        what = "Move" if not b.move_used else "Main (as a second Move)"
        b.spend_move()
    elif cost == MOVE_AND_MAIN:
        b.main_used = True
        b.move_used = True
        what = "Main and Move"
    elif cost == FREE:
        b.free_used += 1
        what = "a Free action"
    else:
        what = "an Instant"
    ctx.emit(BudgetSpent(unit=unit, who=units.name(ctx, unit), what=what, action=action))
