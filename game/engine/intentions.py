"""Events shared by every ruleset whose units declare their intentions before anything
resolves (``Ruleset.declares_intentions``; source 000 · clash is one).

Declarations are hidden until the round resolves (issue 7 · hotseat): ``Declared`` says
only *that* a unit has chosen; ``IntentionRevealed`` tells what, once every unit has
declared; ``OrderSet`` gives the resolution order of a group of turns. A screen reads
them (``game.ui.intentions``) without naming the ruleset that emitted them.

A field marked ``AIMED`` holds what an event only aims at (the unit a declaration is aimed
at, the squares it means to go to), not where something happened: it does not make the
line seen (play-test 8: "Vigga intends to Throw Captain Aldgyth" was read by Aldgyth's
side with Vigga in fog), and a screen under fog leaves out of its reader's line the aimed
squares that reader cannot see ("Rolf intends to Move to 23,14", a square in fog).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import ClassVar

from game.engine.events import Event

AIMED = "aimed"  # field metadata: a unit or squares aimed at, not where something happened


def squares_of(answer: object) -> tuple[tuple[int, int], ...]:
    """The squares an answer names (its fields holding a square), in field order: where
    a declared intention means to go."""
    if not is_dataclass(answer):
        return ()
    out: list[tuple[int, int]] = []
    for f in fields(answer):
        value = getattr(answer, f.name)
        if (
            isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            out.append((value[0], value[1]))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Declared(Event):
    """``unit`` has declared its intention for the round (what it is stays hidden)."""

    kind: ClassVar[str] = "declared"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str

    def text(self) -> str:
        return f"{self.who} has declared an intention"


@dataclass(frozen=True, slots=True)
class IntentionRevealed(Event):
    """What ``unit`` declared, shown when the round resolves. ``turn`` is "quick" or
        "full" in clash, the group it resolves in; ``target`` the unit aimed at, if any (and
    ``target_name``, its name);
        ``intent`` the kind of answer; ``to``: the squares it names (``squares_of``: where
        it moves), which its text spells "to x,y"."""

    kind: ClassVar[str] = "intention_revealed"
    tone: ClassVar[str] = "turn"
    unit: str
    who: str
    intent: str
    target: str | None = field(metadata={AIMED: True})
    turn: str
    text_: str
    aside: str = ""  # what the log adds in brackets; "" : "<turn> turn"
    to: tuple[tuple[int, int], ...] = field(default=(), metadata={AIMED: True})
    # the name of ``target`` as its text spells it (a reader who cannot see it reads
    # "someone out of sight": ``game.ui.log_redact``)
    target_name: str = field(default="", metadata={AIMED: True})

    def text(self) -> str:
        return f"{self.who} intends to {self.text_} ({self.aside or self.turn + ' turn'})"


@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    """The resolution order of one group (``group``: "quick" or "full"), unit ids and
    names, first to last; ``placed_by``: per unit, the roll that placed it ("DEX 7/11:
    before the enemies") or ""."""

    kind: ClassVar[str] = "order_set"
    tone: ClassVar[str] = "turn"
    group: str
    order: tuple[str, ...]
    names: tuple[str, ...]
    placed_by: tuple[str, ...] = ()

    def text(self) -> str:
        who = ", ".join(self.names) if self.names else "nobody"
        return f"{self.group.capitalize()} turns: {who}"
