"""Per-unit bookkeeping of the ``grid`` rules that the shared components do not hold.

``GridState`` is added to every unit by ``GridRuleset.setup``; ``state_hash`` covers it
like any component. Round-scoped fields are cleared by the ``RoundReset`` system.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class GridState:
    """``opportunity_used``: attacks of opportunity made this round. ``routed``: failed a
    morale check and flees on its turns (004 · Morale). ``acted``: has had its activation
    this round. ``morale_checks``: how many morale checks it has rolled."""

    opportunity_used: int = 0
    acted: bool = False
    routed: bool = False
    morale_checks: int = 0

    def new_round(self) -> None:
        self.opportunity_used = 0
        self.acted = False
