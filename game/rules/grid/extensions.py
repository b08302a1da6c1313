"""Registers the second half of source 004 with every new ``GridRuleset`` (actions,
reactions) and with every battle (components and systems through ``hooks.SETUP``).

Menu order: the core's actions first, then these, End Turn last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.grid import EXTENSIONS, dual_wield, hooks, items, maneuver_state, reload
from game.rules.grid.charge import ChargeSpec
from game.rules.grid.items import PickUpItemSpec, ReadyItemSpec, StowItemSpec
from game.rules.grid.prone import GoProneSpec, StandUpSpec
from game.rules.grid.reload import ReloadSpec
from game.rules.grid.snap_attack import SnapAttackReaction, SnapAttackSpec
from game.rules.grid.swarm import SwarmAttackSpec
from game.rules.grid.total_defense import TotalDefenseReaction, TotalDefenseSpec

if TYPE_CHECKING:
    from game.rules.grid import GridRuleset


def extend(rs: GridRuleset) -> None:
    for spec in (
        SwarmAttackSpec(),
        ChargeSpec(),
        TotalDefenseSpec(),
        SnapAttackSpec(),
        ReloadSpec(),
        ReadyItemSpec(),
        StowItemSpec(),
        PickUpItemSpec(),
        GoProneSpec(),
        StandUpSpec(),
    ):
        rs.add_action(spec)
    rs.add_reaction(TotalDefenseReaction())
    rs.add_reaction(SnapAttackReaction())


EXTENSIONS.append(extend)
hooks.SETUP.extend([maneuver_state.setup, items.setup, reload.setup])
hooks.HASH["items"] = items.hash_items
__all__ = ["dual_wield"]  # imported for its hooks
