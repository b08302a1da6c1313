"""The end of a battle, the same for every ruleset so far: it ends as soon as at most one
side still has units in the fight (``Ruleset.in_fight``), and that side wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import BattleEnded
from game.world.readers import units_of

if TYPE_CHECKING:
    from game.engine.context import Context


def check_end(ctx: Context) -> bool:
    """End the battle when at most one side still has units in the fight."""
    if ctx.over:
        return True
    standing = [
        s
        for s in ctx.side_order
        if any(ctx.ruleset.in_fight(ctx, u) for u in units_of(ctx, s))
    ]
    if len(standing) > 1:
        return False
    finish(ctx, standing[0] if standing else None, "last side standing")
    return True


def finish(ctx: Context, winner: str | None, reason: str) -> None:
    """End the battle now: ``winner`` (a side id, or None for a draw) and why."""
    ctx.winner = winner
    ctx.over = True
    name = ctx.side_info(winner).name if winner else ""
    ctx.emit(BattleEnded(winner=winner, name=name, round=ctx.round, reason=reason))
