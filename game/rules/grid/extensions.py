"""Registers the second half of source 004 with every new ``GridRuleset`` (actions,
reactions) and with every battle (components and systems through ``hooks.SETUP``).

Menu order: the core's actions first, then these, End Turn last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.grid import (
    EXTENSIONS,
    dual_wield,
    grapple,
    hooks,
    items,
    maneuver_state,
    reload,
    screen,
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


def extend(rs: GridRuleset) -> None:
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


EXTENSIONS.append(extend)
hooks.SETUP.extend(
    [maneuver_state.setup, items.setup, reload.setup, grapple.setup, screen.setup]
)
hooks.HASH["items"] = items.hash_items
__all__ = ["dual_wield", "screen"]  # imported for their hooks
