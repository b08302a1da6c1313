"""Small wording helpers shared by the command line and the screens (no pygame)."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """ "1 round", "3 rounds", "0 answers": ``n`` and ``noun``, plural unless ``n`` is 1
    (play-test 3: "win after 1 rounds")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
