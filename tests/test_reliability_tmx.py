"""Reliability: mutated ``.tmx`` files give only ``MapError`` (issue 6 · Reliability suite;
DESIGN.md · Maps: the loader turns every pytmx trap into a clear message).

The mutants are made here from the shipped maps (and their tileset): truncations, flipped
bytes, attributes of the wrong type, missing layers and tilesets, bad gids, absurd sizes,
decompression bombs, entity bombs and broken tilesets. Each is loaded with
``load_battlefield``; the only acceptable outcomes are a Battlefield (a harmless flip in a
briefing) or a ``MapError`` whose every line names the file. Counts per kind are printed
at the end of the module (``pytest -s``).
"""

from __future__ import annotations

import base64
import gzip
import os
import random
import shutil
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest
from saves_support import shipped_maps

from game.maps import MapError, load_battlefield
from game.maps.battlefield import Battlefield
from game.maps.loader import default_templates

MAPS = shipped_maps()
FIGURES: Counter[str] = Counter()
OUTCOMES: Counter[str] = Counter()

pytestmark = pytest.mark.skipif(not MAPS, reason="no shipped maps in maps/ yet")


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    kinds = ", ".join(f"{k} {v}" for k, v in sorted(FIGURES.items()))
    print(
        f"\nreliability tmx: {sum(FIGURES.values())} mutants of {len(MAPS)} shipped maps "
        f"({kinds}): {OUTCOMES['MapError']} MapError, {OUTCOMES['loaded']} still loaded, "
        "no other exception"
    )


@cache
def _templates() -> frozenset[str]:
    return frozenset(default_templates())


@pytest.fixture(scope="module")
def workshop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder laid out like the repository (maps/ beside assets/tiles/), so a mutant
    finds the shipped tileset at the same relative path."""
    root = tmp_path_factory.mktemp("mutants")
    tiles = MAPS[0].parents[1] / "assets" / "tiles"
    shutil.copytree(tiles, root / "assets" / "tiles")
    (root / "maps").mkdir()
    return root


def _try(folder: Path, kind: str, name: str, data: bytes, tsx: bytes | None = None) -> str:
    """Load ``data`` as a map (with ``tsx`` replacing the tileset if given)."""
    FIGURES[kind] += 1
    path = folder / "maps" / f"{name}.tmx"
    path.write_bytes(data)
    tileset = folder / "assets" / "tiles" / "terrain.tsx"
    original = tileset.read_bytes()
    if tsx is not None:
        tileset.write_bytes(tsx)
    try:
        result = load_battlefield(path, _templates())
    except MapError as exc:
        lines = exc.lines()
        assert lines and all(ln.startswith(f"{path}: ") and "\n" not in ln for ln in lines)
        OUTCOMES["MapError"] += 1
        return "MapError"
    finally:
        if tsx is not None:
            tileset.write_bytes(original)
    assert isinstance(result, Battlefield)
    OUTCOMES["loaded"] += 1
    return "loaded"


def _tree(data: bytes) -> ElementTree.Element:
    return ElementTree.fromstring(data)


def _bytes(root: ElementTree.Element) -> bytes:
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ElementTree.tostring(root)


def _mutate(data: bytes, change: Callable[[ElementTree.Element], None]) -> bytes:
    root = _tree(data)
    change(root)
    return _bytes(root)


@pytest.fixture(params=MAPS, ids=lambda p: p.stem)
def shipped(request: pytest.FixtureRequest) -> tuple[str, bytes]:
    path: Path = request.param
    return path.stem, path.read_bytes()


def test_truncated_maps(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    for cut in sorted({0, 1, 40, *range(100, len(data) - 1, max(1, len(data) // 8))}):
        assert _try(workshop, "truncated", f"{stem}-cut", data[:cut]) == "MapError"


def test_flipped_bytes(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    r = random.Random(stem)
    for _ in range(10):
        flipped = bytearray(data)
        for _ in range(r.randint(1, 4)):
            flipped[r.randrange(len(flipped))] ^= r.choice([1, 2, 4, 8, 16, 32, 64, 0xFF])
        _try(workshop, "flipped", f"{stem}-flip", bytes(flipped))


WRONG = ["abc", "", "-1", "0", "99999999999999999999"]


def test_attributes_of_the_wrong_type(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    targets = [
        (".", a) for a in ("width", "height", "tilewidth", "tileheight", "infinite", "orientation")
    ]
    targets += [
        ("./tileset", "firstgid"),
        ("./layer", "width"),
        ("./layer", "height"),
        ("./layer/data", "encoding"),
        ("./objectgroup/object", "x"),
        ("./objectgroup/object", "id"),
    ]
    for xpath, attribute in targets:
        for value in WRONG:

            def change(
                root: ElementTree.Element, x: str = xpath, a: str = attribute, v: str = value
            ) -> None:
                node = root if x == "." else root.find(x)
                if node is not None:
                    node.set(a, v)

            _try(workshop, "wrong types", f"{stem}-type", _mutate(data, change))


def test_wrong_property_types(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    for ptype, value in [
        ("int", "many"),
        ("bool", "maybe"),
        ("float", "x"),
        ("color", "red"),
        ("object", "-3"),
        ("int", "1" * 400),
    ]:

        def change(root: ElementTree.Element, t: str = ptype, v: str = value) -> None:
            for prop in root.iter("property"):
                prop.set("type", t)
                prop.set("value", v)
                prop.text = None

        _try(workshop, "wrong types", f"{stem}-prop", _mutate(data, change))


def test_missing_layers_tilesets_and_parts(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    parts = list(_tree(data))
    for i, part in enumerate(parts):

        def drop(root: ElementTree.Element, index: int = i) -> None:
            root.remove(list(root)[index])

        # a decoration layer may go; the ground, the tileset and the units may not
        needed = part.tag == "tileset" or part.get("name") in ("ground", "units")
        outcome = _try(workshop, "missing parts", f"{stem}-drop", _mutate(data, drop))
        assert outcome == "MapError" or not needed, f"map without its {part.tag} loaded"

    def drop_data(root: ElementTree.Element) -> None:
        for layer in root.findall("layer"):
            for d in layer.findall("data"):
                layer.remove(d)

    assert _try(workshop, "missing parts", f"{stem}-nodata", _mutate(data, drop_data)) == (
        "MapError"
    )


def _layer_gids(root: ElementTree.Element) -> tuple[ElementTree.Element, int]:
    layer = root.find("layer")
    assert layer is not None
    return layer, int(layer.get("width", "0")) * int(layer.get("height", "0"))


def _csv(data_node: ElementTree.Element, gids: Sequence[int | str]) -> None:
    data_node.attrib = {"encoding": "csv"}
    data_node.text = ",".join(str(g) for g in gids)


def test_bad_gids(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    bads: list[int | str] = [99_999, 2**32 - 1, 0x0FFFFFFF, -5, "x", "1e3", 2**40]
    for bad in bads:

        def change(root: ElementTree.Element, b: int | str = bad) -> None:
            layer, n = _layer_gids(root)
            node = layer.find("data")
            assert node is not None
            _csv(node, [*[1] * (n - 1), b])

        _try(workshop, "bad gids", f"{stem}-gid", _mutate(data, change))

    def short(root: ElementTree.Element) -> None:
        layer, n = _layer_gids(root)
        node = layer.find("data")
        assert node is not None
        _csv(node, [1] * (n // 2))

    _try(workshop, "bad gids", f"{stem}-short", _mutate(data, short))

    for junk in [b"not base64!", base64.b64encode(b"\x01\x02\x03"), b""]:

        def garbage(root: ElementTree.Element, j: bytes = junk) -> None:
            layer, _ = _layer_gids(root)
            node = layer.find("data")
            assert node is not None
            node.attrib = {"encoding": "base64", "compression": "zlib"}
            node.text = j.decode()

        _try(workshop, "bad gids", f"{stem}-b64", _mutate(data, garbage))


def test_absurd_sizes(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    for w, h in [(100_000, 100_000), (2**31, 1), (0, 0), (257, 257), (1, 10**9)]:

        def change(root: ElementTree.Element, ww: int = w, hh: int = h) -> None:
            root.set("width", str(ww))
            root.set("height", str(hh))
            for layer in root.findall("layer"):
                layer.set("width", str(ww))
                layer.set("height", str(hh))

        assert _try(workshop, "absurd sizes", f"{stem}-size", _mutate(data, change)) == ("MapError")
    huge_objects = _mutate(
        data,
        lambda root: root.extend(
            [
                ElementTree.fromstring(
                    '<objectgroup name="junk">' + '<object x="1" y="1"/>' * 6000 + "</objectgroup>"
                )
            ]
        ),
    )
    _try(workshop, "absurd sizes", f"{stem}-objects", huge_objects)


@cache
def _bombs() -> tuple[bytes, bytes]:
    zeros = bytes(48 * 2**20)  # 48 MiB of gid 0, a few dozen KiB compressed
    return zlib.compress(zeros, 9), gzip.compress(zeros, 9)


def test_decompression_and_entity_bombs(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    zlib_bomb, gzip_bomb = _bombs()
    for compression, payload in (("zlib", zlib_bomb), ("gzip", gzip_bomb)):

        def change(root: ElementTree.Element, c: str = compression, p: bytes = payload) -> None:
            layer, _ = _layer_gids(root)
            node = layer.find("data")
            assert node is not None
            node.attrib = {"encoding": "base64", "compression": c}
            node.text = base64.b64encode(p).decode()

        assert _try(workshop, "bombs", f"{stem}-bomb", _mutate(data, change)) == "MapError"
    laughs = (
        b'<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa">'
        + b"".join(
            f'<!ENTITY a{i} "{"&a;" * 10 if i == 0 else f"&a{i - 1};" * 10}">'.encode()
            for i in range(9)
        )
        + b"]>\n"
        + data.split(b"?>", 1)[1].replace(b'name="title" value="', b'name="title" value="&a8;', 1)
    )
    assert _try(workshop, "bombs", f"{stem}-laughs", laughs) == "MapError"


def test_broken_tilesets(workshop: Path, shipped: tuple[str, bytes]) -> None:
    stem, data = shipped
    tsx = (workshop / "assets" / "tiles" / "terrain.tsx").read_bytes()
    mutants = [
        tsx[: len(tsx) // 2],
        b"",
        tsx.replace(b'tilecount="', b'tilecount="9', 1),
        tsx.replace(b"<image", b"<imagex", 1),
        tsx.replace(
            b'name="blocks_move" type="bool" value="true"',
            b'name="blocks_move" type="bool" value="sometimes"',
            1,
        ),
        tsx.replace(b'name="cover" value="half"', b'name="cover" value="quarter"', 1),
        tsx.replace(b"<tileset ", b'<tileset tilewidth="0" ', 1),
    ]
    for i, broken in enumerate(mutants):
        _try(workshop, "broken tilesets", f"{stem}-tsx{i}", data, tsx=broken)
    moved = data.replace(b"terrain.tsx", b"nowhere.tsx")
    assert _try(workshop, "broken tilesets", f"{stem}-notsx", moved) == "MapError"
    for junk in (b"\x89PNG\r\n\x1a\n" + bytes(100), bytes(range(256)) * 4):
        assert _try(workshop, "not a map", f"{stem}-junk", junk) == "MapError"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_files_that_are_not_regular_files(workshop: Path, shipped: tuple[str, bytes]) -> None:
    """A named pipe as the map or as its tileset is refused at once (it used to hang)."""
    stem, data = shipped
    fifo = workshop / "maps" / f"{stem}-fifo.tmx"
    if not fifo.exists():
        os.mkfifo(fifo)
    FIGURES["not regular files"] += 1
    with pytest.raises(MapError, match=r"named pipe \(FIFO\), not a regular file"):
        load_battlefield(fifo, _templates())
    OUTCOMES["MapError"] += 1
    tileset = workshop / "assets" / "tiles" / f"fifo-{stem}.tsx"
    if not tileset.exists():
        os.mkfifo(tileset)
    piped = data.replace(b"terrain.tsx", f"fifo-{stem}.tsx".encode())
    assert _try(workshop, "not regular files", f"{stem}-fifotsx", piped) == "MapError"
