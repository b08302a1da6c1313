"""Who saw each line of the combat log (issue 4 · fog of war, hotseat): every event is
decided once, when it arrives, for every side a player may look with (the screen's human
sides), from the fog the events imply at that moment; the log each player is shown is
then the lines their side saw.

The rule (the fog's own, line by line): a line that names no unit and no square (a round
begins, a side acts) is seen by every side; a side sees the lines about its own units
whole; a line whose unit the ruleset hides from a side (``Presenter.hidden_from``: lying
in wait) is not seen by it; else, with fog, a side sees a line when one of its places was
in its sight then: the squares it names (a move's start and every square it entered) and
the squares of the units it names (an attack: the attacker's and the target's). A move
seen, but not its last square, is read as "X moves out of sight": the line never names a
square the side could not see (play-test: "Sergeant Bryni moves 25 ft to 21,4", a square
the reader's units could not see). A line a side saw still leaves out what it did not
(``cut_for``, play-test 8): the units of a list of units it did not see (the resolution
order names every unit, its own among them), and the squares another side's unit only
means to go to (a declared move) out of its sight. What a line only aims at (``AIMED``:
the unit a declaration is aimed at) does not make it seen: a foe in fog declaring an
attack on a side's unit is not read by that side.

The same decision, square by square, says which of an event's places each side did not
see (``Seen.unseen``): the screen draws no strike, missile or lunge there, and the camera
does not go there (a hidden attacker's square stays hidden, though the line about its
blow on a side's own unit is read whole).

Where the units stood at each event is read back from the events themselves: the units as
they stand now, walked back through the new events (a move undone puts the unit on its
start, a fall undone stands it up again), then forward, event by event."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.engine.events import Died, Downed, Event, LeftBattle, Moved
from game.engine.intentions import AIMED
from game.geometry.grid import Cell
from game.ui.log_redact import aimed_cells, aimed_units, cuts, is_cell, listed_units, redacted

FALLS = (Downed, Died, LeftBattle)  # a unit out of the fight sees nothing more


@dataclass(frozen=True, slots=True)
class Standing:
    """A unit at one moment: its side, its square, whether it still stands (and sees)."""

    side: str
    cell: Cell
    up: bool


Stands = dict[str, Standing]
InSight = Callable[[str, tuple[Cell, ...], Sequence[Cell]], bool]  # side, its eyes, places
Concealed = Callable[[str, str], bool]  # unit, side: hidden from that side by the ruleset


def named_units(event: Event, units: Mapping[str, object]) -> list[str]:
    """The units ``event`` names (its fields holding a unit's id, or a list of them: the
    resolution order, the units acting at one count), in field order; not a unit it only
    aims at (``AIMED``: the target of a declaration, which does not show who aims)."""
    out: list[str] = []
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if isinstance(value, str) and value in units and value not in out:
            if not f.metadata.get(AIMED):
                out.append(value)
    out.extend(u for u in listed_units(event, units) if u not in out)
    return out


def named_cells(event: Event) -> list[Cell]:
    """The squares ``event`` names: its square fields and its paths (or lists of squares);
    not the squares it only aims at (``AIMED``: where a declared move goes)."""
    out: list[Cell] = []
    for f in dataclasses.fields(event):
        if f.metadata.get(AIMED):
            continue
        value = getattr(event, f.name)
        if is_cell(value):
            out.append((value[0], value[1]))
        elif isinstance(value, tuple) and value and all(is_cell(v) for v in value):
            out.extend((v[0], v[1]) for v in value)
    return out


def undo_event(event: Event, stands: Stands) -> None:
    """``stands`` as they were before ``event``: a mover back on its start, a fallen unit up."""
    unit = getattr(event, "unit", None)
    now = stands.get(unit) if isinstance(unit, str) else None
    if now is None or unit is None:
        return
    if isinstance(event, Moved):
        stands[unit] = dataclasses.replace(now, cell=event.start)
    elif isinstance(event, FALLS):
        stands[unit] = dataclasses.replace(now, up=True)


def redo_event(event: Event, stands: Stands) -> None:
    """``stands`` after ``event``: a mover on its last square, a fallen unit down."""
    unit = getattr(event, "unit", None)
    now = stands.get(unit) if isinstance(unit, str) else None
    if now is None or unit is None:
        return
    if isinstance(event, Moved) and event.path:
        stands[unit] = dataclasses.replace(now, cell=event.path[-1])
    elif isinstance(event, FALLS):
        stands[unit] = dataclasses.replace(now, up=False)


def eyes_of(stands: Stands, side: str) -> tuple[Cell, ...]:
    """The squares ``side``'s standing units see from, in order."""
    return tuple(sorted(s.cell for s in stands.values() if s.side == side and s.up))


@dataclass(frozen=True, slots=True)
class Seen:
    """The sides that saw an event; ``blind_end``: those of them that saw a move but not
    where it ended."""

    sides: frozenset[str]
    blind_end: frozenset[str] = frozenset()
    unseen: tuple[tuple[str, frozenset[Cell]], ...] = ()  # by side: its places not seen
    texts: tuple[tuple[str, str], ...] = ()  # by side: its line, when cut (``log_redact``)

    def text_for(self, side: str) -> str | None:
        """The line as ``side`` reads it when something was cut from it, else None."""
        return next((text for s, text in self.texts if s == side), None)

    def unseen_by(self, side: str) -> frozenset[Cell]:
        """The places of the event ``side`` did not see (``unseen_places``)."""
        return next((cells for s, cells in self.unseen if s == side), frozenset())


def unseen_places(
    side: str,
    places: Sequence[tuple[str | None, Cell]],
    stands: Stands,
    in_sight: InSight | None,
    concealed: Concealed,
) -> frozenset[Cell]:
    """Which of ``places`` (a unit's square, or a square named alone: unit None) ``side``
    did not see: none of its own units' squares; a unit's the ruleset hides from it;
    with fog, a square out of its units' sight."""
    eyes = eyes_of(stands, side) if in_sight is not None else ()
    out: set[Cell] = set()
    for unit, cell in places:
        if unit is not None and stands[unit].side == side:
            continue
        if unit is not None and concealed(unit, side):
            out.add(cell)
        elif in_sight is not None and not in_sight(side, eyes, [cell]):
            out.add(cell)
    return frozenset(out)


def seen_by(
    event: Event,
    stands: Stands,
    sides: Iterable[str],
    in_sight: InSight | None,
    concealed: Concealed,
) -> Seen:
    """Which sides saw ``event`` (``stands``: the units just before it; ``in_sight``:
    whether one of some places is in a side's sight, None without fog)."""
    units = named_units(event, stands)
    cells = named_cells(event)
    sides = tuple(sides)
    if not units and not cells:
        return Seen(frozenset(sides))
    actor = getattr(event, "unit", None)
    out, blind = set(), set()
    named = [(None, c) for c in cells] + [(u, stands[u].cell) for u in units]
    unseen = tuple(
        (side, hid)
        for side in sides
        if (hid := unseen_places(side, named, stands, in_sight, concealed))
    )
    for side in sides:
        if any(stands[u].side == side for u in units):
            out.add(side)  # its own units' lines, whole (but for ``cut_for``)
            continue
        if isinstance(actor, str) and actor in stands and concealed(actor, side):
            continue
        if in_sight is None:
            out.add(side)
            continue
        eyes = eyes_of(stands, side)
        places = cells + [stands[u].cell for u in units if not concealed(u, side)]
        if places and in_sight(side, eyes, places):
            out.add(side)
            if isinstance(event, Moved) and event.path:
                if not in_sight(side, eyes, event.path[-1:]):
                    blind.add(side)
    texts = tuple(
        (side, text)
        for side in sides
        if side in out and (text := cut_for(event, side, stands, in_sight, concealed))
    )
    return Seen(frozenset(out), frozenset(blind), unseen, texts)


def cut_for(
    event: Event,
    side: str,
    stands: Stands,
    in_sight: InSight | None,
    concealed: Concealed,
) -> str | None:
    """The line of ``event`` as ``side``, who saw it, reads it when part of it was out of
    its sight (None: whole): the units of its lists of units ``side`` did not see are left
    out (play-test 8: "Initiative turns: ..." named every foe in fog, the reader's own
    units being in the list), and, with fog, the squares it aims at (where another side's
    unit means to go) that ``side`` cannot see are not spelled."""
    if not cuts(event, stands):
        return None  # nothing to cut: no need to work out the reader's eyes
    eyes = eyes_of(stands, side) if in_sight is not None else ()

    def unseen(cell: Cell) -> bool:
        return in_sight is not None and not in_sight(side, eyes, [cell])

    def hidden_unit(u: str) -> bool:
        return stands[u].side != side and (concealed(u, side) or unseen(stands[u].cell))

    drop = [u for u in listed_units(event, stands) if hidden_unit(u)]
    actor = getattr(event, "unit", None)
    mine = isinstance(actor, str) and actor in stands and stands[actor].side == side
    hidden = [] if mine else [c for c in aimed_cells(event) if unseen(c)]
    aimed = [] if mine else [u for u, _ in aimed_units(event, stands) if hidden_unit(u)]
    return redacted(event, drop, hidden, stands, aimed)


def read_as(event: Event, seen: Seen, side: str) -> str | None:
    """The text of ``event``'s line for ``side``: None when it did not see it; a move
    whose end it did not see, without that square; without what ``cut_for`` cut."""
    if side not in seen.sides:
        return None
    if side in seen.blind_end and isinstance(event, Moved):
        return f"{event.who} moves out of sight"
    return seen.text_for(side) or event.text()


class LogSight:
    """The sides that saw each event of one battle, by the event's index."""

    def __init__(self) -> None:
        self.seen: list[Seen] = []
        self._tail: Event | None = None  # the last event decided

    def catch_up(
        self,
        events: Sequence[Event],
        now: Callable[[], Stands],
        sides: Sequence[str],
        in_sight: InSight | None,
        concealed: Concealed,
    ) -> None:
        """Decide the events not decided yet (``now()``: the units as they stand after
        the last event). Events taken back (an undo) are forgotten first."""
        if len(events) < len(self.seen):  # an undo: the events before the cut stay
            del self.seen[len(events) :]
            self._tail = events[-1] if events else None
        elif self.seen and events[len(self.seen) - 1] != self._tail:
            self.seen.clear()  # taken back and played on: decided again from the start
        new = events[len(self.seen) :]
        if not new:
            return
        stands = now()
        for event in reversed(new):
            undo_event(event, stands)
        for event in new:
            self.seen.append(seen_by(event, stands, sides, in_sight, concealed))
            redo_event(event, stands)
        self._tail = new[-1]

    def reads(self, events: Sequence[Event], index: int, side: str) -> str | None:
        """The line of event ``index`` as ``side`` reads it (``read_as``); an event not
        decided yet is read whole."""
        event = events[index]
        if not 0 <= index < len(self.seen):
            return event.text()
        return read_as(event, self.seen[index], side)

    def unseen(self, index: int, side: str) -> frozenset[Cell]:
        """The places of event ``index`` that ``side`` did not see (none when the event
        is not decided yet)."""
        if not 0 <= index < len(self.seen):
            return frozenset()
        return self.seen[index].unseen_by(side)
