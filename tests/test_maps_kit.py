"""The map authors' starter kit (maps/README.md · The starter kit): the starter map,
the Tiled project's property types and command, one object template per unit
template, and the README's tileset table — each checked against the game's content,
the map contract and the tileset, so none of them can drift."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.content import load_content
from game.maps import contract, list_maps, load_battlefield

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
KIT = MAPS / "templates"
STARTER = KIT / "starter.tmx"
PROJECT = MAPS / "shieldwall.tiled-project"
README = MAPS / "README.md"
TSX = ROOT / "assets" / "tiles" / "terrain.tsx"
sys.path.insert(0, str(ROOT / "assets" / "src"))
import make_mapkit  # noqa: E402


def project_types() -> dict[str, dict[str, object]]:
    types = json.loads(PROJECT.read_text(encoding="utf-8"))["propertyTypes"]
    return {t["name"]: t for t in types}


def test_the_projects_unit_template_enum_is_the_contents_templates() -> None:
    """A unit added to game/content/data/units but not to the project fails here."""
    values = project_types()[make_mapkit.UNIT_TEMPLATE]["values"]
    assert values == sorted(load_content().templates), (
        "maps/shieldwall.tiled-project is stale: run python assets/src/make_mapkit.py"
    )


def test_the_projects_other_enums_are_the_contracts_values() -> None:
    types = project_types()
    assert types[make_mapkit.AI_HINT]["values"] == list(contract.AI_HINTS)
    assert types[make_mapkit.OBJECTIVE_KIND]["values"] == list(contract.OBJECTIVE_KINDS)
    assert types[make_mapkit.COVER]["values"] == list(contract.COVER_VALUES)
    for name in (make_mapkit.UNIT_TEMPLATE, make_mapkit.AI_HINT, make_mapkit.OBJECTIVE_KIND):
        assert types[name]["type"] == "enum"
        assert types[name]["storageType"] == "string"  # written as plain strings in the map


def test_the_projects_classes_carry_the_contracts_properties_with_harmless_defaults() -> None:
    """Tiled leaves members at their default out of the map, so every default must be
    what the loader assumes for a missing property: empty, or false for ``leader``."""
    types = project_types()
    expected = {
        contract.SPAWN_CLASS: contract.SPAWN_PROPERTIES,
        contract.OBJECTIVE_CLASS: contract.OBJECTIVE_PROPERTIES,
        contract.ZONE_CLASS: contract.ZONE_PROPERTIES,
    }
    for name, properties in expected.items():
        cls = types[name]
        assert cls["type"] == "class" and cls["useAs"] == ["object"]
        members = {m["name"]: m for m in cls["members"]}  # type: ignore[attr-defined]
        assert set(members) == set(properties)
        for member in members.values():
            assert member["value"] in ("", False), member
    spawn = {m["name"]: m for m in types["spawn"]["members"]}  # type: ignore[attr-defined]
    assert spawn["template"]["propertyType"] == make_mapkit.UNIT_TEMPLATE
    assert spawn["ai"]["propertyType"] == make_mapkit.AI_HINT
    assert spawn["leader"]["type"] == "bool"


def test_the_projects_command_test_plays_the_open_map() -> None:
    (command,) = json.loads(PROJECT.read_text(encoding="utf-8"))["commands"]
    assert command["enabled"] and command["saveBeforeExecute"]
    line = f"{command['command']} {command['arguments']}"
    assert line == "python -m game play %mapfile"  # Tiled puts the path in quotes
    assert command["workingDirectory"] == "%projectpath/.."  # the checkout, where game/ is
    play = subprocess.run(
        [sys.executable, "-m", "game", "play", "--help"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert play.returncode == 0 and "map" in play.stdout


def test_every_generated_kit_file_is_up_to_date() -> None:
    assert make_mapkit.stale() == []


def test_there_is_one_object_template_per_unit_template_and_each_places_its_unit(
    tmp_path: Path,
) -> None:
    units = sorted(load_content().templates)
    assert sorted(p.stem for p in KIT.glob("*.tx")) == units
    for unit in units:
        obj = ElementTree.parse(KIT / f"{unit}.tx").getroot().find("object")
        assert obj is not None and obj.get("type") == contract.SPAWN_CLASS
    # a map that places every one of them, next to the templates
    objects = "".join(
        f'<object id="{i + 1}" template="{KIT / unit}.tx" x="{16 + 32 * i}" y="16">'
        f'<properties><property name="side" value="{"heroes" if i % 2 else "foes"}"/>'
        "</properties></object>"
        for i, unit in enumerate(units)
    )
    text = STARTER.read_text(encoding="utf-8")
    text = re.sub(
        r'<objectgroup id="3" name="units">.*?</objectgroup>',
        f'<objectgroup id="3" name="units">{objects}</objectgroup>',
        text,
        flags=re.S,
    )
    text = text.replace('width="12"', 'width="16"').replace(
        ",".join(["1"] * 12), ",".join(["1"] * 16)
    )
    text = text.replace(",".join(["0"] * 12), ",".join(["0"] * 16))
    text = text.replace("../../assets/tiles/terrain.tsx", str(TSX))
    placed = tmp_path / "all_units.tmx"  # templates and tileset by absolute path
    placed.write_text(text, encoding="utf-8")
    field = load_battlefield(placed)
    assert [s.template for s in field.spawns] == units


def test_the_starter_map_plays_and_check_map_strict_lists_its_placeholders() -> None:
    """The starter plays as it is (check-map: ok), and ``--strict`` lists what the
    author still has to change: its title, briefing, author and side names."""
    field = load_battlefield(STARTER)
    assert [p.where for p in field.warnings] == [
        "map property 'title'",
        "map property 'briefing'",
        "map property 'author'",
        "side 'heroes'",
        "side 'foes'",
    ]
    assert all("still the starter map's placeholder" in p.what for p in field.warnings)
    assert field.zones == ()  # made automatically, whatever size the author makes it
    assert (field.grid.width, field.grid.height) == (12, 12)
    assert len(field.scenario.sides) == 2 and len(field.spawns) == 2
    assert all(
        not t.blocks_move
        for t in (field.grid.terrain((x, y)) for x in range(12) for y in range(12))
    )
    assert STARTER.resolve() not in {m.path.resolve() for m in list_maps()}
    for strict, status in (([], 0), (["--strict"], 2)):
        check = subprocess.run(
            [sys.executable, "-m", "game", "check-map", *strict, str(STARTER)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
        assert check.returncode == status, check.stdout + check.stderr
        warned = [line for line in check.stdout.splitlines() if ": warning: " in line]
        assert len(warned) == len(field.warnings), check.stdout


def test_the_starter_has_the_contracts_layers_and_a_briefing_that_says_what_to_change() -> None:
    root = ElementTree.parse(STARTER).getroot()
    layers = [(n.tag, n.get("name")) for n in root if n.tag in ("layer", "objectgroup")]
    assert layers == [
        ("layer", "ground"),
        ("layer", "walls"),
        ("objectgroup", "units"),
        ("objectgroup", "zones"),
        ("objectgroup", "objectives"),
    ]
    walls = root.find("layer[@name='walls']/data")
    assert walls is not None and set((walls.text or "").replace(",", " ").split()) == {"0"}
    props = {p.get("name"): p.get("value") or p.text for p in root.iter("property")}
    for name in contract.REQUIRED_MAP_PROPERTIES:
        assert props.get(name)
    for word in ("title", "sides", "author", "zones", "Save As", "check-map"):
        assert word in str(props["briefing"])


ENUM_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.9" tiledversion="1.9.2" class="" orientation="orthogonal" renderorder="right-down"
 width="4" height="4" tilewidth="32" tileheight="32" infinite="0" nextlayerid="5" nextobjectid="4">
 <properties>
  <property name="briefing" value="Enums from the project."/>
  <property name="sides">heroes; Heroes; #3a6fd8; human; party
foes; Foes; #c8372d; ai</property>
  <property name="title" value="Typed"/>
 </properties>
 <tileset firstgid="1" source="TSX"/>
 <layer id="1" name="ground" width="4" height="4">
  <data encoding="csv">
1,1,1,1,
1,1,1,1,
1,1,1,1,
1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="units">
  <object id="1" name="Aldric" class="spawn" x="16" y="16">
   <properties>
    <property name="ai" propertytype="AiHint" value="guard"/>
    <property name="leader" type="bool" value="true"/>
    <property name="side" value="heroes"/>
    <property name="template" propertytype="UnitTemplate" value="captain"/>
   </properties>
   <point/>
  </object>
  <object id="2" class="spawn" x="112" y="112">
   <properties>
    <property name="side" value="foes"/>
    <property name="template" propertytype="UnitTemplate" value="orc"/>
   </properties>
   <point/>
  </object>
 </objectgroup>
 <objectgroup id="3" name="objectives">
  <object id="3" name="Well" class="objective" x="48" y="48">
   <properties>
    <property name="kind" propertytype="ObjectiveKind" value="hold"/>
   </properties>
   <point/>
  </object>
 </objectgroup>
</map>
"""


def _enum_map(folder: Path) -> Path:
    path = folder / "typed.tmx"
    path.write_text(ENUM_MAP.replace('source="TSX"', f'source="{TSX}"'), encoding="utf-8")
    return path


def _check_enum_map(path: Path) -> None:
    field = load_battlefield(path)
    assert not field.warnings
    aldric = next(s for s in field.spawns if s.name == "Aldric")
    assert (aldric.template, aldric.ai, aldric.leader) == ("captain", "guard", True)
    assert [o.kind for o in field.objectives] == ["hold"]


def test_a_map_typed_with_the_projects_enums_and_classes_loads(tmp_path: Path) -> None:
    """As Tiled 1.9 writes it: ``class=`` and ``propertytype=`` on enum properties;
    members left at their defaults (``leader`` false, no ``ai``) are not written."""
    _check_enum_map(_enum_map(tmp_path))


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_re_saves_the_enum_typed_map_and_the_starter_and_both_still_load(
    tmp_path: Path,
) -> None:
    """Tiled 1.8.2, headless: ``--export-map`` re-saves a map the way the editor does."""
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    path, out = _enum_map(tmp_path), tmp_path / "out" / "typed.tmx"
    kit = tmp_path / "kit"
    shutil.copytree(KIT, kit)  # the tileset path stays relative: copy it too
    (tmp_path / "assets").mkdir()
    shutil.copytree(TSX.parent, tmp_path / "assets" / "tiles")
    (kit / "starter.tmx").write_text(
        STARTER.read_text(encoding="utf-8").replace("../../assets", "../assets"), encoding="utf-8"
    )
    resaved = kit / "resaved.tmx"
    out.parent.mkdir()
    for source, target in ((path, out), (kit / "starter.tmx", resaved)):
        done = subprocess.run(
            ["tiled", "--export-map", str(source), str(target)],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0 and target.is_file(), done.stderr
    _check_enum_map(out)
    assert load_battlefield(resaved).spawns == load_battlefield(STARTER).spawns
    assert 'template="warrior.tx"' in resaved.read_text(encoding="utf-8")


def test_the_readme_counts_every_tile_of_the_tileset() -> None:
    tileset = ElementTree.parse(TSX).getroot()
    count = int(tileset.get("tilecount", "0"))
    text = README.read_text(encoding="utf-8")
    (said,) = re.findall(r"`assets/tiles/terrain.tsx` \(with `terrain.png`\), (\d+) tiles", text)
    assert int(said) == count == len(tileset.findall("tile"))
    listed: list[int] = []
    for row in re.findall(r"^\| ([\d–, ]+) \| [a-z]", text, flags=re.M):
        for part in row.split(", "):
            first, _, last = part.partition("–")
            listed.extend(range(int(first), int(last or first) + 1))
    assert sorted(listed) == list(range(count))  # every tile once


def test_the_readme_names_every_terrain_set_of_the_tileset() -> None:
    names = [w.get("name") for w in ElementTree.parse(TSX).getroot().iter("wangset")]
    assert len(names) == 10
    text = README.read_text(encoding="utf-8")
    for name in names:
        assert f"*{name}*" in text, name
    assert "Terrain Brush" in text


FIRST = KIT / "first_blood.tmx"
PLAN_LEGEND = {
    ".": "grass",
    "=": "dirt road",
    "_": "stone floor",
    "#": "stone wall",
    "W": "window",
    "D": "open door",
    "L": "low wall",
    "b": "bushes",
}


def _walkthrough() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Your first map in Tiled")
    return text[start : text.index("\n## ", start + 1)]


def test_the_walkthroughs_plan_is_the_finished_first_map_cell_by_cell() -> None:
    section = _walkthrough()
    block = section.split("<!-- first map plan", 1)[1].split("```text\n", 1)[1].split("```")[0]
    rows = [line[5:] for line in block.splitlines()[1:]]
    field = load_battlefield(FIRST)
    assert (len(rows[0]), len(rows)) == (field.grid.width, field.grid.height)
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            assert field.grid.terrain((x, y)).name == PLAN_LEGEND[char], (x, y)


def test_the_walkthroughs_units_tile_ids_and_check_line_are_the_first_maps() -> None:
    section = _walkthrough()
    field = load_battlefield(FIRST)
    table = re.findall(
        r"^   \| \((\d+), (\d+)\) \| `(\w+)\.tx` \| (\w+|\(empty[^|]*) \| `(\w+)`",
        section,
        flags=re.M,
    )
    placed = {(s.cell, s.template, s.side) for s in field.spawns}
    assert {((int(x), int(y)), t, side) for x, y, t, _, side in table} == placed
    named = {name for *_, name, _ in table if not name.startswith("(")}
    assert named == {s.name for s in field.spawns if s.name in named}
    assert [s.name for s in field.spawns if s.leader] == ["Grim"]
    terrain = {
        int(t.get("id", "0")): next(
            p.get("value") for p in t.iter("property") if p.get("name") == "terrain"
        )
        for t in ElementTree.parse(TSX).getroot().findall("tile")
    }
    for tile in re.findall(r"\(tile (\d+)\)", section):
        assert terrain[int(tile)] in PLAN_LEGEND.values(), tile
    check = subprocess.run(
        [sys.executable, "-m", "game", "check-map", "--strict", str(FIRST)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    said = re.search(r"It prints `first\.tmx: (ok — [^`]+)`", section)
    assert said is not None and check.returncode == 0
    ok, info = check.stdout.splitlines()
    assert ok == f"{FIRST}: {said.group(1)}"
    assert info.startswith(f"{FIRST}: zones: info: no zones on the map; 3 zones will be made")
    assert "`first.tmx: zones: info: no zones on the map; 3 zones will be made" in " ".join(
        section.split()
    )
