"""Tilesets a map names by a path that is not there, though the game ships a tileset of
that file name (maps/README.md · Where maps go): a shipped map copied into the user's maps
folder still points at ``../assets/tiles/terrain.tsx``, relative to where it came from.
Such a map plays with the game's own tileset, and check-map warns how to fix the path.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath
from xml.etree import ElementTree

from game.maps.errors import Problem
from game.maps.pytmx_input import prepare
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


def borrowed_xml(map_path: Path) -> ElementTree.Element | None:
    """The map's XML as pytmx must be given it: its missing tilesets pointed at the shipped
    ones, and what ``pytmx_input.prepare`` changes; None when the file will do as it is
    (or cannot be read: its loader says why)."""
    problems: list[Problem] = []
    data = read_limited(map_path, "map", problems)
    root = parse_xml(data, "map", problems) if data is not None else None
    if root is None:
        return None
    borrowed = bool(borrow_shipped_tilesets(root, map_path))
    if not prepare(root) and not borrowed:
        return None
    return root
