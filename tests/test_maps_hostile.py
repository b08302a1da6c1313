"""Hostile and odd maps (hand-made the way Tiled 1.0-1.11 and careless editing save them):
each one that breaks the contract is explained in ONE line naming the file and the problem,
never a traceback; the valid ones load (maps/README.md · Format and limits).

The variants are made here from ``tests/maps_broken/baseline_ok.tmx`` (a 4×4 map: Ann
and Bob of the wardens, Cut and Dag of the bandits, a wall at (1, 1) and (2, 1), one
zone);
``tests/maps_hostile/`` holds a file saved by Tiled itself.
"""

from __future__ import annotations

import base64
import gzip
import shutil
from pathlib import Path

import pytest

from game.cli.check_map import check
from game.maps import MapError, load_battlefield
from game.maps.library import list_maps

HERE = Path(__file__).parent
BASE = (HERE / "maps_broken" / "baseline_ok.tmx").read_text(encoding="utf-8")
HOSTILE = HERE / "maps_hostile"
TEMPLATES = frozenset({"warrior", "bandit"})
ANN = '<object id="1" name="Ann" type="spawn" x="16" y="16">'
GROUND_CSV = "1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1\n"
DECOR = '<objectgroup id="7" name="decor"><object id="9" gid="{gid}" {attrs}/></objectgroup>'


def _with_units_extra(xml: str) -> str:
    return BASE.replace(
        ' <objectgroup id="3" name="units">', f" {xml}\n" + ' <objectgroup id="3" name="units">'
    )


def _zone(inner: str, attrs: str = 'x="0" y="0"') -> str:
    return _with_units_extra(
        f'<objectgroup id="6" name="zones"><object id="8" name="Yard" {attrs}>{inner}'
        "</object></objectgroup>"
    )


def _gzip_cut_short() -> str:
    packed = gzip.compress(b"\x01\x00\x00\x00" * 16)[:-6]
    data = f'<data encoding="base64" compression="gzip">{base64.b64encode(packed).decode()}'
    return BASE.replace(f'<data encoding="csv">\n{GROUND_CSV}', data, 1)


# name -> (map text, the substring its one line must hold)
BROKEN: dict[str, tuple[str, str]] = {
    "x_inf": (
        BASE.replace(ANN, ANN.replace('x="16"', 'x="inf"')),
        "object 1 'Ann': 'x' is 'inf', not a number of pixels within ±65536",
    ),
    "y_nan": (
        BASE.replace(ANN, ANN.replace('y="16"', 'y="nan"')),
        "object 1 'Ann': 'y' is 'nan', not a number",
    ),
    "x_far_away": (
        BASE.replace(ANN, ANN.replace('x="16"', 'x="1e308"')),
        "object 1 'Ann': 'x' is '1e308', not a number of pixels within ±65536",
    ),
    "rotation_inf": (
        BASE.replace(ANN, ANN.replace('x="16"', 'x="16" rotation="inf"')),
        "object 1 'Ann': 'rotation' is 'inf', not a finite number",
    ),
    "zone_width_inf": (
        _zone("", 'x="0" y="0" width="inf" height="32"'),
        "object 8 'Yard': 'width' is 'inf', not a number of pixels",
    ),
    "zone_polygon_inf": (
        _zone('<polygon points="0,0 inf,0 0,inf"/>'),
        "object 8 'Yard': its polygon points are malformed",
    ),
    "name_too_long": (
        BASE.replace('name="Ann"', f'name="{"A" * 201}"'),
        f"object 1 '{'A' * 39}…': its name is 201 characters long; at most 80 are allowed",
    ),
    "name_with_line_break": (
        BASE.replace(
            'name="Bob" type="spawn" x="48" y="16"', 'name="B&#10;ob" type="spawn" x="48" y="48"'
        ),
        "object 2 'B\\nob': its name holds a line break or a control character",
    ),
    "hex_turn_on_layer": (
        BASE.replace(GROUND_CSV, GROUND_CSV.replace("1,1,1,1\n", "1,1,1,268435457\n")),
        "layer 'ground': 1 cell uses a tile turned by 120°, a turn only hexagonal maps have, "
        "first at (3, 3)",
    ),
    "hex_turn_on_tile_object": (
        _with_units_extra(DECOR.format(gid=268435457, attrs='x="0" y="32" width="32" height="32"')),
        "object 9: uses a tile turned by 120°",
    ),
    "tile_object_too_big": (
        _with_units_extra(DECOR.format(gid=1, attrs='x="0" y="32" width="5000" height="32"')),
        "object 9: a tile object 5000 pixels in width; at most 1024",
    ),
    "tile_objects_too_much_to_draw": (
        _with_units_extra(
            '<objectgroup id="7" name="decor">'
            + "".join(
                f'<object id="{20 + i}" gid="1" x="0" y="32" width="1024" height="{1024 - i}"/>'
                for i in range(34)
            )
            + "</objectgroup>"
        ),
        "map: its tile objects take 35 million pixels to draw; at most 34 million",
    ),
    "title_with_line_break": (
        BASE.replace('value="Corpus baseline"', 'value="Corpus&#10;baseline"'),
        "map property 'title': holds a line break or a control character",
    ),
    "title_too_long": (
        BASE.replace('value="Corpus baseline"', f'value="{"T" * 101}"'),
        "map property 'title': is 101 characters long; at most 100",
    ),
    "side_name_too_long": (
        BASE.replace("; Bandits;", f"; {'B' * 81};"),
        "map property 'sides' line 2: the side's name is 81 characters long; at most 80",
    ),
    "gzip_cut_short": (_gzip_cut_short(), "layer 'ground': layer data is cut short (gzip data)"),
    "visible_maybe": (
        BASE.replace('name="walls"', 'name="walls" visible="maybe"'),
        "layer 'walls': 'visible' is 'maybe', not 0 or 1",
    ),
    "opacity_text": (
        BASE.replace('name="walls"', 'name="walls" opacity="half"'),
        "layer 'walls': 'opacity' is 'half', not a number",
    ),
    "layer_id_text": (
        BASE.replace('<layer id="2"', '<layer id="two"'),
        "layer 'walls': 'id' is 'two', not a whole number",
    ),
    "json_map": ('{"type": "map", "version": "1.10"}', "file: is a JSON map; only XML maps"),
    "int_property_as_text": (
        BASE.replace(
            '<property name="title"',
            '<property name="round_limit" type="int">7</property>\n<property name="title"',
        ),
        "map property 'round_limit': has no value=\"…\" (where an int keeps it)",
    ),
    "int_property_5000_digits": (
        BASE.replace(
            '<property name="title"',
            f'<property name="round_limit" type="int" value="{"9" * 5000}"/><property name="title"',
        ),
        f"map property 'round_limit': '{'9' * 55}…' is not a whole number",
    ),
    "template_not_tx": (
        _with_units_extra(
            '<objectgroup id="6" name="notes"><object id="8" template="/etc/hostname" '
            'x="0" y="0"/></objectgroup>'
        ),
        "object 8: object template '/etc/hostname': an object template must be a .tx file",
    ),
    "tileset_is_a_folder": (
        BASE.replace('source="terrain.tsx"', 'source="."'),
        "tileset '.': an external tileset must be a .tsx file",
    ),
    "tileset_picture_huge": (
        BASE.replace('source="terrain.tsx"', 'source="huge.tsx"'),
        "tileset 'huge.tsx': its image is 99999999×32 pixels, 3124999 tiles; at most 65536",
    ),
    "tileset_picture_bomb": (
        BASE.replace('source="terrain.tsx"', 'source="bomb.tsx"'),
        "tileset 'bomb.tsx': image 'bomb.png' is a picture of 100000×100000 pixels; at most "
        "64 million pixels",
    ),
    "tileset_picture_not_png": (
        BASE.replace('source="terrain.tsx"', 'source="text.tsx"'),
        "tileset 'text.tsx': image 'text.png' is not a PNG picture",
    ),
    "image_layer_picture_bomb": (
        _with_units_extra('<imagelayer id="8" name="sky"><image source="bomb.png"/></imagelayer>'),
        "layer 'sky': image 'bomb.png' is a picture of 100000×100000 pixels",
    ),
    "tileset_picture_without_size": (
        BASE.replace('source="terrain.tsx"', 'source="sizeless.tsx"'),
        "tileset 'sizeless.tsx': its image has no width and height",
    ),
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The corpus tileset, plus broken copies of it, in a folder of the test's own."""
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(HERE / "maps_broken" / name, tmp_path / name)
    tsx = (HERE / "maps_broken" / "terrain.tsx").read_text(encoding="utf-8")
    (tmp_path / "huge.tsx").write_text(tsx.replace('width="96"', 'width="99999999"'))
    (tmp_path / "sizeless.tsx").write_text(tsx.replace(' width="96" height="32"', ""))
    (tmp_path / "bomb.tsx").write_text(tsx.replace('source="terrain.png"', 'source="bomb.png"'))
    (tmp_path / "text.tsx").write_text(tsx.replace('source="terrain.png"', 'source="text.png"'))
    (tmp_path / "text.png").write_text("not a picture at all")
    header = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR"
    (tmp_path / "bomb.png").write_bytes(header + (100_000).to_bytes(4, "big") * 2 + bytes(64))
    return tmp_path


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_hostile_map_is_one_line_naming_the_file_and_the_problem(folder: Path, name: str) -> None:
    text, expected = BROKEN[name]
    path = folder / f"{name}.tmx"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    lines = caught.value.lines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: ") and "\n" not in lines[0]
    assert expected in lines[0], lines[0]
    ok, printed = check(str(path), TEMPLATES)
    assert not ok and printed == lines


def test_the_menu_lists_a_map_with_an_infinite_position_as_broken(folder: Path) -> None:
    text, expected = BROKEN["x_inf"]
    (folder / "inf.tmx").write_text(text, encoding="utf-8")
    (folder / "good.tmx").write_text(BASE, encoding="utf-8")
    infos = {info.name: info for info in list_maps([folder], TEMPLATES)}
    assert infos["good"].playable
    assert not infos["inf"].playable and expected in infos["inf"].problems[0]


def test_an_image_layer_without_a_picture_as_tiled_saves_it_loads() -> None:
    path = HOSTILE / "empty_image_layer.tmx"
    assert '<imagelayer id="5" name="backdrop"/>' in path.read_text(encoding="utf-8")
    field = load_battlefield(path, TEMPLATES)
    assert len(field.spawns) == 4


def test_a_map_plays_no_more_sides_than_a_save_keeps(folder: Path) -> None:
    """17 sides played, but no save of the battle could be written (nor read back)."""
    from game.maps import contract
    from game.saves import format as save_format

    assert contract.MAX_SIDES == save_format.MAX_SIDES == 16
    more = "".join(f"\ns{i}; S{i}; #cc3333; ai" for i in range(15))
    path = folder / "sides.tmx"
    path.write_text(BASE.replace("#cc3333; ai", "#cc3333; ai" + more, 1), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    assert f"{path}: map property 'sides': 17 sides; at most 16" in caught.value.lines()


def test_one_big_tile_object_many_times_is_one_picture_and_loads(folder: Path) -> None:
    objects = "".join(
        f'<object id="{20 + i}" gid="1" x="0" y="32" width="1024" height="1024"/>'
        for i in range(300)
    )
    path = folder / "many.tmx"
    path.write_text(_with_units_extra(f'<objectgroup id="7" name="decor">{objects}</objectgroup>'))
    assert len(load_battlefield(path, TEMPLATES).spawns) == 4


def test_layers_moved_by_a_fraction_of_a_pixel_load(folder: Path) -> None:
    """Tiled writes a layer moved without snapping as ``offsetx="10.5"``; pytmx refused it."""
    text = BASE.replace('name="walls"', 'name="walls" offsetx="10.5" offsety="-3.25"')
    text = text.replace('name="units"', 'name="units" offsetx="0.5"')
    path = folder / "offsets.tmx"
    path.write_text(text, encoding="utf-8")
    field = load_battlefield(path, TEMPLATES)
    assert field.grid.terrain((1, 1)).blocks_move and len(field.spawns) == 4


def test_a_unit_name_of_80_characters_still_plays(folder: Path) -> None:
    path = folder / "long_name.tmx"
    path.write_text(BASE.replace('name="Ann"', f'name="{"A" * 80}"'), encoding="utf-8")
    field = load_battlefield(path, TEMPLATES)
    assert field.spawns[0].name == "A" * 80


def test_a_map_whose_file_name_no_save_can_keep_is_one_line(folder: Path) -> None:
    path = folder / f"{'n' * 197}.tmx"
    path.write_text(BASE, encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    assert caught.value.lines() == [f"{path}: file: its name is 201 characters long; at most 200"]
