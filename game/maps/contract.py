"""The map authors' contract as data: layer names, property names, allowed values
and limits. ``maps/README.md`` documents the same tables for people; change both
together.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.geometry.zone_conditions import ZONE_PROPERTIES as ZONE_PROPERTIES

# --- format and limits ------------------------------------------------------
MAX_CELLS_PER_SIDE = 256  # 256×256 is four times the big shipped battle
MAX_FILE_BYTES = 16 * 1024 * 1024  # a 256×256 map with a dozen CSV layers is ~4 MiB
MAX_TILE_LAYERS = 32
MAX_TILESETS = 16
MAX_TILES_PER_TILESET = 65536
MAX_OBJECTS = 5000
MAX_TILE_SIZE_PX = 256
MAX_TEMPLATE_FILES = 256  # distinct object templates (.tx) one map may use
MAX_TEMPLATE_BYTES = 1024 * 1024  # a unit's .tx is well under 1 KiB
# an object lies at most this many pixels from the map's corner (256 cells of 256 px)
MAX_OBJECT_PIXELS = MAX_CELLS_PER_SIDE * MAX_TILE_SIZE_PX
MAX_TILE_OBJECT_PIXELS = 1024  # a tile object drawn bigger would fill memory when drawn
# all the tile objects' pictures, each tile at each size it is drawn once (128 MiB)
MAX_TILE_OBJECT_AREA = 32 * 2**20
MAX_PICTURE_PIXELS = 64 * 2**20  # a tileset or image layer picture (8192×8192)
MAX_NAME_CHARS = 80  # a unit's, zone's, objective's or side's name (ids, answers, saves)
MAX_TITLE_CHARS = 100  # the map's title (a save keeps it, and at most 200 characters)
MAX_SIDE_ID_CHARS = 40
MAX_SIDES = 16  # as many as a save keeps (game.saves.format.MAX_SIDES)
MAX_FILE_NAME_CHARS = 200  # the map file's name, which a save keeps
# Tiled's flag for a hexagonal tile turned by 120°, which no orthogonal map has
HEX_ROTATION_FLAG = 0x10000000
COMPRESSIONS = ("", "zlib", "gzip")  # for base64 data; "" is uncompressed
ENCODINGS = ("csv", "base64")

# --- layers -----------------------------------------------------------------
GROUND_LAYER = "ground"
UNITS_LAYER = "units"
ZONES_LAYER = "zones"
OBJECTIVES_LAYER = "objectives"

# --- object classes (Tiled `type`, or `class` in Tiled 1.9) -----------------
SPAWN_CLASS = "spawn"
ZONE_CLASS = "zone"
OBJECTIVE_CLASS = "objective"
CLASS_OF_LAYER = {
    UNITS_LAYER: SPAWN_CLASS,
    ZONES_LAYER: ZONE_CLASS,
    OBJECTIVES_LAYER: OBJECTIVE_CLASS,
}

# --- tile properties (terrain) ------------------------------------------------
TILE_PROPERTIES = ("terrain", "blocks_move", "blocks_sight", "cover", "move_cost", "concealment")
COVER_VALUES = ("none", "half", "full")
MIN_MOVE_COST = 1
MAX_MOVE_COST = 4

# --- spawn, zone and objective properties ------------------------------------
SPAWN_PROPERTIES = ("side", "template", "ai", "leader", "arrives")
AI_HINTS = ("hold", "guard", "aggressive", "skirmish")
# ZONE_PROPERTIES: capacity, hazard, from game/geometry/zone_conditions.py (``__getattr__``
# below: importing geometry brings numpy, which reading a map's summary does without)
OBJECTIVE_PROPERTIES = ("kind", "side", "description", "rounds", "count", "unit")
OBJECTIVE_KINDS = ("hold", "reach", "escape", "protect")
OBJECTIVE_NEEDS_SIDE = ("protect",)

# --- map properties (the scenario) ------------------------------------------
MAP_PROPERTIES = (
    "title",
    "briefing",
    "ruleset",
    "sides",
    "surprise",
    "round_limit",
    "fog",
    "author",
    "difficulty",
)
REQUIRED_MAP_PROPERTIES = ("title", "briefing", "sides")
CONTROLS = ("human", "ai", "any")
# what may follow control on a sides line (maps/README.md · Sides): ``party`` the player's
# party, ``undecided`` a side whose mind is not made up, ``morale`` a side that checks
# morale as the computer's sides do in the rulesets where only those check
SIDE_FLAGS = ("party", "undecided", "morale")  # party and undecided first: SideInfo fields
MAX_SIDE_FLAGS = len(SIDE_FLAGS) - 1  # party and undecided exclude each other
SURPRISE_CHECK = "check"
MAX_ROUND_LIMIT = 999
# how hard a battle is for a new player, easiest first: the menu lists battles in this
# order (maps without one, or with a value not here, come last)
DIFFICULTIES = ("tutorial", "easy", "medium", "hard")
SIDE_ID = re.compile(r"^[a-z][a-z0-9_]*$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

# --- names Tiled itself uses for attributes; a custom property must not reuse them
BUILTIN_ATTRIBUTES = {
    "map": frozenset(
        {
            "version",
            "tiledversion",
            "orientation",
            "renderorder",
            "width",
            "height",
            "tilewidth",
            "tileheight",
            "infinite",
            "nextlayerid",
            "nextobjectid",
            "backgroundcolor",
            "compressionlevel",
            "class",
            "type",
            "parallaxoriginx",
            "parallaxoriginy",
            "hexsidelength",
            "staggeraxis",
            "staggerindex",
        }
    ),
    "layer": frozenset(
        {
            "id",
            "name",
            "width",
            "height",
            "opacity",
            "visible",
            "offsetx",
            "offsety",
            "tintcolor",
            "class",
            "type",
            "locked",
            "parallaxx",
            "parallaxy",
            "color",
            "draworder",
        }
    ),
    # `template` is left out on purpose: the contract uses it for the unit template,
    # and Tiled's own object templates are an XML attribute, not a property.
    "object": frozenset(
        {"id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible"}
    ),
}


def __getattr__(name: str) -> Any:
    """``ZONE_PROPERTIES``, the zone conditions geometry defines, imported on first use."""
    if name == "ZONE_PROPERTIES":
        from game.geometry.zone_conditions import ZONE_PROPERTIES

        globals()[name] = ZONE_PROPERTIES
        return ZONE_PROPERTIES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
