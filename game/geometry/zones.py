"""The zone graph (DESIGN.md · Geometry · Zones): named areas of the map, which of them a
unit can step between, and the four ranges of the zone rulesets.

Zones come from the map's ``zones`` layer; a map without one gets zones made by
``auto_zones`` (README.md of this package · Zones made automatically). Every walkable
cell belongs to exactly one zone:

- where a map's zones overlap, the zone listed first in the layer keeps the cell;
- a walkable cell that no zone covers joins the zone it can reach in the fewest steps
  (ties: the zone listed first), so any map plays; ``check-map`` reports such cells;
  walkable cells no zone can reach at all become zones of their own ("Unzoned area N");
- a map zone that covers no walkable cell is dropped (``check-map`` reports it too).

Two zones are adjacent when one legal step (``movement.step_allowed``) leads from a cell
of one to a cell of the other. The ranges count zone steps: Close (the same zone),
Nearby (adjacent), Far-Away (two steps), Distant (further, or no way at all). What each
range allows is for the ruleset to say.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Protocol

from game.geometry.grid import Cell, Grid
from game.geometry.movement import STEPS, step_allowed
from game.geometry.zone_conditions import CAPACITY, HAZARD, Hazard, parse_capacity, parse_hazard
from game.geometry.zone_parts import (
    adjacency,
    blocked_rows,
    components,
    runs_of,
    split_runs,
    walkable_cells,
)

# Automatic zones are split until no zone holds more cells than this (about 7×7 squares:
# a room or a yard, a round's walk across).
AUTO_ZONE_MAX_CELLS = 49
# Automatic pieces smaller than this join a neighbouring piece (no one-square zones left
# over by a cut or a nook between trees).
AUTO_ZONE_MIN_CELLS = 6
# Terrain whose name contains this word bounds automatic zones like a wall does.
DOOR_WORD = "door"


class ZoneRange(IntEnum):
    """How far apart two zones are, in zone steps."""

    CLOSE = 0
    NEARBY = 1
    FAR_AWAY = 2
    DISTANT = 3

    @property
    def label(self) -> str:
        return _RANGE_LABELS[self]


_RANGE_LABELS = {
    ZoneRange.CLOSE: "Close",
    ZoneRange.NEARBY: "Nearby",
    ZoneRange.FAR_AWAY: "Far-Away",
    ZoneRange.DISTANT: "Distant",
}


class ZoneLike(Protocol):
    """What the graph needs of a map zone (``game.maps.battlefield.Zone``)."""

    @property
    def name(self) -> str: ...

    @property
    def cells(self) -> frozenset[Cell]: ...

    @property
    def properties(self) -> dict[str, str]: ...


@dataclass(frozen=True, slots=True)
class ZoneArea:
    """One zone of the graph: ``index`` in ``ZoneGraph.zones``, its walkable ``cells``,
    the map object's custom ``properties``; ``made``: made automatically, not by the map."""

    index: int
    name: str
    cells: frozenset[Cell]
    properties: Mapping[str, str] = field(default_factory=dict, hash=False, compare=False)
    made: bool = False

    @property
    def centre(self) -> tuple[float, float]:
        xs = [c[0] for c in self.cells]
        ys = [c[1] for c in self.cells]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True, slots=True)
class _Made:
    name: str
    cells: frozenset[Cell]
    properties: dict[str, str] = field(default_factory=dict, hash=False, compare=False)


class ZoneGraph:
    """Zones, the cell → zone map, adjacency and zone steps. Immutable once built."""

    __slots__ = ("zones", "_zone_of", "_neighbours", "_steps", "_names")

    def __init__(
        self,
        zones: Sequence[ZoneArea],
        zone_of: Mapping[Cell, int],
        neighbours: Sequence[frozenset[int]],
    ) -> None:
        self.zones: tuple[ZoneArea, ...] = tuple(zones)
        self._zone_of = dict(zone_of)
        self._neighbours = tuple(neighbours)
        self._names = {z.name: z.index for z in self.zones}
        self._steps: dict[int, tuple[int | None, ...]] = {}  # zone -> steps to each zone

    @classmethod
    def build(cls, grid: Grid, zones: Sequence[ZoneLike] = ()) -> ZoneGraph:
        """The graph of a map's ``zones`` (made automatically when there are none)."""
        made = not zones
        source: Sequence[ZoneLike] = auto_zones(grid) if made else zones
        walkable = walkable_cells(grid)
        open_cells = set(walkable)
        zone_of: dict[Cell, int] = {}
        kept: list[tuple[ZoneLike, int]] = []
        for zone in source:
            index = len(kept)
            claimed = False
            for cell in zone.cells:  # the first zone to list a cell keeps it
                if cell in open_cells and cell not in zone_of:
                    zone_of[cell] = index
                    claimed = True
            if claimed:
                kept.append((zone, index))
        if kept and len(zone_of) < len(walkable):
            _fill_gaps(grid, zone_of)
        cells: list[set[Cell]] = [set() for _ in kept]
        for cell, index in zone_of.items():
            cells[index].add(cell)
        areas = [
            ZoneArea(i, zone.name, frozenset(cells[i]), dict(zone.properties), made)
            for zone, i in kept
        ]
        # Walkable cells no zone can reach (an island the map's zones miss): zones of
        # their own, one for each connected part.
        blocked = blocked_rows(grid)
        islands = components([c for c in walkable if c not in zone_of], blocked)
        for n, island in enumerate(islands, start=1):
            index = len(areas)
            areas.append(ZoneArea(index, f"Unzoned area {n}", frozenset(island), {}, True))
            zone_of.update((c, index) for c in island)
        return cls(areas, zone_of, adjacency(grid, zone_of, len(areas)))

    def _bfs(self, start: int) -> tuple[int | None, ...]:
        steps: list[int | None] = [None] * len(self.zones)
        steps[start] = 0
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self._neighbours[here]):
                if steps[there] is None:
                    steps[there] = steps[here] + 1  # type: ignore[operator]
                    queue.append(there)
        return tuple(steps)

    def zone_at(self, cell: Cell) -> int | None:
        """The zone holding ``cell`` (None: it blocks movement, or is off the map)."""
        return self._zone_of.get(cell)

    def index(self, name: str) -> int:
        return self._names[name]

    def neighbours(self, zone: int) -> frozenset[int]:
        """The zones one step leads into from ``zone``."""
        return self._neighbours[zone]

    def steps(self, a: int, b: int) -> int | None:
        """Zone steps from ``a`` to ``b`` (None: no way between them)."""
        row = self._steps.get(a)
        if row is None:
            row = self._steps[a] = self._bfs(a)
        return row[b]

    def range(self, a: int, b: int) -> ZoneRange:
        steps = self.steps(a, b)
        if steps is None or steps >= ZoneRange.DISTANT:
            return ZoneRange.DISTANT
        return ZoneRange(steps)

    def cell_range(self, a: Cell, b: Cell) -> ZoneRange | None:
        """The range between the zones of two cells (None: a cell is in no zone)."""
        za, zb = self.zone_at(a), self.zone_at(b)
        if za is None or zb is None:
            return None
        return self.range(za, zb)

    def free_cells(self, zone: int, occupied: Collection[Cell] = ()) -> list[Cell]:
        """The zone's cells not in ``occupied``, nearest its centre first."""
        cx, cy = self.zones[zone].centre
        free = [c for c in self.zones[zone].cells if c not in occupied]
        return sorted(free, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))

    def landing(self, zone: int, occupied: Collection[Cell], start: Cell) -> Cell | None:
        """The free cell of ``zone`` nearest ``start`` (straight-line squares; ties: row
        then column): where a unit moving into the zone stands. None when it is full."""
        free = [c for c in self.zones[zone].cells if c not in occupied]
        if not free:
            return None
        return min(
            free,
            key=lambda c: (
                max(abs(c[0] - start[0]), abs(c[1] - start[1])),
                (c[0] - start[0]) ** 2 + (c[1] - start[1]) ** 2,
                c[1],
                c[0],
            ),
        )

    def border_cells(self, zone: int) -> frozenset[Cell]:
        """Cells of other zones one legal step away from a cell of ``zone``."""
        out: set[Cell] = set()
        for x, y in self.zones[zone].cells:
            for dx, dy in STEPS:
                other = (x + dx, y + dy)
                there = self._zone_of.get(other)
                if there is not None and there != zone:
                    out.add(other)
        return frozenset(out)

    def capacity(self, zone: int) -> int | None:
        """The zone's ``capacity`` property (how many units fit), None when unlimited or
        not a positive whole number (``check-map`` reports the latter)."""
        text = self.zones[zone].properties.get(CAPACITY)
        if text is None:
            return None
        try:
            return parse_capacity(text)
        except ValueError:
            return None

    def hazard(self, zone: int) -> Hazard | None:
        """The zone's ``hazard`` property read (zone_conditions.py), None when it has
        none or it does not read (``check-map`` reports the latter)."""
        text = self.zones[zone].properties.get(HAZARD)
        if text is None:
            return None
        try:
            return parse_hazard(text)
        except ValueError:
            return None


def _row_major(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def _fill_gaps(grid: Grid, zone_of: dict[Cell, int]) -> None:
    """Walkable cells no zone covers join the zone they reach in fewest steps (a
    breadth-first flood from every zoned cell at once; ties go to the lower index)."""
    frontier = sorted(zone_of, key=lambda c: (zone_of[c], c[1], c[0]))
    while frontier:
        grown: dict[Cell, int] = {}
        for cell in frontier:
            for dx, dy in STEPS:
                other = (cell[0] + dx, cell[1] + dy)
                if other in zone_of or not step_allowed(grid, cell, other):
                    continue
                if other not in grown or zone_of[cell] < grown[other]:
                    grown[other] = zone_of[cell]
        zone_of.update(grown)
        frontier = sorted(grown, key=lambda c: (grown[c], c[1], c[0]))


def auto_zones(grid: Grid, max_cells: int = AUTO_ZONE_MAX_CELLS) -> tuple[_Made, ...]:
    """Zones for a map that has none, made deterministically:

    1. **Areas**: the walkable cells split into areas connected by legal steps, where a
       door (terrain named with "door") bounds an area as a wall does; each door cell
       then joins the first area (in reading order) next to it.
    2. **Split when too large**: an area of more than ``max_cells`` cells is cut in two
       across its longer side (width against height of its bounding box) at the middle
       cell in that direction, again and again; a piece the cut leaves in several parts
       becomes several zones.
    3. **No slivers**: a piece of fewer than ``AUTO_ZONE_MIN_CELLS`` cells joins the
       smallest piece of its area it touches (ties: the one whose first cell comes first
       in reading order); a small area touching no other piece stays as it is.
    4. **Names**: "Area N", numbered in reading order of each zone's first cell (top row
       first, then left to right).
    """
    walkable = walkable_cells(grid)
    blocked = blocked_rows(grid)
    doors = {c for c in walkable if DOOR_WORD in grid.terrain(c).name.lower()}
    areas = components([c for c in walkable if c not in doors], blocked)
    area_of = {c: i for i, area in enumerate(areas) for c in area}
    for door in sorted(doors, key=_row_major):
        nearby = sorted(
            area_of[o]
            for o in ((door[0] + dx, door[1] + dy) for dx, dy in STEPS)
            if o in area_of and step_allowed(grid, door, o)
        )
        if nearby:
            areas[nearby[0]].add(door)
            area_of[door] = nearby[0]
        else:  # a door alone (or among doors): an area of its own
            area_of[door] = len(areas)
            areas.append({door})
    pieces: list[set[Cell]] = []
    for area in areas:
        pieces.extend(_merge_small(split_runs(runs_of(area), blocked, max_cells), grid))
    pieces.sort(key=lambda p: min(_row_major(c) for c in p))
    return tuple(_Made(f"Area {n}", frozenset(p)) for n, p in enumerate(pieces, start=1))


def _first(cells: Iterable[Cell]) -> tuple[int, int]:
    return min(_row_major(c) for c in cells)


def _merge_small(pieces: list[set[Cell]], grid: Grid) -> list[set[Cell]]:
    pieces = [set(p) for p in pieces]
    owner = {c: i for i, p in enumerate(pieces) for c in p}
    while True:
        # Merged pieces are left empty until the end: every choice is by size and
        # first cell, never by a piece's place in the list.
        small = [i for i, p in enumerate(pieces) if 0 < len(p) < AUTO_ZONE_MIN_CELLS]
        merged = False
        for i in sorted(small, key=lambda i: (len(pieces[i]), _first(pieces[i]))):
            touching = {
                owner[o]
                for c in pieces[i]
                for o in ((c[0] + dx, c[1] + dy) for dx, dy in STEPS)
                if o in owner and owner[o] != i and step_allowed(grid, c, o)
            }
            if touching:
                into = min(touching, key=lambda j: (len(pieces[j]), _first(pieces[j])))
                pieces[into] |= pieces[i]
                owner.update((c, into) for c in pieces[i])
                pieces[i] = set()
                merged = True
                break
        if not merged:
            return [p for p in pieces if p]
