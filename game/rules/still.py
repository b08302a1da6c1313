"""Answers kept while a battle's state stands still, for any ruleset: a question that
changes nothing (a unit's catalog, its legal answers, a validation, an AI's reading of a
decision) asks the ruleset's readers the same things again and again (who fights, who
stands where, which squares are held). Inside ``with still(ctx, make):`` the ruleset's
readers may keep their answers in the memo ``make()`` built (``memo(ctx)``); the scope
ends before anything changes, so every kept answer is what the reader would have said.
Nested scopes share the outermost one's memo. The memo lives on the battle's ruleset
(``Ruleset.still``; a fork's copy starts without one). Names no ruleset."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine.context import Context


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
