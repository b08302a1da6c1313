"""Plain-XML checks of the terrain tileset and the five shipped battles.

These do not use the game's map loader (it has its own tests): they read the
``.tsx`` and ``.tmx`` files with ``xml.etree`` and check them against the map
contract in ``maps/README.md``, so a broken asset is caught even if the loader
changes. They also check that the committed files are what the generators in
``assets/src`` produce, so nobody hand-edits a generated file by mistake.
"""

from __future__ import annotations

import base64
import re
import struct
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

import pytest

ROOT = Path(__file__).resolve().parents[1]
TILES = ROOT / "assets" / "tiles"
TSX = TILES / "terrain.tsx"
MAPS = ROOT / "maps"
SHIPPED = ("duel.tmx", "village.tmx", "fort.tmx", "ambush.tmx", "battle.tmx")

# The unit templates the content engineer ships (game/content/data/units); hardcoded
# on purpose so this test does not depend on the content loader.
TEMPLATES = frozenset(
    {
        "warrior",
        "skirmisher",
        "archer",
        "spearman",
        "captain",
        "bandit",
        "bandit_archer",
        "bandit_chief",
        "wolf",
        "orc",
        "orc_archer",
        "skeleton",
        "ogre",
        "militia",
        "crossbowman",
    }
)
TILE_PROPERTIES = {
    "terrain": "string",
    "blocks_move": "bool",
    "blocks_sight": "bool",
    "cover": "string",
    "move_cost": "int",
    "concealment": "bool",
}
COVER = {"none", "half", "full"}
CONTROLS = {"human", "ai", "any"}
AI_HINTS = {"hold", "guard", "aggressive", "skirmish"}
OBJECTIVE_KINDS = {"hold", "reach", "escape", "protect"}
RULESETS = {"grid", "clash", "zones", "stress", "factions"}
SIDE_ID = re.compile(r"^[a-z][a-z0-9_]*$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
FLIP_FLAGS = 0xF0000000

sys.path.insert(0, str(ROOT / "assets" / "src"))
import make_maps  # noqa: E402
import tilecatalog  # noqa: E402


# --- reading ------------------------------------------------------------------------
def properties(element: ElementTree.Element) -> dict[str, tuple[str, str]]:
    """name -> (type, value) of an element's <properties>; multi-line values are text."""
    out: dict[str, tuple[str, str]] = {}
    props = element.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        value = p.get("value")
        if value is None:
            value = p.text or ""
        out[p.get("name", "")] = (p.get("type", "string"), value)
    return out


@dataclass(frozen=True)
class TileTerrain:
    terrain: str
    blocks_move: bool
    blocks_sight: bool
    cover: str
    move_cost: int
    concealment: bool


def read_tileset() -> tuple[ElementTree.Element, dict[int, TileTerrain]]:
    root = ElementTree.parse(TSX).getroot()
    tiles: dict[int, TileTerrain] = {}
    for tile in root.findall("tile"):
        p = {k: v for k, (_, v) in properties(tile).items()}
        tiles[int(tile.get("id", "-1"))] = TileTerrain(
            p.get("terrain", "floor"),
            p.get("blocks_move") == "true",
            p.get("blocks_sight") == "true",
            p.get("cover", "none"),
            int(p.get("move_cost", "1")),
            p.get("concealment") == "true",
        )
    return root, tiles


def layer_gids(layer: ElementTree.Element, width: int, height: int) -> list[int]:
    data = layer.find("data")
    assert data is not None, f"layer {layer.get('name')} has no data"
    text = (data.text or "").strip()
    if data.get("encoding") == "csv":
        gids = [int(v) for v in text.replace("\n", "").split(",")]
    else:
        assert data.get("encoding") == "base64"
        raw = base64.b64decode(text)
        if data.get("compression") == "zlib":
            raw = zlib.decompress(raw)
        gids = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    assert len(gids) == width * height, f"layer {layer.get('name')} has {len(gids)} gids"
    return [g & ~FLIP_FLAGS for g in gids]


def object_class(obj: ElementTree.Element) -> str | None:
    return obj.get("class") or obj.get("type")


def normalised(text: str) -> dict[str, object]:
    """A map's meaning (attributes, properties, decoded layers, objects) without its bytes,
    so the same map written with another zlib build still compares equal."""
    root = ElementTree.fromstring(text)
    w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    layers = {lay.get("name"): layer_gids(lay, w, h) for lay in root.findall("layer")}
    objects = []
    for group in root.findall("objectgroup"):
        for obj in group.findall("object"):
            objects.append(
                (
                    group.get("name"),
                    dict(obj.attrib),
                    properties(obj),
                    obj.find("point") is not None,
                )
            )
    return {
        "map": dict(root.attrib),
        "properties": properties(root),
        "layers": layers,
        "tilesets": [dict(t.attrib) for t in root.findall("tileset")],
        "objects": objects,
    }


# --- the tileset ------------------------------------------------------------------------
def test_tileset_every_tile_has_all_six_contract_properties_with_legal_values() -> None:
    root, _ = read_tileset()
    count = int(root.get("tilecount", "0"))
    tiles = root.findall("tile")
    assert count > 0 and len(tiles) == count
    assert sorted(int(t.get("id", "-1")) for t in tiles) == list(range(count))
    for tile in tiles:
        where = f"tile {tile.get('id')}"
        props = properties(tile)
        assert set(props) == set(TILE_PROPERTIES), where
        for name, kind in TILE_PROPERTIES.items():
            assert props[name][0] == kind, f"{where}: {name} should be {kind}"
        for name in ("blocks_move", "blocks_sight", "concealment"):
            assert props[name][1] in ("true", "false"), where
        assert props["cover"][1] in COVER, where
        assert 1 <= int(props["move_cost"][1]) <= 4, where
        assert props["terrain"][1].strip(), where


def test_tileset_image_exists_and_matches_the_declared_grid_of_32px_tiles() -> None:
    root, _ = read_tileset()
    image = root.find("image")
    assert image is not None
    png = TILES / image.get("source", "")
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (int(image.get("width", "0")), int(image.get("height", "0")))
    assert root.get("tilewidth") == root.get("tileheight") == "32"
    columns = int(root.get("columns", "0"))
    assert width == columns * 32
    assert height % 32 == 0 and (height // 32) * columns >= int(root.get("tilecount", "0"))


def test_tileset_offers_each_kind_of_terrain_the_contract_names() -> None:
    """Issue 2 · §2: floors, walls, doors, low walls (half cover), windows and arrow slits
    (full cover, passable by sight only), bushes/trees (concealment), difficult terrain."""
    _, tiles = read_tileset()
    kinds = {t.terrain: t for t in tiles.values()}
    assert kinds["stone wall"].blocks_move and kinds["stone wall"].blocks_sight
    assert kinds["open door"] == TileTerrain("open door", False, False, "none", 1, False)
    assert kinds["low wall"].cover == "half" and not kinds["low wall"].blocks_sight
    for name in ("window", "arrow slit"):
        assert kinds[name].cover == "full"
        assert kinds[name].blocks_move and not kinds[name].blocks_sight
    assert kinds["bushes"].concealment and kinds["undergrowth"].concealment
    assert kinds["tree"].blocks_move and kinds["tree"].blocks_sight
    for name in ("rubble", "shallow water", "mud"):
        assert kinds[name].move_cost == 2 and not kinds[name].blocks_move
    assert kinds["deep water"].blocks_move and not kinds["deep water"].blocks_sight
    assert kinds["crates"].cover == "half" and kinds["crates"].blocks_move
    assert kinds["fence"].cover == "half"


def test_tileset_file_is_what_the_catalogue_generates() -> None:
    assert TSX.read_text(encoding="utf-8") == tilecatalog.tsx_text(), (
        "assets/tiles/terrain.tsx is stale: run python assets/src/draw_tileset.py"
    )


# --- the shipped maps ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return make_maps.build_all()


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_is_what_make_maps_generates(name: str, generated: dict[str, str]) -> None:
    committed = (MAPS / name).read_text(encoding="utf-8")
    assert normalised(committed) == normalised(generated[name]), (
        f"maps/{name} is stale: run python assets/src/make_maps.py"
    )


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_follows_the_contract(name: str) -> None:
    root = ElementTree.parse(MAPS / name).getroot()
    assert root.tag == "map"
    assert root.get("orientation") == "orthogonal" and root.get("infinite") == "0"
    assert root.get("tilewidth") == root.get("tileheight") == "32"
    w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    # the external tileset, found where the map says
    (tileset,) = root.findall("tileset")
    assert tileset.get("source") == "../assets/tiles/terrain.tsx"
    assert (MAPS / tileset.get("source", "")).resolve() == TSX.resolve()
    firstgid = int(tileset.get("firstgid", "0"))
    # layers
    names = [lay.get("name") for lay in root.findall("layer")]
    assert names[0] == "ground"
    groups = {g.get("name"): g for g in root.findall("objectgroup")}
    assert "units" in groups
    # scenario
    props = {k: v for k, (_, v) in properties(root).items()}
    for required in ("title", "briefing", "sides"):
        assert props.get(required, "").strip(), f"{name}: {required} missing"
    assert props.get("ruleset", "grid") in RULESETS
    sides = {}
    parties = 0
    for line in props["sides"].splitlines():
        parts = [p.strip() for p in line.split(";")]
        assert len(parts) in (4, 5), line
        sid, title, colour, control = parts[:4]
        assert SIDE_ID.match(sid) and title and COLOUR.match(colour) and control in CONTROLS
        if len(parts) == 5:
            assert parts[4] == "party"
            assert control == "any", "the party side may be played by anyone"
            parties += 1
        sides[sid] = 0
    assert parties == 1
    if "surprise" in props:
        assert props["surprise"] in sides or props["surprise"] == "check"
    if "round_limit" in props:
        assert 1 <= int(props["round_limit"]) <= 999
    # every cell has a tile, all gids are in the tileset
    _, terrain = read_tileset()
    blocked = [False] * (w * h)
    covered = [False] * (w * h)
    for layer in root.findall("layer"):
        for i, gid in enumerate(layer_gids(layer, w, h)):
            if gid == 0:
                continue
            local = gid - firstgid
            assert local in terrain, f"{name}: gid {gid} outside the tileset"
            covered[i] = True
            blocked[i] = blocked[i] or terrain[local].blocks_move
    assert all(covered), f"{name}: a cell with no tile"
    # spawns
    cells: set[tuple[int, int]] = set()
    for obj in groups["units"].findall("object"):
        assert object_class(obj) == "spawn"
        assert obj.find("point") is not None
        x, y = float(obj.get("x", "-1")), float(obj.get("y", "-1"))
        cell = (int(x // 32), int(y // 32))
        assert 0 <= cell[0] < w and 0 <= cell[1] < h, f"{name}: spawn off the map"
        assert cell not in cells, f"{name}: two spawns on {cell}"
        cells.add(cell)
        p = {k: v for k, (_, v) in properties(obj).items()}
        assert p["template"] in TEMPLATES, f"{name}: unknown template {p['template']}"
        assert p["side"] in sides, f"{name}: undeclared side {p['side']}"
        assert p.get("ai", "hold") in AI_HINTS
        sides[p["side"]] += 1
        assert not blocked[cell[1] * w + cell[0]], (
            f"{name}: {p['template']} spawns on a blocking cell {cell}"
        )
    assert all(n > 0 for n in sides.values()), f"{name}: a side with no units {sides}"
    # zones and objectives are rectangles (zones also polygons) inside the map
    for gname, cls in (("zones", "zone"), ("objectives", "objective")):
        for obj in groups[gname].findall("object") if gname in groups else []:
            assert object_class(obj) == cls and obj.get("name")
            x0, y0 = float(obj.get("x", "0")), float(obj.get("y", "0"))
            x1 = x0 + float(obj.get("width", "0"))
            y1 = y0 + float(obj.get("height", "0"))
            polygon = obj.find("polygon")
            if polygon is not None and cls == "zone":  # a staircase along the river
                corners = [p.split(",") for p in polygon.get("points", "").split()]
                xs = [x0 + float(px) for px, _ in corners]
                ys = [y0 + float(py) for _, py in corners]
                x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            assert 0 <= x0 < x1 <= w * 32 and 0 <= y0 < y1 <= h * 32
            if cls == "objective":
                assert properties(obj)["kind"][1] in OBJECTIVE_KINDS


def _summary(name: str) -> tuple[int, int, int, float, dict[str, int]]:
    root = ElementTree.parse(MAPS / name).getroot()
    w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    _, terrain = read_tileset()
    firstgid = int(root.find("tileset").get("firstgid", "1"))  # type: ignore[union-attr]
    blocked = [False] * (w * h)
    for layer in root.findall("layer"):
        for i, gid in enumerate(layer_gids(layer, w, h)):
            if gid:
                blocked[i] = blocked[i] or terrain[gid - firstgid].blocks_move
    sides: dict[str, int] = {}
    units = root.find("objectgroup[@name='units']")
    assert units is not None
    for obj in units.findall("object"):
        side = properties(obj)["side"][1]
        sides[side] = sides.get(side, 0) + 1
    return w, h, sum(sides.values()), sum(blocked) / (w * h), sides


def test_duel_is_small_and_even() -> None:
    w, h, units, _, sides = _summary("duel.tmx")
    assert w <= 12 and h <= 12
    assert len(sides) == 2 and len(set(sides.values())) == 1 and units in (2, 4)


def test_big_battle_is_64_by_64_with_about_40_units_and_some_blocking() -> None:
    w, h, units, share, sides = _summary("battle.tmx")
    assert (w, h) == (64, 64)
    assert 36 <= units <= 44 and len(sides) == 2
    assert 0.15 <= share <= 0.25


def test_fort_has_arrow_slits_and_the_ambush_starts_with_the_party_surprised() -> None:
    _, terrain = read_tileset()
    slit_ids = {i + 1 for i, t in terrain.items() if t.terrain == "arrow slit"}
    root = ElementTree.parse(MAPS / "fort.tmx").getroot()
    w, h = int(root.get("width", "0")), int(root.get("height", "0"))
    gids = {g for lay in root.findall("layer") for g in layer_gids(lay, w, h)}
    assert len(gids & slit_ids) >= 1
    amb = ElementTree.parse(MAPS / "ambush.tmx").getroot()
    props = {k: v for k, (_, v) in properties(amb).items()}
    party = [
        ln.split(";")[0].strip()
        for ln in props["sides"].splitlines()
        if ln.rstrip().endswith("party")
    ]
    assert props["surprise"] == party[0]


def test_shipped_maps_exercise_both_object_typings_and_both_encodings() -> None:
    """DESIGN.md · Maps: `type` and Tiled 1.9's `class` are both read; CSV and base64."""
    typings, encodings = set(), set()
    for name in SHIPPED:
        root = ElementTree.parse(MAPS / name).getroot()
        for obj in root.iter("object"):
            typings.add("class" if obj.get("class") else "type")
        for data in root.iter("data"):
            encodings.add((data.get("encoding"), data.get("compression")))
    assert typings == {"class", "type"}
    assert ("csv", None) in encodings and ("base64", "zlib") in encodings


def test_make_maps_refuses_a_spawn_walled_in_by_blocking_cells() -> None:
    """A generated battle where a unit cannot walk to the others is refused, naming it."""
    from tmxwrite import Spawn

    draft, _ = make_maps.village()
    cells = {(t.x, t.y) for t in draft.spawns}
    ring = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    s = next(t for t in draft.spawns if not {(t.x + dx, t.y + dy) for dx, dy in ring} & cells)
    assert isinstance(s, Spawn)
    make_maps.validate(draft, "village")  # fine as drawn
    for dx, dy in ring:
        if draft.inside(s.x + dx, s.y + dy):
            draft.scatter[s.y + dy][s.x + dx] = "boulder"
    with pytest.raises(ValueError, match=r"village: spawn .* is walled in"):
        make_maps.validate(draft, "village")
