"""Per-unit bookkeeping of the second half of the ``grid`` rules (source 004 · Swarm
Attack, Screen an Ally, Use a Skill) that the shared ``Conditions`` do not hold.

``ManeuverState`` is added to every unit at set-up (``extensions``); ``state_hash``
covers it like any component. Round-scoped fields are cleared at the start of each round:
the screens by ``ManeuverRoundReset``, the swarms by the Swarm system
(``swarm.SwarmWatch``, which also records who joins a swarm).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import esper

from game.engine.events import RoundStarted
from game.engine.systems import System

if TYPE_CHECKING:
    from game.engine.context import Context
    from game.rules.grid import GridRuleset


@dataclass(slots=True)
class ManeuverState:
    """``swarm``: allies of one side that made a Swarm Attack on this unit this round, in
    order; ``swarm_side`` their side; ``swarm_struck``: one of them has attacked, so the
    swarm on this unit is spent for the round. ``screened``: attackers this unit (as a
    screener) has intercepted or tried to this round. ``appealed``: this unit has already
    cried out for parley this battle. The swarm fields are kept by ``swarm.SwarmWatch``."""

    swarm: list[str] = field(default_factory=list)
    swarm_side: str | None = None
    swarm_struck: bool = False
    screened: list[str] = field(default_factory=list)
    appealed: bool = False

    def new_round(self) -> None:
        self.screened = []

    def clear_swarm(self) -> None:
        self.swarm = []
        self.swarm_side = None
        self.swarm_struck = False


def maneuvers(ctx: Context, unit: str) -> ManeuverState:
    return ctx.get(unit, ManeuverState)


class ManeuverRoundReset(System):
    """At the start of each round: the screens of the last round are over."""

    def __init__(self) -> None:
        super().__init__(priority=39)
        self.handles = {RoundStarted: self.on_round}

    def on_round(self, ctx: Context, event: RoundStarted) -> None:
        for unit in ctx.units():
            maneuvers(ctx, unit).new_round()


def setup(ctx: Context) -> None:
    for unit in ctx.units():
        esper.add_component(ctx.entity(unit), ManeuverState())
    system = ManeuverRoundReset()
    esper.add_processor(system, system.priority)


def install(rs: GridRuleset) -> None:
    """ManeuverState on every unit and its round reset (``hooks.setup``)."""
    rs.hooks.setup.append(setup)
