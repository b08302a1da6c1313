"""Make a Swarm Attack on the battle screen (source 004 · Make a Swarm Attack).

Each assailant's Swarm Attack either joins the swarm on an enemy or, once another ally
has joined, strikes: the answers differ only in their ``strike`` flag, so a click on the
enemy cannot tell which the player means. The screen then asks (join, or strike with
the bonus), and the hover preview shows the strike's numbers when a strike is on offer
(the ruleset's presenter words both).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine import Answer

SWARM_KIND = "swarm_attack"


def strikes(answer: Answer) -> bool:
    return answer.kind == SWARM_KIND and getattr(answer, "strike", False) is True


def join_or_strike(
    answers: Sequence[Answer], words: Callable[[Answer], str]
) -> list[tuple[str, Answer]]:
    """The chooser's entries for a click on an enemy in Swarm mode: join and strike with
    the first weapon on offer, each named by ``words`` (the ruleset's presenter); empty
    when only one of them is possible."""
    if not answers or answers[0].kind != SWARM_KIND:
        return []
    first = answers[0]
    same = [
        a
        for a in answers
        if getattr(a, "weapon", None) == getattr(first, "weapon", None)
        and getattr(a, "ranged", None) == getattr(first, "ranged", None)
    ]
    join = next((a for a in same if not strikes(a)), None)
    strike = next((a for a in same if strikes(a)), None)
    if join is None or strike is None:
        return []
    return [(words(join), join), (words(strike), strike)]
