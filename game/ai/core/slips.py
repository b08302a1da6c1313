"""Slips: the mistakes an easier AI makes on purpose (issue 5 · Levels), for any ruleset.

An AI that ranks its candidate lines of play (best first, each with a ``score`` and the
``first`` answer it gives now) slips by playing one of the next best instead, drawn from
its own generator seeded by its name and the battle seed, so a replay makes the same
slips.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol, TypeVar

from game.engine.answers import Answer


class Ranked(Protocol):
    """A candidate line of play: what it is worth and the answer it gives now."""

    @property
    def score(self) -> float: ...

    @property
    def first(self) -> Answer: ...


R = TypeVar("R", bound=Ranked)


def slips(plans: Sequence[R], size: int, margin: float = math.inf) -> list[R]:
    """The plans a slip picks from (``plans`` best first): the next best ``size`` plans
    that play a different first answer than the best one (many plans share a first
    answer, and a slip that plays the best answer anyway is no slip), scoring within
    ``margin`` of the best (a close call misjudged; a clear right move is not)."""
    seen = {plans[0].first} if plans else set()
    out: list[R] = []
    for plan in plans[1:]:
        if len(out) >= size or plans[0].score - plan.score > margin:
            break
        if plan.first in seen:
            continue
        seen.add(plan.first)
        out.append(plan)
    return out
