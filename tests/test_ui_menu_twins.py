"""Play-test 4: ``python -m game play /elsewhere/mine.tmx`` while a map of the same name
sits in the player's maps folder listed two identical rows: a title an earlier row has is
followed by the file's folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.maps.library import shipped_maps_dir
from game.shipped import assets_dir
from game.ui.catalogue import MapEntry, load_catalogue, told_apart

DUEL = shipped_maps_dir() / "duel.tmx"


def own_duel(folder: Path) -> Path:
    """A copy of the duel with its own tileset in ``folder``, titled "My own duel"."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(assets_dir() / "tiles" / name, folder / name)
    text = DUEL.read_text(encoding="utf-8").replace("../assets/tiles/terrain.tsx", "terrain.tsx")
    path = folder / "mine.tmx"
    path.write_text(text.replace("Duel at the Broken Shrine", "My own duel"), encoding="utf-8")
    return path


def test_a_map_played_from_elsewhere_is_told_from_its_twin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    own_duel(tmp_path / "data" / "maps")
    elsewhere = own_duel(tmp_path / "downloads")
    entries = load_catalogue(extra=[elsewhere])
    titles = [e.title for e in entries]
    assert len(set(titles)) == len(titles), titles
    mine = [e for e in entries if e.title.startswith("My own duel")]
    assert [e.title for e in mine] == ["My own duel", "My own duel (downloads)"]
    assert mine[1].path == elsewhere and mine[1].playable
    assert "Duel at the Broken Shrine" in titles  # the shipped one keeps its title
    # the same file named twice is listed once
    assert len(load_catalogue(extra=[tmp_path / "data" / "maps" / "mine.tmx"])) == len(titles) - 1


def test_twins_in_folders_of_the_same_name_show_the_whole_path(tmp_path: Path) -> None:
    a, b = own_duel(tmp_path / "a" / "maps"), own_duel(tmp_path / "b" / "maps")

    def entry(path: Path) -> MapEntry:
        return MapEntry(path, "My own duel", "", "grid", (), (10, 10))

    out = told_apart([entry(a), entry(b), entry(tmp_path / "c" / "x.tmx")])
    assert [e.title for e in out] == [
        "My own duel",
        f"My own duel ({b.parent})",
        "My own duel (c)",
    ]
