"""The Shieldwall terrain tileset as data: every tile's key, position and terrain.

This module has no pygame in it. ``draw_tileset.py`` paints the tiles listed here
into ``assets/tiles/terrain.png`` and writes ``terrain.tsx``; ``make_maps.py``
looks tiles up by key when it writes the shipped battles; the tests compare the
committed ``.tsx`` with :func:`tsx_text`.

Terrain properties follow the map contract in ``maps/README.md`` (source 004 ·
Line of Sight and Cover for cover, source 004 · Movement for difficult terrain).

Several families come in 16 variants, one per set of orthogonal neighbours that
continue the same material (bit 1 north, 2 east, 4 south, 8 west): walls, water,
roads, hills, low walls, fences and palisades. Map makers pick the variant that
matches the neighbours (``make_maps.py`` does it automatically).
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

TILE = 32
COLUMNS = 16
NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
MASKS = tuple(range(16))
TILESET_NAME = "terrain"
IMAGE = "terrain.png"


@dataclass(frozen=True, slots=True)
class Props:
    """The six contract properties of one tile (``maps/README.md`` · Tile properties)."""

    terrain: str
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: str = "none"
    move_cost: int = 1
    concealment: bool = False


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One tile: a unique key (used by the scripts), its painter and its terrain."""

    key: str
    painter: str
    arg: int
    props: Props


# --- terrain kinds ------------------------------------------------------------
GRASS = Props("grass")
FOREST_FLOOR = Props("forest floor")
DIRT = Props("dirt")
ROAD = Props("dirt road")
SAND = Props("sand")
MUD = Props("mud", move_cost=2)  # deep, sucking mud: difficult terrain
STONE_FLOOR = Props("stone floor")
WOOD_FLOOR = Props("wooden floor")
COBBLES = Props("cobbles")
SHALLOW = Props("shallow water", move_cost=2)
DEEP = Props("deep water", blocks_move=True)  # swimmers excepted, nobody crosses it
STONE_WALL = Props("stone wall", blocks_move=True, blocks_sight=True)
WOOD_WALL = Props("wooden wall", blocks_move=True, blocks_sight=True)
PALISADE = Props("palisade", blocks_move=True, blocks_sight=True)
# Low walls and fences can be climbed (difficult terrain) and give half cover.
LOW_WALL = Props("low wall", cover="half", move_cost=2)
FENCE = Props("fence", cover="half", move_cost=2)
HILLTOP = Props("hilltop")
SLOPE = Props("slope", move_cost=2)  # a steep grassy bank: difficult terrain
DOOR = Props("open door")
GATE = Props("open gate")
WINDOW = Props("window", blocks_move=True, cover="full")
ARROW_SLIT = Props("arrow slit", blocks_move=True, cover="full")
BRIDGE = Props("bridge")
RUBBLE = Props("rubble", move_cost=2)
# Decision: a tree's trunk and low crown fill its square, so it stops both feet
# and eyes; undergrowth and bushes hide whoever crouches in them and slow movement.
TREE = Props("tree", blocks_move=True, blocks_sight=True)
DEAD_TREE = Props("dead tree", blocks_move=True, cover="half")
BUSHES = Props("bushes", move_cost=2, concealment=True)
UNDERGROWTH = Props("undergrowth", move_cost=2, concealment=True)
TALL_GRASS = Props("tall grass", concealment=True)
REEDS = Props("reeds", move_cost=2, concealment=True)
BOULDER = Props("boulder", blocks_move=True, cover="half")
ROCK = Props("rock", blocks_move=True, blocks_sight=True)
CRATES = Props("crates", blocks_move=True, cover="half")
BARRELS = Props("barrels", blocks_move=True, cover="half")
HAY = Props("hay bale", blocks_move=True, cover="half")
WELL = Props("well", blocks_move=True, cover="half")
TABLE = Props("table", blocks_move=True, cover="half")
TENT = Props("tent", blocks_move=True, blocks_sight=True)
CAMPFIRE = Props("campfire", blocks_move=True)
GRAVESTONE = Props("gravestone", blocks_move=True, cover="half")
CART = Props("cart", blocks_move=True, cover="half")


def _row(prefix: str, painter: str, props_of_mask: dict[int, Props] | Props) -> list[TileSpec]:
    out = []
    for m in MASKS:
        props = props_of_mask[m] if isinstance(props_of_mask, dict) else props_of_mask
        out.append(TileSpec(f"{prefix}_{m}", painter, m, props))
    return out


def _catalogue() -> tuple[TileSpec, ...]:
    tiles: list[TileSpec] = []
    # row 0: plain floors
    tiles += [
        TileSpec("grass_1", "grass", 0, GRASS),
        TileSpec("grass_2", "grass", 1, GRASS),
        TileSpec("grass_3", "grass", 2, GRASS),
        TileSpec("grass_flowers", "grass", 3, GRASS),
        TileSpec("forest_floor_1", "forest_floor", 0, FOREST_FLOOR),
        TileSpec("forest_floor_2", "forest_floor", 1, FOREST_FLOOR),
        TileSpec("dirt_1", "dirt", 0, DIRT),
        TileSpec("dirt_2", "dirt", 1, DIRT),
        TileSpec("sand", "sand", 0, SAND),
        TileSpec("mud", "mud", 0, MUD),
        TileSpec("stone_floor_1", "stone_floor", 0, STONE_FLOOR),
        TileSpec("stone_floor_2", "stone_floor", 1, STONE_FLOOR),
        TileSpec("wood_floor_1", "wood_floor", 0, WOOD_FLOOR),
        TileSpec("wood_floor_2", "wood_floor", 1, WOOD_FLOOR),
        TileSpec("cobbles", "cobbles", 0, COBBLES),
        TileSpec("dirt_3", "dirt", 2, DIRT),
    ]
    tiles += _row("shallow", "shallow", SHALLOW)  # row 1
    tiles += _row("deep", "deep", DEEP)  # row 2
    tiles += _row("stone_wall", "stone_wall", STONE_WALL)  # row 3
    tiles += _row("wood_wall", "wood_wall", WOOD_WALL)  # row 4
    tiles += _row("palisade", "palisade", PALISADE)  # row 5
    tiles += _row("low_wall", "low_wall", LOW_WALL)  # row 6
    tiles += _row("fence", "fence", FENCE)  # row 7
    tiles += _row("hill", "hill", {m: HILLTOP if m == 15 else SLOPE for m in MASKS})  # row 8
    tiles += _row("road", "road", ROAD)  # row 9
    # row 10: openings and crossings
    tiles += [
        TileSpec("wood_door_h", "door", 0, DOOR),
        TileSpec("wood_door_v", "door", 1, DOOR),
        TileSpec("wood_window_h", "window", 0, WINDOW),
        TileSpec("wood_window_v", "window", 1, WINDOW),
        TileSpec("stone_door_h", "door", 2, DOOR),
        TileSpec("stone_door_v", "door", 3, DOOR),
        TileSpec("stone_window_h", "window", 2, WINDOW),
        TileSpec("stone_window_v", "window", 3, WINDOW),
        TileSpec("arrow_slit_h", "arrow_slit", 0, ARROW_SLIT),
        TileSpec("arrow_slit_v", "arrow_slit", 1, ARROW_SLIT),
        TileSpec("palisade_gate_h", "palisade_gate", 0, GATE),
        TileSpec("palisade_gate_v", "palisade_gate", 1, GATE),
        TileSpec("bridge_h", "bridge", 0, BRIDGE),
        TileSpec("bridge_v", "bridge", 1, BRIDGE),
        TileSpec("rubble_1", "rubble", 0, RUBBLE),
        TileSpec("rubble_2", "rubble", 1, RUBBLE),
    ]
    # row 11: plants and rocks
    tiles += [
        TileSpec("oak_1", "oak", 0, TREE),
        TileSpec("oak_2", "oak", 1, TREE),
        TileSpec("oak_3", "oak", 2, TREE),
        TileSpec("pine_1", "pine", 0, TREE),
        TileSpec("pine_2", "pine", 1, TREE),
        TileSpec("dead_tree", "dead_tree", 0, DEAD_TREE),
        TileSpec("bush_1", "bush", 0, BUSHES),
        TileSpec("bush_2", "bush", 1, BUSHES),
        TileSpec("undergrowth_1", "undergrowth", 0, UNDERGROWTH),
        TileSpec("undergrowth_2", "undergrowth", 1, UNDERGROWTH),
        TileSpec("tall_grass", "tall_grass", 0, TALL_GRASS),
        TileSpec("reeds", "reeds", 0, REEDS),
        TileSpec("boulder_1", "boulder", 0, BOULDER),
        TileSpec("boulder_2", "boulder", 1, BOULDER),
        TileSpec("rock", "rock", 0, ROCK),
        TileSpec("rock_2", "rock", 1, ROCK),
    ]
    # row 12: things people leave about
    tiles += [
        TileSpec("crate", "crate", 0, CRATES),
        TileSpec("crates", "crate", 1, CRATES),
        TileSpec("barrel", "barrel", 0, BARRELS),
        TileSpec("barrels", "barrel", 1, BARRELS),
        TileSpec("hay_bale", "hay", 0, HAY),
        TileSpec("well", "well", 0, WELL),
        TileSpec("table_h", "table", 0, TABLE),
        TileSpec("table_v", "table", 1, TABLE),
        TileSpec("tent", "tent", 0, TENT),
        TileSpec("campfire", "campfire", 0, CAMPFIRE),
        TileSpec("gravestone_1", "gravestone", 0, GRAVESTONE),
        TileSpec("gravestone_2", "gravestone", 1, GRAVESTONE),
        TileSpec("cart_h", "cart", 0, CART),
        TileSpec("cart_v", "cart", 1, CART),
        TileSpec("hay_bales", "hay", 1, HAY),
        TileSpec("firewood", "crate", 2, CRATES),
    ]
    tiles += _row("forest", "forest", FOREST_FLOOR)  # row 13: woodland fading into grass
    return tuple(tiles)


TILES: tuple[TileSpec, ...] = _catalogue()
INDEX: dict[str, int] = {t.key: i for i, t in enumerate(TILES)}
ROWS = (len(TILES) + COLUMNS - 1) // COLUMNS
if len(INDEX) != len(TILES):  # pragma: no cover - a typo in the table above
    raise RuntimeError("duplicate tile key in the catalogue")


def tile_id(key: str) -> int:
    """The local tile id (0-based, as in the .tsx) of the tile named ``key``."""
    return INDEX[key]


def _prop(name: str, kind: str, value: str) -> str:
    return f'   <property name="{name}" type="{kind}" value={quoteattr(value)}/>\n'


def tsx_text() -> str:
    """The tileset file, Tiled 1.8 format (readable by 1.8 to 1.11 and by pytmx)."""
    width, height = COLUMNS * TILE, ROWS * TILE
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<tileset version="1.8" tiledversion="1.8.2" name="{TILESET_NAME}" '
        f'tilewidth="{TILE}" tileheight="{TILE}" tilecount="{len(TILES)}" '
        f'columns="{COLUMNS}">\n',
        f' <image source="{IMAGE}" width="{width}" height="{height}"/>\n',
    ]
    for i, t in enumerate(TILES):
        p = t.props
        out.append(f' <tile id="{i}">\n  <properties>\n')
        out.append(_prop("blocks_move", "bool", str(p.blocks_move).lower()))
        out.append(_prop("blocks_sight", "bool", str(p.blocks_sight).lower()))
        out.append(_prop("concealment", "bool", str(p.concealment).lower()))
        out.append(_prop("cover", "string", p.cover))
        out.append(_prop("move_cost", "int", str(p.move_cost)))
        out.append(_prop("terrain", "string", p.terrain))
        out.append("  </properties>\n </tile>\n")
    out += _wangsets()
    out.append("</tileset>\n")
    return "".join(out)


# Families Tiled's terrain brush can paint (an "edge" Wang set each): the brush picks
# the variant whose open sides match the neighbours, as make_maps.py does.
WANG_FAMILIES = (
    ("Shallow water", "shallow", "#4e808a"), ("Deep water", "deep", "#284c68"),
    ("Stone wall", "stone_wall", "#9c988e"), ("Wooden wall", "wood_wall", "#4e3420"),
    ("Palisade", "palisade", "#7a5838"), ("Low wall", "low_wall", "#88827a"),
    ("Fence", "fence", "#8a6442"), ("Hill", "hill", "#8aa052"),
    ("Dirt road", "road", "#8a6c4c"), ("Woodland floor", "forest", "#44503a"),
)


def _wangsets() -> list[str]:
    out = [" <wangsets>\n"]
    for title, prefix, colour in WANG_FAMILIES:
        full = INDEX[f"{prefix}_15"]
        out.append(f'  <wangset name="{title}" type="edge" tile="{full}">\n')
        out.append(f'   <wangcolor name="{title}" color="{colour}" tile="{full}" '
                   'probability="1"/>\n')
        for m in MASKS:
            # Tiled's edge order: top, (corner), right, (corner), bottom, (corner), left, ...
            edges = [int(bool(m & NORTH)), 0, int(bool(m & EAST)), 0,
                     int(bool(m & SOUTH)), 0, int(bool(m & WEST)), 0]
            out.append(f'   <wangtile tileid="{INDEX[f"{prefix}_{m}"]}" '
                       f'wangid="{",".join(map(str, edges))}"/>\n')
        out.append("  </wangset>\n")
    out.append(" </wangsets>\n")
    return out
