"""The ``grid`` ruleset's systems (esper processors reacting to events; see
``game.engine.systems``).

- ``RoundReset`` (action economy and round-scoped conditions, 004 · Combat Action Types,
  Shock, Disengage): at the start of each round every unit gets its Main, Move and Free
  actions back; Disengage, Charge, the shield's first-Shock allowance and the count of
  attacks of opportunity expire.
- ``VisibilityRefresh``: a unit that moved has its cached ``Sight`` marked stale (the
  visibility map is recomputed on demand by whoever needs it: fog of war, the AI).
- ``MortalWounds`` (issue 3 · Downed units): at the end of each round.
- ``MoraleWatch`` (004 · Morale): casualties and wounds may trigger morale checks.

The rules' other systems live beside their rules: ``shock.ShockOnMiss`` (Shock on a
miss), ``threat.ThreatWatch`` (the squares each unit threatens), ``swarm.SwarmWatch``
(the assailants per target) and more (README · Systems lists them all). An attack of
opportunity itself is not a processor: it may open reaction windows (the target's Total
Defense), which only flows can do; see ``opportunity``, which reads ``Threat``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import (
    Damaged,
    Died,
    Downed,
    LeftBattle,
    Moved,
    RoundEnded,
    RoundStarted,
)
from game.engine.systems import System
from game.rules.grid import morale, units
from game.rules.grid.damage import end_of_round_mortal_wounds
from game.rules.grid.state import GridState
from game.world.components import Sight

if TYPE_CHECKING:
    from game.engine.context import Context


class RoundReset(System):
    def __init__(self) -> None:
        super().__init__(priority=40)
        self.handles = {RoundStarted: self.on_round}

    def on_round(self, ctx: Context, event: RoundStarted) -> None:
        for unit in ctx.units():
            units.budget(ctx, unit).reset()
            units.conditions(ctx, unit).new_round()
            ctx.get(unit, GridState).new_round()


class VisibilityRefresh(System):
    def __init__(self) -> None:
        super().__init__(priority=30)
        self.handles = {Moved: self.on_moved}

    def on_moved(self, ctx: Context, event: Moved) -> None:
        ctx.get(event.unit, Sight).invalidate()


class MortalWounds(System):
    def __init__(self) -> None:
        super().__init__(priority=20)
        self.handles = {RoundEnded: self.on_round_end}

    def on_round_end(self, ctx: Context, event: RoundEnded) -> None:
        end_of_round_mortal_wounds(ctx)


class MoraleWatch(System):
    def __init__(self) -> None:
        super().__init__(priority=10)
        self.fired: dict[str, set[str]] = {}
        self.handles = {
            Downed: self.on_event,
            Died: self.on_event,
            LeftBattle: self.on_event,
            Damaged: self.on_event,
        }

    def on_event(self, ctx: Context, event: Downed | Died | LeftBattle | Damaged) -> None:
        morale.on_event(ctx, event, self.fired)
