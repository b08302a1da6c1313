"""The AIs of the ``grid`` ruleset (source 004): ``baseline`` (walks at the nearest enemy
and hits it) and the tactical AI at the levels ``easy``, ``normal`` and ``hard``; ``ai``
is ``normal``. ``game.ai.make_controller`` calls ``make_controller`` here for battles of
the grid ruleset (``GridRuleset.ai_module``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai.core import Controller

# the level each controller name plays; "baseline" is not a tactical level
TACTICAL = {"easy": "easy", "normal": "normal", "hard": "hard", "ai": "normal"}


def make_controller(name: str, seed: int = 0) -> Controller:
    """The grid AI ``name`` ("baseline", "easy", "normal", "hard" or "ai") with ``seed``."""
    if name == "baseline":
        from game.ai.grid.baseline import BaselineAI

        return BaselineAI(seed)
    from game.ai.grid.levels import LEVELS
    from game.ai.grid.tactical import TacticalAI

    return TacticalAI(LEVELS[TACTICAL[name]], seed)
