"""Drawing the Tiled map and tokens (issue 4 · Battle screen), checked by pixels."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import TILE, write_map

from game.ui.board import Board, Overlays
from game.ui.camera import ZOOM_LEVELS, Camera
from game.ui.map_view import MapLoadError, MapView
from game.ui.theme import colour
from game.ui.tokens import MARKERS, TokenInfo, icon_image, token_image


@pytest.fixture(scope="module", autouse=True)
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 480))
    yield
    pygame.display.quit()


def test_all_visible_tile_layers_are_composed_in_order(tmp_path: Path) -> None:
    view = MapView.from_file(write_map(tmp_path, 10, 8))
    assert (view.width, view.height, view.tile) == (10, 8, TILE)
    grass = view.base.get_at((TILE // 2, TILE // 2))
    wall = view.base.get_at((4 * TILE + TILE // 2, 2 * TILE + TILE // 2))
    assert grass[:3] == (40, 160, 60)
    assert wall[:3] == (128, 128, 128)  # the walls layer is drawn over the ground


@pytest.mark.parametrize("level", range(len(ZOOM_LEVELS)))
def test_the_map_lands_where_the_camera_says_at_every_zoom(tmp_path: Path, level: int) -> None:
    view = MapView.from_file(write_map(tmp_path, 10, 8))
    cam = Camera(TILE, 640, 480, x=-7.3, y=3.9, level=level)
    surface = pygame.Surface((640, 480))
    view.draw(surface, cam)
    # scaled down, edges blend, so compare with the nearer of the two tile colours
    for cell, wanted in (((4, 2), (128, 128, 128)), ((3, 2), (40, 160, 60))):
        x, y, w, h = cam.cell_to_screen(cell)
        got = surface.get_at((x + w // 2, y + h // 2))[:3]
        assert _nearest(got) == wanted, (cell, got)


def _nearest(rgb: tuple[int, ...]) -> tuple[int, int, int]:
    options = [(128, 128, 128), (40, 160, 60)]
    return min(options, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, rgb, strict=True)))


def test_a_missing_tileset_image_is_one_clear_error(tmp_path: Path) -> None:
    path = write_map(tmp_path)
    (tmp_path / "t.png").unlink()
    with pytest.raises(MapLoadError) as info:
        MapView.from_file(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


class Source:
    width, height = 10, 8

    def __init__(self, tokens: list[TokenInfo]) -> None:
        self._tokens = tokens

    def tokens(self) -> list[TokenInfo]:
        return self._tokens


def _token(**kw: object) -> TokenInfo:
    base: dict[str, object] = dict(
        key="u1",
        name="Ada",
        side="party",
        side_colour="#3060c0",
        cell=(2, 3),
        hp=10,
        max_hp=10,
        party=True,
        icon="bowman",
    )
    base.update(kw)
    return TokenInfo(**base)  # type: ignore[arg-type]


def test_tokens_sit_on_their_cell_with_a_health_bar(tmp_path: Path) -> None:
    view = MapView.from_file(write_map(tmp_path, 10, 8))
    board = Board(view, Source([_token(hp=3, max_hp=10)]))
    board.show_grid = False
    cam = Camera(TILE, 640, 480, level=ZOOM_LEVELS.index(3.0))
    surface = pygame.Surface((640, 480))
    board.draw(surface, surface.get_rect(), cam)
    x, y, w, h = cam.cell_to_screen((2, 3))
    centre = surface.get_at((x + w // 2, y + h // 3))[:3]
    assert centre != (40, 160, 60), "no token drawn on its cell"
    # a unit at 30% health shows a low (red) bar along the bottom of its cell
    bar_y = y + h - 1 - max(3, h // 10) // 2 - 1
    row = [surface.get_at((x + i, bar_y))[:3] for i in range(w)]
    assert colour("health_low") in row


def test_enemy_tokens_carry_their_number_and_type_colour() -> None:
    img = token_image(48, False, None, "#c03030", "#3f7fbf", 2, False)
    centre_band = [img.get_at((x, 24)) for x in range(8, 40)]
    assert any(abs(p.r - 0x3F) < 12 and abs(p.b - 0xBF) < 12 for p in centre_band)
    assert token_image(48, False, None, "#c03030", "#3f7fbf", 2, False) is img  # cached


def test_an_enemy_number_is_a_badge_beside_the_icon_not_over_it() -> None:
    # issue 4 play-test: the number covered the type's icon
    numbered = token_image(48, False, "bandit", "#c03030", "#3f7fbf", 3, False)
    plain = token_image(48, False, "bandit", "#c03030", "#3f7fbf", None, False)
    centre = [(x, y) for x in range(18, 30) for y in range(20, 32)]
    assert all(numbered.get_at(p) == plain.get_at(p) for p in centre)  # the icon is clear
    corner = [(x, y) for x in range(4, 16) for y in range(4, 16)]
    assert any(numbered.get_at(p) != plain.get_at(p) for p in corner)  # the badge is there
    # too small for both: the number alone, large, in the middle
    small, bare = (
        token_image(20, False, "bandit", "#c03030", "#3f7fbf", n, False) for n in (3, None)
    )
    assert any(small.get_at((x, 10)) != bare.get_at((x, 10)) for x in range(7, 13))


def test_every_condition_has_an_icon_file() -> None:
    from game.ui.theme import ICON_DIR

    for marker in MARKERS.values():
        assert (ICON_DIR / f"{marker.icon}.svg").is_file(), marker.icon


def test_every_unit_templates_icon_is_shipped() -> None:
    from game.content.loader import load_content
    from game.ui.theme import ICON_DIR

    content = load_content()
    missing = [
        t.icon for t in content.templates.values() if not (ICON_DIR / f"{t.icon}.svg").is_file()
    ]
    assert missing == []


def test_icons_are_tinted_to_the_asked_colour() -> None:
    img = icon_image("bowman", 64, (200, 40, 40))
    opaque = [
        img.get_at((x, y)) for x in range(64) for y in range(64) if img.get_at((x, y)).a > 250
    ]
    assert opaque and all(p.r == 200 and p.g == 40 and p.b == 40 for p in opaque)


def test_move_range_path_and_provoking_squares_are_drawn(tmp_path: Path) -> None:
    view = MapView.from_file(write_map(tmp_path, 10, 8))
    board = Board(view, Source([]))
    board.show_grid = False
    cam = Camera(TILE, 640, 480, level=ZOOM_LEVELS.index(3.0))
    surface = pygame.Surface((640, 480))
    board.draw(
        surface,
        surface.get_rect(),
        cam,
        Overlays(
            fills=[([(1, 1)], "move_range", 255)],
            path=[(0, 0), (1, 0), (2, 0)],
            danger=frozenset({(1, 0)}),
        ),
    )
    x, y, w, h = cam.cell_to_screen((1, 1))
    assert surface.get_at((x + 3, y + 3))[:3] == colour("move_range")
    x, y, w, h = cam.cell_to_screen((1, 0))
    assert surface.get_at((x + w // 2, y + 2))[:3] == colour("aoo")  # the red frame
    # the step leaving the provoking square is drawn red, the step before it is not
    assert surface.get_at((x + w + w // 4, y + h // 2))[:3] == colour("aoo")
    assert surface.get_at((x - w // 4, y + h // 2))[:3] == colour("path")


def test_enemy_type_colours_stay_clear_of_the_party_colour() -> None:
    from game.ui.battle_model import enemy_numbers, type_colours

    colours = type_colours(["bandit", "wolf", "bandit", "orc"], avoid=["#3f7fbf"])
    assert list(colours) == ["bandit", "wolf", "orc"]
    assert "#3f7fbf" not in colours.values() and len(set(colours.values())) == 3
    numbers = enemy_numbers([("a", "bandit"), ("b", "wolf"), ("c", "bandit")])
    assert numbers == {"a": 1, "b": 1, "c": 2}


def test_tile_objects_on_a_decoration_layer_are_drawn(tmp_path: Path) -> None:
    path = write_map(tmp_path, 10, 8, walls=())
    decor = (
        f' <objectgroup id="9" name="decor"><object id="500" gid="2" x="{6 * TILE}" '
        f'y="{4 * TILE}" width="{TILE}" height="{TILE}"/></objectgroup>\n</map>'
    )
    path.write_text(path.read_text(encoding="utf-8").replace("</map>", decor), encoding="utf-8")
    view = MapView.from_file(path)
    # Tiled anchors a tile object at its bottom-left corner: this one covers cell (6, 3)
    assert view.base.get_at((6 * TILE + TILE // 2, 3 * TILE + TILE // 2))[:3] == (128, 128, 128)
    assert view.base.get_at((6 * TILE + TILE // 2, 4 * TILE + TILE // 2))[:3] == (40, 160, 60)


def test_a_layer_inside_a_hidden_group_is_not_drawn(tmp_path: Path) -> None:
    """What Tiled shows is what is drawn: pytmx calls a hidden group's layers visible."""
    import shutil

    corpus = Path(__file__).parent / "maps_broken"
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(corpus / name, tmp_path / name)
    text = (corpus / "baseline_ok.tmx").read_text()
    walls = ' <layer id="2" name="walls"'
    grouped = text.replace(walls, ' <group id="9" name="buildings" visible="0">\n' + walls)
    grouped = grouped.replace(
        "</data>\n </layer>\n <objectgroup", "</data>\n </layer>\n </group>\n <objectgroup"
    )
    (tmp_path / "shown.tmx").write_text(text)
    (tmp_path / "hidden.tmx").write_text(grouped)
    shown = MapView.from_file(tmp_path / "shown.tmx").base
    hidden = MapView.from_file(tmp_path / "hidden.tmx").base
    wall = (1 * 32 + 16, 1 * 32 + 16)  # the stone wall at (1, 1) on the walls layer
    ground = (0 * 32 + 16, 0 * 32 + 16)
    assert shown.get_at(wall) != shown.get_at(ground)
    assert hidden.get_at(wall) == hidden.get_at(ground)
