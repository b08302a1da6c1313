"""A cheap, safe pass over the raw XML before pytmx sees a map (DESIGN.md · Maps).

pytmx trusts its input: it decompresses layer data without a size limit, raises a
bare ``Exception`` (sometimes with an empty message) for infinite maps and missing
tilesets, a ``ValueError`` for zstd, silently accepts a missing tileset image,
layers whose data does not fit and gids outside every tileset, and ignores object
templates (``game.maps.templates`` merges them in here first).
This module reads the files with ``xml.etree`` and checks all of that first,
collecting every problem it can, so the loader only hands pytmx maps it can read.

The limits are in ``game.maps.contract``; the checks follow ``maps/README.md``.
"""

from __future__ import annotations

import base64
import binascii
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from game.maps import contract
from game.maps.errors import Problem, object_label
from game.maps.objects_check import GID_FLAGS, HEX_FLAG_PROBLEM, check_objects
from game.maps.properties_check import (
    check_property_block,
    check_tile_properties,
    int_attr,
    is_int,
    note_text_properties,
)
from game.maps.pytmx_input import attribute_problems, prepare
from game.maps.templates import expand_templates
from game.maps.tileset_paths import borrow_shipped_tilesets
from game.maps.xmlfiles import (
    is_file,
    parse_shared,
    parse_xml,
    picture_problem,
    read_limited,
)


@dataclass(frozen=True, slots=True)
class TilesetFacts:
    """Where a tileset's gids start and end, and where it came from."""

    name: str
    firstgid: int
    end_gid: int  # one past the last gid it holds
    source: Path | None  # the external .tsx, or None when embedded


@dataclass(slots=True)
class XmlFacts:
    """What the XML pass learnt. ``blocking`` problems mean pytmx must not run."""

    path: Path
    blocking: list[Problem] = field(default_factory=list)
    soft: list[Problem] = field(default_factory=list)
    width: int = 0
    height: int = 0
    tile_size: int = 0
    tilesets: list[TilesetFacts] = field(default_factory=list)
    hashed_bytes: list[bytes] = field(default_factory=list)  # tmx, then external tsx files
    shapes: dict[int, str] = field(default_factory=dict)  # object id -> rect/point/ellipse/…
    tileset_failed: bool = False  # some tileset could not be read: gid ranges are unknown
    hidden_layers: set[int] = field(default_factory=set)  # ids of layers Tiled hides
    # Properties written as `<property name=.. type="string">text</property>`: pytmx
    # reads them as the string "None"; the loader puts the text back. Keyed by
    # "map" or the object id.
    text_properties: dict[str | int, dict[str, str]] = field(default_factory=dict)
    expanded: ElementTree.Element | None = None  # the map with its object templates merged

    @property
    def problems(self) -> list[Problem]:
        return self.blocking + self.soft

    def tileset_of(self, gid: int) -> TilesetFacts | None:
        for tileset in self.tilesets:
            if tileset.firstgid <= gid < tileset.end_gid:
                return tileset
        return None


def layer_elements(
    node: ElementTree.Element, hidden: set[int] | None = None, *, shown: bool = True
) -> Iterator[ElementTree.Element]:
    """The map's layers in document order, looking inside group layers. With ``hidden``,
    the ids of the layers Tiled does not show (hidden themselves or through any group
    around them) are added to it: those are neither drawn nor played."""
    for child in node:
        visible = shown and child.get("visible", "1").strip() != "0"
        if child.tag == "group":
            yield from layer_elements(child, hidden, shown=visible)
        elif child.tag in ("layer", "objectgroup", "imagelayer"):
            if hidden is not None and not visible and (child.get("id") or "").isdigit():
                hidden.add(int(child.get("id") or 0))
            yield child


def hidden_layers(path: Path) -> frozenset[int]:
    """Ids of the layers of the map at ``path`` that Tiled does not show (for the screen,
    which draws with pytmx: pytmx flattens groups and forgets a hidden group's layers)."""
    return frozenset(check_file(path).hidden_layers)


JSON_MAP = (
    "is a JSON map; only XML maps (.tmx) are supported (in Tiled: File > Save As, "
    "Tiled map files (*.tmx))"
)


def check_file(path: Path) -> XmlFacts:
    """Run every XML-level check on ``path`` (a .tmx) and its external tilesets."""
    facts = XmlFacts(path=path)
    if len(path.name) > contract.MAX_FILE_NAME_CHARS:  # a save could not name the map
        facts.blocking.append(
            Problem(
                "file",
                f"its name is {len(path.name)} characters long; at most "
                f"{contract.MAX_FILE_NAME_CHARS}",
            )
        )
        return facts
    data = read_limited(path, "file", facts.blocking)
    if data is None:
        return facts
    facts.hashed_bytes.append(data)
    if data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"{", b"[")):
        facts.blocking.append(Problem("file", JSON_MAP))
        return facts
    root = parse_xml(data, "xml", facts.blocking)
    if root is None:
        return facts
    if root.tag != "map":
        facts.blocking.append(
            Problem("file", f"not a Tiled map (the root element is <{root.tag}>, expected <map>)")
        )
        return facts
    _check_map_element(root, facts)
    for _ in layer_elements(root, facts.hidden_layers):
        pass
    if facts.blocking:
        return facts  # without a sane size and tile size the rest would only echo it
    if expand_templates(root, path, facts.blocking, facts.hashed_bytes, facts.soft):
        facts.expanded = root
    borrowed = borrow_shipped_tilesets(root, path)
    if borrowed:  # a shipped map copied elsewhere: pytmx reads the XML pointed at ours
        facts.soft.extend(borrowed)
        facts.expanded = root
    facts.blocking.extend(attribute_problems(root))
    if prepare(root):  # what Tiled writes and pytmx cannot read (pytmx_input)
        facts.expanded = root
    _check_tilesets(root, facts)
    _check_layers(root, facts)
    _check_image_layers(root, facts)
    check_objects([n for n in layer_elements(root) if n.tag == "objectgroup"], facts)
    _check_all_properties(root, facts)
    return facts


def _check_map_element(root: ElementTree.Element, facts: XmlFacts) -> None:
    problems = facts.blocking
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        problems.append(
            Problem("map", f"orientation is '{orientation}'; only orthogonal maps are supported")
        )
    if root.get("infinite", "0") not in ("0", "false") or root.find(".//chunk") is not None:
        problems.append(
            Problem(
                "map",
                "infinite maps are not supported; untick 'Infinite' in "
                "Map > Map Properties (or make a new fixed-size map)",
            )
        )
    width = int_attr(root, "width", "map", problems)
    height = int_attr(root, "height", "map", problems)
    if width is not None and height is not None:
        limit = contract.MAX_CELLS_PER_SIDE
        if width < 1 or height < 1:
            problems.append(Problem("map", f"size {width}×{height} is empty"))
        elif width > limit or height > limit:
            problems.append(
                Problem("map", f"size {width}×{height} is beyond the {limit}×{limit} limit")
            )
        else:
            facts.width, facts.height = width, height
    tile_w = int_attr(root, "tilewidth", "map", problems)
    tile_h = int_attr(root, "tileheight", "map", problems)
    if tile_w is not None and tile_h is not None:
        if tile_w != tile_h:
            problems.append(
                Problem("map", f"tiles are {tile_w}×{tile_h} pixels; tiles must be square")
            )
        elif not 1 <= tile_w <= contract.MAX_TILE_SIZE_PX:
            problems.append(
                Problem(
                    "map", f"tile size {tile_w} pixels is outside 1–{contract.MAX_TILE_SIZE_PX}"
                )
            )
        else:
            facts.tile_size = tile_w


def _check_tilesets(root: ElementTree.Element, facts: XmlFacts) -> None:
    before = len(facts.blocking)
    _check_tileset_elements(root, facts)
    facts.tileset_failed = len(facts.blocking) > before


def _check_tileset_elements(root: ElementTree.Element, facts: XmlFacts) -> None:
    nodes = root.findall("tileset")
    if len(nodes) > contract.MAX_TILESETS:
        facts.blocking.append(
            Problem("map", f"{len(nodes)} tilesets; at most {contract.MAX_TILESETS} are allowed")
        )
        return
    if not nodes:
        facts.blocking.append(Problem("map", "has no tileset; add the terrain tileset"))
    parsed: list[tuple[str, ElementTree.Element]] = []
    for node in nodes:
        where = "tileset"
        firstgid = int_attr(node, "firstgid", where, facts.blocking)
        source = node.get("source")
        tsx_path: Path | None = None
        if source:
            where = f"tileset '{source}'"
            if not source.lower().endswith(".tsx"):
                facts.blocking.append(Problem(where, _not_tsx(source)))
                continue
            tsx_path = facts.path.parent / source
            tsx_problems: list[Problem] = []
            tsx_data = read_limited(tsx_path, where, tsx_problems)
            if tsx_problems and tsx_problems[0].what == "not found":
                tsx_problems = [
                    Problem(
                        where, f"tileset file not found (looked for {os.path.normpath(tsx_path)})"
                    )
                ]
            tsx_root = None
            if tsx_data is not None:
                facts.hashed_bytes.append(tsx_data)
                tsx_root = parse_shared(tsx_data, where, tsx_problems)
            if tsx_root is not None and tsx_root.tag != "tileset":
                tsx_problems.append(
                    Problem(where, f"not a tileset (root element <{tsx_root.tag}>)")
                )
                tsx_root = None
            facts.blocking.extend(tsx_problems)
            if tsx_root is None:
                continue
            node = tsx_root
        name = node.get("name") or (source or "unnamed")
        if not source:
            where = f"tileset '{name}'"
        if firstgid is None:
            continue
        if firstgid < 1:
            facts.blocking.append(Problem(where, f"firstgid {firstgid} must be 1 or more"))
            continue
        base = (tsx_path or facts.path).parent
        parsed.append((where, node))
        end = _check_tileset_node(node, where, base, facts)
        if end is None:
            continue
        tileset = TilesetFacts(name, firstgid, firstgid + end, tsx_path)
        for other in facts.tilesets:
            if tileset.firstgid < other.end_gid and other.firstgid < tileset.end_gid:
                facts.blocking.append(
                    Problem(where, f"its gids overlap those of tileset '{other.name}'")
                )
        facts.tilesets.append(tileset)
    check_tile_properties(parsed, facts)


def _not_tsx(source: str) -> str:
    """Why an external tileset's source cannot be read (it does not end in .tsx)."""
    if source.lower().endswith((".tsj", ".json")):
        return "only .tsx external tilesets are supported (not JSON)"
    return "an external tileset must be a .tsx file (Map > Add External Tileset)"


def _check_tileset_node(
    node: ElementTree.Element, where: str, base: Path, facts: XmlFacts
) -> int | None:
    """Check one tileset element; return how many gids it spans (None if unusable)."""
    problems = facts.blocking
    tile_w = int_attr(node, "tilewidth", where, problems)
    tile_h = int_attr(node, "tileheight", where, problems)
    count = int_attr(node, "tilecount", where, problems)
    if tile_w is None or tile_h is None or count is None:
        return None
    if (tile_w, tile_h) != (facts.tile_size, facts.tile_size):
        problems.append(
            Problem(
                where,
                f"its tiles are {tile_w}×{tile_h} pixels but the map's are "
                f"{facts.tile_size}×{facts.tile_size}",
            )
        )
    if not 0 <= count <= contract.MAX_TILES_PER_TILESET:
        problems.append(Problem(where, f"tilecount {count} is out of range"))
        return None
    image = node.find("image")
    images: list[str] = []
    if image is not None:
        images.append(image.get("source", ""))
        if not _image_grid_ok(node, image, tile_w, tile_h, where, problems):
            return None
    span = count
    for tile in node.findall("tile"):
        tile_id = int_attr(tile, "id", where, problems)
        if tile_id is None:
            continue
        if not 0 <= tile_id < contract.MAX_TILES_PER_TILESET:
            problems.append(Problem(where, f"tile id {tile_id} is out of range"))
            continue
        if image is not None and tile_id >= count:
            problems.append(Problem(where, f"tile {tile_id} is beyond its {count} tiles"))
        span = max(span, tile_id + 1)
        tile_image = tile.find("image")
        if tile_image is not None:
            images.append(tile_image.get("source", ""))
    if image is None and not images:
        problems.append(Problem(where, "has no image"))
    for source in images:
        if not source:
            problems.append(Problem(where, "an image has no source file"))
            continue
        image_path = base / source
        if not is_file(image_path):
            facts.soft.append(
                Problem(
                    where, f"image '{source}' not found (looked for {os.path.normpath(image_path)})"
                )
            )
        elif (why := picture_problem(image_path)) is not None:
            problems.append(Problem(where, f"image '{source}' {why}"))
    return span


def _image_grid_ok(
    node: ElementTree.Element,
    image: ElementTree.Element,
    tile_w: int,
    tile_h: int,
    where: str,
    problems: list[Problem],
) -> bool:
    """The tileset picture's declared size, margin and spacing cut it into at most
    ``MAX_TILES_PER_TILESET`` tiles (pytmx walks every one: a picture declared 10⁸
    pixels wide would hang the load)."""
    if image.get("width") is None or image.get("height") is None:
        problems.append(
            Problem(where, "its image has no width and height (open it in Tiled and save it)")
        )
        return False
    before = len(problems)
    width = int_attr(image, "width", f"{where} image", problems)
    height = int_attr(image, "height", f"{where} image", problems)
    margin = int_attr(node, "margin", where, problems, default=0)
    spacing = int_attr(node, "spacing", where, problems, default=0)
    if len(problems) > before or width is None or height is None:
        return False
    if margin is None or spacing is None or margin < 0 or spacing < 0:
        problems.append(Problem(where, "margin and spacing must be 0 or more pixels"))
        return False
    if width < 0 or height < 0:
        problems.append(Problem(where, f"its image size {width}×{height} is negative"))
        return False
    columns = max(0, (width - 2 * margin + spacing) // (tile_w + spacing))
    rows = max(0, (height - 2 * margin + spacing) // (tile_h + spacing))
    if columns * rows > contract.MAX_TILES_PER_TILESET:
        problems.append(
            Problem(
                where,
                f"its image is {width}×{height} pixels, {columns * rows} tiles; at most "
                f"{contract.MAX_TILES_PER_TILESET} are allowed",
            )
        )
        return False
    return True


def _decode_layer(
    data: ElementTree.Element, where: str, expected: int, problems: list[Problem]
) -> list[int] | None:
    """The layer's raw gids, decoded with limits, or None after recording the problem."""
    encoding = data.get("encoding", "")
    compression = data.get("compression", "")
    if data.find("tile") is not None or not encoding:
        problems.append(
            Problem(
                where,
                "XML tile data is not supported; choose CSV or Base64 as "
                "'Tile Layer Format' in Map > Map Properties",
            )
        )
        return None
    if encoding not in contract.ENCODINGS:
        problems.append(Problem(where, f"unknown encoding '{encoding}'; use CSV or Base64"))
        return None
    text = (data.text or "").strip()
    if encoding == "csv":
        if compression:
            problems.append(Problem(where, f"CSV data cannot be compressed ('{compression}')"))
            return None
        try:
            gids = [int(part) for part in text.split(",")] if text else []
        except ValueError:
            problems.append(Problem(where, "CSV data holds something that is not a whole number"))
            return None
        if any(g < 0 or g > 0xFFFFFFFF for g in gids):
            problems.append(Problem(where, "CSV data holds a gid out of range"))
            return None
    else:
        if compression == "zstd":
            problems.append(
                Problem(
                    where,
                    "zstd compression is not supported; choose Base64 (zlib or "
                    "gzip compressed) or CSV in Map > Map Properties",
                )
            )
            return None
        if compression not in contract.COMPRESSIONS:
            problems.append(
                Problem(where, f"unknown compression '{compression}'; use zlib or gzip")
            )
            return None
        try:
            raw = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            problems.append(Problem(where, "layer data is not valid base64"))
            return None
        limit = expected * 4
        if compression:
            # Decompress at most one byte beyond what the layer can hold: a zip bomb
            # stops here instead of filling memory.
            wbits = 31 if compression == "gzip" else 15
            stream = zlib.decompressobj(wbits)
            try:
                raw = stream.decompress(raw, limit + 1)
            except zlib.error:
                problems.append(Problem(where, f"layer data is not valid {compression} data"))
                return None
            if len(raw) <= limit and not stream.eof:
                problems.append(Problem(where, f"layer data is cut short ({compression} data)"))
                return None
            if len(raw) > limit:
                problems.append(
                    Problem(
                        where,
                        f"layer data decompresses to more than the {expected} "
                        "tiles the layer holds",
                    )
                )
                return None
        if len(raw) % 4:
            problems.append(Problem(where, "layer data is not a whole number of tiles"))
            return None
        gids = [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]
    if len(gids) != expected:
        problems.append(
            Problem(where, f"holds {len(gids)} tiles of data but the layer has {expected} cells")
        )
        return None
    return gids


def _check_layers(root: ElementTree.Element, facts: XmlFacts) -> None:
    layers = [node for node in layer_elements(root) if node.tag == "layer"]
    if len(layers) > contract.MAX_TILE_LAYERS:
        facts.blocking.append(
            Problem(
                "map", f"{len(layers)} tile layers; at most {contract.MAX_TILE_LAYERS} are allowed"
            )
        )
        return
    for node in layers:
        where = f"layer '{node.get('name', '')}'"
        width = int_attr(node, "width", where, facts.blocking)
        height = int_attr(node, "height", where, facts.blocking)
        if width is None or height is None:
            continue
        if (width, height) != (facts.width, facts.height):
            facts.blocking.append(
                Problem(where, f"is {width}×{height} but the map is {facts.width}×{facts.height}")
            )
            continue
        data = node.find("data")
        if data is None:
            facts.blocking.append(Problem(where, "has no <data>"))
            continue
        gids = _decode_layer(data, where, width * height, facts.blocking)
        if gids is None:
            continue
        turned = [i for i, gid in enumerate(gids) if gid & contract.HEX_ROTATION_FLAG]
        if turned:
            cells = f"{len(turned)} cells use" if len(turned) > 1 else "1 cell uses"
            first = f"first at ({turned[0] % width}, {turned[0] // width})"
            facts.blocking.append(
                Problem(where, f"{cells} {HEX_FLAG_PROBLEM}, {first}; repaint them")
            )
        if not facts.tileset_failed:
            _check_gids(gids, width, where, facts)


def _check_image_layers(root: ElementTree.Element, facts: XmlFacts) -> None:
    """pytmx accepts a missing image-layer picture; the battle screen would not."""
    for node in layer_elements(root):
        if node.tag != "imagelayer":
            continue
        image = node.find("image")
        source = image.get("source", "") if image is not None else ""
        where = f"layer '{node.get('name', '')}'"
        if source and not is_file(facts.path.parent / source):
            facts.soft.append(Problem(where, f"image '{source}' not found"))
        elif source and (why := picture_problem(facts.path.parent / source)) is not None:
            facts.blocking.append(Problem(where, f"image '{source}' {why}"))


def _check_gids(gids: list[int], width: int, where: str, facts: XmlFacts) -> None:
    bad: dict[int, int] = {}
    first: int | None = None
    known: set[int] = set()
    for index, raw_gid in enumerate(gids):
        gid = raw_gid & ~GID_FLAGS
        if gid == 0 or gid in known:
            continue
        if facts.tileset_of(gid) is not None:
            known.add(gid)
            continue
        bad[gid] = bad.get(gid, 0) + 1
        if first is None:
            first = index
    if bad and first is not None:
        listed = ", ".join(str(g) for g in sorted(bad)[:5]) + (" …" if len(bad) > 5 else "")
        count = sum(bad.values())
        cells = "1 cell uses a gid" if count == 1 else f"{count} cells use gids"
        facts.blocking.append(
            Problem(
                where,
                f"{cells} in no tileset ({listed}), first at ({first % width}, {first // width})",
            )
        )


def _check_all_properties(root: ElementTree.Element, facts: XmlFacts) -> None:
    check_property_block(root, "map", "map", facts)
    note_text_properties(root, "map", facts)
    for node in layer_elements(root):
        where = f"layer '{node.get('name', '')}'"
        check_property_block(node, where, "layer", facts)
        for obj in node.findall("object"):
            obj_where = object_label(obj.get("id", "?"), obj.get("name") or "")
            check_property_block(obj, obj_where, "object", facts)
            if is_int(obj.get("id")):
                note_text_properties(obj, int(obj.get("id", "0")), facts)
