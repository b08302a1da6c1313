"""The play loop: controllers answer a battle's decisions until a human must decide."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from game.ai.core.controllers import Controller

if TYPE_CHECKING:
    from game.engine.battle import Battle


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
