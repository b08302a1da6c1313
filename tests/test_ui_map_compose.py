"""A big map is composed a chunk at a time (issue 32 · memory): every rectangle comes
out exactly as the same pixels of the whole map, and the map view draws the same
picture either way, its caches bounded."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui import map_view
from game.ui.camera import ZOOM_LEVELS, Camera
from game.ui.map_compose import MapComposer
from game.ui.map_view import MapView, load_tiled

T = 16  # pixels a square
W, H = 21, 15  # squares

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="{w}" height="{h}" tilewidth="{t}" tileheight="{t}" infinite="0" nextlayerid="9"
 nextobjectid="999">
 <tileset firstgid="1" source="small.tsx"/>
 <tileset firstgid="5" source="tall.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}"><data encoding="csv">{ground}</data></layer>
 <layer id="2" name="trees" width="{w}" height="{h}"><data encoding="csv">{trees}</data></layer>
 <layer id="3" name="mist" width="{w}" height="{h}" opacity="0.5" offsetx="5" offsety="-3">
  <data encoding="csv">{mist}</data></layer>
 <objectgroup id="4" name="decor">
  <object id="1" gid="5" x="37" y="90" width="30" height="50"/>
  <object id="2" gid="6" x="200" y="230" width="24" height="40"/>
 </objectgroup>
 <imagelayer id="5" name="banner" offsetx="33" offsety="17"><image source="banner.png"
  width="50" height="30"/></imagelayer>
 <objectgroup id="6" name="units">
  <object id="3" gid="5" x="100" y="100" width="24" height="40"/>
 </objectgroup>
</map>
"""

_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{tw}"
 tileheight="{th}" tilecount="{n}" columns="{n}">
 <image source="{name}.png" width="{iw}" height="{th}"/>
</tileset>
"""


def _noise(size: tuple[int, int], seed: int, holes: bool) -> pygame.Surface:
    """Random pixels (so any misplaced pixel shows), some see-through when ``holes``."""
    rng = random.Random(seed)
    image = pygame.Surface(size, pygame.SRCALPHA)
    for x in range(size[0]):
        for y in range(size[1]):
            alpha = 0 if holes and rng.random() < 0.3 else 255
            rgb = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            image.set_at((x, y), (*rgb, alpha))
    return image


def write_rich_map(folder: Path) -> Path:
    """A map with what composing must get right: four ground tiles, tiles taller and
    wider than a square, a see-through layer shifted off the grid, tile objects scaled
    to their size, an image layer, and a data layer that is not drawn."""
    pygame.image.save(_noise((4 * T, T), 1, holes=False), str(folder / "small.png"))
    pygame.image.save(_noise((2 * 24, 40), 2, holes=True), str(folder / "tall.png"))
    pygame.image.save(_noise((50, 30), 3, holes=True), str(folder / "banner.png"))
    for name, tw, th, n in (("small", T, T, 4), ("tall", 24, 40, 2)):
        text = _TSX.format(name=name, tw=tw, th=th, n=n, iw=tw * n)
        (folder / f"{name}.tsx").write_text(text, encoding="utf-8")
    rng = random.Random(4)

    def layer(pick: list[int]) -> str:
        return ",".join(str(rng.choice(pick)) for _ in range(W * H))

    text = _TMX.format(
        w=W,
        h=H,
        t=T,
        ground=layer([1, 2, 3, 4]),
        trees=layer([0, 0, 0, 5, 6]),
        mist=layer([0, 0, 1, 3]),
    )
    path = folder / "rich.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((320, 240))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_rich_map(tmp_path_factory.mktemp("rich"))


@pytest.fixture(scope="module")
def composer(rich: Path) -> MapComposer:
    return MapComposer(load_tiled(rich))


def _same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(
        b, "RGB"
    )


@settings(max_examples=60, deadline=None)
@given(
    x=st.integers(0, W * T - 1),
    y=st.integers(0, H * T - 1),
    w=st.integers(1, 9 * T),
    h=st.integers(1, 9 * T),
)
def test_any_rectangle_is_the_same_pixels_as_the_whole_map(
    composer: MapComposer, x: int, y: int, w: int, h: int
) -> None:
    area = pygame.Rect(x, y, w, h).clip(pygame.Rect((0, 0), composer.size))
    whole = composer.whole()
    assert _same(composer.render(area), whole.subsurface(area))


def test_every_scenery_layer_is_drawn_and_the_data_layer_is_not(rich: Path) -> None:
    whole = MapComposer(load_tiled(rich)).whole()
    assert whole.get_size() == (W * T, H * T)
    text = rich.read_text(encoding="utf-8")
    upper = text[text.index(' <layer id="2"') : text.index(' <objectgroup id="6"')]
    units = text[text.index(' <objectgroup id="6"') : text.index("</map>")]
    for cut, drawn in ((upper, True), (units, False)):
        other = rich.with_name(f"cut{len(cut)}.tmx")
        other.write_text(text.replace(cut, ""), encoding="utf-8")
        assert _same(whole, MapComposer(load_tiled(other)).whole()) is not drawn


def _views(path: Path) -> tuple[MapView, MapView]:
    kept = MapView.from_file(path)
    chunked = MapView.from_file(path, base_max_pixels=0)
    assert kept._base is not None and chunked._base is None
    return kept, chunked


@pytest.mark.parametrize("level", range(len(ZOOM_LEVELS)))
def test_a_map_composed_by_chunks_is_drawn_as_the_map_kept_whole(rich: Path, level: int) -> None:
    kept, chunked = _views(rich)
    for x, y in ((0.0, 0.0), (-41.5, 17.25), (133.0, 95.0)):
        camera = Camera(T, 320, 240, x=x, y=y, level=level)
        a, b = pygame.Surface((320, 240)), pygame.Surface((320, 240))
        kept.draw(a, camera)
        chunked.draw(b, camera)
        assert _same(a, b), (level, x, y)
    assert _same(kept.base, chunked.base)
    assert _same(kept.thumbnail(100, 60), chunked.thumbnail(100, 60))


def test_a_big_map_shrinks_in_blocks_without_seams(
    rich: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Blocks of 4 squares: each block's edges land on whole pixels at every shrinking
    step, so the blocks scaled one by one differ from the map scaled whole by at most
    a step of rounding in a colour."""
    monkeypatch.setattr(map_view, "BLOCK_CELLS", 4)
    kept, chunked = _views(rich)
    for zoom in (z for z in ZOOM_LEVELS if z < 1):
        size = (round(W * T * zoom), round(H * T * zoom))
        a = pygame.image.tobytes(kept._shrunk(size), "RGB")
        b = pygame.image.tobytes(chunked._shrunk(size), "RGB")
        assert len(a) == len(b)
        assert max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 2, zoom


def test_scaled_chunks_beyond_those_on_screen_stay_within_their_bytes(
    rich: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the closest zoom, panning over the whole map keeps no more chunks than are on
    screen plus ``CHUNK_CACHE_BYTES`` (here two chunks' worth)."""
    top = len(ZOOM_LEVELS) - 1
    side = map_view.CHUNK_CELLS * T * ZOOM_LEVELS[top]
    monkeypatch.setattr(map_view, "CHUNK_CACHE_BYTES", int(2 * side * side * 4))
    _, view = _views(rich)
    surface = pygame.Surface((100, 80))
    c = map_view.CHUNK_CELLS
    most_on_screen = most_kept = 0
    for x in range(-50, W * T, 23):
        for y in range(-50, H * T, 31):
            camera = Camera(T, 100, 80, x=float(x), y=float(y), level=top)
            view.draw(surface, camera)
            x0, y0, x1, y1 = camera.visible_cells(W, H)
            on_screen = max(0, -(-x1 // c) - x0 // c) * max(0, -(-y1 // c) - y0 // c)
            most_on_screen = max(most_on_screen, on_screen)
            most_kept = max(most_kept, len(view._chunks))
            assert len(view._chunks) <= most_on_screen + 2
            assert view._chunk_bytes == sum(map(map_view._bytes, view._chunks.values()))
    assert most_kept > most_on_screen  # some kept beyond the screen
    assert len(view._chunks) < ((W + c - 1) // c) * ((H + c - 1) // c)  # not every chunk


def test_shrunk_whole_maps_beyond_the_one_on_screen_stay_within_their_bytes(
    rich: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(map_view, "WHOLE_CACHE_BYTES", 0)
    _, view = _views(rich)
    shrinking = [i for i, z in enumerate(ZOOM_LEVELS) if z < 1]
    first = pygame.Surface((320, 240))
    view.draw(first, Camera(T, 320, 240, level=shrinking[0]))
    surface = pygame.Surface((320, 240))
    for level in [*shrinking[1:], shrinking[0]]:
        surface.fill((0, 0, 0))
        view.draw(surface, Camera(T, 320, 240, level=level))
        assert list(view._whole) == [level]
    assert _same(first, surface)


def test_warming_a_zoom_step_makes_its_picture_before_any_frame_draws_it(rich: Path) -> None:
    """The battle screen warms the zoomed-out picture it opens on (a 256x256 map took a
    220 ms frame to compose it): afterwards drawing that step composes nothing."""
    _, chunked = _views(rich)
    level = next(i for i, z in enumerate(ZOOM_LEVELS) if z < 1)
    chunked.warm(level)
    calls: list[tuple[int, int]] = []
    original = chunked._shrunk

    def counted(size: tuple[int, int]) -> pygame.Surface:
        calls.append(size)
        return original(size)

    chunked._shrunk = counted  # type: ignore[method-assign]
    chunked.draw(pygame.Surface((320, 240)), Camera(T, 320, 240, level=level))
    assert calls == []
