"""The menu and the battle screen facing maps the loader lets through or trips over: a
picture-less image layer (as Tiled saves it) is drawn, a map the screen cannot draw is one
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
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield
    pygame.quit()


def test_an_image_layer_without_a_picture_is_drawn_like_the_map_without_it(
    display: None,
) -> None:
    view = MapView.from_file(HERE / "maps_hostile" / "empty_image_layer.tmx")
    plain = MapView.from_file(BASE)
    assert view.base.get_size() == plain.base.get_size() == (128, 128)
    assert view.base.get_at((80, 40)) == plain.base.get_at((80, 40))


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
