"""What Tiled shows is what is played, and authors' own data is a warning, not an error
(maps/README.md · Layers, Custom properties): a layer hidden through a group is neither
played nor drawn; unknown custom properties on the map, a spawn or an objective warn with
the nearest known name; ``check-map`` exits 0 with warnings and 2 with ``--strict``, and
names the file it checked."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import check_map
from game.maps.errors import MapError
from game.maps.loader import default_templates, load_battlefield

CORPUS = Path(__file__).parent / "maps_broken"
ROOT = Path(__file__).parents[1]


@pytest.fixture(autouse=True)
def corpus_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(check_map, "default_templates", lambda: frozenset({"warrior", "bandit"}))


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the corpus baseline map with ``old`` replaced by ``new``."""
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(CORPUS / name, tmp_path / name)
    text = (CORPUS / "baseline_ok.tmx").read_text()
    assert old in text
    path = tmp_path / "variant.tmx"
    path.write_text(text.replace(old, new, 1))
    return path


WALLS = ' <layer id="2" name="walls" width="4" height="4">'


def test_a_layer_inside_a_hidden_group_is_not_played(tmp_path: Path) -> None:
    shown = load_battlefield(CORPUS / "baseline_ok.tmx", {"warrior", "bandit"})
    assert shown.grid.blocks_move((1, 1))
    walls_end = "</data>\n </layer>\n <objectgroup"
    hidden = _variant(tmp_path, WALLS, ' <group id="9" name="buildings" visible="0">\n' + WALLS)
    hidden.write_text(
        hidden.read_text().replace(walls_end, "</data>\n </layer>\n </group>\n <objectgroup")
    )
    field = load_battlefield(hidden, {"warrior", "bandit"})
    assert not field.grid.blocks_move((1, 1))
    assert field.grid.terrain((2, 1)).name == "grass"
    assert field.hidden_layers == frozenset({2})


def test_a_hidden_units_layer_is_not_played(tmp_path: Path) -> None:
    path = _variant(
        tmp_path,
        '<objectgroup id="3" name="units">',
        '<objectgroup id="3" name="units" visible="0">',
    )
    with pytest.raises(MapError) as caught:
        load_battlefield(path, {"warrior", "bandit"})
    assert "units" in str(caught.value)


def test_an_unknown_map_property_is_a_warning_naming_the_nearest_known_one(
    tmp_path: Path,
) -> None:
    path = _variant(
        tmp_path,
        '<property name="title"',
        '<property name="roundlimit" value="3"/>\n  <property name="weather" value="rain"/>\n'
        '  <property name="title"',
    )
    field = load_battlefield(path, {"warrior", "bandit"})
    texts = [str(w) for w in field.warnings]
    assert texts[0].startswith(
        "map: warning: unknown map property 'roundlimit'; did you mean 'round_limit'?"
    )
    assert texts[1].startswith("map: warning: unknown map property 'weather' (known: ")


def test_an_unknown_spawn_property_is_a_warning(tmp_path: Path) -> None:
    path = _variant(
        tmp_path,
        '<property name="template" value="warrior"/>',
        '<property name="template" value="warrior"/>\n    '
        '<property name="temlpate_note" value="mine"/>\n    '
        '<property name="sid" value="x"/>',
    )
    field = load_battlefield(path, {"warrior", "bandit"})
    assert len(field.warnings) == 2
    assert "unknown property 'sid'; did you mean 'side'?" in str(field.warnings[0])
    assert len(field.spawns) == 4


def test_check_map_exits_0_with_warnings_and_2_with_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _variant(
        tmp_path,
        '<property name="title"',
        '<property name="weather" value="rain"/>\n  <property name="title"',
    )
    assert main(["check-map", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}: map: warning: unknown map property 'weather'")
    assert out[1].startswith(f"{path}: ok — ")
    assert main(["check-map", "--strict", str(path)]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and "warning: unknown map property 'weather'" in out[0]


def test_check_map_of_a_bare_name_names_the_file_it_checked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(check_map, "default_templates", default_templates)
    assert main(["check-map", "duel"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("duel: ok — ") and line.endswith(f"({ROOT / 'maps' / 'duel.tmx'})")


def test_an_objective_with_an_empty_class_is_an_objective_by_its_layer(tmp_path: Path) -> None:
    """Tiled 1.8 drops ``class=`` when it re-saves a 1.9+ map: the layer says what it is."""
    layer = (
        ' <objectgroup id="4" name="objectives">\n'
        '  <object id="9" name="Well" x="32" y="32" width="32" height="32">\n'
        "   <properties>\n"
        '    <property name="kind" value="hold"/>\n'
        '    <property name="side" value="wardens"/>\n'
        "   </properties>\n"
        "  </object>\n"
        " </objectgroup>\n"
        "</map>"
    )
    path = _variant(tmp_path, "</map>", layer)
    field = load_battlefield(path, {"warrior", "bandit"})
    assert [(o.name, o.kind, o.side) for o in field.objectives] == [("Well", "hold", "wardens")]
