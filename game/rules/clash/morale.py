"""Morale and the end of a battle (decisions: 000 is silent; Cairn's morale rule).

- A side other than the players' (the party side, else the first side) saves WIL at the
  end of the round in which it took its first casualty, and again at the end of the round
  in which half or more of its units are out of the fight. It saves with its leader's
  WIL while the leader fights, else with the best WIL among its fighting units. A failed
  save sends every unit of the side that is not fearless fleeing the field.
- The battle ends when at most one side still has units in the fight (that side wins),
  or after the round limit (the map's, else 50) as a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import LeftBattle, Note
from game.rules.clash import units
from game.rules.clash.house_rules import MORALE, on
from game.rules.clash.saves import save
from game.world.components import Leader

if TYPE_CHECKING:
    from game.engine.context import Context


class MoraleWatch:
    """Which morale checks each side has rolled ("first", "half"); kept for the hash."""

    def __init__(self) -> None:
        self.fired: dict[str, set[str]] = {}

    def end_of_round(self, ctx: Context) -> None:
        if not on(ctx, MORALE):
            return
        for info in ctx.sides:
            if info.id == units.player_side(ctx):
                continue
            mine = list(units.units_of(ctx, info.id))
            fighting = [u for u in mine if units.in_fight(ctx, u)]
            if not fighting or not mine:
                continue
            lost = len(mine) - len(fighting)
            done = self.fired.setdefault(info.id, set())
            due = [
                c
                for c, hit in (("first", lost >= 1), ("half", 2 * lost >= len(mine)))
                if hit and c not in done
            ]
            if not due:
                continue
            done.update(due)
            if all(units.template(ctx, u).fearless for u in fighting):
                continue
            leaders = [u for u in fighting if ctx.try_get(u, Leader) is not None]
            judge = leaders[0] if leaders else max(fighting, key=lambda u: units.state(ctx, u).WIL)
            why = "half its number lost" if "half" in due else "its first casualty"
            ctx.emit(
                Note(f"Morale: {info.name} ({why}) — {units.name(ctx, judge)} saves WIL", judge)
            )
            if save(ctx, judge, "WIL", "for morale"):
                continue
            for u in fighting:
                if units.template(ctx, u).fearless:
                    continue
                units.conditions(ctx, u).fled = True
                ctx.emit(LeftBattle(u, units.name(ctx, u), info.id, "fled"))
