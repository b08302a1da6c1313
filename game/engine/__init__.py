"""The engine: ``Battle`` (the decision loop), ``Decision``, answers, events, dice and
``state_hash``. See ``game/engine/README.md`` for how to add actions, reaction windows,
systems and events.

``Battle`` and ``UnitView`` are imported on first use (PEP 562): reading a save's answers
or a decision's shape needs only the light modules, and the battle module brings the whole
world and geometry (numpy) with it, which the main menu's first frame does without
(issue 32 · first frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.answers import (
    Answer,
    AnswerFormatError,
    ChooseUnit,
    Decline,
    EndTurn,
    answer_from_dict,
    register_answer,
)
from game.engine.decision import Decision, Ok, Option, Refused, Result
from game.engine.dice import ScriptedRandom
from game.engine.events import Event, Rolled

if TYPE_CHECKING:
    from game.engine.battle import Battle, UnitView

__all__ = [
    "Answer",
    "AnswerFormatError",
    "Battle",
    "ChooseUnit",
    "Decision",
    "Decline",
    "EndTurn",
    "Event",
    "Ok",
    "Option",
    "Refused",
    "Result",
    "Rolled",
    "ScriptedRandom",
    "UnitView",
    "answer_from_dict",
    "register_answer",
]

_FROM_BATTLE = frozenset({"Battle", "UnitView"})


def __getattr__(name: str) -> Any:
    """``Battle`` and ``UnitView`` from ``game.engine.battle``, imported when first asked."""
    if name in _FROM_BATTLE:
        from game.engine import battle

        value = getattr(battle, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
