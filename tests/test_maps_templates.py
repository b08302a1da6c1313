"""Tiled object templates (.tx) in maps (maps/README.md · Object templates): an
instance takes its template's type/class, properties, shape, size and tile, its own
values win, and a template that cannot be used is one line naming the file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.maps import MapError, load_battlefield

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit", "archer"})
SIDES = "wardens; Wardens; #3366cc; human; party\nbandits; Bandits; #cc3333; ai"
GROUND = ",\n".join(",".join(["1"] * 4) for _ in range(4))
SPAWN_TX = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="{name}" type="spawn">
  <properties>
   <property name="side" value=""/>
   <property name="template" propertytype="UnitTemplate" value="{unit}"/>
  </properties>
  <point/>
 </object>
</template>
"""
ANN = (
    '<object id="1" name="Ann" type="spawn" x="16" y="16"><properties>'
    '<property name="side" value="wardens"/><property name="template" value="warrior"/>'
    "</properties><point/></object>"
)


def tx(folder: Path, name: str, unit: str = "bandit", obj_name: str = "") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(SPAWN_TX.format(name=obj_name, unit=unit))
    return path


def instance(oid: int, template: str, x: float, y: float, inner: str = "", attrs: str = "") -> str:
    return f'<object id="{oid}" template="{template}" {attrs} x="{x}" y="{y}">{inner}</object>'


def side(value: str) -> str:
    return f'<properties><property name="side" value="{value}"/></properties>'


def write_map(folder: Path, units: str, *, extra: str = "", tilesets: str = "") -> Path:
    shutil.copy(CORPUS / "terrain.tsx", folder / "terrain.tsx")
    shutil.copy(CORPUS / "terrain.png", folder / "terrain.png")
    path = folder / "m.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="32" '
        'tileheight="32" infinite="0"><properties><property name="title" value="T"/>'
        f'<property name="briefing" value="B"/><property name="sides">{SIDES}</property>'
        f'</properties><tileset firstgid="1" source="terrain.tsx"/>{tilesets}'
        f'<layer id="1" name="ground" width="4" height="4"><data encoding="csv">{GROUND}'
        f'</data></layer><objectgroup id="2" name="units">{ANN}{units}</objectgroup>{extra}'
        "</map>"
    )
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(MapError) as caught:
        load_battlefield(path, TEMPLATES)
    return caught.value.lines(shown_as="m.tmx")


def test_an_instance_takes_class_properties_and_shape_from_its_template(tmp_path: Path) -> None:
    tx(tmp_path, "units/bandit.tx")
    path = write_map(tmp_path, instance(2, "units/bandit.tx", 112, 112, side("bandits")))
    field = load_battlefield(path, TEMPLATES)
    bandit = next(s for s in field.spawns if s.side == "bandits")
    assert (bandit.template, bandit.cell, bandit.name) == ("bandit", (3, 3), "Bandit")
    assert not field.warnings


def test_the_instance_wins_over_its_template(tmp_path: Path) -> None:
    tx(tmp_path, "bandit.tx", obj_name="Template name")
    own = (
        '<properties><property name="side" value="bandits"/>'
        '<property name="template" value="archer"/><property name="leader" type="bool" '
        'value="true"/></properties>'
    )
    path = write_map(tmp_path, instance(2, "bandit.tx", 112, 112, own, 'name="Cut"'))
    spawn = next(s for s in load_battlefield(path, TEMPLATES).spawns if s.side == "bandits")
    assert (spawn.name, spawn.template, spawn.leader) == ("Cut", "archer", True)


def test_an_instance_without_the_side_its_template_leaves_empty_is_told(tmp_path: Path) -> None:
    tx(tmp_path, "bandit.tx")
    lines = problems(write_map(tmp_path, instance(2, "bandit.tx", 112, 112)))
    assert lines == [
        "m.tmx: object 2: spawn has no 'side' property",  # not side 'None'
        "m.tmx: side 'bandits': Bandits has no units on the 'units' layer",
    ]


def test_the_template_names_the_unit_when_the_instance_does_not(tmp_path: Path) -> None:
    tx(tmp_path, "bandit.tx", obj_name="Grim")
    path = write_map(tmp_path, instance(2, "bandit.tx", 112, 112, side("bandits")))
    names = {s.name for s in load_battlefield(path, TEMPLATES).spawns}
    assert names == {"Ann", "Grim"}


def test_instances_inside_a_group_layer_use_their_template_too(tmp_path: Path) -> None:
    tx(tmp_path, "bandit.tx")
    zone_tx = tmp_path / "yard.tx"
    zone_tx.write_text(
        '<?xml version="1.0"?>\n<template><object name="Yard" type="zone" width="64" '
        'height="64"><properties><property name="note" value="kept"/></properties>'
        "</object></template>"
    )
    group = (
        '<group id="7" name="extras"><objectgroup id="8" name="zones">'
        f"{instance(3, 'yard.tx', 0, 0)}</objectgroup></group>"
    )
    path = write_map(tmp_path, instance(2, "bandit.tx", 112, 112, side("bandits")), extra=group)
    field = load_battlefield(path, TEMPLATES)
    (zone,) = field.zones
    assert zone.name == "Yard"
    assert zone.cells == frozenset({(0, 0), (1, 0), (0, 1), (1, 1)})


def test_a_tile_template_counts_its_gid_in_the_maps_tileset(tmp_path: Path) -> None:
    """The .tx numbers its tile from its own firstgid; the map's firstgid may differ."""
    (tmp_path / "tx").mkdir()
    (tmp_path / "tx" / "crate.tx").write_text(
        '<?xml version="1.0"?>\n<template><tileset firstgid="1" source="../terrain.tsx"/>'
        '<object type="spawn" gid="1" width="32" height="32"><properties>'
        '<property name="template" value="bandit"/></properties></object></template>'
    )
    shutil.copy(CORPUS / "terrain.tsx", tmp_path / "other.tsx")
    path = write_map(tmp_path, instance(2, "tx/crate.tx", 96, 128, side("bandits")))
    text = path.read_text().replace(
        '<tileset firstgid="1" source="terrain.tsx"/>',
        '<tileset firstgid="1" source="other.tsx"/><tileset firstgid="4" source="terrain.tsx"/>',
    )
    path.write_text(text)
    spawn = next(s for s in load_battlefield(path, TEMPLATES).spawns if s.side == "bandits")
    assert spawn.cell == (3, 3)  # a tile object's centre, counted from its bottom-left corner


def test_a_tile_template_from_a_tileset_the_map_lacks_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "crate.tx").write_text(
        '<?xml version="1.0"?>\n<template><tileset firstgid="1" source="props.tsx"/>'
        '<object type="spawn" gid="2" width="32" height="32"/></template>'
    )
    lines = problems(write_map(tmp_path, instance(2, "crate.tx", 96, 128, side("bandits"))))
    assert len(lines) == 1
    assert "object template 'crate.tx' shows a tile of the tileset 'props.tsx'" in lines[0]


def test_a_missing_template_used_twice_is_one_line_naming_the_file(tmp_path: Path) -> None:
    units = instance(2, "gone.tx", 112, 112, side("bandits")) + instance(
        3, "gone.tx", 80, 112, side("bandits")
    )
    lines = problems(write_map(tmp_path, units))
    assert len(lines) == 1
    assert lines[0].startswith("m.tmx: object 2: object template 'gone.tx' not found (looked for ")
    assert str(tmp_path / "gone.tx") in lines[0]
    assert lines[0].endswith("(2 objects use it)")


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("bad.tx", "<template><object></template>", "object template 'bad.tx': malformed XML"),
        (
            "map.tx",
            "<map/>",
            "object template 'map.tx' is not a Tiled object template (the root element is <map>)",
        ),
        ("hollow.tx", "<template/>", "object template 'hollow.tx' holds no object"),
        ("json.tj", "{}", "object template 'json.tj': only XML templates (.tx) are supported"),
        ("empty.tx", "", "object template 'empty.tx' is empty"),
    ],
)
def test_a_broken_template_is_one_line_naming_the_file(
    tmp_path: Path, name: str, text: str, expected: str
) -> None:
    (tmp_path / name).write_text(text)
    lines = problems(write_map(tmp_path, instance(2, name, 112, 112, side("bandits"))))
    assert len(lines) == 1, lines
    assert lines[0].startswith("m.tmx: object 2: ")
    assert expected in lines[0]


def test_a_template_is_part_of_the_maps_content_hash(tmp_path: Path) -> None:
    template = tx(tmp_path, "bandit.tx")
    path = write_map(tmp_path, instance(2, "bandit.tx", 112, 112, side("bandits")))
    before = load_battlefield(path, TEMPLATES).content_hash
    template.write_text(template.read_text().replace('value="bandit"', 'value="archer"'))
    after = load_battlefield(path, TEMPLATES)
    assert after.content_hash != before
    assert {s.template for s in after.spawns} == {"warrior", "archer"}


def test_templates_have_limits_of_size_and_number(tmp_path: Path) -> None:
    big = tmp_path / "big.tx"
    big.write_text("<template>" + " " * (1024 * 1024) + "</template>")
    lines = problems(write_map(tmp_path, instance(2, "big.tx", 112, 112, side("bandits"))))
    assert lines == [
        "m.tmx: object 2: object template 'big.tx' is 1048597 bytes; the limit is 1024 KiB"
    ]
    many = "".join(instance(10 + i, f"t{i}.tx", 112, 112) for i in range(257))
    lines = problems(write_map(tmp_path, many))
    assert "m.tmx: map: uses more than 256 object template files" in lines
    assert len(lines) == 257  # 256 missing files, then the limit; the 257th is not read


def test_an_empty_string_property_is_empty_not_none(tmp_path: Path) -> None:
    """Tiled writes an emptied string as value=""; pytmx reads it as None."""
    own = (
        '<properties><property name="side" value="bandits"/><property name="ai" value=""/>'
        '<property name="template" type="string" value="bandit"/></properties><point/>'
    )
    path = write_map(tmp_path, f'<object id="2" type="spawn" x="112" y="112">{own}</object>')
    spawn = next(s for s in load_battlefield(path, TEMPLATES).spawns if s.side == "bandits")
    assert spawn.ai is None
