"""The AI of the ``clash`` ruleset (source 000), answering the same Decisions as a human:
declarations (``turn``), reactions and the wound choice.

Declarations come from ``plan`` (every option valued in worth with exact dice from
``clash_odds``), reactions from ``clash_react``. The levels differ in what they weigh:

- ``baseline``: each unit alone takes the blow (or shot) worth most, else moves two
  moves toward the nearest enemy; no reactions.
- ``easy``: as ``baseline``, and 30% of the time one of its three best options instead.
- ``normal``: the side plans together: each blow is valued by what it adds to its
  moment (only the highest die lands), so attackers spread; shooters shoot then step
  out of reach, or step out of Close to shoot; a badly hurt unit outnumbered at Close
  retreats. Reactions valued exactly, Fatigue counted.
- ``tactical``: ``normal``, and it values each moment after the target's best block or
  dodge and its Fatigue (so blows go where a block cannot blunt them), and trips where
  the trip's +d12 for the others' blows of the moment still pays (a block or dodge
  cancels it). The hard level before issue 31, kept for comparison.
- ``hard``: ``tactical``, and stuns, disarms and retreats weighed by
  their expected value (``gambits``; issue 31, blunder 7); a retreat also weighs the
  morale check it may call for its side (``morale``); holds that count round ends are
  kept, and broken a round end before they fall, and a unit in an area its side wins
  by holding stays in it (``holds``).
- ``search``: hard looking a round ahead on forks of the battle (``search``, issue 31).

``ai`` is ``normal``. In declared rounds a side's plan is made at its first declaration
of the round (nothing resolves until all have declared) and handed out unit by unit; in
``initiative=dex_save`` rounds it is made again at each unit's turn. Deterministic: the
easy level's slips come from a generator seeded by the battle seed, round and unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.clash.levels import LEVELS, REACTING, ClashAI

if TYPE_CHECKING:
    from game.ai.core.search import SearchAI

__all__ = ["LEVELS", "REACTING", "ClashAI", "make_controller"]


def make_controller(name: str, seed: int = 0) -> ClashAI | SearchAI:
    """``game.ai.make_controller`` calls this for battles of the clash ruleset; ``search``
    is hard looking a round ahead on forks (``game.ai.clash.search``, issue 31)."""
    if name == "search":
        from game.ai.clash.search import make_search

        return make_search(name, seed)
    return ClashAI(name, seed)
