"""What ``check-map`` says about a map's zones (maps/README.md · What check-map says).

The zone graph (``game.geometry.zones``) plays any map: cells the zones leave out join
the nearest zone, overlaps go to the zone listed first, and a map with no zones gets
them made automatically. These checks tell the author where the map's own zones fall
short of "every walkable cell in exactly one zone, every zone a place units can go":

- a zone that covers no walkable cell (walls, deep water), or only cells an earlier
  zone already holds;
- zones that overlap (the first in the layer keeps the cells);
- walkable cells in no zone: how many, where the first are, and which zones they join;
- zones no unit can reach: no spawn can walk there.

They are warnings (the map still plays; ``--strict`` refuses them). A map without zones
gets one line of information saying they will be made automatically.
"""

from __future__ import annotations

from collections import Counter

from game.geometry.grid import Cell
from game.geometry.zones import ZoneGraph, auto_zones
from game.maps.battlefield import Battlefield
from game.maps.errors import Problem

SHOWN_CELLS = 4  # cells named in a line before "…"


def _cells_text(cells: list[Cell]) -> str:
    shown = ", ".join(f"({x}, {y})" for x, y in cells[:SHOWN_CELLS])
    return shown + (" …" if len(cells) > SHOWN_CELLS else "")


def _row_major(cell: Cell) -> tuple[int, int]:
    return cell[1], cell[0]


def zone_warnings(field: Battlefield, graph: ZoneGraph | None = None) -> list[Problem]:
    """The warnings for a map's own zones (none for a map without zones)."""
    if not field.zones:
        return []
    grid = field.grid
    graph = graph or ZoneGraph.build(grid, field.zones)
    out: list[Problem] = []
    owner: dict[Cell, str] = {}
    for zone in field.zones:
        where = f"zone '{zone.name}'"
        walkable = sorted(
            (c for c in zone.cells if grid.in_bounds(c) and not grid.blocks_move(c)),
            key=_row_major,
        )
        if not walkable:
            out.append(
                Problem(
                    where,
                    "covers no walkable cell (only cells that block "
                    "movement): no unit can stand in it",
                    warning=True,
                )
            )
            continue
        earlier = Counter(owner[c] for c in walkable if c in owner)
        if len(earlier) and sum(earlier.values()) == len(walkable):
            out.append(
                Problem(
                    where,
                    "every walkable cell it covers is in an earlier zone "
                    f"({', '.join(repr(n) for n in earlier)}): it is left "
                    "out",
                    warning=True,
                )
            )
            continue
        for name, count in earlier.items():
            out.append(
                Problem(
                    where,
                    f"overlaps zone '{name}' on {count} cell"
                    f"{'s' * (count != 1)} (the zone listed first keeps "
                    "them)",
                    warning=True,
                )
            )
        for cell in walkable:
            owner.setdefault(cell, zone.name)
    out.extend(_gaps(field, graph, owner))
    out.extend(_unreachable(field, graph))
    return out


def _gaps(field: Battlefield, graph: ZoneGraph, owner: dict[Cell, str]) -> list[Problem]:
    grid = field.grid
    missing = sorted(
        (c for c in grid.cells() if not grid.blocks_move(c) and c not in owner), key=_row_major
    )
    if not missing:
        return []
    joined = Counter(graph.zones[i].name for c in missing if (i := graph.zone_at(c)) is not None)
    into = ", ".join(f"{n} to '{name}'" for name, n in joined.most_common(3))
    more = " …" if len(joined) > 3 else ""
    count = len(missing)
    return [
        Problem(
            "zones",
            f"{count} walkable cell{'s' * (count != 1)} in no zone, at {_cells_text(missing)}; "
            f"they join the nearest zone ({into}{more})",
            warning=True,
        )
    ]


def _unreachable(field: Battlefield, graph: ZoneGraph) -> list[Problem]:
    """Map zones no spawn can walk to (islands of unzoned cells are counted as gaps)."""
    starts = {z for s in field.spawns if (z := graph.zone_at(s.cell)) is not None}
    if not starts:
        return []
    names = {zone.name for zone in field.zones}
    out = []
    for area in graph.zones:
        if area.name not in names or area.made:
            continue
        if all(graph.steps(start, area.index) is None for start in starts):
            out.append(
                Problem(
                    f"zone '{area.name}'",
                    "no unit can reach it: no spawn can walk there",
                    warning=True,
                )
            )
    return out


def zone_info(field: Battlefield) -> list[str]:
    """Information for the author (no problem): zones made automatically."""
    if field.zones:
        return []
    count = len(auto_zones(field.grid))
    return [
        f"zones: info: no zones on the map; {count} zone{'s' * (count != 1)} will be made "
        "automatically (maps/README.md · Zones made automatically)"
    ]
