"""What a ruleset tells a screen, as plain data (issue 28 · a presenter per ruleset).

A ruleset's ``Presenter`` (``game.engine.presenter``) answers the screen's questions with
these: the unit's health tracks, the words for its conditions, rows of text in the
ruleset's own terms, links between units, and the preview of an answer. The screen draws
them without knowing which ruleset wrote them. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Track:
    """One health track of a unit: its label ("HP"), where it stands and its maximum;
    ``bar``: the screen draws it as a bar under the unit's token."""

    label: str
    current: int
    maximum: int
    bar: bool = True


@dataclass(frozen=True, slots=True)
class Harm:
    """A neutral reading of one event that cost a unit some health: ``amount`` off its
    ``track`` (the ruleset's label, "HP"), dealt ``by`` a unit (None: no one's blow)."""

    track: str
    amount: int
    unit: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """A row of a panel: a label, a value, the colour name it is drawn in. A label led by
    a space itemises the row above it (drawn in the body face)."""

    label: str
    value: str = ""
    tone: str = "ink"


@dataclass(frozen=True, slots=True)
class ConditionText:
    """How a screen names a condition and what it does; ``tone``: "harm" (bad for the
    unit), "help" (good for it) or "neutral"."""

    label: str
    effect: str = ""
    tone: str = "neutral"


@dataclass(frozen=True, slots=True)
class Link:
    """Two units joined on the board (``kind`` "screen": ``a`` screens its ward ``b``)."""

    kind: str
    a: str
    b: str


@dataclass(frozen=True, slots=True)
class PlanGroup:
    """One group a round of declared intentions resolves in (``Presenter.plan_groups``),
    first group first: ``key`` is the ``turn`` of ``IntentionRevealed`` / the ``group`` of
    ``OrderSet``; ``title`` heads it in the round plan; ``note``: what the plan says while
    its order is not set yet; the token badge is ``badge`` followed by the unit's place in
    the order (``badge_number="place"``) or by the number that placed it, the last word
    of its ``OrderSet.placed_by`` (``"roll"``: an initiative count)."""

    key: str
    title: str
    badge: str = ""
    note: str = ""
    badge_number: str = "place"


@dataclass(frozen=True, slots=True)
class AnswerPreview:
    """What an answer (an attack, a charge, a grapple …) would do, before it is given.

    ``rows``: the preview in the ruleset's own words (each with its colour); ``odds``: the
    chance it succeeds when something is rolled for it, else None; ``outcome``: the range
    of damage it deals; ``drops``: the chance it takes the target out. ``allowed`` false:
    it cannot be made now, ``reason`` says why. ``weapon``: the weapon it is made with.
    ``area``: the squares it strikes when it strikes an area (a blast), which the board
    tints while the player aims it; empty: it strikes its target alone.
    """

    weapon: str
    allowed: bool
    reason: str
    rows: tuple[Row, ...]
    odds: float | None = None
    outcome: tuple[int, int] = (0, 0)
    drops: float = 0.0
    area: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Motion:
    """How the screen animates one event, in neutral words (``Presenter.motions``).

    ``kind``: "lunge" (``actor`` strikes at ``target``), "close_in" (``actors`` all lunge
    at ``target`` together), "shot" (a ``missile`` — "arrow", "bolt" or "thrown" — flies
    from ``actor`` to ``target``), "miss" (the attack of ``actor`` on ``target`` missed:
    a missile in flight flies past, a blade is turned aside), "lands" (the thrown weapon
    of ``actor`` comes to rest on ``cell``), "harm" (``target`` loses ``amount`` on the
    health track ``track``; ``graze``: harm that a miss still does, shown with ``words``),
    "fall" (``target`` drops), "flee" (``target`` runs off the field), "dash" (the next
    move of ``actor`` is a charge)."""

    kind: str
    actor: str | None = None
    target: str | None = None
    actors: tuple[str, ...] = ()
    missile: str = ""
    amount: int = 0
    track: str = ""
    graze: bool = False
    words: str = ""
    cell: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class LegendRow:
    """One row of the legend (F1) that only some rulesets need (``Presenter.legend_rows``),
    in neutral words the screen knows how to draw. ``look``: "fill", "outline" or "line"
    (a board square or line in the colour named ``tone``), "provoking" (a square a unit
    provokes by leaving), "link" (two units joined) — listed under "On the board" — or
    "badge" (the text ``tone`` on a token's badge) or "words" (``tone`` in bold, a word
    the screen shows, such as a row of the unit sheet) — listed under the markers.
    ``text``: what it means."""

    look: str
    text: str
    tone: str = ""
