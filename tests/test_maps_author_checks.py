"""What check-map tells a map author about the mistakes of play-test 4 (maps/README.md):
a ``sides`` line with a ';' left out, a ``rounds`` or ``count`` the objective's kind does
not read, object templates left behind when a map moves, zones that reach off the map and
the starter's placeholders left in."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.cli.check_map import check
from game.maps import MapError, load_battlefield
from game.maps.errors import Problem
from game.maps.scenario import parse_sides

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit"})


def write_map(folder: Path, name: str, swaps: list[tuple[str, str]]) -> Path:
    """The corpus baseline (a good 4×4 map) with each ``(old, new)`` text of ``swaps``
    replaced, written to ``folder / name``."""
    text = (CORPUS / "baseline_ok.tmx").read_text(encoding="utf-8")
    text = text.replace('source="terrain.tsx"', f'source="{CORPUS / "terrain.tsx"}"')
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def lines_of(path: Path) -> list[str]:
    """The problem lines of a map, warnings and errors alike."""
    try:
        field = load_battlefield(path, TEMPLATES)
    except MapError as exc:
        return [str(p) for p in exc.problems]
    return [str(p) for p in field.warnings]


# --- sides: a ';' left out --------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (
            "wardens; Wardens #3a6fd8; human; party",
            "has 4 fields where 5 are expected: a ';' missing between 'Wardens' and '#3a6fd8'?",
        ),
        (
            "wardens; Wardens; #3a6fd8 human; party",
            "has 4 fields where 5 are expected: a ';' missing between '#3a6fd8' and 'human'?",
        ),
        (
            "wardens; Wardens of the Road; #3a6fd8; human party",
            "has 4 fields where 5 are expected: a ';' missing between 'human' and 'party'?",
        ),
        (
            "wardens Wardens; #3a6fd8; ai",
            "has 3 fields where 4 are expected: a ';' missing between 'wardens' and 'Wardens'?",
        ),
        (
            "wardens; Red Hand Bandits #c8372d",
            "has 2 fields where 3 are expected: a ';' missing between 'Red Hand Bandits' and",
        ),
    ],
)
def test_a_sides_line_with_a_missing_semicolon_is_one_line_naming_the_gap(
    line: str, said: str
) -> None:
    problems: list[Problem] = []
    sides = parse_sides(f"{line}\nbandits; Bandits; #c8372d; ai", problems)
    (problem,) = problems
    assert problem.where == "map property 'sides' line 1"
    assert problem.what.startswith(said)
    assert [s.id for s in sides] == ["bandits"]


def test_other_sides_mistakes_keep_their_own_lines() -> None:
    problems: list[Problem] = []
    parse_sides("wardens; Wardens; #cc333; human\nbandits; Bandits; red; ai", problems)
    assert [p.what for p in problems] == [
        "colour '#cc333' is not #rrggbb",
        "colour 'red' is not #rrggbb",
    ]


def test_the_play_tests_sides_line_no_longer_blames_colour_and_control(tmp_path: Path) -> None:
    path = write_map(
        tmp_path,
        "m.tmx",
        [("wardens; Wardens; #3366cc; human; party", "wardens; Wardens #3366cc; human; party")],
    )
    (line,) = lines_of(path)
    assert line.startswith(
        "map property 'sides' line 1: has 4 fields where 5 are expected: a ';' missing "
        "between 'Wardens' and '#3366cc'?"
    )


# --- objectives: numbers their kind does not read -----------------------------------------

OBJECTIVE = """ <objectgroup id="9" name="objectives">
  <object id="9" name="The mill" type="objective" x="32" y="64" width="32" height="32">
   <properties>
    <property name="kind" value="{kind}"/>{extra}
    <property name="side" value="wardens"/>
   </properties>
  </object>
 </objectgroup>
</map>"""


def objective_map(folder: Path, kind: str, **numbers: str) -> Path:
    extra = "".join(
        f'\n    <property name="{key}" type="{"int" if value.isdigit() else "string"}" '
        f'value="{value}"/>'
        for key, value in numbers.items()
    )
    return write_map(folder, f"{kind}.tmx", [("</map>", OBJECTIVE.format(kind=kind, extra=extra))])


def test_rounds_on_an_escape_objective_is_a_warning_that_suggests_hold(tmp_path: Path) -> None:
    (line,) = lines_of(objective_map(tmp_path, "escape", rounds="2"))
    assert line == (
        "object 9 'The mill': warning: 'rounds' does nothing on an escape objective, which "
        "counts units ('count'); only hold objectives and protected areas count round ends "
        "(did you mean kind 'hold'?)"
    )
    (line,) = lines_of(objective_map(tmp_path, "reach", rounds="3"))
    assert "'rounds' does nothing on a reach objective" in line


def test_count_on_hold_and_rounds_beside_a_protected_unit_are_warnings(tmp_path: Path) -> None:
    (line,) = lines_of(objective_map(tmp_path, "hold", count="2"))
    assert "warning: 'count' does nothing on a hold objective" in line
    (line,) = lines_of(objective_map(tmp_path, "protect", rounds="2", unit="Ann"))
    assert "warning: 'rounds' does nothing on a protect objective with a 'unit'" in line


@pytest.mark.parametrize(
    ("kind", "numbers"),
    [
        ("hold", {"rounds": "2"}),
        ("protect", {"rounds": "2"}),
        ("reach", {"count": "2"}),
        ("escape", {"count": "1"}),
        ("escape", {"rounds": "0"}),  # 0: the default, as if left out
    ],
)
def test_numbers_the_kind_reads_are_no_warning(
    tmp_path: Path, kind: str, numbers: dict[str, str]
) -> None:
    assert lines_of(objective_map(tmp_path, kind, **numbers)) == []


# --- object templates left behind when a map moves -----------------------------------------


def placed_from(*sources: str) -> list[tuple[str, str]]:
    """Swaps that add one unit of the wardens per template path, from (2, 2) rightwards."""
    objects = "".join(
        f'  <object id="{20 + i}" template="{source}" x="{80 + 32 * i}" y="80">\n'
        '   <properties><property name="side" value="wardens"/></properties>\n'
        "  </object>\n"
        for i, source in enumerate(sources)
    )
    return [
        (' </objectgroup>\n <objectgroup id="4"', f'{objects} </objectgroup>\n <objectgroup id="4"')
    ]


def test_a_moved_maps_templates_fall_back_to_the_shipped_ones_with_a_warning(
    tmp_path: Path,
) -> None:
    """Tiled's Save As of the starter into another folder, then moved one folder deeper."""
    source = "../../../../wt/pt4/maps/templates/warrior.tx"
    path = write_map(tmp_path / "maps" / "x", "m.tmx", placed_from(source))
    field = load_battlefield(path, TEMPLATES)
    assert [(s.template, s.cell) for s in field.spawns if s.name == "Warrior"] == [
        ("warrior", (2, 2))
    ]
    (line,) = [str(p) for p in field.warnings]
    assert line.startswith(
        f"object 20: warning: object template '{source}' not found next to the map, so the "
        "game's own warrior.tx is used ("
    )
    assert "maps/templates" in line and "Detach" in line


def test_one_warning_per_missing_template_file_however_many_objects_use_it(
    tmp_path: Path,
) -> None:
    path = write_map(tmp_path, "m.tmx", placed_from("old/warrior.tx", "old/warrior.tx"))
    (line,) = lines_of(path)
    assert line.startswith("object 20: warning: object template 'old/warrior.tx' not found")
    assert "(2 objects use it; " in line


def test_a_template_the_game_does_not_ship_is_an_error_saying_what_to_do(tmp_path: Path) -> None:
    path = write_map(tmp_path, "m.tmx", placed_from("old/brigand.tx"))
    (line,) = lines_of(path)
    assert line.startswith("object 20: object template 'old/brigand.tx' not found (looked for ")
    assert line.endswith(
        "; copy the .tx file to where the map points, or open the map in Tiled and replace "
        "or detach the template of the objects (right-click > Replace Template, or Detach)"
    )
    with pytest.raises(MapError):
        load_battlefield(path, TEMPLATES)


# --- zones off the map, and the starter's placeholders ------------------------------------

ROAD = '<object id="5" name="The road" type="zone" x="0" y="0" width="128" height="128"/>'


def zones_map(folder: Path, zones: str, *more: tuple[str, str]) -> Path:
    return write_map(folder, "z.tmx", [(ROAD, zones), *more])


def test_a_zone_partly_off_the_map_is_a_warning_naming_the_edges(tmp_path: Path) -> None:
    """The starter's 6×6 zones after Map > Resize Map to a smaller map."""
    path = zones_map(
        tmp_path,
        '<object id="5" name="West" type="zone" x="0" y="0" width="64" height="128"/>'
        '<object id="6" name="East" type="zone" x="64" y="0" width="128" height="192"/>',
    )
    field = load_battlefield(path, TEMPLATES)
    assert {z.name: len(z.cells) for z in field.zones} == {"West": 8, "East": 8}
    assert [str(p) for p in field.warnings] == [
        "zone 'East': warning: reaches past the right and bottom edges of the 4×4 map: 16 of "
        "its cells are off the map and only the 8 on it are played (move or shrink it to fit "
        "the map)"
    ]


def test_an_ellipse_zone_crossing_the_top_edge_is_warned_about(tmp_path: Path) -> None:
    path = zones_map(
        tmp_path,
        '<object id="5" name="Pond" type="zone" x="0" y="-64" width="128" height="192">'
        "<ellipse/></object>",
    )
    (line,) = lines_of(path)
    assert line.startswith("zone 'Pond': warning: reaches past the top edge of the 4×4 map")


def test_a_zone_wholly_off_the_map_is_an_error_saying_where_it_lies(tmp_path: Path) -> None:
    path = zones_map(
        tmp_path,
        ROAD + '<object id="6" name="Far" type="zone" x="160" y="0" width="64" height="64"/>',
    )
    assert lines_of(path) == [
        "object 6 'Far': covers no cell centre on the map: it lies beyond the right edge of the map"
    ]


def test_zones_inside_the_map_are_no_warning(tmp_path: Path) -> None:
    assert lines_of(zones_map(tmp_path, ROAD)) == []


def test_the_starters_placeholders_are_warnings_and_strict_refuses_them(tmp_path: Path) -> None:
    path = zones_map(
        tmp_path,
        ROAD.replace("The road", "North-west (rename me)"),
        ('value="Corpus baseline"', 'value="New battle (change this title)"'),
        (
            '<property name="briefing"',
            '<property name="author" value="Your name"/>\n  <property name="briefing"',
        ),
        ("bandits; Bandits;", "bandits; Foes (rename me);"),
    )
    assert lines_of(path) == [
        "map property 'title': warning: 'New battle (change this title)' is still the starter "
        "map's placeholder: name the battle",
        "map property 'author': warning: 'Your name' is still the starter map's placeholder: "
        "put your name",
        "side 'bandits': warning: 'Foes (rename me)' is still the starter map's placeholder: "
        "rename it in 'sides'",
        "zone 'North-west (rename me)': warning: its name is still the starter map's "
        "placeholder: rename the zone",
    ]
    ok, lines = check(str(path), TEMPLATES)
    assert ok and lines[-1].startswith(f"{path}: ok — 4×4")
    ok, lines = check(str(path), TEMPLATES, strict=True)
    assert not ok and len(lines) == 4


def test_following_the_guide_from_the_starter_checks_strict_with_zones_made_for_it(
    tmp_path: Path,
) -> None:
    """maps/README.md · Your first map, steps 1 and 9: the starter, resized to 10×8 and
    with its placeholders changed, has no zones of its own: they are made automatically."""
    starter = Path(__file__).resolve().parents[1] / "maps" / "templates" / "starter.tmx"
    text = starter.read_text(encoding="utf-8")
    text = text.replace('width="12" height="12"', 'width="10" height="8"')
    for layer in ("1", "0"):
        text = re.sub(rf"({layer},){{11}}{layer},?\n", "", text, count=4)  # 8 rows …
        text = text.replace(",".join([layer] * 12), ",".join([layer] * 10))
    text = text.replace("../../assets/tiles", str(CORPUS.parents[1] / "assets" / "tiles"))
    text = text.replace('template="', f'template="{starter.parent}/')
    text = text.replace("New battle (change this title)", "First Blood")
    text = text.replace("This is the starter map.", "Bandits have found the farmhouse.")
    text = text.replace("your name", "Ann").replace(" (rename me)", "")
    text = text.replace('x="336" y="208"', 'x="272" y="208"')  # the bandit onto the 10×8
    path = tmp_path / "first.tmx"
    path.write_text(text, encoding="utf-8")
    ok, lines = check(str(path), frozenset({"warrior", "bandit"}), strict=True)
    assert ok, lines
    assert lines[0].startswith(f"{path}: ok — 10×8, 2 sides")
    assert lines[1].startswith(f"{path}: zones: info: no zones on the map; ")


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_the_starter_saved_as_by_tiled_then_moved_deeper_still_loads(tmp_path: Path) -> None:
    """Play-test 4: Tiled 1.8.2 headless (``--export-map`` saves as the editor's Save As
    does) writes the starter into a maps folder with paths relative to the checkout; one
    folder deeper, the tileset and both templates fall back to the game's own."""
    starter = Path(__file__).resolve().parents[1] / "maps" / "templates" / "starter.tmx"
    env = {"QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    saved = tmp_path / "maps" / "mine.tmx"
    saved.parent.mkdir()
    done = subprocess.run(
        ["tiled", "--export-map", str(starter), str(saved)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0 and saved.is_file(), done.stderr
    moved = tmp_path / "maps" / "deeper" / "mine.tmx"
    moved.parent.mkdir()
    saved.rename(moved)
    field = load_battlefield(moved)
    assert sorted(s.template for s in field.spawns) == ["bandit", "warrior"]
    borrowed = [p for p in field.warnings if "the game's own" in p.what]
    assert [p.where.split(" ")[0] for p in borrowed] == ["object", "object", "tileset"]
    assert all(p.warning for p in borrowed)
