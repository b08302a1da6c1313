"""A shipped map copied into another folder (maps/README.md · Tilesets): its tileset path
``../assets/tiles/terrain.tsx`` no longer leads anywhere, so the map plays with the game's
own tileset of that name, and check-map says how to fix the path."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.__main__ import main
from game.engine import Battle
from game.maps import load_battlefield
from game.maps.errors import MapError
from game.shipped import maps_dir

WARNING = (
    "tileset '../assets/tiles/terrain.tsx': warning: not found next to the map, so the "
    "game's own terrain.tsx is used (open the map in Tiled, point the tileset at the file "
    "and save)"
)


def _copied(tmp_path: Path, text_change: tuple[str, str] = ("", "")) -> Path:
    folder = tmp_path / "my maps"
    folder.mkdir()
    copy = folder / "my_duel.tmx"
    text = (maps_dir() / "duel.tmx").read_text(encoding="utf-8")
    copy.write_text(text.replace(*text_change) if text_change[0] else text, encoding="utf-8")
    return copy


def test_a_copied_shipped_map_plays_with_the_games_own_tileset(tmp_path: Path) -> None:
    copy = _copied(tmp_path)
    field = load_battlefield(copy)
    assert [str(w) for w in field.warnings] == [WARNING]
    shipped = load_battlefield(maps_dir() / "duel.tmx")
    assert field.grid.width == shipped.grid.width and len(field.spawns) == len(shipped.spawns)
    battle = Battle(copy, seed=1)
    try:
        assert battle.pending is not None
    finally:
        battle.close()


def test_check_map_warns_how_to_fix_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = _copied(tmp_path)
    assert main(["check-map", str(copy)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{copy}: {WARNING}"
    assert main(["check-map", "--strict", str(copy)]) == 2


def test_a_tileset_the_game_does_not_ship_is_still_not_found(tmp_path: Path) -> None:
    copy = _copied(tmp_path, ("terrain.tsx", "marsh.tsx"))
    with pytest.raises(MapError) as caught:
        load_battlefield(copy)
    assert "tileset '../assets/tiles/marsh.tsx': tileset file not found" in caught.value.lines()[0]


def test_the_battle_screen_draws_a_copied_map_with_the_shipped_tiles(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui.map_view import MapView

    pygame.init()
    pygame.display.set_mode((64, 64))
    try:
        copy = _copied(tmp_path)
        view = MapView.from_file(copy)
        ours = MapView.from_file(maps_dir() / "duel.tmx")
        assert view.base.get_size() == ours.base.get_size()
        w, h = view.base.get_size()
        for x, y in ((w // 3, h // 3), (w // 2, h // 2), (w - 5, h - 5)):
            assert view.base.get_at((x, y)) == ours.base.get_at((x, y))
    finally:
        pygame.quit()
    shutil.rmtree(tmp_path / "my maps")
