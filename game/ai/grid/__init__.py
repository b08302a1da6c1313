"""The AIs of the ``grid`` ruleset (source 004): ``baseline`` (walks at the nearest enemy
and hits it), the tactical AI at the levels ``easy``, ``normal`` and ``hard`` (issue 5;
``tactical`` is another name of its hard level), and the search AI over it (issue 31,
``search.py``): ``search``; ``ai`` is ``normal``. ``game.ai.make_controller`` calls
``make_controller`` here for battles of the grid ruleset (``GridRuleset.ai_module``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.ai.core import Controller

# the level each controller name plays; "baseline" is not a tactical level
TACTICAL = {"easy": "easy", "normal": "normal", "hard": "hard", "tactical": "hard", "ai": "normal"}
SEARCH: tuple[str, ...] = ("search",)  # the search AI's levels (``search.CONFIGS``)


def make_controller(name: str, seed: int = 0) -> Controller:
    """The grid AI ``name`` ("baseline", "easy", "normal", "tactical", "hard", "search"
    or "ai") with ``seed``."""
    if name == "baseline":
        from game.ai.grid.baseline import BaselineAI

        return BaselineAI(seed)
    if name in SEARCH:
        from game.ai.grid.search import CONFIGS, make_search

        if CONFIGS[name].until == "reply":  # the rollout leaf (``rollout.py``)
            from game.ai.grid.rollout import make_reply

            return make_reply(name, seed)
        return make_search(name, seed)
    from game.ai.grid.levels import LEVELS
    from game.ai.grid.tactical import TacticalAI

    ai = TacticalAI(LEVELS[TACTICAL[name]], seed)
    ai.name = name if name == "tactical" else ai.name
    return ai
