"""The broken-map corpus: each file in tests/maps_broken breaks one rule of the map
contract (maps/README.md) and must be explained by exactly one specific line."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps import MapError, load_battlefield

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit"})

# file -> the substring its one problem line must contain
EXPECTED: dict[str, str] = {
    "empty.tmx": "file: is empty",
    "malformed_xml.tmx": "xml: malformed XML (mismatched tag: line 17",
    "not_a_map.tmx": "file: not a Tiled map (the root element is <tileset>",
    "doctype_entities.tmx": "xml: DOCTYPE and entity declarations are not allowed",
    "infinite.tmx": "map: infinite maps are not supported",
    "isometric.tmx": "map: orientation is 'isometric'; only orthogonal",
    "non_square_tiles.tmx": "map: tiles are 32×16 pixels; tiles must be square",
    "too_big.tmx": "map: size 300×300 is beyond the 256×256 limit",
    "zstd_layer.tmx": "layer 'ground': zstd compression is not supported",
    "unknown_compression.tmx": "layer 'ground': unknown compression 'lzma'",
    "zlib_bomb.tmx": "layer 'ground': layer data decompresses to more than the 16 tiles",
    "bad_base64.tmx": "layer 'ground': layer data is not valid base64",
    "xml_tile_data.tmx": "layer 'ground': XML tile data is not supported",
    "layer_data_short.tmx": "layer 'ground': holds 15 tiles of data but the layer has 16 cells",
    "layer_size_mismatch.tmx": "layer 'walls': is 4×3 but the map is 4×4",
    "gid_outside_tilesets.tmx": "layer 'walls': 1 cell uses a gid in no tileset (99)",
    "missing_tsx.tmx": "tileset '../tiles/nowhere.tsx': tileset file not found",
    "json_tileset.tmx": "tileset 'terrain.json': only .tsx external tilesets are supported",
    "missing_image.tmx": "tileset 'terrain': image 'lost/terrain.png' not found",
    "object_template.tmx": "object 4: object template 'brigand.tx' not found (looked for",
    "builtin_property_name.tmx": "object 1 'Ann' property 'name': is named like a built-in",
    "cover_quarter.tmx": "tileset 'terrain' tile 2: property 'cover' is 'quarter'",
    "move_cost_zero.tmx": "tileset 'terrain' tile 2: property 'move_cost' is 0",
    "no_ground_layer.tmx": "map: has no tile layer named 'ground'",
    "no_units_layer.tmx": "map: has no object layer named 'units'",
    "empty_cells.tmx": "map: 1 cell has no tile on any visible layer, first at (3, 3)",
    "missing_title.tmx": "map: the 'title' map property is missing or empty",
    "missing_sides.tmx": "map: the 'sides' map property is missing or empty",
    "bad_colour.tmx": "map property 'sides' line 2: colour '#cc333' is not #rrggbb",
    "bad_ruleset.tmx": "map property 'ruleset': 'chess' is not one of grid",
    "bad_round_limit.tmx": "map property 'round_limit': 0 is not a whole number 1–999",
    "unknown_template.tmx": "object 3 'Cut': unknown unit template 'dragon'",
    "spawn_on_wall.tmx": "object 2 'Bob': spawn at (1, 1) stands on stone wall, which blocks",
    "spawn_off_map.tmx": "object 4 'Dag': spawn at (3, 4) is off the 4×4 map",
    "two_spawns_one_cell.tmx": "object 4 'Dag': spawn at (0, 3) shares its cell with object 3",
    "side_without_units.tmx": "side 'wolves': Wolves has no units",
    "undeclared_side.tmx": "object 3 'Cut': side 'pirates' is not declared",
    "bad_ai_hint.tmx": "object 3 'Cut': ai hint 'berserk' is not one of",
    "wrong_class_on_units.tmx": "object 4 'Dag': class 'zone' on layer 'units'; use 'spawn'",
    "bad_objective_kind.tmx": "object 9 'The well': kind 'capture' is not one of",
    "bad_zone_capacity.tmx": "object 3 'Bridge': capacity is '0', not a whole number of units",
    "bad_zone_hazard.tmx": "object 3 'Bridge': hazard 'STR twelve: 1d4' does not read as",
}


def test_corpus_baseline_map_is_good_so_each_broken_file_breaks_one_thing() -> None:
    field = load_battlefield(CORPUS / "baseline_ok.tmx", TEMPLATES)
    assert len(field.spawns) == 4


def test_every_corpus_file_has_an_expected_message() -> None:
    files = {p.name for p in CORPUS.glob("*.tmx")} - {"baseline_ok.tmx"}
    assert files == set(EXPECTED)
    assert len(files) >= 18


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_map_is_explained_in_one_specific_line(name: str) -> None:
    with pytest.raises(MapError) as caught:
        load_battlefield(CORPUS / name, TEMPLATES)
    lines = caught.value.lines(shown_as=name)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{name}: ")
    assert EXPECTED[name] in lines[0]
    assert "\n" not in lines[0] and "Traceback" not in lines[0]
