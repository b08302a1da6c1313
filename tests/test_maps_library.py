"""Finding maps: paths, bare names in the user and shipped folders, and the list
the menu shows (maps/README.md · Where maps go)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.maps import MapError, find_map, list_maps
from game.maps.library import shipped_maps_dir

CORPUS = Path(__file__).parent / "maps_broken"
TEMPLATES = frozenset({"warrior", "bandit"})


def _folder(root: Path, name: str, maps: dict[str, str]) -> Path:
    folder = root / name
    folder.mkdir()
    for asset in ("terrain.tsx", "terrain.png"):
        shutil.copy(CORPUS / asset, folder / asset)
    for target, source in maps.items():
        shutil.copy(CORPUS / source, folder / target)
    return folder


def test_shipped_maps_dir_is_the_repository_maps_folder() -> None:
    assert shipped_maps_dir() == Path(__file__).resolve().parents[1] / "maps"
    assert (shipped_maps_dir() / "README.md").is_file()


def test_a_path_is_taken_as_it_is(tmp_path: Path) -> None:
    assert find_map(CORPUS / "baseline_ok.tmx") == CORPUS / "baseline_ok.tmx"
    # a .tmx that does not exist is still a path: the loader says "not found"
    assert find_map(str(tmp_path / "later.tmx")) == tmp_path / "later.tmx"


def test_a_bare_name_is_found_and_the_user_folder_wins(tmp_path: Path) -> None:
    user = _folder(tmp_path, "user", {"duel.tmx": "baseline_ok.tmx"})
    shipped = _folder(
        tmp_path, "shipped", {"duel.tmx": "baseline_ok.tmx", "ford.tmx": "baseline_ok.tmx"}
    )
    assert find_map("duel", [user, shipped]) == user / "duel.tmx"
    assert find_map("ford", [user, shipped]) == shipped / "ford.tmx"
    assert find_map("Ford", [user, shipped]) == shipped / "ford.tmx"


def test_an_unknown_name_lists_the_known_ones(tmp_path: Path) -> None:
    shipped = _folder(tmp_path, "shipped", {"ford.tmx": "baseline_ok.tmx"})
    with pytest.raises(MapError) as caught:
        find_map("bridge", [tmp_path / "absent", shipped])
    (line,) = caught.value.lines()
    assert line.startswith("bridge: map: no map named 'bridge' in ")
    assert line.endswith("(known: ford)")


def test_list_maps_gives_titles_sizes_and_problems(tmp_path: Path) -> None:
    user = _folder(tmp_path, "user", {"duel.tmx": "spawn_on_wall.tmx"})
    shipped = _folder(
        tmp_path, "shipped", {"duel.tmx": "baseline_ok.tmx", "ford.tmx": "baseline_ok.tmx"}
    )
    infos = list_maps([user, shipped], TEMPLATES)
    assert [(i.name, i.path.parent.name) for i in infos] == [("duel", "user"), ("ford", "shipped")]
    duel, ford = infos
    assert not duel.playable and "blocks movement" in duel.problems[0]
    assert ford.playable
    assert (ford.title, ford.size) == ("Corpus baseline", (4, 4))
    assert ford.briefing.startswith("Two wardens")
