"""The custom properties of a map's raw XML, checked before pytmx reads it (split from
``game.maps.precheck``): property types and values, names that shadow Tiled's built-in
attributes, and the text properties pytmx misreads (DESIGN.md · Maps, maps/README.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.etree import ElementTree

from game.maps import contract
from game.maps.errors import Problem

if TYPE_CHECKING:
    from game.maps.precheck import XmlFacts

_PROPERTY_TYPES = ("", "string", "int", "float", "bool", "color", "file", "object")
_TRUE_FALSE = {"true", "false", "1", "0"}


def int_attr(
    node: ElementTree.Element,
    name: str,
    where: str,
    problems: list[Problem],
    default: int | None = None,
) -> int | None:
    """The whole number in attribute ``name`` of ``node``; ``default`` when it is missing
    (a problem when there is no default), None with a problem when it is not one."""
    raw = node.get(name)
    if raw is None:
        if default is None:
            problems.append(Problem(where, f"the '{name}' attribute is missing"))
        return default
    try:
        return int(raw)
    except ValueError:
        problems.append(Problem(where, f"'{name}' is {raw!r}, not a whole number"))
        return None


def float_ok(raw: str | None) -> bool:
    if raw is None:
        return True
    try:
        float(raw)
    except ValueError:
        return False
    return True


def note_text_properties(node: ElementTree.Element, key: str | int, facts: XmlFacts) -> None:
    """Strings pytmx misreads: text content with ``type="string"`` and empty values
    (``value=""``, as Tiled writes an empty string), which pytmx turns into None."""
    for block in node.findall("properties"):
        for prop in block.findall("property"):
            kind, value, name = prop.get("type", ""), prop.get("value"), prop.get("name")
            text = value if value is not None else (prop.text or "")
            if name and kind in ("", "string") and (text == "" or kind and value is None):
                facts.text_properties.setdefault(key, {})[name] = text


def check_tile_properties(nodes: list[tuple[str, ElementTree.Element]], facts: XmlFacts) -> None:
    """Check the property blocks of the tilesets (embedded or .tsx) and their tiles."""
    for where, node in nodes:
        check_property_block(node, where, "tileset", facts)
        for tile in node.findall("tile"):
            check_property_block(tile, f"{where} tile {tile.get('id', '?')}", "tile", facts)


def check_property_block(node: ElementTree.Element, where: str, kind: str, facts: XmlFacts) -> None:
    builtin = contract.BUILTIN_ATTRIBUTES.get(kind, frozenset())
    for block in node.findall("properties"):
        for prop in block.findall("property"):
            name = prop.get("name")
            if not name:
                facts.blocking.append(Problem(where, "a custom property has no name"))
                continue
            prop_where = f"{where} property '{name}'"
            kind_of = prop.get("type", "")
            value = prop.get("value")
            if name in builtin:
                facts.blocking.append(
                    Problem(
                        prop_where,
                        f"is named like a built-in attribute of Tiled {kind}s; rename or remove it",
                    )
                )
                continue
            if kind_of == "class":
                facts.blocking.append(
                    Problem(prop_where, "class-typed (compound) properties are not supported")
                )
            elif kind_of not in _PROPERTY_TYPES:
                facts.blocking.append(Problem(prop_where, f"unknown property type '{kind_of}'"))
            elif value is None and kind_of in ("int", "object", "float", "bool"):
                article = "an" if kind_of[0] in "aeiou" else "a"
                facts.blocking.append(
                    Problem(prop_where, f'has no value="…" (where {article} {kind_of} keeps it)')
                )
            elif kind_of in ("int", "object") and not is_int(value):
                whole = f"{_quoted(value)} is not a whole number"
                facts.blocking.append(Problem(prop_where, whole))
            elif kind_of == "float" and not float_ok(value or ""):
                facts.blocking.append(Problem(prop_where, f"{_quoted(value)} is not a number"))
            elif kind_of == "bool" and (value or "").strip().lower() not in _TRUE_FALSE:
                facts.blocking.append(Problem(prop_where, f"{_quoted(value)} is not true or false"))


def _quoted(value: str | None) -> str:
    """``repr(value)``, a long one cut short (a problem is a line to read)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:56] + "…'"


def is_int(value: str | None) -> bool:
    if value is None:
        return False
    try:
        int(value)
    except ValueError:
        return False
    return True
