"""What pytmx is given of a map's XML, where what Tiled writes is more than pytmx reads
(DESIGN.md · Maps; maps/README.md · Format and limits):

- a layer's offset may be a fraction of a pixel (``offsetx="10.5"``, a layer moved
  without snapping), which pytmx reads as a whole number and refuses; the game draws
  offsets in whole pixels, so they are rounded;
- an image layer without a picture (Tiled saves a new one as a bare ``<imagelayer/>``)
  makes pytmx fail; it draws nothing, so it is left out;
- a layer's or object's ``visible``, a layer's ``opacity``, offset or id, the map's next
  ids, that are not a number at all are one problem each naming where, not pytmx's bare
  error.

``prepare(root)`` does the first two to the tree in place (the loader and the battle
screen both call it); ``attribute_problems(root)`` lists the third.
"""

from __future__ import annotations

import math
from xml.etree import ElementTree

from game.maps.errors import Problem, object_label

LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")
_TRUE_FALSE = ("0", "1", "true", "false")


def _number(raw: str | None) -> float | None:
    """The finite number ``raw`` holds, or None."""
    try:
        value = float(raw or "")
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _whole(raw: str) -> bool:
    try:
        int(raw)
    except ValueError:
        return False
    return True


def _empty_image_layer(node: ElementTree.Element) -> bool:
    image = node.find("image")
    return node.tag == "imagelayer" and (image is None or not image.get("source"))


def prepare(root: ElementTree.Element) -> bool:
    """Round fractional layer offsets and drop picture-less image layers in ``root`` (the
    map element); return whether anything changed."""
    changed = False
    for parent in [root, *root.iter("group")]:
        for child in [c for c in parent if _empty_image_layer(c)]:
            parent.remove(child)
            changed = True
    for node in root.iter():
        if node.tag not in LAYER_TAGS:
            continue
        for attr in ("offsetx", "offsety"):
            raw = node.get(attr)
            value = _number(raw)
            if raw is not None and value is not None and str(round(value)) != raw.strip():
                node.set(attr, str(round(value)))
                changed = True
    return changed


def attribute_problems(root: ElementTree.Element) -> list[Problem]:
    """Layer and object attributes pytmx would refuse with a bare error, one problem each."""
    problems: list[Problem] = []
    for attr in ("nextlayerid", "nextobjectid"):
        raw = root.get(attr)
        if raw is not None and not _whole(raw):
            problems.append(Problem("map", f"'{attr}' is {raw!r}, not a whole number"))
    hexside = root.get("hexsidelength")
    if hexside is not None and _number(hexside) is None:
        problems.append(Problem("map", f"'hexsidelength' is {hexside!r}, not a number"))
    for node in root.iter():
        if node.tag in LAYER_TAGS:
            where = f"layer '{node.get('name', '')}'"
            numbers: tuple[str, ...] = ("opacity", "offsetx", "offsety")
            raw = node.get("id")
            if raw is not None and not _whole(raw):
                problems.append(Problem(where, f"'id' is {raw!r}, not a whole number"))
        elif node.tag == "object":
            where = object_label(node.get("id", "?"), node.get("name") or "")
            numbers = ()
        else:
            continue
        visible = node.get("visible")
        if visible is not None and visible.strip().lower() not in _TRUE_FALSE:
            problems.append(Problem(where, f"'visible' is {visible!r}, not 0 or 1"))
        for attr in numbers:
            raw = node.get(attr)
            if raw is not None and _number(raw) is None:
                problems.append(Problem(where, f"'{attr}' is {raw!r}, not a number"))
    return problems
