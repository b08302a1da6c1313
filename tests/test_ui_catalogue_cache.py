"""The menu's list of battles from kept summaries (issue 32 · first frame): the same
names, sizes, sides and broken maps as a full load, and a full load again whenever a file
the map was read from changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.maps.library import shipped_maps_dir
from game.shipped import assets_dir
from game.ui.catalogue import MapEntry, load_catalogue
from game.ui.catalogue_cache import CACHE_NAME, code_stamp

DUEL = shipped_maps_dir() / "duel.tmx"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder of the test's own, with the player's maps folder: a good map
    with its own tileset, one whose spawn names no unit (found only by a full load) and
    one that is not XML."""
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path))
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(assets_dir() / "tiles" / name, maps / name)
    text = DUEL.read_text(encoding="utf-8")
    own = text.replace("../assets/tiles/terrain.tsx", "terrain.tsx")
    own = own.replace("Duel at the Broken Shrine", "My own duel")
    (maps / "mine.tmx").write_text(own, encoding="utf-8")
    unknown = text.replace('value="bandit_archer"', 'value="no_such_unit"')
    (maps / "unknown_unit.tmx").write_text(unknown, encoding="utf-8")
    (maps / "not_xml.tmx").write_text("<map this is not XML", encoding="utf-8")
    return tmp_path


def loads_forbidden(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the map was loaded again")

    monkeypatch.setattr("game.maps.load_battlefield", refuse)


def by_title(entries: list[MapEntry]) -> dict[str, MapEntry]:
    return {e.title: e for e in entries}


def test_a_second_listing_is_the_same_list_without_loading_any_map(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = load_catalogue()
    assert (data / "cache" / CACHE_NAME).is_file()
    entries = by_title(first)
    assert entries["My own duel"].playable and entries["My own duel"].user
    assert entries["My own duel"].size == (12, 12)
    assert entries["unknown_unit"].problem is not None
    assert "no_such_unit" in entries["unknown_unit"].problem
    assert entries["not_xml"].problem is not None
    assert any(not e.user and e.title == "Duel at the Broken Shrine" for e in first)
    loads_forbidden(monkeypatch)
    again = load_catalogue()
    assert again == first  # names, sizes, sides, briefings, problems, order: all of it


def test_a_changed_map_is_loaded_again(data: Path) -> None:
    load_catalogue()
    mine = data / "maps" / "mine.tmx"
    mine.write_text(
        mine.read_text(encoding="utf-8").replace("My own duel", "Renamed"), encoding="utf-8"
    )
    broken = data / "maps" / "unknown_unit.tmx"
    broken.write_text(
        broken.read_text(encoding="utf-8").replace("no_such_unit", "bandit_archer"),
        encoding="utf-8",
    )
    entries = by_title(load_catalogue())
    assert "Renamed" in entries and "My own duel" not in entries
    assert all(e.playable for e in entries.values() if e.title == "Duel at the Broken Shrine")
    assert sum(e.user and e.playable for e in entries.values()) == 2


def test_a_changed_or_missing_tileset_is_seen(data: Path) -> None:
    before = by_title(load_catalogue())["My own duel"]
    assert before.playable
    tileset = data / "maps" / "terrain.tsx"
    tileset.write_text("<tileset this is not XML", encoding="utf-8")
    broken = by_title(load_catalogue())["mine"]
    assert broken.problem is not None and "terrain.tsx" in broken.problem
    tileset.unlink()
    # missing next to the map: the game's own tileset of that name is borrowed again
    assert by_title(load_catalogue())["My own duel"].playable


def test_the_list_is_the_same_as_without_a_cache(data: Path) -> None:
    warm = (load_catalogue(), load_catalogue())
    (data / "cache" / CACHE_NAME).unlink()
    assert load_catalogue() == warm[0] == warm[1]


@pytest.mark.parametrize("junk", [b"", b"{not json", b"[1, 2]", b'{"stamp": 1, "maps": []}'])
def test_a_damaged_cache_means_a_full_load(data: Path, junk: bytes) -> None:
    first = load_catalogue()
    (data / "cache" / CACHE_NAME).write_bytes(junk)
    assert load_catalogue() == first


def test_a_damaged_summary_is_loaded_again(data: Path) -> None:
    first = load_catalogue()
    cache = data / "cache" / CACHE_NAME
    text = cache.read_text(encoding="utf-8")
    cache.write_text(text.replace('"size": [12, 12]', '"size": "twelve"'), encoding="utf-8")
    assert load_catalogue() == first


def test_a_cache_that_cannot_be_written_is_no_error(data: Path) -> None:
    (data / "cache").write_text("a file where the folder would go", encoding="utf-8")
    first = load_catalogue()
    assert load_catalogue() == first


def test_another_ruleset_registry_is_another_stamp(monkeypatch: pytest.MonkeyPatch) -> None:
    before = code_stamp()
    monkeypatch.setattr("game.rulesets.ruleset_ids", lambda: ("grid", "other"))
    assert code_stamp() != before
