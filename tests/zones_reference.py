"""The zone graph's partition as first written (one cell at a time in Python): the
slow reference the fast ``game.geometry.zones`` is checked against (tests only)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence

from game.geometry.grid import Cell, Grid
from game.geometry.movement import STEPS, step_allowed
from game.geometry.zones import AUTO_ZONE_MAX_CELLS, AUTO_ZONE_MIN_CELLS, DOOR_WORD, ZoneLike


def reference_partition(
    grid: Grid, zones: Sequence[ZoneLike] = ()
) -> tuple[list[tuple[str, frozenset[Cell]]], list[frozenset[int]]]:
    """(name, cells) of each zone in order, and each zone's neighbours, as
    ``ZoneGraph.build`` made them before it was made fast."""
    made = not zones
    source: Sequence[ZoneLike] = auto_zones(grid) if made else zones
    zone_of: dict[Cell, int] = {}
    kept: list[tuple[ZoneLike, int]] = []
    for zone in source:
        index = len(kept)
        claimed = False
        for cell in sorted(zone.cells, key=_row_major):
            if grid.in_bounds(cell) and not grid.blocks_move(cell) and cell not in zone_of:
                zone_of[cell] = index
                claimed = True
        if claimed:
            kept.append((zone, index))
    if kept:
        _fill_gaps(grid, zone_of)
    cells: list[set[Cell]] = [set() for _ in kept]
    for cell, index in zone_of.items():
        cells[index].add(cell)
    out = [(zone.name, frozenset(cells[i])) for zone, i in kept]
    islands = _components([c for c in _walkable(grid) if c not in zone_of], grid)
    for n, island in enumerate(islands, start=1):
        index = len(out)
        out.append((f"Unzoned area {n}", frozenset(island)))
        zone_of.update((c, index) for c in island)
    return out, _adjacency(grid, zone_of, len(out))


class _Made:
    def __init__(self, name: str, cells: frozenset[Cell]) -> None:
        self.name = name
        self.cells = cells
        self.properties: dict[str, str] = {}


def _row_major(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def _walkable(grid: Grid) -> list[Cell]:
    return [c for c in sorted(grid.cells(), key=_row_major) if not grid.blocks_move(c)]


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


def _adjacency(grid: Grid, zone_of: Mapping[Cell, int], count: int) -> list[frozenset[int]]:
    sets: list[set[int]] = [set() for _ in range(count)]
    for cell, here in zone_of.items():
        for dx, dy in STEPS:
            other = (cell[0] + dx, cell[1] + dy)
            there = zone_of.get(other)
            if there is not None and there != here and step_allowed(grid, cell, other):
                sets[here].add(there)
                sets[there].add(here)
    return [frozenset(s) for s in sets]


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
    walkable = _walkable(grid)
    doors = {c for c in walkable if DOOR_WORD in grid.terrain(c).name.lower()}
    areas = _components([c for c in walkable if c not in doors], grid)
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
        pieces.extend(_merge_small(_split(area, grid, max_cells), grid))
    pieces.sort(key=lambda p: min(_row_major(c) for c in p))
    return tuple(_Made(f"Area {n}", frozenset(p)) for n, p in enumerate(pieces, start=1))


def _first(cells: Iterable[Cell]) -> tuple[int, int]:
    return min(_row_major(c) for c in cells)


def _merge_small(pieces: list[set[Cell]], grid: Grid) -> list[set[Cell]]:
    pieces = [set(p) for p in pieces]
    while True:
        owner = {c: i for i, p in enumerate(pieces) for c in p}
        small = [i for i, p in enumerate(pieces) if len(p) < AUTO_ZONE_MIN_CELLS]
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
                pieces[i] = set()
                merged = True
                break
        pieces = [p for p in pieces if p]
        if not merged:
            return pieces


def _components(cells: Iterable[Cell], grid: Grid) -> list[set[Cell]]:
    """Parts of ``cells`` connected by legal steps (all of ``cells`` are walkable)."""
    todo = set(cells)
    blocks = grid.blocks_move
    out: list[set[Cell]] = []
    for start in sorted(todo, key=_row_major):
        if start not in todo:
            continue
        todo.discard(start)
        part = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            x, y = here
            for dx, dy in STEPS:
                other = (x + dx, y + dy)
                if other not in todo:
                    continue
                if dx and dy and blocks((x + dx, y)) and blocks((x, y + dy)):
                    continue  # squeezing between two walls (movement.step_allowed)
                todo.discard(other)
                part.add(other)
                queue.append(other)
        out.append(part)
    return out


def _split(area: set[Cell], grid: Grid, max_cells: int) -> list[set[Cell]]:
    if len(area) <= max_cells:
        return [area]
    xs = sorted(c[0] for c in area)
    ys = sorted(c[1] for c in area)
    axis = 0 if xs[-1] - xs[0] >= ys[-1] - ys[0] else 1
    values = xs if axis == 0 else ys
    cut = values[len(values) // 2]
    if cut == values[0]:  # all of the lower half share the first value: cut after it
        cut = values[0] + 1
    low = {c for c in area if c[axis] < cut}
    high = area - low
    out: list[set[Cell]] = []
    for half in (low, high):
        for part in _components(half, grid):
            out.extend(_split(part, grid, max_cells))
    return out
