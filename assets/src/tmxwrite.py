"""Write Tiled maps from a grid of tile keys: autotiling, layers, objects, TMX text.

A build tool used by ``make_maps.py`` (no pygame). Maps reference the shared
tileset ``assets/tiles/terrain.tsx`` and follow ``maps/README.md``.

Autotiling: families such as walls, water, roads and hills come in 16 variants
(``tilecatalog``); the variant is chosen from which orthogonal neighbours
continue the family. Openings (doors, windows, arrow slits, gates, bridges) pick
their orientation from the walls or water beside them.
"""

from __future__ import annotations

import base64
import random
import struct
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

import tilecatalog as cat

TSX_SOURCE = "../assets/tiles/terrain.tsx"
FIRSTGID = 1

# families drawn with a neighbour mask, and what each one connects to
WALLISH = frozenset({"stone_wall", "wood_wall", "door_wood", "door_stone", "window_wood",
                     "window_stone", "arrow_slit"})
CONNECTS: dict[str, frozenset[str]] = {
    "shallow": frozenset({"shallow", "deep", "bridge"}),

    "deep": frozenset({"deep", "bridge"}),
    "stone_wall": WALLISH | {"palisade", "palisade_gate"},
    "wood_wall": WALLISH,
    "palisade": frozenset({"palisade", "palisade_gate", "stone_wall"}),
    "low_wall": frozenset({"low_wall", "stone_wall", "wood_wall", "fence"}),
    "fence": frozenset({"fence", "wood_wall", "stone_wall", "low_wall"}),
    "hill": frozenset({"hill"}),
    "forest": frozenset({"forest"}),
    "road": frozenset({"road", "bridge", "door_wood", "door_stone", "palisade_gate"}),
}
# whether the world beyond the map edge continues the family
OFF_MAP_CONNECTS = {"shallow": True, "deep": True, "hill": True, "road": True, "forest": True}

VARIANTS: dict[str, tuple[tuple[str, int], ...]] = {
    "grass": (("grass_1", 6), ("grass_2", 4), ("grass_3", 3), ("grass_flowers", 1)),
    "dirt": (("dirt_1", 4), ("dirt_2", 2), ("dirt_3", 1)),
    "stone_floor": (("stone_floor_1", 4), ("stone_floor_2", 1)),
    "wood_floor": (("wood_floor_1", 3), ("wood_floor_2", 2)),
    "oak": (("oak_1", 3), ("oak_2", 3), ("oak_3", 1)),
    "pine": (("pine_1", 1), ("pine_2", 1)),
    "bush": (("bush_1", 1), ("bush_2", 1)),
    "undergrowth": (("undergrowth_1", 1), ("undergrowth_2", 1)),
    "rubble": (("rubble_1", 1), ("rubble_2", 1)),
    "boulder": (("boulder_1", 1), ("boulder_2", 1)),
    "rock": (("rock", 1), ("rock_2", 1)),
    "gravestone": (("gravestone_1", 2), ("gravestone_2", 1)),
    "crates": (("crate", 1), ("crates", 1)),
    "barrels": (("barrel", 1), ("barrels", 1)),
    "hay": (("hay_bale", 1), ("hay_bales", 1)),
}
OPENINGS = {
    "door_wood": "wood_door", "door_stone": "stone_door", "window_wood": "wood_window",
    "window_stone": "stone_window", "arrow_slit": "arrow_slit",
    "palisade_gate": "palisade_gate", "table": "table", "cart": "cart",
}

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Spawn:
    """One unit to place: cell, side, template and optional name, AI hint, leader."""

    x: int
    y: int
    side: str
    template: str
    name: str = ""
    ai: str = ""
    leader: bool = False


@dataclass(frozen=True, slots=True)
class Area:
    """A zone or an objective rectangle, in cells; or, with ``outline``, a polygon
    through those cell corners (x, y, w, h then its bounding box)."""

    name: str
    x: int
    y: int
    w: int
    h: int
    props: tuple[tuple[str, str | int], ...] = ()
    outline: tuple[Cell, ...] = ()

    def covers(self, x: int, y: int) -> bool:
        """Whether the cell's centre lies inside (as the map loader reads it)."""
        if not self.outline:
            return self.x <= x < self.x + self.w and self.y <= y < self.y + self.h
        px, py, inside = x + 0.5, y + 0.5, False
        ring = self.outline[1:] + self.outline[:1]
        for (x1, y1), (x2, y2) in zip(self.outline, ring, strict=True):
            if (y1 > py) != (y2 > py) and px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside


def polygon(name: str, *corners: Cell, props: tuple[tuple[str, str | int], ...] = ()) -> Area:
    """An area bounded by cell corners, in order (an L-shaped yard, a lane round a house)."""
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return Area(name, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), props,
                tuple(corners))


@dataclass(slots=True)
class Draft:
    """A map being built: families per cell on each tile layer, objects and scenario."""

    width: int
    height: int
    ground: list[list[str]]
    structures: list[list[str | None]]
    scatter: list[list[str | None]]
    spawns: list[Spawn] = field(default_factory=list)
    zones: list[Area] = field(default_factory=list)
    objectives: list[Area] = field(default_factory=list)

    @classmethod
    def blank(cls, width: int, height: int, ground: str = "grass") -> Draft:
        return cls(width, height, [[ground] * width for _ in range(height)],
                   [[None] * width for _ in range(height)],
                   [[None] * width for _ in range(height)])

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height


def _family_at(layers: Sequence[list[list[str]] | list[list[str | None]]], x: int,
               y: int) -> set[str]:
    out: set[str] = set()
    for layer in layers:
        v = layer[y][x]
        if v is not None:
            out.add(v)
    return out


def _mask(d: Draft, x: int, y: int, family: str) -> int:
    layers = (d.ground, d.structures, d.scatter)
    friends = CONNECTS[family]
    m = 0
    for bit, (dx, dy) in ((cat.NORTH, (0, -1)), (cat.EAST, (1, 0)), (cat.SOUTH, (0, 1)),
                          (cat.WEST, (-1, 0))):
        nx, ny = x + dx, y + dy
        if not d.inside(nx, ny):
            if OFF_MAP_CONNECTS.get(family, False):
                m |= bit
            continue
        if _family_at(layers, nx, ny) & friends:
            m |= bit
    return m


def _orient(d: Draft, x: int, y: int, family: str) -> str:
    """``h`` when the thing lies in a west-east line, else ``v``."""
    layers = (d.ground, d.structures, d.scatter)
    if family == "bridge":  # a bridge spans the water: its deck runs between the banks
        def has(nx: int, ny: int, what: set[str]) -> bool:
            return d.inside(nx, ny) and bool(_family_at(layers, nx, ny) & what)
        water = {"shallow", "deep"}
        wet_ew = has(x - 1, y, water) or has(x + 1, y, water)
        wet_ns = has(x, y - 1, water) or has(x, y + 1, water)
        if wet_ns != wet_ew:
            return "h" if wet_ns else "v"
        if has(x, y - 1, {"bridge"}) or has(x, y + 1, {"bridge"}):
            return "v"
        return "h"

    friends = WALLISH | {"palisade", "palisade_gate", "low_wall", "fence"}
    ew = sum(1 for nx in (x - 1, x + 1)
             if d.inside(nx, y) and _family_at(layers, nx, y) & friends)
    ns = sum(1 for ny in (y - 1, y + 1)
             if d.inside(x, ny) and _family_at(layers, x, ny) & friends)
    return "h" if ew >= ns else "v"


def resolve(d: Draft, family: str | None, x: int, y: int, rng: random.Random) -> int:
    """The tile gid for a family at a cell (0 for nothing)."""
    if family is None:
        return 0
    if family in CONNECTS:
        key = f"{family}_{_mask(d, x, y, family)}"
    elif family in VARIANTS:
        keys, weights = zip(*VARIANTS[family], strict=True)
        key = rng.choices(keys, weights)[0]
    elif family in OPENINGS:
        key = f"{OPENINGS[family]}_{_orient(d, x, y, family)}"
    elif family == "bridge":
        key = f"bridge_{_orient(d, x, y, family)}"
    else:
        key = family
    return cat.tile_id(key) + FIRSTGID


def blocking(d: Draft) -> list[list[bool]]:
    """Which cells block movement (any tile on the cell does, as the contract says)."""
    rng = random.Random(0)
    out = [[False] * d.width for _ in range(d.height)]
    for layer in (d.ground, d.structures, d.scatter):
        for y in range(d.height):
            for x in range(d.width):
                gid = resolve(d, layer[y][x], x, y, rng)
                if gid and cat.TILES[gid - FIRSTGID].props.blocks_move:
                    out[y][x] = True
    return out


# --- TMX text -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Style:
    """How the file is written: Tiled 1.8 (`type` on objects) or 1.10 (`class`)."""

    object_class_attr: str = "class"  # "class" (Tiled 1.9+) or "type" (Tiled ≤1.8)
    encoding: str = "csv"  # "csv" or "base64-zlib"

    @property
    def version(self) -> tuple[str, str]:
        return ("1.10", "1.10.2") if self.object_class_attr == "class" else ("1.8", "1.8.2")


def _property(name: str, value: str | int | bool, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name="{name}" type="bool" value="{str(value).lower()}"/>\n'
    if isinstance(value, int):
        return f'{indent}<property name="{name}" type="int" value="{value}"/>\n'
    if "\n" in value:  # Tiled writes multi-line strings as element text
        return f'{indent}<property name="{name}">{escape(value)}</property>\n'
    return f'{indent}<property name="{name}" value={quoteattr(value)}/>\n'


def _csv(rows: Sequence[Sequence[int]]) -> str:
    lines = [",".join(str(g) for g in row) for row in rows]
    return "\n" + ",\n".join(lines) + "\n"


def _b64zlib(rows: Sequence[Sequence[int]]) -> str:
    flat = [g for row in rows for g in row]
    raw = struct.pack(f"<{len(flat)}I", *flat)
    return "\n   " + base64.b64encode(zlib.compress(raw, 9)).decode("ascii") + "\n  "


def tmx_text(d: Draft, props: Sequence[tuple[str, str | int | bool]], style: Style,
             seed: int) -> str:
    """The finished .tmx for a draft, deterministic for a given seed."""
    rng = random.Random(seed)
    layers: list[tuple[str, list[list[int]]]] = []
    for name, grid in (("ground", d.ground), ("structures", d.structures),
                       ("scatter", d.scatter)):
        rows = [[resolve(d, grid[y][x], x, y, rng) for x in range(d.width)]
                for y in range(d.height)]
        if name == "ground" or any(any(r) for r in rows):
            layers.append((name, rows))
    version, tiled_version = style.version
    attr = style.object_class_attr
    n_objects = len(d.spawns) + len(d.zones) + len(d.objectives)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<map version="{version}" tiledversion="{tiled_version}" orientation="orthogonal" '
        f'renderorder="right-down" width="{d.width}" height="{d.height}" '
        f'tilewidth="{cat.TILE}" tileheight="{cat.TILE}" infinite="0" '
        f'nextlayerid="{len(layers) + 4}" nextobjectid="{n_objects + 1}">\n',
        " <properties>\n",
    ]
    out += [_property(k, v, "  ") for k, v in sorted(props, key=lambda kv: kv[0])]
    out.append(" </properties>\n")
    out.append(f' <tileset firstgid="{FIRSTGID}" source="{TSX_SOURCE}"/>\n')
    for i, (name, rows) in enumerate(layers, start=1):
        out.append(f' <layer id="{i}" name="{name}" width="{d.width}" height="{d.height}">\n')
        if style.encoding == "csv":
            out.append(f'  <data encoding="csv">{_csv(rows)}</data>\n')
        else:
            out.append(f'  <data encoding="base64" compression="zlib">{_b64zlib(rows)}</data>\n')
        out.append(" </layer>\n")
    object_id = 1
    layer_id = len(layers) + 1
    T = cat.TILE
    groups: list[tuple[str, str, Iterable[Area | Spawn]]] = [
        ("zones", "zone", d.zones), ("objectives", "objective", d.objectives),
        ("units", "spawn", d.spawns)]
    for gname, cls, items in groups:
        out.append(f' <objectgroup id="{layer_id}" name="{gname}">\n')
        layer_id += 1
        for item in items:
            if isinstance(item, Spawn):
                name = f" name={quoteattr(item.name)}" if item.name else ""
                out.append(f'  <object id="{object_id}"{name} {attr}="{cls}" '
                           f'x="{item.x * T + T // 2}" y="{item.y * T + T // 2}">\n')
                sp: list[tuple[str, str | int | bool]] = [("side", item.side),
                                                          ("template", item.template)]
                if item.ai:
                    sp.append(("ai", item.ai))
                if item.leader:
                    sp.append(("leader", True))
                out.append("   <properties>\n")
                out += [_property(k, v, "    ") for k, v in sp]
                out.append("   </properties>\n   <point/>\n  </object>\n")
            elif item.outline:
                ox, oy = item.outline[0]
                points = " ".join(f"{(cx - ox) * T},{(cy - oy) * T}" for cx, cy in item.outline)
                out.append(f'  <object id="{object_id}" name={quoteattr(item.name)} '
                           f'{attr}="{cls}" x="{ox * T}" y="{oy * T}">\n')
                if item.props:
                    out.append("   <properties>\n")
                    out += [_property(k, v, "    ") for k, v in item.props]
                    out.append("   </properties>\n")
                out.append(f'   <polygon points="{points}"/>\n  </object>\n')
            else:
                out.append(f'  <object id="{object_id}" name={quoteattr(item.name)} '
                           f'{attr}="{cls}" x="{item.x * T}" y="{item.y * T}" '
                           f'width="{item.w * T}" height="{item.h * T}"')
                if item.props:
                    out.append(">\n   <properties>\n")
                    out += [_property(k, v, "    ") for k, v in item.props]
                    out.append("   </properties>\n  </object>\n")
                else:
                    out.append("/>\n")
            object_id += 1
        out.append(" </objectgroup>\n")
    out.append("</map>\n")
    return "".join(out)


# --- zones ------------------------------------------------------------------------------
COMPASS = {
    (1, 2): ("north", "south"), (2, 1): ("west", "east"),
    (1, 3): ("north", "middle", "south"), (3, 1): ("west", "middle", "east"),
    (2, 2): ("north-west", "north-east", "south-west", "south-east"),
}


def row_spans(name: str, spans: dict[int, tuple[int, int]],
              props: tuple[tuple[str, str | int], ...] = ()) -> Area:
    """An area given row by row (``y: (x0, x1)``, x1 excluded, rows in one run): a
    staircase polygon, for zones that follow a winding river."""
    rows = sorted(spans)
    left = [(spans[y][0], yy) for y in rows for yy in (y, y + 1)]
    right = [(spans[y][1], yy) for y in reversed(rows) for yy in (y + 1, y)]
    corners: list[Cell] = []
    for point in left + right:
        if corners and corners[-1] == point:
            continue
        if len(corners) >= 2 and (corners[-2][0] == corners[-1][0] == point[0]
                                  or corners[-2][1] == corners[-1][1] == point[1]):
            corners[-1] = point
            continue
        corners.append(point)
    return polygon(name, *corners, props=props)


def split_area(name: str, x: int, y: int, w: int, h: int, cols: int, rows: int,
               props: tuple[tuple[str, str | int], ...] = ()) -> list[Area]:
    """A named area cut into ``cols`` × ``rows`` zones of near-equal size (a zone is
    room-sized: maps/README.md · Zones), named "NAME, north" … or "NAME 1" …."""
    xs = [x + w * i // cols for i in range(cols + 1)]
    ys = [y + h * j // rows for j in range(rows + 1)]
    parts = []
    for j in range(rows):
        for i in range(cols):
            if cols * rows == 1:
                label = name
            elif (cols, rows) in COMPASS:
                label = f"{name}, {COMPASS[(cols, rows)][j * cols + i]}"
            else:
                label = f"{name} {j * cols + i + 1}"
            parts.append(Area(label, xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j], props))
    return parts


def zone_cells(d: Draft) -> tuple[dict[str, set[Cell]], list[Cell], list[Cell]]:
    """Each zone's walkable cells, the walkable cells in no zone and those in two."""
    blocked = blocking(d)
    owner: dict[Cell, str] = {}
    cells: dict[str, set[Cell]] = {z.name: set() for z in d.zones}
    twice: list[Cell] = []
    for z in d.zones:
        for y in range(max(0, z.y), min(d.height, z.y + z.h)):
            for x in range(max(0, z.x), min(d.width, z.x + z.w)):
                if blocked[y][x] or not z.covers(x, y):
                    continue
                if (x, y) in owner:
                    twice.append((x, y))
                    continue
                owner[(x, y)] = z.name
                cells[z.name].add((x, y))
    missing = [(x, y) for y in range(d.height) for x in range(d.width)
               if not blocked[y][x] and (x, y) not in owner]
    return cells, missing, twice


def walk(blocked: list[list[bool]], start: Cell, within: set[Cell] | None = None) -> set[Cell]:
    """The cells a unit can walk to from ``start`` (staying ``within``, if given); as in
    the game, a diagonal step may not squeeze between two blocking cells."""
    h, w = len(blocked), len(blocked[0])
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1)):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or blocked[ny][nx] or (nx, ny) in seen:
                continue
            if (dx and dy and blocked[y][nx] and blocked[ny][x]) or (
                    within is not None and (nx, ny) not in within):
                continue
            seen.add((nx, ny))
            todo.append((nx, ny))
    return seen


def check_zones(d: Draft, name: str, whole: bool = True) -> None:
    """Hand-made zones must cover every walkable cell once, each zone some cells, each
    zone in one piece unless ``whole`` is False (a unit can walk from any of its cells
    to any other inside it), and each with a cell a unit can reach from a spawn."""
    if not d.zones:
        return
    cells, missing, twice = zone_cells(d)
    blocked = blocking(d)
    reached: set[Cell] = set()
    for spawn in d.spawns:
        if (spawn.x, spawn.y) not in reached:
            reached |= walk(blocked, (spawn.x, spawn.y))
    pieces: list[str] = []
    if missing:
        raise ValueError(f"{name}: {len(missing)} walkable cells in no zone, first {missing[:5]}")
    if twice:
        raise ValueError(f"{name}: {len(twice)} cells in two zones, first {twice[:5]}")
    for zone, inside in cells.items():
        if not inside:
            raise ValueError(f"{name}: zone {zone!r} covers no walkable cell")
        inside &= reached
        if not inside:
            raise ValueError(f"{name}: zone {zone!r} covers no cell a unit can reach")
        seen = walk(blocked, min(inside), inside)
        if whole and len(seen) != len(inside):
            pieces.append(f"{zone!r} {sorted(inside - seen)[:4]}")
    if pieces:
        raise ValueError(f"{name}: zones in pieces: {'; '.join(pieces)}")
