"""The second half of source 004, as the ordered list of what every new ``GridRuleset``
installs (``INSTALLS``, run by ``GridRuleset.__init__``): its actions and reactions
(``second_half``), then each module's ``install(ruleset)``, which adds its hooks, set-up
and hashed state to that ruleset's own ``hooks`` (``hooks.Hooks``).

Order matters and is kept: menus list the core's actions first, then these, End Turn
last; hooks run, and set-up adds systems, in the order installed. A variant of the
ruleset leaves one out by overriding ``GridRuleset.extensions``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules.grid import (
    dual_wield,
    grapple,
    hold,
    items,
    maneuver_state,
    reload,
    screen,
    swarm,
)
from game.rules.grid.charge import ChargeSpec
from game.rules.grid.execution import ExecuteSpec
from game.rules.grid.grapple import (
    BreakFreeSpec,
    DragGrappledSpec,
    GrappleSpec,
    ReleaseGrappleSpec,
    ThrowGrappledSpec,
)
from game.rules.grid.hold import ActBetweenTurnsReaction, ActNowReaction, HoldActionSpec
from game.rules.grid.items import PickUpItemSpec, ReadyItemSpec, StowItemSpec
from game.rules.grid.prone import GoProneSpec, StandUpSpec
from game.rules.grid.reload import ReloadSpec
from game.rules.grid.screen import ScreenAllySpec
from game.rules.grid.shove import ShoveSpec
from game.rules.grid.snap_attack import SnapAttackReaction, SnapAttackSpec
from game.rules.grid.surprise import surprise_round
from game.rules.grid.swarm import SwarmAttackSpec
from game.rules.grid.total_defense import TotalDefenseReaction, TotalDefenseSpec
from game.rules.grid.use_skill import FirstAidSpec, ParleySpec

if TYPE_CHECKING:
    from game.rules.grid import GridRuleset


def second_half(rs: GridRuleset) -> None:
    """The actions (in menu order), the reactions and the surprise round."""
    for spec in (
        SwarmAttackSpec(),
        ChargeSpec(),
        ShoveSpec(),
        GrappleSpec(),
        BreakFreeSpec(),
        DragGrappledSpec(),
        ThrowGrappledSpec(),
        ReleaseGrappleSpec(),
        ExecuteSpec(),
        FirstAidSpec(),
        ParleySpec(),
        ReloadSpec(),
        ReadyItemSpec(),
        StowItemSpec(),
        ScreenAllySpec(),
        PickUpItemSpec(),
        StandUpSpec(),
        HoldActionSpec(),
        GoProneSpec(),
        TotalDefenseSpec(),
        SnapAttackSpec(),
    ):
        rs.add_action(spec)
    rs.add_reaction(TotalDefenseReaction())
    rs.add_reaction(SnapAttackReaction())
    rs.add_reaction(ActNowReaction())
    rs.add_reaction(ActBetweenTurnsReaction())
    rs.opening_phases.append(surprise_round)


Install = Callable[["GridRuleset"], None]

# What a new GridRuleset installs, in order (the order the rules registered in before
# the registries moved onto the ruleset: set-up adds systems of equal priority in it).
INSTALLS: tuple[Install, ...] = (
    second_half,
    dual_wield.install,
    hold.install,
    maneuver_state.install,
    items.install,
    reload.install,
    grapple.install,
    screen.install,
    swarm.install,
)
