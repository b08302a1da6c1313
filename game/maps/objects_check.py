"""The objects of a map's raw XML, checked before pytmx reads them (split from
``game.maps.precheck``): ids, finite and bounded positions and sizes (an ``inf`` or a
``1e308`` would otherwise reach the cell arithmetic), the length of the names units,
zones and objectives carry into the battle, tile gids and their flags
(maps/README.md · Format and limits)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING
from xml.etree import ElementTree

from game.maps import contract
from game.maps.errors import Problem, object_label
from game.maps.properties_check import float_ok, int_attr
from game.words import is_one_line

if TYPE_CHECKING:
    from game.maps.precheck import XmlFacts

# Tiled stores flip/rotation flags in the top four bits of a gid.
GID_FLAGS = 0xF0000000


def check_objects(groups: list[ElementTree.Element], facts: XmlFacts) -> None:
    """Every object of the object layers ``groups``: how many, ids, placement, names of
    the contract's objects, tile gids and shapes (noted in ``facts.shapes``)."""
    objects = [(group, obj) for group in groups for obj in group.findall("object")]
    if len(objects) > contract.MAX_OBJECTS:
        facts.blocking.append(
            Problem("map", f"{len(objects)} objects; at most {contract.MAX_OBJECTS} are allowed")
        )
        return
    pictures: set[tuple[int, float, float]] = set()  # each tile drawn at each size, once
    for group, obj in objects:
        where = object_label(obj.get("id", "?"), obj.get("name") or "")
        obj_id = int_attr(obj, "id", where, facts.blocking)
        _check_placement(obj, where, facts.blocking)
        if group.get("name") in contract.CLASS_OF_LAYER:
            _check_name(obj.get("name") or "", where, facts.blocking)
        gid_raw = obj.get("gid")
        shape = "rect"
        if gid_raw is not None:
            shape = "tile"
            try:
                gid = int(gid_raw)
            except ValueError:
                facts.blocking.append(Problem(where, f"gid {gid_raw!r} is not a whole number"))
                continue
            if gid & contract.HEX_ROTATION_FLAG:
                facts.blocking.append(Problem(where, f"uses {HEX_FLAG_PROBLEM}; place it again"))
            gid &= ~GID_FLAGS
            if gid and not facts.tileset_failed and facts.tileset_of(gid) is None:
                facts.blocking.append(Problem(where, f"tile gid {gid} is in no tileset"))
            _check_tile_object_size(obj, where, facts.blocking)
            size = [_coordinate(obj.get(a)) or facts.tile_size for a in ("width", "height")]
            pictures.add((gid, min(abs(size[0]), 1e6), min(abs(size[1]), 1e6)))
        for tag in ("point", "ellipse", "polygon", "polyline", "text"):
            child = obj.find(tag)
            if child is None:
                continue
            shape = tag
            if tag in ("polygon", "polyline") and not _points_ok(child.get("points", "")):
                facts.blocking.append(Problem(where, f"its {tag} points are malformed"))
        if obj_id is not None:
            facts.shapes[obj_id] = shape
    area = sum(w * h for _, w, h in pictures)
    if area > contract.MAX_TILE_OBJECT_AREA:
        facts.blocking.append(
            Problem(
                "map",
                f"its tile objects take {area / 1e6:.0f} million pixels to draw; at most "
                f"{contract.MAX_TILE_OBJECT_AREA / 1e6:.0f} million (fewer, or smaller, ones)",
            )
        )


HEX_FLAG_PROBLEM = "a tile turned by 120°, a turn only hexagonal maps have"


def _check_name(name: str, where: str, problems: list[Problem]) -> None:
    """A unit's, zone's or objective's name: short, and one line (it is shown on the
    board, in the log, in answers and saves)."""
    if len(name) > contract.MAX_NAME_CHARS:
        problems.append(
            Problem(
                where,
                f"its name is {len(name)} characters long; at most "
                f"{contract.MAX_NAME_CHARS} are allowed",
            )
        )
    if not is_one_line(name):
        problems.append(Problem(where, "its name holds a line break or a control character"))


def _coordinate(raw: str | None) -> float | None:
    """The number ``raw`` holds if it is finite and within the contract's reach of the
    map's corner (``contract.MAX_OBJECT_PIXELS``), else None."""
    try:
        value = float(raw or 0)
    except ValueError:
        return None
    return value if math.isfinite(value) and abs(value) <= contract.MAX_OBJECT_PIXELS else None


def _check_placement(obj: ElementTree.Element, where: str, problems: list[Problem]) -> None:
    """An object's position, size and rotation are finite numbers, its position and size
    within ``contract.MAX_OBJECT_PIXELS`` (maps/README.md · Format and limits)."""
    for attr in ("x", "y", "width", "height", "rotation"):
        raw = obj.get(attr)
        if not float_ok(raw):
            problems.append(Problem(where, f"'{attr}' is not a number"))
        elif attr == "rotation":
            if not math.isfinite(float(raw or 0)):
                problems.append(Problem(where, f"'rotation' is {raw!r}, not a finite number"))
        elif _coordinate(raw) is None:
            problems.append(
                Problem(
                    where,
                    f"'{attr}' is {raw!r}, not a number of pixels within "
                    f"±{contract.MAX_OBJECT_PIXELS}",
                )
            )


def _check_tile_object_size(obj: ElementTree.Element, where: str, problems: list[Problem]) -> None:
    """A tile object is drawn at its width and height: keep the picture bounded."""
    limit = contract.MAX_TILE_OBJECT_PIXELS
    for attr in ("width", "height"):
        value = _coordinate(obj.get(attr))
        if value is not None and abs(value) > limit:
            problems.append(
                Problem(where, f"a tile object {value:g} pixels in {attr}; at most {limit}")
            )


def _points_ok(points: str) -> bool:
    pairs = points.split()
    if not pairs:
        return False
    for pair in pairs:
        parts = pair.split(",")
        if len(parts) != 2 or not all(_coordinate(p) is not None for p in parts):
            return False
    return True
