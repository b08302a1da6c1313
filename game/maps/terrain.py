"""Terrain from Tiled tile properties, and how the tiles stacked on one cell combine.

Source 004 · The Grid and · Line of Sight and Cover: walls block movement and
sight; low walls, windows and arrow slits grant cover without blocking sight;
difficult terrain costs more movement. Map authors set these as tile properties
(``maps/README.md`` · Tile properties); this module reads and checks them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.geometry.grid import Cover, Terrain
from game.maps import contract

# Keys pytmx puts into a tile's property dict by itself (XML attributes of <tile>
# and its own bookkeeping); everything else is a custom property of the author.
PYTMX_TILE_KEYS = frozenset(
    {
        "id",
        "type",
        "class",
        "probability",
        "width",
        "height",
        "frames",
        "source",
        "trans",
        "colliders",
        "x",
        "y",
    }
)
UNNAMED = ""  # a tile that does not set `terrain`; the cell takes a name from another tile
_COVER = {"none": Cover.NONE, "half": Cover.HALF, "full": Cover.FULL}


def read_bool(value: object) -> bool | None:
    """A Tiled bool (typed, or written as text); None when it is neither."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def read_int(value: object) -> int | None:
    """A Tiled int (typed, or whole-number text); None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None


def tile_terrain(properties: Mapping[str, object] | None) -> tuple[Terrain, list[str]]:
    """The terrain one tile stands for, and what is wrong with its properties.

    A tile without a ``terrain`` name gets the name ``UNNAMED`` so that
    ``combine`` can take the name from a tile that has one.
    """
    problems: list[str] = []
    if not properties:
        return Terrain(name=UNNAMED), problems
    custom = {k: v for k, v in properties.items() if k not in PYTMX_TILE_KEYS}
    for key in sorted(custom):
        if key not in contract.TILE_PROPERTIES:
            problems.append(
                f"unknown property '{key}' (known: {', '.join(contract.TILE_PROPERTIES)})"
            )

    name = UNNAMED
    if "terrain" in custom:
        raw_name = custom["terrain"]
        if isinstance(raw_name, str) and raw_name.strip():
            name = raw_name.strip()
        else:
            problems.append("property 'terrain' must be a non-empty name")

    flags: dict[str, bool] = {}
    for key in ("blocks_move", "blocks_sight", "concealment"):
        if key not in custom:
            flags[key] = False
            continue
        value = read_bool(custom[key])
        if value is None:
            problems.append(f"property '{key}' is {custom[key]!r}; use true or false")
        flags[key] = bool(value)

    cover = Cover.NONE
    if "cover" in custom:
        raw_cover = str(custom["cover"]).strip().lower()
        if raw_cover in _COVER:
            cover = _COVER[raw_cover]
        else:
            problems.append(
                f"property 'cover' is {custom['cover']!r}; use one of "
                f"{', '.join(contract.COVER_VALUES)}"
            )

    move_cost = 1
    if "move_cost" in custom:
        cost = read_int(custom["move_cost"])
        if cost is None or not contract.MIN_MOVE_COST <= cost <= contract.MAX_MOVE_COST:
            problems.append(
                f"property 'move_cost' is {custom['move_cost']!r}; use a whole number "
                f"{contract.MIN_MOVE_COST}–{contract.MAX_MOVE_COST}"
            )
        else:
            move_cost = cost

    terrain = Terrain(
        name=name,
        blocks_move=flags["blocks_move"],
        blocks_sight=flags["blocks_sight"],
        cover=cover,
        move_cost=move_cost,
        concealment=flags["concealment"],
    )
    return terrain, problems


def combine(stack: Sequence[Terrain]) -> Terrain:
    """One cell's terrain from its tiles, bottom layer first (maps/README.md · Layers).

    It blocks movement or sight if any tile does, is concealing if any tile is,
    takes the highest cover and movement cost, and the name of the topmost tile
    that has one (``floor`` if none has).
    """
    if len(stack) == 1 and stack[0].name != UNNAMED:
        return stack[0]
    name = next((t.name for t in reversed(stack) if t.name != UNNAMED), "floor")
    return Terrain(
        name=name,
        blocks_move=any(t.blocks_move for t in stack),
        blocks_sight=any(t.blocks_sight for t in stack),
        cover=max((t.cover for t in stack), default=Cover.NONE),
        move_cost=max((t.move_cost for t in stack), default=1),
        concealment=any(t.concealment for t in stack),
    )
