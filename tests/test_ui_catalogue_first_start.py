"""The menu's first start (nothing kept, every map loaded) lists the same battles, with
the same problem lines, whether each map parses its external tileset itself or shares the
tree parsed once (issue 32 · first frame)."""

from __future__ import annotations

import shutil
from collections import OrderedDict
from pathlib import Path

import pytest

from game.maps import precheck, xmlfiles
from game.maps.library import shipped_maps_dir
from game.shipped import assets_dir
from game.ui.catalogue import MapEntry, load_catalogue

CORPUS = Path(__file__).parent / "maps_broken"


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own whose maps folder holds the broken corpus (with its
    tilesets), a good map with a tileset of its own, one whose tileset has a bad property,
    and a shipped map copied there (it borrows the game's tileset)."""
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path))
    folder = tmp_path / "maps"
    shutil.copytree(CORPUS, folder)
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(assets_dir() / "tiles" / name, folder / name)
    duel = (shipped_maps_dir() / "duel.tmx").read_text(encoding="utf-8")
    (folder / "copied.tmx").write_text(duel, encoding="utf-8")
    (folder / "mine.tmx").write_text(duel.replace("../assets/tiles/", ""), encoding="utf-8")
    tsx = (folder / "terrain.tsx").read_text(encoding="utf-8")
    (folder / "bad.tsx").write_text(tsx.replace('type="int"', 'type="num"', 1), encoding="utf-8")
    bad = duel.replace("../assets/tiles/terrain.tsx", "bad.tsx")
    (folder / "bad_tsx.tmx").write_text(bad, encoding="utf-8")
    return tmp_path


def _first_start(data: Path, monkeypatch: pytest.MonkeyPatch) -> list[MapEntry]:
    """The list with no summary kept and no tileset parsed yet in this process."""
    shutil.rmtree(data / "cache", ignore_errors=True)
    monkeypatch.setattr(xmlfiles, "_SHARED", OrderedDict())
    return load_catalogue()


def test_the_first_start_lists_the_same_with_the_tileset_shared(
    data: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as before:  # as before: every map parses its tilesets itself
        before.setattr(precheck, "parse_shared", xmlfiles.parse_xml)
        parsed_each_time = _first_start(data, monkeypatch)
    shared = _first_start(data, monkeypatch)
    assert shared == parsed_each_time
    problems = {e.path.name: e.problem for e in shared if e.problem}
    assert "unknown property type 'num'" in (problems.get("bad_tsx.tmx") or "")
    assert "tileset file not found" in (problems.get("missing_tsx.tmx") or "")
    assert {"copied.tmx", "mine.tmx"} <= {e.path.name for e in shared if e.playable}
