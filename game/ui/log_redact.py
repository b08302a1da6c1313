"""A log line without what its reader could not see (issue 4 · fog of war, play-test 8).

Two kinds of naming are cut, whatever the event:

- a list of units (a field holding several unit ids: the resolution order "Initiative
  turns: ...", the units acting at one count) loses the units the reader did not see, and
  with them the same places of the lists beside it (their names, the rolls that placed
  them): "Initiative turns: Ada, Gor" for a reader who never saw the third;
- a square an event only aims at (a field marked ``AIMED``: where a declared move goes)
  that the reader cannot see is not spelled: "Rolf intends to Move out of sight", not
  "to 23,14";
- a unit of another side an event only aims at (the target of a declaration) that the
  reader cannot see is not named: "Vigga intends to Stabilise someone out of sight".

No pygame here."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Mapping, Sequence

from game.engine.events import Event
from game.engine.intentions import AIMED
from game.geometry.grid import Cell


def is_cell(value: object) -> bool:
    """Whether ``value`` is a square: two whole numbers."""
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _unit_list(value: object, units: Collection[str]) -> bool:
    """Whether ``value`` is a list of units: a tuple or list of unit ids, not empty."""
    return (
        isinstance(value, tuple | list)
        and bool(value)
        and all(isinstance(v, str) and v in units for v in value)
    )


def listed_units(event: Event, units: Collection[str]) -> list[str]:
    """The units ``event`` names in its lists of units, in field order."""
    out: list[str] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if _unit_list(value, units):
            out.extend(u for u in value if u not in out)
    return out


def aimed_cells(event: Event) -> list[Cell]:
    """The squares ``event`` only aims at (its fields marked ``AIMED``)."""
    out: list[Cell] = []
    for f in dataclasses.fields(event):
        if not f.metadata.get(AIMED):
            continue
        value = getattr(event, f.name)
        if is_cell(value):
            out.append((value[0], value[1]))
        elif isinstance(value, tuple | list):
            out.extend((v[0], v[1]) for v in value if is_cell(v))
    return out


def aimed_units(event: Event, units: Collection[str]) -> list[tuple[str, str]]:
    """(unit, name) of each unit ``event`` only aims at (a field marked ``AIMED`` holding
    a unit's id, its name in the field of the same name with ``_name`` after it)."""
    out: list[tuple[str, str]] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if f.metadata.get(AIMED) and isinstance(value, str) and value in units:
            name = getattr(event, f"{f.name}_name", "")
            if isinstance(name, str) and name:
                out.append((value, name))
    return out


def cuts(event: Event, units: Collection[str]) -> bool:
    """Whether ``event`` names anything ``redacted`` may cut for a reader: a list of
    units, a square or a unit it aims at."""
    return bool(listed_units(event, units) or aimed_cells(event) or aimed_units(event, units))


def without_units(event: Event, drop: Collection[str], units: Collection[str]) -> Event:
    """``event`` with the units of ``drop`` taken out of its lists of units, and out of
    every list beside such a list with as many items (their names, the rolls that placed
    them; ``_beside``: never a square)."""
    fields = [(f.name, getattr(event, f.name)) for f in dataclasses.fields(event)]
    changes: dict[str, object] = {}
    for name, value in fields:
        if not _unit_list(value, units) or not set(value) & set(drop):
            continue
        keep = [i for i, u in enumerate(value) if u not in drop]
        for other, beside in fields:
            if other in changes or not isinstance(beside, tuple | list):
                continue
            if other == name or _beside(beside, value, units):
                cut = [beside[i] for i in keep]
                changes[other] = tuple(cut) if isinstance(beside, tuple) else cut
    return dataclasses.replace(event, **changes) if changes else event


def _beside(
    other: tuple[object, ...] | list[object], listed: Sequence[str], units: Collection[str]
) -> bool:
    """Whether ``other`` is a list beside the list of units ``listed``, item by item: as
    long, of plain values (names, rolls, flags; not a square, nor a path), not units."""
    return (
        len(other) == len(listed)
        and not is_cell(other)
        and all(isinstance(v, str | int | float | bool) for v in other)
        and not _unit_list(other, units)
    )


def hide_squares(text: str, cells: Collection[Cell]) -> str:
    """``text`` without the squares ``cells``: "to x,y" reads "out of sight", a square
    named alone "a square out of sight"."""
    for x, y in sorted(cells):
        text = re.sub(rf"\bto {x},{y}\b", "out of sight", text)
        text = re.sub(rf"(?<![\d,]){x},{y}(?![\d,])", "a square out of sight", text)
    return text


def hide_names(text: str, names: Collection[str]) -> str:
    """``text`` with each of ``names`` read as "someone out of sight"."""
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", "someone out of sight", text)
    return text


def redacted(
    event: Event,
    drop: Collection[str],
    unseen: Collection[Cell],
    units: Mapping[str, object],
    unseen_aimed: Collection[str] = (),
) -> str | None:
    """The text of ``event`` without the listed units ``drop``, without the aimed squares
    ``unseen`` and without the names of the aimed units ``unseen_aimed``; None when
    nothing is cut (the line reads whole)."""
    dropped = [u for u in listed_units(event, units) if u in drop]
    hidden = [c for c in aimed_cells(event) if c in unseen]
    names = [name for u, name in aimed_units(event, units) if u in unseen_aimed]
    if not dropped and not hidden and not names:
        return None
    text = without_units(event, dropped, units).text()
    return hide_names(hide_squares(text, hidden), names)
