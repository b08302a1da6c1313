"""Answers: the plain data a controller hands to ``Battle.answer`` (DESIGN.md · One path for
every choice).

An answer is a frozen dataclass with a ``kind`` ClassVar and plain fields (unit ids,
cells as ``(x, y)`` tuples, weapon ids, ints, strings). Actions a unit takes on its turn
(``move``, ``melee_attack`` ...) are answers too; rulesets define them in their own
modules and register them with ``@register_answer``. Saves store ``to_dict()`` of each
answer; ``answer_from_dict`` checks every field against its declared type and raises
``AnswerFormatError`` (one clear line) when a file holds nonsense. ``field_problem``
applies the same checkers to a live answer before ``Battle`` looks at it: every field must
already hold its declared type exactly (``(6.0, 0.0)`` is not a cell, ``None`` is not a
bool, ``10**30`` is not a small integer), so an accepted answer can always be saved.

Field types understood by the JSON round trip: ``str``, ``int``, ``bool``, ``Cell``
(two ints), ``tuple[Cell, ...]``, ``tuple[str, ...]`` and ``X | None`` of those.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

MAX_REASON = 300  # characters in a refusal reason (a long path must not make a huge line)


class AnswerFormatError(ValueError):
    """An answer read from a file (or built by a script) has the wrong shape."""


@dataclass(frozen=True, slots=True)
class Answer:
    """Base class of everything a Decision can be answered with."""

    kind: ClassVar[str] = "answer"
    label: ClassVar[str] = "Answer"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        return out

    def describe(self) -> str:
        """A short human description, for menus and logs."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.label}({fields})"


ANSWER_TYPES: dict[str, type[Answer]] = {}

A = TypeVar("A", bound=type[Answer])


def register_answer(cls: A) -> A:
    """Class decorator: make an answer type known to ``answer_from_dict`` by its ``kind``."""
    kind = cls.kind
    if kind in ANSWER_TYPES and ANSWER_TYPES[kind] is not cls:
        raise ValueError(f"answer kind {kind!r} registered twice")
    for f in dataclasses.fields(cls):
        _checker(str(f.type))  # fail at import time on a type the round trip cannot carry
    ANSWER_TYPES[kind] = cls
    return cls


def _to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) < 10**9


def _brief(v: Any) -> str:
    """``repr`` of a refused value, cut short (a refusal is one readable line)."""
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _cell(v: Any) -> tuple[int, int]:
    if isinstance(v, list | tuple) and len(v) == 2 and all(_is_int(c) for c in v):
        return (int(v[0]), int(v[1]))
    raise AnswerFormatError(f"expected a cell [x, y], got {_brief(v)}")


def _checker(type_text: str) -> Any:
    """A converter for one declared field type (as a string, thanks to annotations)."""
    t = type_text.replace(" ", "")
    if t.endswith("|None"):
        inner = _checker(t[: -len("|None")])
        return lambda v: None if v is None else inner(v)
    if t == "str":

        def check_str(v: Any) -> str:
            if not isinstance(v, str) or len(v) > 200:
                raise AnswerFormatError(f"expected a short string, got {_brief(v)}")
            return str(v)

        return check_str
    if t == "int":

        def check_int(v: Any) -> int:
            if not _is_int(v):
                raise AnswerFormatError(f"expected an integer, got {_brief(v)}")
            return int(v)

        return check_int
    if t == "bool":

        def check_bool(v: Any) -> bool:
            if not isinstance(v, bool):
                raise AnswerFormatError(f"expected true or false, got {_brief(v)}")
            return v

        return check_bool
    if t == "Cell":
        return _cell
    if t in ("tuple[Cell,...]", "tuple[str,...]"):
        each = _cell if "Cell" in t else _checker("str")

        def check_tuple(v: Any) -> tuple[Any, ...]:
            if not isinstance(v, list | tuple) or len(v) > 4096:
                raise AnswerFormatError(f"expected a list, got {_brief(v)}")
            return tuple(each(x) for x in v)

        return check_tuple
    raise TypeError(f"answer field type {type_text!r} cannot be stored in a save")


_FIELD_CHECKERS: dict[type[Answer], tuple[tuple[str, Any], ...]] = {}


def _field_checkers(cls: type[Answer]) -> tuple[tuple[str, Any], ...]:
    checkers = _FIELD_CHECKERS.get(cls)
    if checkers is None:
        checkers = tuple((f.name, _checker(str(f.type))) for f in dataclasses.fields(cls))
        _FIELD_CHECKERS[cls] = checkers
    return checkers


def _identical(a: Any, b: Any) -> bool:
    """Equal and of exactly the same types all the way down (``1 == 1.0 == True`` is not
    enough: a float or a bool where an int belongs would be stored, then break later)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_identical(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def field_problem(answer: Answer) -> str | None:
    """Why a live ``answer`` cannot be taken as it is: a field that does not hold exactly
    its declared type (the checkers of ``answer_from_dict``; a cell must be a tuple of two
    ints, a path a tuple of cells), or a kind a save cannot name. None when every field
    is exact."""
    cls = type(answer)
    if ANSWER_TYPES.get(cls.kind) is not cls:
        return f"{cls.__name__} is not a registered answer type"
    for name, check in _field_checkers(cls):
        value = getattr(answer, name)
        try:
            converted = check(value)
        except AnswerFormatError as exc:
            return f"{cls.kind}.{name}: {exc}"
        if not _identical(converted, value):
            return f"{cls.kind}.{name}: wrong type {type(value).__name__} ({_brief(value)})"
    return None


def answer_from_dict(data: Any) -> Answer:
    """Rebuild an answer from ``to_dict()`` output; ``AnswerFormatError`` when malformed."""
    if not isinstance(data, dict):
        raise AnswerFormatError(f"expected an object with a 'kind', got {type(data).__name__}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in ANSWER_TYPES:
        raise AnswerFormatError(f"unknown answer kind {kind!r}")
    cls = ANSWER_TYPES[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"kind"}
    if extra:
        raise AnswerFormatError(f"{kind}: unknown field(s) {', '.join(sorted(extra))}")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise AnswerFormatError(f"{kind}: missing field {f.name!r}")
        try:
            values[f.name] = _checker(str(f.type))(data[f.name])
        except AnswerFormatError as exc:
            raise AnswerFormatError(f"{kind}.{f.name}: {exc}") from None
    return cls(**values)


# --- answers every ruleset shares -------------------------------------------------------


@register_answer
@dataclass(frozen=True, slots=True)
class ChooseUnit(Answer):
    """Pick which unit of the side acts next (a ``choose_unit`` decision)."""

    kind: ClassVar[str] = "choose_unit"
    label: ClassVar[str] = "Choose unit"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class EndTurn(Answer):
    """The unit is done for this round (End Turn in the UI)."""

    kind: ClassVar[str] = "end_turn"
    label: ClassVar[str] = "End turn"
    unit: str


@register_answer
@dataclass(frozen=True, slots=True)
class Decline(Answer):
    """Let a reaction window pass without acting."""

    kind: ClassVar[str] = "decline"
    label: ClassVar[str] = "Decline"
    unit: str
