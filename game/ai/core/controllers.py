"""The controller registry (DESIGN.md · One path for every choice).

A controller has ``choose(battle, decision) -> Answer`` and answers through the same
``Battle.answer`` path as a human. Every ruleset's AIs go by the same names: "baseline",
the levels "easy", "normal", "hard" (and "tactical", another name of the tactical hard
level where the ruleset has one), "search" (the search AI of issue 31 where the ruleset
has one), and "ai" (the default AI). ``make_controller(name,
seed, ruleset)`` asks the ruleset for its own AI (``Ruleset.ai_module`` names a module
with ``make_controller(name, seed)``); a ruleset without one gets the generic AI
(``game.ai.core.generic``), which plays any ruleset from its decisions alone. It never
hands a ruleset another ruleset's AI.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from game.engine.answers import Answer
from game.engine.decision import Decision

if TYPE_CHECKING:  # the menu lists the AI levels before any battle module is imported
    from game.engine.battle import Battle


class Controller(Protocol):
    name: str

    def choose(self, battle: Battle, decision: Decision) -> Answer: ...


def _generic(name: str) -> Callable[[int], Controller]:
    def make(seed: int) -> Controller:
        from game.ai.core.generic import GenericAI

        return GenericAI(name, seed)

    return make


# name -> factory(seed) of the generic AI under that name; the names every ruleset's AI
# answers to ("ai" is whatever the ruleset's default AI is).
CONTROLLERS: dict[str, Callable[[int], Controller]] = {
    name: _generic(name)
    for name in ("baseline", "easy", "normal", "tactical", "hard", "search", "ai")
}


class UnknownController(ValueError):
    pass


def default_ruleset() -> str:
    """The ruleset a ``Battle`` gets when none is named (its ``ruleset`` default)."""
    from game.engine.battle import Battle

    default = inspect.signature(Battle).parameters["ruleset"].default
    assert isinstance(default, str)
    return default


def make_controller(name: str, seed: int = 0, ruleset: str | None = None) -> Controller:
    """The AI ``name`` with ``seed`` for battles of ``ruleset`` (None: the default
    ruleset). A ruleset that names its own AI (``Ruleset.ai_module``) gets that module's
    ``make_controller(name, seed)``; any other gets the generic AI."""
    if name not in CONTROLLERS:
        known = ", ".join(sorted(CONTROLLERS))
        raise UnknownController(f"unknown AI {name!r} (known: {known})")
    from game.rules import get_ruleset

    module = get_ruleset(ruleset or default_ruleset()).ai_module
    if module:
        made: Controller = importlib.import_module(module).make_controller(name, seed)
        return made
    return CONTROLLERS[name](seed)
