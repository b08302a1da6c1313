"""Cover explained on the battle screen (issue 4 play-test: "where does this cover come from?").

Hovering a target draws source 004's cover picture from the geometry's
:func:`~game.geometry.cover_picture.cover_picture`: a line from the attacker's chosen
sample to each corner of the target's square, solid green when clear, dashed red when
blocked, and an outline around every square that gives the cover (the walls that block
a line, or the cover tile on the line). The target preview names the same squares:
"half cover: stone wall at (12,7) hides 3 corners". Pictures are cached per pair until
the grid changes (the geometry's own version).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.geometry.cover_picture import CoverPicture, cover_picture
from game.geometry.grid import Cell, Cover
from game.geometry.sight import Sight

Point2 = tuple[float, float]
Line = tuple[Point2, Point2, str]
_MAX_CACHED = 64


@dataclass(frozen=True, slots=True)
class CoverView:
    """What the board draws and the preview says about one target's cover."""

    lines: tuple[Line, ...]
    sources: tuple[Cell, ...]  # squares outlined as giving the cover
    reason: str  # "" when there is no cover


def cover_reason(picture: CoverPicture, name_of: Callable[[Cell], str]) -> str:
    """Where the cover comes from, in words; ``name_of`` names a square's terrain."""
    if picture.cover == Cover.NONE:
        return ""
    if picture.from_tile and picture.tile is not None:
        return f"{name_of(picture.tile)} at {_at(picture.tile)} on the line"
    blocked = sum(1 for line in picture.lines if not line.clear)
    hides = "all 4 corners" if blocked == 4 else f"{blocked} corner{'s' if blocked > 1 else ''}"
    cells = picture.blockers
    if not cells:
        return f"{hides} hidden"
    names = list(dict.fromkeys(name_of(c) for c in cells))
    what = names[0] if len(names) == 1 else " and ".join(names[:2])
    where = ", ".join(_at(c) for c in cells[:2]) + (" …" if len(cells) > 2 else "")
    verb = "hides" if len(cells) == 1 else "hide"
    return f"{what} at {where} {verb} {hides}"


def _at(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


class CoverViews:
    """The cover views of hovered pairs, cached (one sight, one terrain namer)."""

    def __init__(self, sight: Callable[[], Sight], name_of: Callable[[Cell], str]) -> None:
        self._sight = sight
        self._name_of = name_of
        self._cache: dict[tuple[Cell, Cell], CoverView] = {}
        self._version = -1

    def of(self, attacker: Cell, target: Cell) -> CoverView:
        sight = self._sight()
        if sight.grid.version != self._version:
            self._cache.clear()
            self._version = sight.grid.version
        found = self._cache.get((attacker, target))
        if found is None:
            found = self._build(sight, attacker, target)
            if len(self._cache) >= _MAX_CACHED:
                self._cache.clear()
            self._cache[(attacker, target)] = found
        return found

    def _build(self, sight: Sight, attacker: Cell, target: Cell) -> CoverView:
        picture = cover_picture(sight, attacker, target)
        if picture is None:  # no sight at all: every line blocked, from the centre
            centre = (attacker[0] + 0.5, attacker[1] + 0.5)
            ends = ((0, 0), (1, 0), (0, 1), (1, 1))
            return CoverView(
                tuple(
                    (centre, (float(target[0] + dx), float(target[1] + dy)), "cover_line_blocked")
                    for dx, dy in ends
                ),
                (),
                "",
            )
        lines = tuple(
            (line.start, line.end, "cover_line_clear" if line.clear else "cover_line_blocked")
            for line in picture.lines
        )
        if picture.cover == Cover.NONE:
            return CoverView(lines, (), "")
        grid = sight.grid
        sources = picture.blockers
        if picture.from_tile and picture.tile is not None:
            sources = (picture.tile,)
        shown = tuple(c for c in sources if grid.in_bounds(c))
        return CoverView(lines, shown, cover_reason(picture, self._name_of))
