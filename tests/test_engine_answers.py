"""Answers are plain data: every registered answer type survives a JSON round trip, and
malformed answers read from a file are refused with one clear message."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import game.rules.grid  # noqa: F401  (registers the grid answers)
from game.engine.answers import ANSWER_TYPES, AnswerFormatError, answer_from_dict

SAMPLES: dict[str, Any] = {
    "str": "bran",
    "int": 3,
    "bool": True,
    "Cell": (2, 5),
    "tuple[Cell, ...]": ((1, 1), (2, 2), (3, 2)),
    "tuple[str, ...]": ("a", "b"),
}


def sample(cls: type) -> Any:
    values = {}
    for f in dataclasses.fields(cls):
        t = str(f.type).replace(" | None", "")
        values[f.name] = SAMPLES[t]
    return cls(**values)


@pytest.mark.parametrize("kind", sorted(ANSWER_TYPES))
def test_every_answer_type_round_trips_through_json(kind: str) -> None:
    answer = sample(ANSWER_TYPES[kind])
    text = json.dumps(answer.to_dict())
    again = answer_from_dict(json.loads(text))
    assert again == answer
    assert type(again) is type(answer)


def test_core_actions_of_the_grid_ruleset_are_registered() -> None:
    for kind in (
        "move",
        "melee_attack",
        "ranged_attack",
        "disengage",
        "end_turn",
        "choose_unit",
        "decline",
    ):
        assert kind in ANSWER_TYPES


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected an object"),
        ({"kind": "fly"}, "unknown answer kind 'fly'"),
        ({"kind": "move", "unit": "a"}, "missing field 'path'"),
        ({"kind": "move", "unit": "a", "path": [[1, 2]], "speed": 3}, "unknown field(s) speed"),
        ({"kind": "move", "unit": 7, "path": [[1, 2]]}, "move.unit: expected a short string"),
        ({"kind": "move", "unit": "a", "path": [[1, "x"]]}, "move.path: expected a cell"),
        ({"kind": "move", "unit": "a", "path": [[1, 2, 3]]}, "move.path: expected a cell"),
        ({"kind": "move", "unit": "a", "path": "north"}, "move.path: expected a list"),
        ({"kind": "move", "unit": "a", "path": [[True, 2]]}, "expected a cell"),
        ({"kind": "melee_attack", "unit": "a", "target": "b", "weapon": None}, "weapon"),
        ({"kind": "end_turn", "unit": "a" * 500}, "expected a short string"),
        ({"kind": "move", "unit": "a", "path": [[10**12, 2]]}, "expected a cell"),
    ],
)
def test_malformed_answers_are_refused_with_a_clear_message(data: Any, message: str) -> None:
    with pytest.raises(AnswerFormatError) as err:
        answer_from_dict(data)
    assert message in str(err.value)
