"""Tiled object templates (``.tx``) in maps (maps/README.md · The starter kit).

An object placed from a template stores little more than ``template="units/bandit.tx"``,
its id, its position and what the author changed on it; the rest lives in the ``.tx``
file. ``expand_templates`` writes each template's object into its instances before
any other check sees the map, the way Tiled's *Detach* does: the instance's own
attributes, shape and custom properties win, the template fills in the rest (its
Type/Class, Name, size, tile, shape and properties). pytmx knows nothing of
templates, so the loader hands it the expanded XML (``open_tmx``).

A template that cannot be used (missing, unreadable, not a template, no object, a
tile from a tileset the map lacks) is one problem line naming the ``.tx`` file.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from game.maps import contract
from game.maps.errors import Problem, object_label
from game.maps.template_paths import MISSING_ADVICE, borrowed_warning, locate_template
from game.maps.xmlfiles import parse_xml, read_limited

GID_FLAGS = 0xF0000000  # Tiled's flip/rotation bits on a gid
SHAPES = ("point", "ellipse", "polygon", "polyline", "text")
# Attributes only the instance has: where it is and who it is.
_OWN_ATTRIBUTES = frozenset({"id", "x", "y", "template"})
_TYPE_ATTRIBUTES = ("type", "class")  # Tiled <= 1.8 and >= 1.10 write type, 1.9 class


@dataclass(frozen=True, slots=True)
class Template:
    """A readable ``.tx``: its object, and the tileset its tile (if any) counts from."""

    path: Path
    data: bytes  # the file as read (part of the map's content hash)
    obj: ElementTree.Element
    tileset: tuple[int, Path] | None  # (firstgid, the .tsx it names, resolved)


def _objects(node: ElementTree.Element) -> Iterator[ElementTree.Element]:
    """Objects of the object layers, inside group layers too (not tile collision shapes)."""
    for child in node:
        if child.tag == "group":
            yield from _objects(child)
        elif child.tag == "objectgroup":
            yield from child.findall("object")


def _label(obj: ElementTree.Element) -> str:
    return object_label(obj.get("id", "?"), obj.get("name") or "")


def _resolved(path: Path) -> Path:
    return Path(os.path.normpath(path.absolute()))


def load_template(path: Path, source: str) -> Template | str:
    """Read the ``.tx`` at ``path`` (named ``source`` in the map): the template, or
    what is wrong with it in one line."""
    # imported here: precheck imports this module for the expansion

    name = f"object template '{source}'"
    if source.lower().endswith((".tj", ".json")):
        return f"{name}: only XML templates (.tx) are supported, not JSON (.tj)"
    if not source.lower().endswith(".tx"):
        return f"{name}: an object template must be a .tx file"
    problems: list[Problem] = []
    try:
        size = path.stat().st_size if path.is_file() else 0
    except OSError:
        size = 0  # read_limited says why
    if size > contract.MAX_TEMPLATE_BYTES:
        return f"{name} is {size} bytes; the limit is {contract.MAX_TEMPLATE_BYTES // 1024} KiB"
    data = read_limited(path, name, problems)
    if data is None:
        if problems and problems[0].what == "not found":
            return f"{name} not found (looked for {os.path.normpath(path)}); {MISSING_ADVICE}"
        return f"{name} {problems[0].what}" if problems else f"{name} cannot be read"
    root = parse_xml(data, name, problems)
    if root is None:
        return f"{name}: {problems[0].what}" if problems else f"{name}: malformed XML"
    if root.tag != "template":
        return f"{name} is not a Tiled object template (the root element is <{root.tag}>)"
    obj = root.find("object")
    if obj is None:
        return f"{name} holds no object"
    tileset: tuple[int, Path] | None = None
    node = root.find("tileset")
    if node is not None:
        tsx = node.get("source") or ""
        first = node.get("firstgid") or ""
        if not tsx or not first.isdigit():
            return f"{name}: its tileset needs a 'source' .tsx and a 'firstgid'"
        tileset = (int(first), _resolved(path.parent / tsx))
    return Template(path, data, obj, tileset)


def expand_templates(
    root: ElementTree.Element,
    map_path: Path,
    problems: list[Problem],
    hashed: list[bytes],
    warnings: list[Problem] | None = None,
) -> bool:
    """Merge every template instance in ``root`` with its ``.tx`` (the instance wins).

    Problems go to ``problems``, one per unusable template file (naming the first
    object that uses it and how many do); each template's bytes are added to
    ``hashed`` once, since they are part of the map. A template missing where the map
    says but shipped with the game under the same file name is read from there, with
    one line in ``warnings`` (``template_paths``). Returns whether any object used a
    template."""
    loaded: dict[Path, Template | str] = {}
    users: dict[Path, list[ElementTree.Element]] = {}
    borrowed: dict[Path, str] = {}  # key -> the source the map names
    for obj in _objects(root):
        source = obj.get("template")
        if not source:
            continue
        path, shipped = locate_template(map_path, source)
        key = _resolved(map_path.parent / source)
        if shipped is not None:
            borrowed.setdefault(key, source)
        if key not in loaded and len(loaded) >= contract.MAX_TEMPLATE_FILES:
            limit = contract.MAX_TEMPLATE_FILES
            problems.append(Problem("map", f"uses more than {limit} object template files"))
            break
        if key not in loaded:
            template = loaded[key] = load_template(path, source)
            if isinstance(template, Template):
                hashed.append(template.data)
        users.setdefault(key, []).append(obj)
    tilesets = _map_tilesets(root, map_path)
    for key, source in borrowed.items():
        if warnings is not None and isinstance(loaded.get(key), Template):
            warnings.append(borrowed_warning(_label(users[key][0]), source, len(users[key])))
    for key, objects in users.items():
        template = loaded[key]
        if isinstance(template, str):
            more = f" ({len(objects)} objects use it)" if len(objects) > 1 else ""
            problems.append(Problem(_label(objects[0]), template + more))
            continue
        for obj in objects:
            issue = merge(obj, template, tilesets)
            if issue:
                problems.append(Problem(_label(obj), issue))
    return bool(users)


def _map_tilesets(root: ElementTree.Element, map_path: Path) -> dict[Path, int]:
    """The map's external tilesets: resolved .tsx path -> firstgid."""
    found: dict[Path, int] = {}
    for node in root.findall("tileset"):
        source, first = node.get("source"), node.get("firstgid") or ""
        if source and first.isdigit():
            found.setdefault(_resolved(map_path.parent / source), int(first))
    return found


def merge(obj: ElementTree.Element, template: Template, tilesets: dict[Path, int]) -> str:
    """Fill ``obj`` in from ``template`` in place; return a problem, or "" if none."""
    source = obj.attrib.pop("template", "")
    base = template.obj
    has_type = any(attr in obj.attrib for attr in _TYPE_ATTRIBUTES)
    for attr, value in base.attrib.items():
        if attr in _OWN_ATTRIBUTES or attr in obj.attrib:
            continue
        if attr in _TYPE_ATTRIBUTES and has_type:
            continue
        if attr == "gid":
            gid = _map_gid(value, template, tilesets)
            if gid is None:
                tsx = template.tileset[1] if template.tileset else "?"
                return (
                    f"object template '{source}' shows a tile of the tileset "
                    f"'{Path(tsx).name}', which the map does not use; add it with "
                    "Map > Add External Tileset"
                )
            value = gid
        obj.set(attr, value)
    if not any(obj.find(shape) is not None for shape in SHAPES):
        for shape in SHAPES:
            child = base.find(shape)
            if child is not None:
                obj.append(copy.deepcopy(child))
    _merge_properties(obj, base)
    return ""


def _map_gid(value: str, template: Template, tilesets: dict[Path, int]) -> str | None:
    """The template's gid counted in the map's tilesets (flip bits kept)."""
    if template.tileset is None or not value.isdigit():
        return value  # the precheck reports a gid that is not a number or in no tileset
    firstgid, tsx = template.tileset
    if tsx not in tilesets:
        return None
    raw = int(value)
    local = (raw & ~GID_FLAGS) - firstgid
    return str((tilesets[tsx] + local) | (raw & GID_FLAGS))


def _merge_properties(obj: ElementTree.Element, base: ElementTree.Element) -> None:
    inherited = [prop for block in base.findall("properties") for prop in block]
    if not inherited:
        return
    block = obj.find("properties")
    if block is None:
        block = ElementTree.Element("properties")
        obj.insert(0, block)
    own = {prop.get("name") for prop in block}
    missing = [copy.deepcopy(prop) for prop in inherited if prop.get("name") not in own]
    for index, prop in enumerate(missing):
        block.insert(index, prop)


def open_tmx(pytmx: Any, path: Path, expanded: ElementTree.Element | None) -> Any:
    """pytmx's ``TiledMap`` of ``path``; from the expanded XML when templates were used.

    Tileset paths still resolve against ``path``'s folder."""
    if expanded is None:
        return pytmx.TiledMap(str(path), load_all=False, allow_duplicate_names=True)
    tmx = pytmx.TiledMap(None, load_all=False, allow_duplicate_names=True)
    tmx.filename = str(path)
    tmx.parse_xml(expanded)
    return tmx
