"""The top bar's objective progress fitted to the room it has (play-tests 3, 4 and 8):
the whole line while it fits, then without the leading "The" and the round notes, then a
compact line (the holder's short name, each area with its count as "1/5": "Haldor's hold
Village square, The barn's stores 1/5"), then the areas' short names too ("Haldor's hold
Village, Barn 1/5", "Haldor's: Village, Barn 1/5"), then the areas and counts alone; only
then is the line cut. Never "Haldo… hold Vill…" (play-test 8: cut names were unreadable
bits)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from game.ui import theme
from game.ui.widgets import fit_text

HOLD = " hold "
FLOOR_MAX = 240  # the most the progress line keeps from the title and the side chips
DOT_W = 14  # a side's colour dot before an area whose holder is not named
SHORT_MAX = 10  # the most letters of a short name made of a name's first words
ARTICLES = ("The ", "A ", "An ")
# first words that name no place on their own: an area's short name keeps the next word
QUALIFIERS = frozenset(
    "North South East West Upper Lower Old New Great Little High Low Far Near".split()
)


@dataclass(frozen=True, slots=True)
class Part:
    """One objective of the progress line: who and where ("The Company hold North
    bridge"), its count ("2 of 3 rounds", after ": ") and its note ("counts at round 20",
    in closing brackets): the count is what the objective is about, the note can go."""

    head: str
    count: str = ""
    note: str = ""

    def text(self, head: str, notes: bool = True) -> str:
        out = f"{head}: {self.count}" if self.count else head
        return f"{out} ({self.note})" if notes and self.note else out

    @property
    def holder(self) -> tuple[str, str]:
        """(the holder's name, " hold " and what they hold), or ("", "") for no hold."""
        side, hold, area = self.head.partition(HOLD)
        return (side, hold + area) if hold else ("", "")


def parts_of(text: str) -> list[Part]:
    """The progress line's objectives, split at " · "."""
    out = []
    for part in text.split(" · "):
        head, colon, count = part.rpartition(": ")
        if colon:
            out.append(Part(head, count=count))
        elif part.endswith(")") and " (" in part:
            head, _, note = part[:-1].rpartition(" (")
            out.append(Part(head, note=note))
        else:
            out.append(Part(part))
    return out


def width_of(text: str) -> int:
    return theme.font("body", theme.SIZE_SMALL).size(text)[0]


def _bare(name: str) -> str:
    """``name`` without a leading article ("The Company" → "Company")."""
    for article in ARTICLES:
        if name.startswith(article) and len(name) > len(article):
            return name[len(article) :]
    return name


def short_side(name: str) -> str:
    """A side's short name for a narrow top bar: its possessive word ("Haldor's Raiders"
    → "Haldor's"), else what comes before " of " ("Garrison of Greyford" → "Garrison"),
    else its first words up to ``SHORT_MAX`` letters ("The Grey Maw Horde" → "Grey Maw"),
    always without a leading "The"."""
    bare = _bare(name)
    words = bare.split()
    owners = [w for w in words if w.endswith(("'s", "’s"))]
    if owners:
        return owners[0]
    before, of, _ = bare.partition(" of ")
    if of:
        return before
    return _first_words(words)


def short_area(name: str) -> str:
    """An objective area's short name: its first word without an article or a
    possessive, capitalised ("The barn's stores" → "Barn", "Village square" →
    "Village")."""
    words = _bare(name).split()
    if not words:
        return name
    if words[0] in QUALIFIERS:  # "South bridge" stays: "South" says nothing
        return " ".join(words[:2])
    first = re.sub(r"['’]s$", "", words[0])
    return first[:1].upper() + first[1:]


def area_shorts(names: list[str]) -> dict[str, str]:
    """Each area's short name (``short_area``), but its whole name where two different
    areas would read the same ("Barn roof", "Barn door": not "Barn, Barn")."""
    shorts = {n: short_area(n) for n in names}
    alike = {s for s in shorts.values() if sum(1 for n in set(names) if shorts[n] == s) > 1}
    return {n: (n if s in alike else s) for n, s in shorts.items()}


def _areas(part: Part) -> list[str]:
    """The areas a part of the progress line names (a holder's list, else its head)."""
    side, rest = part.holder
    return rest[len(HOLD) :].split(", ") if side else [part.head]


def _first_words(words: list[str]) -> str:
    out = words[0] if words else ""
    for word in words[1:]:
        if len(out) + 1 + len(word) > SHORT_MAX:
            break
        out += " " + word
    return out


def compact_count(count: str) -> str:
    """A count in few letters: "1 of 5 rounds" → "1/5", "1 of 4 escaped" → "1/4
    escaped"; another count as it is."""
    found = re.fullmatch(r"(\d+) of (\d+)(?: (.+))?", count)
    if found is None:
        return count
    done, need, what = found.groups()
    return f"{done}/{need}" if what in (None, "rounds", "round") else f"{done}/{need} {what}"


def short_names(names: list[str]) -> dict[str, str]:
    """Each side's short name (``short_side``), or its name without "The" where two
    sides' short names would be the same."""
    shorts = {name: short_side(name) for name in names}
    taken = [shorts[name] for name in names]
    return {n: s if taken.count(s) == 1 else _bare(n) for n, s in shorts.items()}


@dataclass(frozen=True, slots=True)
class Segment:
    """A piece of the fitted line: its text and, when it leaves out who holds what, the
    colour of the holder's side, drawn as a dot before it (as on the side's chip)."""

    text: str
    colour: str | None = None


def compact(parts: list[Part], level: int) -> str:
    """The compact line as text (``segments``)."""
    return " · ".join(s.text for s in segments(parts, level, {}))


def segments(parts: list[Part], level: int, colours: Mapping[str, str]) -> list[Segment]:
    """The compact line: a holder's areas after one "hold", each with its count
    ("Haldor's Raiders hold Village square, The barn's stores 1/5"); ``level`` 1 gives
    the holders' short names, 2 the areas' too, 3 a colon for "hold" ("Haldor's:
    Village, Barn 1/5"), 4 leaves out the holders' names, their side's colour (from
    ``colours``, by side name) in their place."""
    held: dict[str, list[str]] = {}
    order: list[str | None] = []
    loose: list[str] = []
    every = [a for part in parts for a in _areas(part)]
    shorts_of = area_shorts(every)
    for part in parts:
        side, rest = part.holder
        count = compact_count(part.count) if part.count else ""
        areas = _areas(part)
        shorten = level >= 2 and bool(side or count)  # an area's name, not a phrase
        named = [shorts_of[a] if shorten else a for a in areas]
        if count:
            named[-1] = f"{named[-1]} {count}"
        if side:
            if side not in held:
                held[side] = []
                order.append(side)
            held[side] += named
        else:
            order.append(None)
            loose.append(", ".join(named))
    shorts = short_names(list(held))
    out: list[Segment] = []
    free = iter(loose)
    for holder in order:
        if holder is None:
            out.append(Segment(next(free)))
            continue
        listed = ", ".join(held[holder])
        if level >= 4:
            out.append(Segment(listed, colours.get(holder)))
        else:
            name = _bare(holder) if level == 0 else shorts[holder]
            out.append(Segment(f"{name}{': ' if level == 3 else HOLD}{listed}"))
    return out


def segments_width(line: list[Segment]) -> int:
    """The pixels ``line`` takes: its texts, " · " between them, a dot before each
    coloured one."""
    texts = width_of(" · ".join(s.text for s in line))
    return texts + DOT_W * sum(1 for s in line if s.colour is not None)


def _plain(parts: list[Part], notes: bool) -> str:
    """The line as said, holders without a leading "The", with or without the notes."""
    shown = []
    for part in parts:
        side, rest = part.holder
        shown.append(part.text(_bare(side) + rest if side else part.head, notes))
    return " · ".join(shown)


def fit_progress(text: str, width: int) -> str:
    """The objectives' progress within ``width`` pixels as text (``fit_segments`` with
    no side's colour known)."""
    return " · ".join(s.text for s in fit_segments(text, width, {}))


def fit_segments(text: str, width: int, colours: Mapping[str, str]) -> list[Segment]:
    """The objectives' progress within ``width`` pixels, what matters kept at every
    width: who holds which area and the counts (see the module's word); ``colours``:
    the sides' colours by name, for the dots that stand for the holders' names."""
    if width_of(text) <= width:
        return [Segment(text)]
    parts = parts_of(text)
    for plain in (_plain(parts, True), _plain(parts, False)):
        if width_of(plain) <= width:
            return [Segment(plain)]
    for level in range(5):
        line = segments(parts, level, colours)
        if segments_width(line) <= width:
            return line
    whole = len(line)
    more = ""  # "+N": objectives left out (only then is the line cut: its last first)
    while len(line) > 1 and segments_width(line[:-1]) + width_of(f" · Abcd… +{whole}") > width:
        line = line[:-1]
        more = f" +{whole - len(line)}"
    last = line[-1]
    room = width - segments_width(line) + width_of(last.text) - width_of(more)
    cut = fit_text(last.text, room, "body", theme.SIZE_SMALL) + more
    return [*line[:-1], Segment(cut, last.colour)]


def progress_floor(text: str) -> int:
    """The pixels the progress line keeps from the title and the chips: its compact line
    with short names ("Haldor's: Village, Barn 1/5"), at most ``FLOOR_MAX``, at least the
    areas and counts alone (with the holders' dots)."""
    if not text:
        return 0
    parts = parts_of(text)
    holders = {p.holder[0] for p in parts} - {""}
    least = width_of(compact(parts, 4)) + DOT_W * len(holders)
    return max(least, min(width_of(compact(parts, 3)), FLOOR_MAX))
