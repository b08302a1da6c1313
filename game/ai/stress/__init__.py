"""The AIs of the ``stress`` ruleset (source 002): ``baseline`` is the generic AI judging
blows by health alone; ``easy``, ``normal`` and ``hard`` are ``StressAI``
(``game.ai.stress.plan``) at three levels."""

from __future__ import annotations

from game.ai.core.controllers import Controller
from game.ai.core.generic import GenericAI


def make_controller(name: str, seed: int = 0) -> Controller:
    """``game.ai.make_controller`` calls this for battles of the stress ruleset."""
    if name == "baseline":
        return GenericAI("baseline", seed)
    from game.ai.stress.plan import StressAI

    return StressAI(name, seed)
