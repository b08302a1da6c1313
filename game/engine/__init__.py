"""The engine: ``Battle`` (the decision loop), ``Decision``, answers, events, dice and
``state_hash``. See ``game/engine/README.md`` for how to add actions, reaction windows,
systems and events."""

from __future__ import annotations

from game.engine.answers import (
    Answer,
    AnswerFormatError,
    ChooseUnit,
    Decline,
    EndTurn,
    answer_from_dict,
    register_answer,
)
from game.engine.battle import Battle, UnitView
from game.engine.decision import Decision, Ok, Option, Refused, Result
from game.engine.dice import ScriptedRandom
from game.engine.events import Event, Rolled

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
