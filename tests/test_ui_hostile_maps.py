"""The menu and the battle screen facing maps the loader lets through or trips over: a
picture-less image layer (as Tiled saves it) and a layer moved by a fraction of a pixel
are drawn, a map the screen cannot draw is one
line (MapLoadError, which the menu shows), and a loader bug lists the map as broken
instead of taking the menu down."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui import map_view
from game.ui.catalogue import load_catalogue
from game.ui.map_view import MapLoadError, MapView

HERE = Path(__file__).parent
BASE = HERE / "maps_broken" / "baseline_ok.tmx"


@pytest.fixture
def display() -> Iterator[None]:
    # display only: pygame.quit() would also end the font module the next tests' cached
    # fonts belong to
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.display.quit()


def test_an_image_layer_without_a_picture_is_drawn_like_the_map_without_it(
    display: None,
) -> None:
    view = MapView.from_file(HERE / "maps_hostile" / "empty_image_layer.tmx")
    plain = MapView.from_file(BASE)
    assert view.base.get_size() == plain.base.get_size() == (128, 128)
    assert view.base.get_at((80, 40)) == plain.base.get_at((80, 40))


def test_a_layer_moved_by_half_a_pixel_is_drawn_a_whole_pixel_away(
    display: None, tmp_path: Path
) -> None:
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(HERE / "maps_broken" / name, tmp_path / name)
    text = BASE.read_text(encoding="utf-8")
    moved = tmp_path / "moved.tmx"
    moved.write_text(text.replace('name="walls"', 'name="walls" offsetx="32.4"'))
    whole = tmp_path / "whole.tmx"
    whole.write_text(text.replace('name="walls"', 'name="walls" offsetx="32"'))
    a, b = MapView.from_file(moved).base, MapView.from_file(whole).base
    assert a.get_size() == b.get_size()
    assert all(a.get_at((x, 48)) == b.get_at((x, 48)) for x in range(0, 128, 8))


def test_a_map_the_screen_cannot_draw_is_one_line(
    display: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        def __init__(self, *_args: object) -> None:
            raise pygame.error("Out of memory")

    monkeypatch.setattr(map_view, "MapComposer", Broken)
    with pytest.raises(MapLoadError) as caught:
        MapView.from_file(BASE)
    assert str(caught.value) == f"{BASE}: cannot draw the map (Out of memory)"


def test_a_loader_bug_lists_the_map_as_broken_and_the_others_still_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path))
    maps = tmp_path / "maps"
    maps.mkdir()
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(HERE / "maps_broken" / name, maps / name)
    shutil.copy(BASE, maps / "mine.tmx")
    shutil.copy(BASE, maps / "trips.tmx")
    from game import maps as maps_package

    real = maps_package.load_battlefield

    def tripping(path: Path | str, *args: object) -> object:
        if Path(path).stem == "trips":
            raise OverflowError("cannot convert float infinity to integer")
        return real(path, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(maps_package, "load_battlefield", tripping)
    entries = {e.path.name: e for e in load_catalogue() if e.user}
    assert entries["mine.tmx"].playable
    assert entries["trips.tmx"].problem == (
        f"{maps / 'trips.tmx'}: map: could not be loaded "
        "(OverflowError: cannot convert float infinity to integer)"
    )
