"""Controllers: whatever answers a side's Decisions (DESIGN.md · One path for every choice).

- ``game.ai.core``: ruleset-neutral: the ``Controller`` protocol, ``make_controller`` and
  its registry, the play loop ``play``, and the generic AI for a ruleset without AIs of
  its own.
- ``game.ai.grid``: the AIs of the ``grid`` ruleset (the baseline and the tactical levels).
- ``game.ai.clash``: the AIs of the ``clash`` ruleset.

A controller has ``choose(battle, decision) -> Answer`` and answers through the same
``Battle.answer`` path as a human. ``make_controller(name, seed, ruleset)`` builds one by
name ("baseline", the levels "easy", "normal", "hard", or "ai" for the default AI): the
ruleset's own (``Ruleset.ai_module``), else the generic AI. ``play(battle, controllers)``
answers for every side that has a controller until the battle is over or a side without
one (a human) must decide.
"""

from __future__ import annotations

from game.ai.core import (
    CONTROLLERS,
    Controller,
    ControllerError,
    UnknownController,
    make_controller,
    play,
)

__all__ = [
    "CONTROLLERS",
    "Controller",
    "ControllerError",
    "UnknownController",
    "make_controller",
    "play",
]
