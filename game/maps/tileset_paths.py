"""Tilesets a map names by a path that is not there, though the game ships a tileset of
that file name (maps/README.md · Where maps go): a shipped map copied into the user's maps
folder still points at ``../assets/tiles/terrain.tsx``, relative to where it came from.
Such a map plays with the game's own tileset, and check-map warns how to fix the path.

Also here: image layers without a picture (Tiled saves a new image layer as a bare
``<imagelayer/>``), which pytmx cannot read; they draw nothing, so they are left out of
what pytmx is given.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath
from xml.etree import ElementTree

from game.maps.errors import Problem
from game.maps.xmlfiles import is_file, parse_xml, read_limited


def shipped_tileset(name: str) -> Path | None:
    """The game's own tileset file called ``name`` (``terrain.tsx``), if there is one."""
    from game.shipped import assets_dir

    path = assets_dir() / "tiles" / name
    return path if is_file(path) else None


def borrow_shipped_tilesets(root: ElementTree.Element, map_path: Path) -> list[Problem]:
    """Point each external tileset of the map ``root`` that is missing next to
    ``map_path`` at the shipped tileset of the same file name, if any; one warning each."""
    warnings = []
    for node in root.findall("tileset"):
        source = node.get("source") or ""
        if not source.lower().endswith(".tsx") or is_file(map_path.parent / source):
            continue
        name = (PureWindowsPath if "\\" in source else PurePosixPath)(source).name
        own = shipped_tileset(name)
        if own is None:
            continue
        node.set("source", str(own))
        warnings.append(
            Problem(
                f"tileset '{source}'",
                f"not found next to the map, so the game's own {name} is used (open the "
                "map in Tiled, point the tileset at the file and save)",
                warning=True,
            )
        )
    return warnings


def _empty_image_layer(node: ElementTree.Element) -> bool:
    image = node.find("image")
    return node.tag == "imagelayer" and (image is None or not image.get("source"))


def drop_empty_image_layers(root: ElementTree.Element) -> bool:
    """Remove the image layers of ``root`` (and of its group layers) that hold no picture;
    return whether there were any."""
    dropped = False
    for parent in [root, *root.iter("group")]:
        for child in [c for c in parent if _empty_image_layer(c)]:
            parent.remove(child)
            dropped = True
    return dropped


def borrowed_xml(map_path: Path) -> ElementTree.Element | None:
    """The map's XML as pytmx must be given it: its missing tilesets pointed at the shipped
    ones and its empty image layers left out; None when the file will do as it is (or
    cannot be read: its loader says why)."""
    problems: list[Problem] = []
    data = read_limited(map_path, "map", problems)
    root = parse_xml(data, "map", problems) if data is not None else None
    if root is None:
        return None
    borrowed = bool(borrow_shipped_tilesets(root, map_path))
    if not drop_empty_image_layers(root) and not borrowed:
        return None
    return root
