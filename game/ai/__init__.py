"""Controllers: whatever answers a side's Decisions (DESIGN.md · One path for every choice).

A controller has ``choose(battle, decision) -> Answer`` and answers through the same
``Battle.answer`` path as a human. ``make_controller(name, seed, ruleset)`` builds one by
name ("baseline", the tactical levels "easy", "normal", "hard", or "ai" for the default
AI, which is "normal"); more register in ``CONTROLLERS``. A ruleset with AIs of its own
names their module (``Ruleset.ai_module``, e.g. ``game.ai.clash`` for ``clash``), and
``make_controller`` asks it when given the ruleset id.
``play(battle, controllers)`` answers for every side that has a controller until the
battle is over or a side without one (a human) must decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from game.engine.answers import Answer
from game.engine.battle import Battle
from game.engine.decision import Decision


class Controller(Protocol):
    name: str

    def choose(self, battle: Battle, decision: Decision) -> Answer: ...


def _baseline(seed: int) -> Controller:
    from game.ai.baseline import BaselineAI

    return BaselineAI(seed)


def _tactical(level: str) -> Callable[[int], Controller]:
    def make(seed: int) -> Controller:
        from game.ai.levels import LEVELS
        from game.ai.tactical import TacticalAI

        return TacticalAI(LEVELS[level], seed)

    return make


# name -> factory(seed). "ai" is whatever the default AI is (the tactical AI, normal).
CONTROLLERS: dict[str, Callable[[int], Controller]] = {
    "baseline": _baseline,
    "easy": _tactical("easy"),
    "normal": _tactical("normal"),
    "hard": _tactical("hard"),
    "ai": _tactical("normal"),
}


class UnknownController(ValueError):
    pass


def make_controller(name: str, seed: int = 0, ruleset: str | None = None) -> Controller:
    """The AI ``name`` with ``seed``. With ``ruleset``, a ruleset that names its own AI
    (``Ruleset.ai_module``) gets that module's ``make_controller(name, seed)``; the names
    are the same everywhere (baseline, easy, normal, hard, ai)."""
    if name not in CONTROLLERS:
        known = ", ".join(sorted(CONTROLLERS))
        raise UnknownController(f"unknown AI {name!r} (known: {known})")
    if ruleset is not None:
        import importlib

        from game.rules import get_ruleset

        module = get_ruleset(ruleset).ai_module
        if module:
            made: Controller = importlib.import_module(module).make_controller(name, seed)
            return made
    return CONTROLLERS[name](seed)


class ControllerError(RuntimeError):
    """A controller gave an answer the battle refused (a bug in the controller)."""


def play(
    battle: Battle, controllers: Mapping[str, Controller], max_answers: int = 1_000_000
) -> int:
    """Let the controllers answer until the battle ends or an uncontrolled side must decide;
    returns the number of answers given."""
    given = 0
    while not battle.over and given < max_answers:
        decision = battle.pending
        assert decision is not None
        controller = controllers.get(decision.side)
        if controller is None:
            break
        answer = controller.choose(battle, decision)
        result = battle.answer(answer)
        if not result.ok:
            raise ControllerError(
                f"{controller.name} answered {answer.describe()} and was refused: {result.reason}"
            )
        given += 1
    return given
