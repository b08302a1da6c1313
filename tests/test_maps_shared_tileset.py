"""An external tileset is parsed once per process and shared by the maps that name it
(issue 32 · first frame): loads give the same battles and the same problem lines whether
its tree was parsed afresh or handed out again, and a tileset changed on disk is read anew."""

from __future__ import annotations

import shutil
from collections import OrderedDict
from pathlib import Path

import pytest

from game.maps import MapError, load_battlefield, xmlfiles
from game.maps.battlefield import Battlefield
from game.maps.errors import Problem
from game.maps.xmlfiles import PARSED_KEPT, parse_shared
from game.shipped import assets_dir, maps_dir

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit"})


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> OrderedDict[bytes, object]:
    """No tileset kept from earlier tests."""
    kept: OrderedDict[bytes, object] = OrderedDict()
    monkeypatch.setattr(xmlfiles, "_SHARED", kept)
    return kept


def _facts(bf: Battlefield) -> tuple[object, ...]:
    """What a load gives, comparable between loads (a grid compares by identity)."""
    terrain = [bf.grid.terrain(cell) for cell in bf.grid.cells()]
    return (
        bf.content_hash,
        terrain,
        bf.spawns,
        bf.zones,
        bf.objectives,
        bf.scenario,
        bf.warnings,
        bf.hidden_layers,
    )


def _outcome(path: Path) -> object:
    try:
        return _facts(load_battlefield(path, TEMPLATES if path.parent == CORPUS else None))
    except MapError as exc:
        return exc.lines()


def test_the_same_bytes_give_the_same_tree_and_a_bad_file_is_reported_each_time(
    fresh: OrderedDict[bytes, object],
) -> None:
    data = b'<tileset name="t" tilewidth="32" tileheight="32" tilecount="1"/>'
    problems: list[Problem] = []
    first = parse_shared(data, "tileset 'a.tsx'", problems)
    assert first is not None and parse_shared(bytes(data), "tileset 'b.tsx'", problems) is first
    assert parse_shared(data.replace(b'"t"', b'"u"'), "x", problems) is not first
    for _ in range(2):
        assert parse_shared(b"<tileset", "tileset 'c.tsx'", problems) is None
    assert [p.where for p in problems] == ["tileset 'c.tsx'"] * 2
    assert len(fresh) == 2


def test_only_the_newest_tilesets_are_kept(fresh: OrderedDict[bytes, object]) -> None:
    for n in range(PARSED_KEPT + 3):
        parse_shared(f'<tileset name="t{n}"/>'.encode(), "x", [])
    assert len(fresh) == PARSED_KEPT
    assert b'<tileset name="t0"/>' not in fresh


def test_shipped_and_broken_maps_load_the_same_with_the_tileset_parsed_or_kept(
    fresh: OrderedDict[bytes, object],
) -> None:
    paths = sorted(maps_dir().glob("*.tmx")) + sorted(CORPUS.glob("*.tmx"))
    cold = []
    for path in paths:
        fresh.clear()
        cold.append(_outcome(path))
    warm = [_outcome(path) for path in paths]
    assert fresh, "the shared tileset was kept"
    assert warm == cold
    assert any(isinstance(o, list) for o in cold) and any(not isinstance(o, list) for o in cold)


def test_a_tileset_changed_on_disk_is_read_again(
    fresh: OrderedDict[bytes, object], tmp_path: Path
) -> None:
    tiles = tmp_path / "assets" / "tiles"
    shutil.copytree(assets_dir() / "tiles", tiles)
    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(maps_dir() / "duel.tmx", folder / "duel.tmx")
    good = load_battlefield(folder / "duel.tmx")
    tsx = tiles / "terrain.tsx"
    text = tsx.read_text(encoding="utf-8")
    tsx.write_text(text.replace('type="int"', 'type="integer"', 1), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_battlefield(folder / "duel.tmx")
    assert any("unknown property type 'integer'" in line for line in caught.value.lines())
    tsx.write_text(text, encoding="utf-8")
    again = load_battlefield(folder / "duel.tmx")
    assert _facts(again) == _facts(good)
