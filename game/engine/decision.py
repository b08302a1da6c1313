"""Decisions: the one question a battle is waiting on (DESIGN.md · The path of one decision).

A ``Decision`` says who decides (``side`` and, when one unit is concerned, ``unit``), what
kind of choice it is and what the options are:

- ``choose_unit``: which unit of the side acts next; closed list of ``ChooseUnit``.
- ``turn``: an action for ``unit`` on its turn; *open*: ``options`` is the action catalog
  (each with ``allowed`` and the ``reason`` when not), and the concrete answers (a move to
  each reachable cell, an attack on each target ...) come from ``Battle.legal_answers()``.
- ``reaction``: an Instant window inside someone else's action (``trigger`` is the event
  that opened it, e.g. the attack roll); closed list, always including ``Decline``.

A *closed* decision (``open`` false) accepts exactly the answers in its options; an open
one is validated by the ruleset's action catalog.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.answers import Answer
from game.engine.events import Event

# Field metadata of what ``Battle.state_hash`` leaves out: values derived from other fields
# (an option's aim follows from its kind), so adding one keeps every pinned hash and save.
UNHASHED = {"hashed": False}


@dataclass(frozen=True, slots=True)
class Option:
    """One entry of a decision's menu. ``answer`` is the exact answer to give when the option
    needs no further parameters; otherwise the UI/AI builds it (e.g. picks a cell).

    What the action is aimed at, from its ``ActionSpec`` (reaction options keep the
    defaults): ``target_kind`` "none", "cell", "unit" or "zone"; ``target_field`` the answer
    field holding the target (a unit id, a cell, or a path ending on the square reached);
    ``moves``: it walks the unit to another square; ``attacks``: it strikes the target;
    ``helps``: its target is an ally; ``board_range``: "reach" (the plain movement the board
    shades), "attack_reach" (a moving attack whose end squares it outlines) or ""."""

    kind: str
    label: str
    allowed: bool = True
    reason: str = ""
    cost: str = ""
    provokes: bool = False
    answer: Answer | None = None
    # derived from ``kind`` (the spec's class attributes), so not part of the state hash
    target_kind: str = field(default="none", metadata=UNHASHED)
    target_field: str = field(default="", metadata=UNHASHED)
    moves: bool = field(default=False, metadata=UNHASHED)
    attacks: bool = field(default=False, metadata=UNHASHED)
    helps: bool = field(default=False, metadata=UNHASHED)
    board_range: str = field(default="", metadata=UNHASHED)


@dataclass(frozen=True, slots=True)
class Decision:
    """The pending question. ``id`` is its sequence number (the count of answers so far)."""

    id: int
    kind: str
    side: str
    unit: str | None
    prompt: str
    options: tuple[Option, ...]
    open: bool = False
    trigger: Event | None = field(default=None)

    @property
    def answers(self) -> tuple[Answer, ...]:
        """The concrete answers listed in the options (all of them for a closed decision)."""
        return tuple(o.answer for o in self.options if o.allowed and o.answer is not None)


@dataclass(frozen=True, slots=True)
class Ok:
    """The answer was accepted; ``events`` are what it caused, in order."""

    events: tuple[Event, ...]
    ok: bool = True
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Refused:
    """The answer was refused; the battle is unchanged."""

    reason: str
    ok: bool = False
    events: tuple[Event, ...] = ()


Result = Ok | Refused
