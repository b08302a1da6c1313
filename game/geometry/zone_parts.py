"""Fast pieces of the zone graph (``zones.py``) for big maps (issue 32): connected parts
by runs of cells, walkable cells and zone adjacency with numpy.

Each answers exactly as the cell-by-cell way did (``tests/zones_reference.py`` keeps
that way as the reference): parts connected by legal steps (``movement.step_allowed``:
a diagonal step may not squeeze between two cells that block movement), listed in
reading order of their first cell.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from game.geometry.grid import Cell, Grid

#: ``blocked[y][x]``: the square blocks movement (plain lists: read a few times a run)
Blocked = Sequence[Sequence[bool]]


def blocked_rows(grid: Grid) -> list[list[bool]]:
    rows: list[list[bool]] = grid.arrays().blocks_move.tolist()
    return rows


def walkable_cells(grid: Grid) -> list[Cell]:
    """Cells that do not block movement, in reading order (top row first)."""
    ys, xs = np.nonzero(~grid.arrays().blocks_move)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


#: ``(y, first x, last x)``: a run of neighbouring cells on one row
Run = tuple[int, int, int]


def runs_of(cells: Iterable[Cell]) -> list[Run]:
    """The runs of ``cells``, in reading order."""
    by_row: defaultdict[int, list[int]] = defaultdict(list)
    for x, y in cells:
        by_row[y].append(x)
    runs: list[Run] = []
    for y in sorted(by_row):
        xs = sorted(by_row[y])
        start = prev = xs[0]
        for x in xs[1:]:
            if x != prev + 1:
                runs.append((y, start, prev))
                start = x
            prev = x
        runs.append((y, start, prev))
    return runs


def cells_of(runs: Iterable[Run]) -> set[Cell]:
    out: set[Cell] = set()
    for y, a, b in runs:
        out.update((x, y) for x in range(a, b + 1))
    return out


def components(cells: Iterable[Cell], blocked: Blocked) -> list[set[Cell]]:
    """Parts of ``cells`` (all walkable) connected by legal steps, in reading order of
    each part's first cell."""
    return [cells_of(part) for part in run_components(runs_of(cells), blocked)]


def run_components(runs: Sequence[Run], blocked: Blocked) -> list[list[Run]]:
    """The parts of the cells of ``runs`` (in reading order) connected by legal steps,
    each as its runs in reading order; the parts in reading order of their first cell.

    Two runs on neighbouring rows join when they overlap (a straight step) or when the
    end of one is diagonal to the end of the other and the step does not squeeze between
    two blocking cells.
    """
    row_runs: dict[int, list[int]] = {}
    for index, (y, _, _) in enumerate(runs):
        row_runs.setdefault(y, []).append(index)
    parent = list(range(len(runs)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y, above in row_runs.items():
        below = row_runs.get(y + 1)
        if below is None:
            continue
        i = j = 0
        while i < len(above) and j < len(below):
            _, a1, b1 = runs[above[i]]
            _, a2, b2 = runs[below[j]]
            if a1 - 1 <= b2 and a2 <= b1 + 1 and _joined(y, a1, b1, a2, b2, blocked):
                ri, rj = root(above[i]), root(below[j])
                if ri != rj:
                    parent[max(ri, rj)] = min(ri, rj)
            if b1 + 1 <= b2:
                i += 1
            else:
                j += 1
    parts: dict[int, list[Run]] = {}
    for index, run in enumerate(runs):
        parts.setdefault(root(index), []).append(run)
    return list(parts.values())


def split_runs(runs: list[Run], blocked: Blocked, max_cells: int) -> list[set[Cell]]:
    """``zones._split`` on runs: a part of more than ``max_cells`` cells is cut in two
    across its longer side (width against height) at its middle cell in that direction
    (the ``n // 2``-th of its cells sorted by that coordinate; past the first value when
    that is the smallest), each half's connected parts cut again."""
    count = sum(b - a + 1 for _, a, b in runs)
    if count <= max_cells:
        return [cells_of(runs)]
    x_lo = min(a for _, a, _ in runs)
    x_hi = max(b for _, _, b in runs)
    y_lo, y_hi = runs[0][0], runs[-1][0]
    middle = count // 2
    if x_hi - x_lo >= y_hi - y_lo:
        per_x = [0] * (x_hi - x_lo + 2)
        for _, a, b in runs:
            per_x[a - x_lo] += 1
            per_x[b - x_lo + 1] -= 1
        seen = width = 0
        cut = x_hi
        for offset in range(x_hi - x_lo + 1):
            width += per_x[offset]
            seen += width
            if seen > middle:
                cut = x_lo + offset
                break
        cut = max(cut, x_lo + 1)
        low = [(y, a, min(b, cut - 1)) for y, a, b in runs if a < cut]
        high = [(y, max(a, cut), b) for y, a, b in runs if b >= cut]
    else:
        seen = 0
        cut = y_hi
        for y, a, b in runs:
            seen += b - a + 1
            if seen > middle:
                cut = y
                break
        cut = max(cut, y_lo + 1)
        low = [r for r in runs if r[0] < cut]
        high = [r for r in runs if r[0] >= cut]
    out: list[set[Cell]] = []
    for half in (low, high):
        for part in run_components(half, blocked):
            out.extend(split_runs(part, blocked, max_cells))
    return out


def _joined(y: int, a1: int, b1: int, a2: int, b2: int, blocked: Blocked) -> bool:
    """Whether run ``a1..b1`` on row ``y`` and run ``a2..b2`` on row ``y + 1`` (within
    one square of each other) are joined by a legal step."""
    if a1 <= b2 and a2 <= b1:
        return True  # they overlap: a straight step
    if b1 + 1 == a2:  # (b1, y) -> (a2, y + 1), squeezing past (a2, y) and (b1, y + 1)
        return not (blocked[y][a2] and blocked[y + 1][b1])
    # b2 + 1 == a1: (a1, y) -> (b2, y + 1), squeezing past (b2, y) and (a1, y + 1)
    return not (blocked[y][b2] and blocked[y + 1][a1])


def adjacency(grid: Grid, zone_of: Mapping[Cell, int], count: int) -> list[frozenset[int]]:
    """For each of ``count`` zones, the zones one legal step leads into (cells of
    ``zone_of`` are walkable; a step is legal both ways or neither)."""
    h, w = grid.height, grid.width
    zone = np.full((h, w), -1, dtype=np.int64)
    if zone_of:
        table = np.array([(x, y, i) for (x, y), i in zone_of.items()], dtype=np.int64)
        zone[table[:, 1], table[:, 0]] = table[:, 2]
    blocks = grid.arrays().blocks_move
    pairs: list[np.ndarray] = []
    # right, down, down-right, down-left: each step once; the reverse is the same step
    for dx, dy in ((1, 0), (0, 1), (1, 1), (-1, 1)):
        x0, x1 = max(0, -dx), w - max(0, dx)
        a = zone[0 : h - dy, x0:x1]
        b = zone[dy:h, x0 + dx : x1 + dx]
        ok = (a >= 0) & (b >= 0) & (a != b)
        if dx and dy:  # not squeezing between the two squares beside the diagonal
            side_x = blocks[0 : h - dy, x0 + dx : x1 + dx]
            side_y = blocks[dy:h, x0:x1]
            ok &= ~(side_x & side_y)
        pairs.append(a[ok] * count + b[ok])
    sets: list[set[int]] = [set() for _ in range(count)]
    for key in np.unique(np.concatenate(pairs)).tolist() if pairs else ():
        here, there = divmod(key, count)
        sets[here].add(there)
        sets[there].add(here)
    return [frozenset(s) for s in sets]
