"""Spawns, zones and objectives from a map's object layers (maps/README.md · Spawns,
Zones and objectives).

An object's class is Tiled's ``type`` attribute, or ``class`` as Tiled 1.9 wrote it
(pytmx keeps that one only as ``getattr(obj, "class")``). A spawn stands in the cell
that holds its position (its centre for rectangles and tile objects); a zone or
objective covers the cells whose centres lie inside its shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from typing import Any

from game.geometry.grid import Cell, Grid
from game.geometry.zone_conditions import CAPACITY, HAZARD, parse_capacity, parse_hazard
from game.maps import contract
from game.maps.battlefield import Objective, SideInfo, Spawn, Zone
from game.maps.errors import Problem, object_label, unknown_property
from game.maps.terrain import read_bool, read_int

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class MapObject:
    """The parts of a pytmx object the contract uses, in pixels (y down, top-left origin)."""

    id: int
    name: str
    cls: str
    layer: str
    shape: str  # rect, point, ellipse, polygon, polyline, text or tile
    x: float
    y: float
    width: float
    height: float
    rotation: float
    points: tuple[Point, ...]  # polygon/polyline points relative to (x, y)
    properties: dict[str, Any]

    @property
    def where(self) -> str:
        return object_label(self.id, self.name)


def object_class(obj: Any) -> str:
    """Tiled's ``type``, or Tiled 1.9's ``class`` (DESIGN.md · pytmx traps)."""
    value = getattr(obj, "type", None) or getattr(obj, "class", None) or ""
    return str(value).strip()


def from_pytmx(obj: Any, layer: str, shape: str, tile_keys: Collection[str]) -> MapObject:
    """Copy what we need out of a pytmx TiledObject; ``tile_keys`` are the property
    keys pytmx copied in from a tile object's tile, which are not the author's."""
    x, y = float(obj.x), float(obj.y)
    raw_points = getattr(obj, "points", None) if shape in ("polygon", "polyline") else None
    points = tuple((float(px) - x, float(py) - y) for px, py in (raw_points or ()))
    properties = {k: v for k, v in dict(obj.properties).items() if k not in tile_keys}
    return MapObject(
        id=int(obj.id),
        name=str(obj.name or "").strip(),
        cls=object_class(obj),
        layer=layer,
        shape=shape,
        x=x,
        y=y,
        width=float(obj.width or 0),
        height=float(obj.height or 0),
        rotation=float(obj.rotation or 0),
        points=points,
        properties=properties,
    )


def _to_local(obj: MapObject, px: float, py: float) -> Point:
    """A map point in the object's own frame (undoing Tiled's clockwise rotation)."""
    dx, dy = px - obj.x, py - obj.y
    if not obj.rotation or obj.shape == "tile":
        return dx, dy
    angle = math.radians(-obj.rotation)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return dx * cos_a - dy * sin_a, dx * sin_a + dy * cos_a


def _inside_polygon(points: tuple[Point, ...], px: float, py: float) -> bool:
    inside = False
    count = len(points)
    for i in range(count):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % count]
        if (y1 > py) != (y2 > py):
            cross_x = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
            if px < cross_x:
                inside = not inside
    return inside


def _contains(obj: MapObject) -> Callable[[float, float], bool]:
    """A test for 'this local point lies inside the object's shape'."""
    if obj.shape == "polygon":
        return lambda lx, ly: _inside_polygon(obj.points, lx, ly)
    if obj.shape == "ellipse":
        rx, ry = obj.width / 2, obj.height / 2
        if rx <= 0 or ry <= 0:
            return lambda lx, ly: False
        return lambda lx, ly: ((lx - rx) / rx) ** 2 + ((ly - ry) / ry) ** 2 <= 1.0
    return lambda lx, ly: 0 <= lx <= obj.width and 0 <= ly <= obj.height


def _bounding_corners(obj: MapObject) -> list[Point]:
    local = (
        list(obj.points)
        if obj.shape == "polygon"
        else [(0.0, 0.0), (obj.width, 0.0), (obj.width, obj.height), (0.0, obj.height)]
    )
    if not obj.rotation or obj.shape == "tile":
        return [(obj.x + lx, obj.y + ly) for lx, ly in local]
    angle = math.radians(obj.rotation)
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return [(obj.x + lx * cos_a - ly * sin_a, obj.y + lx * sin_a + ly * cos_a) for lx, ly in local]


def anchor_cell(obj: MapObject, tile: int) -> Cell:
    """The cell a point-like object stands in: its position, or its centre."""
    if obj.shape == "point":
        px, py = obj.x, obj.y
    else:
        px, py = obj.x + obj.width / 2, obj.y + obj.height / 2
    return math.floor(px / tile), math.floor(py / tile)


def area_cells(obj: MapObject, tile: int, grid: Grid) -> frozenset[Cell]:
    """The map cells whose centres lie inside the object's area (a point: its cell)."""
    if obj.shape == "point" or (obj.shape == "rect" and obj.width == 0 and obj.height == 0):
        cell = anchor_cell(obj, tile)
        return frozenset({cell}) if grid.in_bounds(cell) else frozenset()
    corners = _bounding_corners(obj)
    left = max(0, math.floor(min(x for x, _ in corners) / tile))
    right = min(grid.width - 1, math.floor(max(x for x, _ in corners) / tile))
    top = max(0, math.floor(min(y for _, y in corners) / tile))
    bottom = min(grid.height - 1, math.floor(max(y for _, y in corners) / tile))
    inside = _contains(obj)
    cells = set()
    for cy in range(top, bottom + 1):
        for cx in range(left, right + 1):
            lx, ly = _to_local(obj, (cx + 0.5) * tile, (cy + 0.5) * tile)
            if inside(lx, ly):
                cells.add((cx, cy))
    return frozenset(cells)


def _unknown_keys(obj: MapObject, known: tuple[str, ...], problems: list[Problem]) -> None:
    for key in sorted(obj.properties):
        if key not in known:
            problems.append(unknown_property(obj.where, "", key, known))


def _default_name(template: str) -> str:
    return template.replace("_", " ").capitalize() or "Unit"


def read_spawns(
    objects: Iterable[MapObject],
    grid: Grid,
    tile: int,
    side_ids: Collection[str],
    known_templates: Collection[str],
    problems: list[Problem],
) -> tuple[Spawn, ...]:
    """Spawns from the ``units`` layer, each checked against the contract.

    ``side_ids`` are the sides the map declares (empty: not checked, the missing
    ``sides`` property is reported on its own)."""
    spawns: list[Spawn] = []
    taken: dict[Cell, str] = {}
    for obj in objects:
        where = obj.where
        _unknown_keys(obj, contract.SPAWN_PROPERTIES, problems)
        if obj.shape not in ("point", "rect", "tile", "ellipse"):
            problems.append(
                Problem(
                    where, f"a spawn must be a point, rectangle or tile object, not a {obj.shape}"
                )
            )
            continue
        ok = True
        side = str(obj.properties.get("side", "")).strip()
        template = str(obj.properties.get("template", "")).strip()
        if not side:
            problems.append(Problem(where, "spawn has no 'side' property"))
            ok = False
        elif side_ids and side not in side_ids:
            problems.append(
                Problem(
                    where,
                    f"side '{side}' is not declared in the 'sides' map property "
                    f"({', '.join(sorted(side_ids))})",
                )
            )
            ok = False
        if not template:
            problems.append(Problem(where, "spawn has no 'template' property"))
            ok = False
        elif template not in known_templates:
            problems.append(
                Problem(
                    where,
                    f"unknown unit template '{template}' (known: "
                    f"{', '.join(sorted(known_templates))})",
                )
            )
            ok = False
        ai: str | None = None
        if "ai" in obj.properties:
            ai = str(obj.properties["ai"]).strip() or None
            if ai is not None and ai not in contract.AI_HINTS:
                problems.append(
                    Problem(where, f"ai hint '{ai}' is not one of {', '.join(contract.AI_HINTS)}")
                )
                ok = False
        leader = False
        if "leader" in obj.properties:
            value = read_bool(obj.properties["leader"])
            if value is None:
                problems.append(
                    Problem(where, f"leader is {obj.properties['leader']!r}, not true or false")
                )
                ok = False
            leader = bool(value)
        arrives = 0
        if "arrives" in obj.properties:
            found = read_int(obj.properties["arrives"])
            if found is None or found < 1:
                problems.append(
                    Problem(
                        where,
                        f"arrives is {obj.properties['arrives']!r}, not a round number (1 or more)",
                    )
                )
                ok = False
            else:
                arrives = found
        cell = anchor_cell(obj, tile)
        if not grid.in_bounds(cell):
            problems.append(
                Problem(where, f"spawn at {cell} is off the {grid.width}×{grid.height} map")
            )
            continue
        terrain = grid.terrain(cell)
        if terrain.blocks_move:
            problems.append(
                Problem(where, f"spawn at {cell} stands on {terrain.name}, which blocks movement")
            )
            ok = False
        if cell in taken:
            problems.append(Problem(where, f"spawn at {cell} shares its cell with {taken[cell]}"))
            ok = False
        else:
            taken[cell] = where
        if ok:
            name = obj.name or _default_name(template)
            spawns.append(Spawn(name, side, template, cell, ai, leader, arrives))
    return _number_default_names(spawns, objects)


def _number_default_names(spawns: list[Spawn], objects: Iterable[MapObject]) -> tuple[Spawn, ...]:
    """Units left unnamed by the author share a template name: number them ("Bandit 2")."""
    authored = {obj.name for obj in objects if obj.name}
    counts: dict[str, int] = {}
    for spawn in spawns:
        if spawn.name not in authored:
            counts[spawn.name] = counts.get(spawn.name, 0) + 1
    seen: dict[str, int] = {}
    result = []
    for spawn in spawns:
        if spawn.name not in authored and counts[spawn.name] > 1:
            seen[spawn.name] = seen.get(spawn.name, 0) + 1
            spawn = Spawn(
                f"{spawn.name} {seen[spawn.name]}",
                spawn.side,
                spawn.template,
                spawn.cell,
                spawn.ai,
                spawn.leader,
                spawn.arrives,
            )
        result.append(spawn)
    return tuple(result)


def check_sides_have_units(
    sides: tuple[SideInfo, ...], spawn_objects: Iterable[MapObject], problems: list[Problem]
) -> None:
    """Every declared side needs at least one unit on the map. A spawn with its own
    problem still counts for its side, so one mistake is reported once."""
    counted = {str(obj.properties.get("side", "")).strip() for obj in spawn_objects}
    for side in sides:
        if side.id not in counted:
            problems.append(
                Problem(f"side '{side.id}'", f"{side.name} has no units on the 'units' layer")
            )


def _area(obj: MapObject, tile: int, grid: Grid, problems: list[Problem]) -> frozenset[Cell]:
    if obj.shape in ("polyline", "text"):
        problems.append(
            Problem(
                obj.where,
                f"an area must be a rectangle, polygon, ellipse or point, not a {obj.shape}",
            )
        )
        return frozenset()
    cells = area_cells(obj, tile, grid)
    if not cells:
        off = off_map_cells(obj, tile, grid)
        beyond = f": it lies beyond the {_edges(off, grid)} of the map" if off else ""
        problems.append(Problem(obj.where, f"covers no cell centre on the map{beyond}"))
    return cells


def off_map_cells(obj: MapObject, tile: int, grid: Grid, margin: int = 16) -> list[Cell]:
    """The cells off the map whose centres lie inside the object's area (a point: its
    cell, if off the map), looking at most ``margin`` cells beyond each edge."""
    if obj.shape == "point" or (obj.shape == "rect" and obj.width == 0 and obj.height == 0):
        cell = anchor_cell(obj, tile)
        return [] if grid.in_bounds(cell) else [cell]
    corners = _bounding_corners(obj)
    left = max(-margin, math.floor(min(x for x, _ in corners) / tile))
    right = min(grid.width - 1 + margin, math.floor(max(x for x, _ in corners) / tile))
    top = max(-margin, math.floor(min(y for _, y in corners) / tile))
    bottom = min(grid.height - 1 + margin, math.floor(max(y for _, y in corners) / tile))
    if left >= 0 and top >= 0 and right < grid.width and bottom < grid.height:
        return []
    inside = _contains(obj)
    off = []
    for cy in range(top, bottom + 1):
        for cx in range(left, right + 1):
            if grid.in_bounds((cx, cy)):
                continue
            if inside(*_to_local(obj, (cx + 0.5) * tile, (cy + 0.5) * tile)):
                off.append((cx, cy))
    return off


def _edges(cells: list[Cell], grid: Grid) -> str:
    """Which edges of the map ``cells`` (off it) lie beyond: "right edge", "left and
    bottom edges" …"""
    names = [
        name
        for name, beyond in (
            ("left", any(x < 0 for x, _ in cells)),
            ("right", any(x >= grid.width for x, _ in cells)),
            ("top", any(y < 0 for _, y in cells)),
            ("bottom", any(y >= grid.height for _, y in cells)),
        )
        if beyond
    ]
    return " and ".join(names) + (" edges" if len(names) > 1 else " edge")


def _partly_off(obj: MapObject, tile: int, grid: Grid, on_map: int) -> list[Problem]:
    """A warning for a zone that reaches off the map (a map resized after its zones
    were drawn): only its cells on the map are played."""
    off = off_map_cells(obj, tile, grid)
    if not off:
        return []
    return [
        Problem(
            f"zone '{obj.name}'",
            f"reaches past the {_edges(off, grid)} of the {grid.width}×{grid.height} map: "
            f"{len(off)} of its cells are off the map and only the {on_map} on it are "
            "played (move or shrink it to fit the map)",
            warning=True,
        )
    ]


def _zone_conditions(obj: MapObject, problems: list[Problem]) -> bool:
    """A zone's ``capacity`` and ``hazard`` read as the contract says (one line for each
    that does not); other properties are warned about and kept."""
    _unknown_keys(obj, contract.ZONE_PROPERTIES, problems)
    ok = True
    for key, parse in ((CAPACITY, parse_capacity), (HAZARD, parse_hazard)):
        if key in obj.properties:
            try:
                parse(str(obj.properties[key]))
            except ValueError as exc:
                problems.append(Problem(obj.where, str(exc)))
                ok = False
    return ok


def read_zones(
    objects: Iterable[MapObject], grid: Grid, tile: int, problems: list[Problem]
) -> tuple[Zone, ...]:
    """Named zones (for the zone rulesets) with their conditions checked; any custom
    properties are kept as text."""
    zones: list[Zone] = []
    names: set[str] = set()
    for obj in objects:
        if not _zone_conditions(obj, problems):
            continue
        if not obj.name:
            problems.append(Problem(obj.where, "a zone needs a name"))
            continue
        if obj.name in names:
            problems.append(Problem(obj.where, f"another zone is also named '{obj.name}'"))
            continue
        names.add(obj.name)
        cells = _area(obj, tile, grid, problems)
        if cells:
            problems.extend(_partly_off(obj, tile, grid, len(cells)))
            properties = {k: str(v) for k, v in obj.properties.items()}
            zones.append(Zone(obj.name, cells, properties))
    return tuple(zones)


def read_objectives(
    objects: Iterable[MapObject],
    grid: Grid,
    tile: int,
    side_ids: Collection[str],
    problems: list[Problem],
    spawn_sides: dict[str, str] | None = None,
) -> tuple[Objective, ...]:
    """Objectives: an area with a ``kind``, optionally for one side (escape and protect
    need one), ``rounds``/``count`` and a protected ``unit`` (a spawn's name, checked
    against ``spawn_sides``: name -> side, when given)."""
    objectives: list[Objective] = []
    for obj in objects:
        _unknown_keys(obj, contract.OBJECTIVE_PROPERTIES, problems)
        kind = str(obj.properties.get("kind", "")).strip()
        ok = True
        if kind not in contract.OBJECTIVE_KINDS:
            kinds = ", ".join(contract.OBJECTIVE_KINDS)
            problems.append(
                Problem(obj.where, f"kind '{kind}' is not one of {kinds}")
                if kind
                else Problem(obj.where, f"objective has no 'kind' property; use one of {kinds}")
            )
            ok = False
        side = str(obj.properties.get("side", "")).strip() or None
        if side is not None and side_ids and side not in side_ids:
            problems.append(Problem(obj.where, f"side '{side}' is not declared in 'sides'"))
            ok = False
        if kind in contract.OBJECTIVE_NEEDS_SIDE and side is None:
            problems.append(Problem(obj.where, f"a '{kind}' objective needs a 'side'"))
            ok = False
        numbers: dict[str, int | None] = {}
        for key in ("rounds", "count"):
            numbers[key] = _positive(obj, key, problems)
        unit_given = bool(str(obj.properties.get("unit", "")).strip())
        problems.extend(_unused_numbers(obj, kind, numbers, unit_given))
        unit = str(obj.properties.get("unit", "")).strip() or None
        if unit is not None and kind != "protect":
            problems.append(Problem(obj.where, "'unit' is only for protect objectives"))
            ok = False
        elif unit is not None and spawn_sides is not None and spawn_sides.get(unit) != side:
            problems.append(Problem(obj.where, f"unit '{unit}' is not a spawn of side '{side}'"))
            ok = False
        cells = _area(obj, tile, grid, problems)
        if ok and cells:
            description = str(obj.properties.get("description", "")).strip()
            objectives.append(
                Objective(
                    obj.name or kind,
                    kind,
                    cells,
                    side,
                    description,
                    rounds=numbers["rounds"],
                    count=numbers["count"],
                    unit=unit,
                )
            )
    return tuple(objectives)


# which kinds read ``rounds`` and ``count`` (maps/README.md · What objectives do)
_ROUNDS_KINDS = ("hold", "protect")
_COUNT_KINDS = ("reach", "escape")


def _unused_numbers(
    obj: MapObject, kind: str, numbers: dict[str, int | None], unit_given: bool
) -> list[Problem]:
    """Warnings for a ``rounds`` or ``count`` the objective's kind does not read (the
    battle ignores it; most likely the author meant another kind)."""
    article = "an" if kind[:1] in ("a", "e", "i", "o", "u") else "a"
    out = []
    if numbers["rounds"] is not None and kind in _COUNT_KINDS:
        what = (
            f"does nothing on {article} {kind} objective, which counts units ('count'); "
            "only hold objectives and protected areas count round ends (did you mean "
            "kind 'hold'?)"
        )
        out.append(Problem(obj.where, f"'rounds' {what}", warning=True))
    elif numbers["rounds"] is not None and kind == "protect" and unit_given:
        what = (
            "does nothing on a protect objective with a 'unit': the side loses when that "
            "unit falls (rounds count only for a protected area, without 'unit')"
        )
        out.append(Problem(obj.where, f"'rounds' {what}", warning=True))
    if numbers["count"] is not None and kind in _ROUNDS_KINDS:
        what = (
            f"does nothing on {article} {kind} objective: only reach and escape objectives "
            "count units ('rounds' counts round ends)"
        )
        out.append(Problem(obj.where, f"'count' {what}", warning=True))
    return out


def _positive(obj: MapObject, key: str, problems: list[Problem]) -> int | None:
    """An objective's ``rounds`` or ``count``: a whole number from 1 up (0 or missing:
    the kind's default, None)."""
    if key not in obj.properties:
        return None
    value = read_int(obj.properties[key])
    if value is None or value < 0 or value > 999:
        problems.append(
            Problem(obj.where, f"'{key}' is {obj.properties[key]!r}, not a whole number 1-999")
        )
        return None
    return value or None
