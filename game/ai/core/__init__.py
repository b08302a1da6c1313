"""The ruleset-neutral part of the AI: the ``Controller`` protocol, the registry and
``make_controller`` (``controllers``), the play loop (``play``), win-rate statistics
(``stats``), seeded slips of the easier levels (``slips``) and the generic AI that plays
any ruleset from its decisions (``generic``, ``walk``). Nothing here imports a ruleset
or a ruleset's AI.
"""

from __future__ import annotations

from game.ai.core.controllers import (
    CONTROLLERS,
    Controller,
    UnknownController,
    default_ruleset,
    make_controller,
)
from game.ai.core.play import ControllerError, play

__all__ = [
    "CONTROLLERS",
    "Controller",
    "ControllerError",
    "UnknownController",
    "default_ruleset",
    "make_controller",
    "play",
]
