"""The end of a battle, the same for every ruleset: the map's objectives first
(``game.rules.objectives``: a reach, an escape, a hold that lasted its rounds, a protect
objective lost), then "last side standing" (at most one side still has units in the
fight, ``Ruleset.in_fight``, and that side wins), and at the round limit the limit holds
before the draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import BattleEnded
from game.rules import objectives
from game.world.readers import units_of

if TYPE_CHECKING:
    from game.engine.context import Context


def check_end(ctx: Context, *, round_end: bool = False) -> bool:
    """End the battle when an objective decides it or at most one side still has units in
    the fight. The schemes call it after every action, and with ``round_end`` once as
    each round ends (after its ``RoundEnded``), when holds count their rounds."""
    if ctx.over:
        return True
    if ctx.battlefield.objectives:
        decided = objectives.check(ctx, round_end=round_end)
        if decided is not None:
            finish(ctx, decided.winner, decided.reason, decided.objective)
            return True
    standing = [
        s for s in ctx.side_order if any(objectives.fighting(ctx, u) for u in units_of(ctx, s))
    ]
    if len(standing) > 1:
        return False
    finish(ctx, standing[0] if standing else None, "last side standing")
    return True


def round_limit(ctx: Context, limit: int) -> None:
    """The round limit is reached: the side holding the most limit holds wins
    (maps/README.md · Objectives), else the battle is a draw."""
    decided = objectives.at_limit(ctx) if ctx.battlefield.objectives else None
    if decided is not None:
        finish(ctx, decided.winner, decided.reason, decided.objective)
    else:
        finish(ctx, None, f"round limit {limit}")


def finish(ctx: Context, winner: str | None, reason: str, objective: str = "") -> None:
    """End the battle now: ``winner`` (a side id, or None for a draw), why, and the map
    objective that decided it (if one did)."""
    ctx.winner = winner
    ctx.over = True
    name = ctx.side_info(winner).name if winner else ""
    ctx.emit(
        BattleEnded(winner=winner, name=name, round=ctx.round, reason=reason, objective=objective)
    )
