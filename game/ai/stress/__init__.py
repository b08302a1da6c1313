"""The AIs of the ``stress`` ruleset (source 002): ``baseline`` is the generic AI judging
blows by health alone; ``easy``, ``normal`` and ``hard`` are ``StressAI``
(``game.ai.stress.plan``) at three levels (``tactical`` plays ``hard``). ``search`` is the
search AI over the ruleset-neutral model with ``hard`` as its policy
(``game.ai.core.generic_search``), its forks played to the end of the round: the actions
resolve only once every unit has declared (``SearchConfig(until="round")``), and a fork
never sees what the other side declared in secret (``game.ai.core.search.seen_by``)."""

from __future__ import annotations

from dataclasses import replace

from game.ai.core.controllers import Controller
from game.ai.core.generic import GenericAI

# the generic search's budget, its forks played to the round's end
ROUND = "round"


def make_controller(name: str, seed: int = 0) -> Controller:
    """``game.ai.make_controller`` calls this for battles of the stress ruleset."""
    if name == "baseline":
        return GenericAI("baseline", seed)
    from game.ai.stress.plan import StressAI

    if name == "search":
        from game.ai.core.generic_search import CONFIG, make_search

        return make_search(name, seed, StressAI("hard", seed), replace(CONFIG, until=ROUND))
    return StressAI(name, seed)
