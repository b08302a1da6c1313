"""The map loader against the authors' contract (maps/README.md): terrain from tile
properties and how layers combine, `type` and Tiled 1.9 `class`, zones and
objectives as cells, layer formats, embedded and external tilesets, the content
hash, and loading without pygame."""

from __future__ import annotations

import base64
import gzip
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from game.geometry.grid import Cover
from game.maps import MapError, load_battlefield
from game.maps.placements import MapObject, area_cells
from game.maps.terrain import combine, tile_terrain

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit"})

TILES = """ <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="stone wall"/>
  <property name="blocks_move" type="bool" value="true"/>
  <property name="blocks_sight" type="bool" value="true"/></properties></tile>
 <tile id="2"><properties><property name="terrain" value="low wall"/>
  <property name="cover" value="half"/><property name="move_cost" type="int" value="2"/>
 </properties></tile>
 <tile id="3"><properties><property name="terrain" value="arrow slit"/>
  <property name="blocks_move" type="bool" value="true"/><property name="cover" value="full"/>
 </properties></tile>
 <tile id="4"><properties><property name="terrain" value="bushes"/>
  <property name="concealment" type="bool" value="true"/>
  <property name="move_cost" type="int" value="2"/></properties></tile>
 <tile id="5"><properties><property name="terrain" value="mud"/>
  <property name="move_cost" type="int" value="3"/></properties></tile>
"""
TILESET_ATTRS = 'name="test" tilewidth="32" tileheight="32" tilecount="6" columns="6"'
SIDES = "wardens; Wardens; #3366cc; human; party\nbandits; Bandits; #cc3333; ai"


def spawn(
    oid: int,
    x: float,
    y: float,
    side: str,
    template: str,
    *,
    kind: str = 'type="spawn"',
    name: str = "",
    shape: str = "<point/>",
    extra: str = "",
) -> str:
    return (
        f'<object id="{oid}" name="{name}" {kind} x="{x}" y="{y}" {extra}><properties>'
        f'<property name="side" value="{side}"/><property name="template" value="{template}"/>'
        f"</properties>{shape}</object>"
    )


DEFAULT_UNITS = spawn(1, 16, 16, "wardens", "warrior", name="Ann") + spawn(
    2, 112, 112, "bandits", "bandit", name="Bob"
)


def csv(rows: list[list[int]]) -> str:
    return '<data encoding="csv">' + ",\n".join(",".join(map(str, r)) for r in rows) + "</data>"


def write_map(
    folder: Path,
    *,
    width: int = 4,
    height: int = 4,
    layers: list[tuple[str, str]] | None = None,
    units: str = DEFAULT_UNITS,
    extra_groups: str = "",
    external: bool = False,
    props: str = "",
    name: str = "m.tmx",
) -> Path:
    """A small map; ``layers`` are (name, <data> element) pairs, ground first."""
    shutil.copy(CORPUS / "terrain.png", folder / "terrain.png")
    if layers is None:
        layers = [("ground", csv([[1] * width for _ in range(height)]))]
    if external:
        (folder / "test.tsx").write_text(
            f'<?xml version="1.0"?>\n<tileset version="1.8" {TILESET_ATTRS}>\n'
            f'<image source="terrain.png" width="96" height="32"/>\n{TILES}</tileset>\n'
        )
        tileset = '<tileset firstgid="1" source="test.tsx"/>'
    else:
        tileset = (
            f'<tileset firstgid="1" {TILESET_ATTRS}>'
            f'<image source="terrain.png" width="96" height="32"/>{TILES}</tileset>'
        )
    body = "".join(
        f'<layer id="{i + 1}" name="{n}" width="{width}" height="{height}">{d}</layer>'
        for i, (n, d) in enumerate(layers)
    )
    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" orientation="orthogonal" width="{width}" height="{height}" '
        'tilewidth="32" tileheight="32" infinite="0">'
        f'<properties><property name="title" value="T"/>'
        f'<property name="briefing" value="B"/><property name="sides">{SIDES}</property>'
        f"{props}</properties>{tileset}{body}"
        f'<objectgroup id="50" name="units">{units}</objectgroup>{extra_groups}</map>'
    )
    path = folder / name
    path.write_text(text)
    return path


def test_wall_blocks_move_and_sight_and_ground_gives_the_name(tmp_path: Path) -> None:
    walls = csv([[0, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    field = load_battlefield(
        write_map(tmp_path, layers=[("ground", csv([[1] * 4] * 4)), ("walls", walls)]), TEMPLATES
    )
    assert field.grid.to_ascii().splitlines()[0] == ".#.."
    assert field.grid.terrain((0, 0)).name == "grass"
    wall = field.grid.terrain((1, 0))
    assert (wall.name, wall.blocks_move, wall.blocks_sight) == ("stone wall", True, True)


def test_cell_terrain_combines_every_layer_highest_cover_and_cost_any_flag() -> None:
    low_wall, _ = tile_terrain({"terrain": "low wall", "cover": "half", "move_cost": 2})
    bushes, _ = tile_terrain({"terrain": "bushes", "concealment": True, "move_cost": 2})
    slit, _ = tile_terrain({"terrain": "arrow slit", "cover": "full", "blocks_move": "true"})
    mud, _ = tile_terrain({"terrain": "mud", "move_cost": 3})
    flowers, _ = tile_terrain({})
    cell = combine([mud, low_wall, bushes])
    assert (cell.cover, cell.move_cost, cell.concealment) == (Cover.HALF, 3, True)
    assert cell.name == "bushes"  # the topmost tile with a name
    assert combine([low_wall, slit]).cover == Cover.FULL
    assert combine([low_wall, slit]).blocks_move
    assert combine([mud, flowers]).name == "mud"  # an unnamed decoration keeps the name
    assert combine([flowers]).name == "floor"


def test_terrain_combination_on_a_loaded_map(tmp_path: Path) -> None:
    ground = csv([[6, 6, 1, 1]] + [[1] * 4] * 3)
    top = csv([[3, 5, 5, 0]] + [[0] * 4] * 3)  # gid = tile id + 1
    field = load_battlefield(
        write_map(tmp_path, layers=[("ground", ground), ("decor", top)]), TEMPLATES
    )
    first, second, third = (field.grid.terrain((x, 0)) for x in range(3))
    assert (first.name, first.cover, first.move_cost) == ("low wall", Cover.HALF, 3)
    assert (second.name, second.concealment, second.move_cost) == ("bushes", True, 3)
    assert (third.name, third.concealment, third.move_cost) == ("bushes", True, 2)


def test_tile_properties_reject_unknown_names_and_values() -> None:
    _, problems = tile_terrain(
        {
            "terrain": "x",
            "cover": "quarter",
            "move_cost": 5,
            "blocks_sight": "maybe",
            "move_cots": 2,
        }
    )
    joined = " | ".join(problems)
    assert "unknown property 'move_cots'" in joined
    assert "'cover' is 'quarter'" in joined
    assert "'move_cost' is 5" in joined
    assert "'blocks_sight' is 'maybe'" in joined


def test_hidden_tile_layers_do_not_count(tmp_path: Path) -> None:
    path = write_map(
        tmp_path,
        layers=[("ground", csv([[1] * 4] * 4)), ("walls", csv([[0, 2, 0, 0]] + [[0] * 4] * 3))],
    )
    text = path.read_text().replace(
        'name="walls" width="4" height="4"', 'name="walls" width="4" height="4" visible="0"'
    )
    path.write_text(text)
    assert not load_battlefield(path, TEMPLATES).grid.blocks_move((1, 0))


def test_flipped_tiles_keep_their_terrain(tmp_path: Path) -> None:
    flipped = 2 | 0x80000000 | 0x40000000
    walls = csv([[0, flipped, 0, 0]] + [[0] * 4] * 3)
    field = load_battlefield(
        write_map(tmp_path, layers=[("ground", csv([[1] * 4] * 4)), ("walls", walls)]), TEMPLATES
    )
    assert field.grid.terrain((1, 0)).name == "stone wall"


@pytest.mark.parametrize("compression", ["", "zlib", "gzip"])
def test_base64_layers_uncompressed_zlib_and_gzip(tmp_path: Path, compression: str) -> None:
    gids = [1] * 16
    gids[5] = 2
    raw = struct.pack("<16I", *gids)
    packed = {"": raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    attr = f' compression="{compression}"' if compression else ""
    data = f'<data encoding="base64"{attr}>\n   {base64.b64encode(packed).decode()}\n  </data>'
    field = load_battlefield(write_map(tmp_path, layers=[("ground", data)]), TEMPLATES)
    assert field.grid.blocks_move((1, 1))
    assert not field.grid.blocks_move((0, 1))


def test_external_and_embedded_tilesets_give_the_same_battlefield(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    walls = csv([[0, 4, 5, 0]] + [[0] * 4] * 3)
    layers = [("ground", csv([[1] * 4] * 4)), ("walls", walls)]
    embedded = load_battlefield(write_map(tmp_path / "a", layers=layers), TEMPLATES)
    external = load_battlefield(write_map(tmp_path / "b", layers=layers, external=True), TEMPLATES)
    cells = [(x, y) for y in range(4) for x in range(4)]
    assert [embedded.grid.terrain(c) for c in cells] == [external.grid.terrain(c) for c in cells]
    assert embedded.spawns == external.spawns
    assert external.grid.terrain((1, 0)).cover == Cover.FULL


def test_content_hash_covers_the_external_tileset(tmp_path: Path) -> None:
    path = write_map(tmp_path, external=True)
    before = load_battlefield(path, TEMPLATES).content_hash
    assert load_battlefield(path, TEMPLATES).content_hash == before
    tsx = tmp_path / "test.tsx"
    tsx.write_text(tsx.read_text().replace('value="grass"', 'value="meadow"'))
    assert load_battlefield(path, TEMPLATES).content_hash != before


def test_spawn_class_is_read_from_type_or_tiled_19_class_or_left_empty(tmp_path: Path) -> None:
    units = (
        spawn(1, 16, 16, "wardens", "warrior", name="Typed")
        + spawn(2, 48, 16, "wardens", "warrior", name="Classy", kind='class="spawn"')
        + spawn(3, 112, 112, "bandits", "bandit", name="Plain", kind="")
    )
    field = load_battlefield(write_map(tmp_path, units=units), TEMPLATES)
    assert [(s.name, s.cell) for s in field.spawns] == [
        ("Typed", (0, 0)),
        ("Classy", (1, 0)),
        ("Plain", (3, 3)),
    ]


def test_spawn_cell_of_rectangle_and_tile_objects_is_their_centre(tmp_path: Path) -> None:
    units = (
        spawn(1, 64, 0, "wardens", "warrior", shape="", extra='width="32" height="32"')
        # a tile object: Tiled puts y at the bottom edge
        + spawn(2, 96, 128, "bandits", "bandit", shape="", extra='gid="1" width="32" height="32"')
    )
    field = load_battlefield(write_map(tmp_path, units=units), TEMPLATES)
    assert [s.cell for s in field.spawns] == [(2, 0), (3, 3)]


def test_spawn_properties_and_default_names(tmp_path: Path) -> None:
    hint = (
        '<properties><property name="side" value="bandits"/>'
        '<property name="template" value="bandit"/><property name="ai" value="guard"/>'
        '<property name="leader" type="bool" value="true"/></properties>'
    )
    units = (
        spawn(1, 16, 16, "wardens", "warrior")
        + spawn(2, 80, 80, "bandits", "bandit")
        + f'<object id="3" x="112" y="112">{hint}<point/></object>'
    )
    field = load_battlefield(write_map(tmp_path, units=units), TEMPLATES)
    names = [s.name for s in field.spawns]
    assert names == ["Warrior", "Bandit 1", "Bandit 2"]
    chief = field.spawns[2]
    assert (chief.ai, chief.leader, chief.side) == ("guard", True, "bandits")


def test_zone_rectangle_covers_cells_whose_centres_are_inside(tmp_path: Path) -> None:
    zones = (
        '<objectgroup id="60" name="zones">'
        '<object id="10" name="Yard" type="zone" x="20" y="0" width="50" height="40">'
        '<properties><property name="elevation" value="low"/></properties></object>'
        "</objectgroup>"
    )
    field = load_battlefield(write_map(tmp_path, extra_groups=zones), TEMPLATES)
    (zone,) = field.zones
    # centres at x=16 (out), 48 (in), 80 (out: beyond 20+50); y=16 (in), 48 (out)
    assert zone.name == "Yard" and zone.cells == frozenset({(1, 0)})
    assert zone.properties == {"elevation": "low"}


def test_zone_polygon_and_class_attribute(tmp_path: Path) -> None:
    zones = (
        '<objectgroup id="60" name="zones">'
        '<object id="10" name="Wedge" class="zone" x="0" y="0">'
        '<polygon points="0,0 128,0 0,128"/></object></objectgroup>'
    )
    field = load_battlefield(write_map(tmp_path, extra_groups=zones), TEMPLATES)
    (zone,) = field.zones
    assert zone.cells == frozenset({(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2)})


def test_objective_cells_kind_and_side(tmp_path: Path) -> None:
    objectives = (
        '<objectgroup id="70" name="objectives">'
        '<object id="20" name="Well" type="objective" x="64" y="64" width="64" '
        'height="64"><properties><property name="kind" value="hold"/>'
        '<property name="side" value="wardens"/>'
        '<property name="description" value="Keep the well."/></properties></object>'
        '<object id="21" name="Road" x="16" y="112"><properties>'
        '<property name="kind" value="escape"/></properties><point/></object>'
        "</objectgroup>"
    )
    field = load_battlefield(write_map(tmp_path, extra_groups=objectives), TEMPLATES)
    well, road = field.objectives
    assert well.cells == frozenset({(2, 2), (3, 2), (2, 3), (3, 3)})
    assert (well.kind, well.side, well.description) == ("hold", "wardens", "Keep the well.")
    assert (road.kind, road.cells, road.side) == ("escape", frozenset({(0, 3)}), None)


def test_rotated_and_elliptic_areas() -> None:
    from game.geometry.grid import Grid

    grid = Grid(6, 6)
    # a 96×32 bar rotated 90° clockwise around its top-left corner at (96, 0)
    bar = MapObject(1, "Bar", "zone", "zones", "rect", 96, 0, 96, 32, 90, (), {})
    assert area_cells(bar, 32, grid) == frozenset({(2, 0), (2, 1), (2, 2)})
    # a disc over 4×4 cells: the corner cells' centres lie outside it
    disc = MapObject(2, "Disc", "zone", "zones", "ellipse", 0, 0, 128, 128, 0, (), {})
    square = {(x, y) for x in range(4) for y in range(4)}
    assert area_cells(disc, 32, grid) == frozenset(square - {(0, 0), (3, 0), (0, 3), (3, 3)})


def test_scenario_from_map_properties(tmp_path: Path) -> None:
    props = (
        '<property name="ruleset" value="clash"/><property name="surprise" value="bandits"/>'
        '<property name="round_limit" type="int" value="12"/>'
        '<property name="fog" type="bool" value="true"/>'
    )
    field = load_battlefield(write_map(tmp_path, props=props), TEMPLATES)
    scenario = field.scenario
    assert (scenario.ruleset, scenario.surprise, scenario.round_limit, scenario.fog) == (
        "clash",
        "bandits",
        12,
        True,
    )
    wardens, bandits = scenario.sides
    assert (wardens.id, wardens.name, wardens.colour, wardens.control, wardens.party) == (
        "wardens",
        "Wardens",
        "#3366cc",
        "human",
        True,
    )
    assert (bandits.control, bandits.party) == ("ai", False)
    assert field.side("bandits") is bandits


def test_several_problems_are_all_reported(tmp_path: Path) -> None:
    units = spawn(1, 16, 16, "wardens", "dragon") + spawn(2, 16, 16, "bandits", "bandit")
    props = '<property name="ruleset" value="chess"/>'
    with pytest.raises(MapError) as caught:
        load_battlefield(write_map(tmp_path, units=units, props=props), TEMPLATES)
    text = str(caught.value)
    assert "unknown unit template 'dragon'" in text
    assert "'chess' is not one of" in text
    assert "shares its cell" in text
    assert len(caught.value.problems) == 3


def test_unreadable_file_is_reported_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_map(tmp_path)

    def refuse(self: Path, limit: int) -> bytes:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.maps.xmlfiles.read_regular", refuse)
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    assert caught.value.lines() == [f"{path}: file: cannot be read (permission denied)"]


@pytest.mark.parametrize("junk", [b"\x00\xff\xfe binary", b"   \n", b"<map"])
def test_junk_files_give_one_line(tmp_path: Path, junk: bytes) -> None:
    path = tmp_path / "junk.tmx"
    path.write_bytes(junk)
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    assert len(caught.value.problems) == 1


def test_missing_file_and_directory(tmp_path: Path) -> None:
    with pytest.raises(MapError, match="file: not found"):
        load_battlefield(tmp_path / "nope.tmx", TEMPLATES)
    with pytest.raises(MapError, match="file: is a directory"):
        load_battlefield(tmp_path, TEMPLATES)


def test_loading_a_map_never_imports_pygame() -> None:
    code = (
        "import sys\n"
        "from game.maps import load_battlefield\n"
        f"load_battlefield({str(CORPUS / 'baseline_ok.tmx')!r}, {{'warrior', 'bandit'}})\n"
        "print(any(m == 'pygame' or m.startswith('pygame.') for m in sys.modules))\n"
        "from pytmx.util_pygame import load_pygame\n"  # the UI can still import it later
        "print(callable(load_pygame))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYGAME_HIDE_SUPPORT_PROMPT": "1", "PATH": ""},
        cwd=Path(__file__).parents[1],
    )
    assert out.stdout.split() == ["False", "True"]
    assert out.stderr == ""


def test_multi_line_string_property_with_explicit_type_is_read(tmp_path: Path) -> None:
    path = write_map(tmp_path)
    text = path.read_text().replace(
        '<property name="briefing" value="B"/>',
        '<property name="briefing" type="string">First line.\nSecond line.</property>',
    )
    path.write_text(text)
    assert load_battlefield(path, TEMPLATES).scenario.briefing == "First line.\nSecond line."
