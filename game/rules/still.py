"""Answers kept while a battle's state stands still, for any ruleset: a question that
changes nothing (a unit's catalog, its legal answers, a validation, an AI's reading of a
decision) asks the ruleset's readers the same things again and again (who fights, who
stands where, which squares are held). Inside ``with still(ctx, make):`` the ruleset's
readers may keep their answers in the memo ``make()`` built (``memo(ctx)``); the scope
ends before anything changes, so every kept answer is what the reader would have said.
Nested scopes share the outermost one's memo. The memo lives on the battle's ruleset
(``still``; a fork is never taken inside a scope). ``StillRuleset`` asks its catalog, legal
answers and validations in a scope. Names no ruleset."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from game.engine.seam import Ruleset
from game.geometry.grid import Cell

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.context import Context
    from game.engine.decision import Decision, Option

V = TypeVar("V")


def memo(ctx: Context) -> Any:
    """The memo of the still scope open on ``ctx`` (None outside one)."""
    return getattr(ctx.ruleset, "still", None)


@contextmanager
def still(ctx: Context, make: Callable[[], object]) -> Iterator[None]:
    """Keep the readers' answers until the scope ends (the module's docstring): only for
    questions that change nothing in the battle."""
    ruleset: Any = ctx.ruleset
    if getattr(ruleset, "still", None) is not None:
        yield
        return
    ruleset.still = make()
    try:
        yield
    finally:
        ruleset.still = None


def once(table: dict[Any, V], key: Hashable, read: Callable[[], V]) -> V:
    """``table[key]``, read (``read()``) and kept the first time it is asked."""
    found = table.get(key)
    if found is None:
        found = table[key] = read()
    return found


class Readings:
    """The memo of a ruleset on squares whose readers ask the same three things of a unit:
    its enemies, the squares held around it (enemies', allies') and the squares it reaches
    (keyed by the unit and what else the reach depends on)."""

    __slots__ = ("enemies", "occupied", "reach")

    def __init__(self) -> None:
        self.enemies: dict[str, list[str]] = {}
        self.occupied: dict[str, tuple[set[Cell], set[Cell]]] = {}
        self.reach: dict[tuple[str, object], dict[Cell, int]] = {}


def readings(ctx: Context) -> Readings | None:
    """The ``Readings`` of the still scope open on ``ctx`` (None outside one)."""
    found = memo(ctx)
    return found if isinstance(found, Readings) else None


def kept_enemies(ctx: Context, unit: str, read: Callable[[Context, str], list[str]]) -> list[str]:
    """``read(ctx, unit)`` (the unit's enemies), kept in the scope's ``Readings`` (a copy:
    the caller may change it)."""
    kept = readings(ctx)
    if kept is None:
        return read(ctx, unit)
    found = once(kept.enemies, unit, lambda: read(ctx, unit))
    return list(found)


def kept_occupied(
    ctx: Context, unit: str, read: Callable[[Context, str], tuple[set[Cell], set[Cell]]]
) -> tuple[set[Cell], set[Cell]]:
    """``read(ctx, unit)`` (the squares held around the unit: enemies', allies'), kept in
    the scope's ``Readings`` (copies: the caller may change them)."""
    kept = readings(ctx)
    if kept is None:
        return read(ctx, unit)
    foes, friends = once(kept.occupied, unit, lambda: read(ctx, unit))
    return set(foes), set(friends)


def kept_reach(
    ctx: Context, key: tuple[str, object], read: Callable[[], dict[Cell, int]]
) -> dict[Cell, int]:
    """``read()`` (the squares a unit reaches: ``key`` names the unit and what else the
    reach depends on), kept in the scope's ``Readings`` (shared: do not change it)."""
    kept = readings(ctx)
    return read() if kept is None else once(kept.reach, key, read)


class StillRuleset(Ruleset):
    """A ruleset whose catalog, legal answers and validation of a turn's answer are asked
    in a still scope (``still``, with a fresh ``memo_type()``), so its readers keep their
    answers through each of them."""

    memo_type: ClassVar[type]

    def __init__(self) -> None:
        super().__init__()
        self.still: object | None = None  # the open scope's memo

    def catalog(self, ctx: Context, unit: str) -> tuple[Option, ...]:
        with still(ctx, self.memo_type):
            return super().catalog(ctx, unit)

    def legal_answers(self, ctx: Context, decision: Decision) -> list[Answer]:
        with still(ctx, self.memo_type):
            return super().legal_answers(ctx, decision)

    def validate_action(self, ctx: Context, decision: Decision, answer: Answer) -> str | None:
        with still(ctx, self.memo_type):
            return super().validate_action(ctx, decision, answer)
