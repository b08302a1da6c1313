"""How things read to a player (issue 4 play-test): disabled buttons look disabled,
board outlines and card conditions read apart, type grows with a tall window."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ui.theme import colour
from game.ui.widgets import Button

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def _luminance(rgb: tuple[int, ...]) -> float:
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def _look(style: str, enabled: bool, backdrop: str) -> tuple[float, float]:
    """(mean luminance, contrast) of a button drawn on ``backdrop``: contrast is the spread
    between its darkest and brightest pixels, text included."""
    pygame.init()
    surface = pygame.Surface((200, 60))
    surface.fill(colour(backdrop))
    button = Button("Continue", lambda: None, pygame.Rect(10, 10, 180, 40), style=style)
    button.set_enabled(enabled, "nothing to continue")
    button.draw(surface)
    inner = pygame.Rect(14, 14, 172, 32)
    values = [
        _luminance(tuple(surface.get_at((x, y))))
        for x in range(inner.left, inner.right)
        for y in range(inner.top, inner.bottom)
    ]
    return sum(values) / len(values), max(values) - min(values)


@pytest.mark.parametrize(
    ("style", "backdrop"), [("wood", "wood_dark"), ("primary", "wood_dark"), ("flat", "parchment")]
)
def test_a_disabled_button_is_dimmer_and_lower_in_contrast_than_an_enabled_one(
    style: str, backdrop: str
) -> None:
    """Play-test: the disabled Continue was drawn light beige, brighter than the enabled
    buttons beside it. Disabled now has less contrast and, on dark wood, less light."""
    on_mean, on_contrast = _look(style, True, backdrop)
    off_mean, off_contrast = _look(style, False, backdrop)
    assert off_contrast < on_contrast * 0.8
    if backdrop == "wood_dark":
        assert off_mean < on_mean
    else:  # on parchment it sinks into the page
        behind = _luminance(colour(backdrop))
        assert abs(off_mean - behind) < abs(on_mean - behind)


def test_a_flat_button_on_parchment_casts_no_shadow_past_its_rim() -> None:
    """Play-test 3: the lesson box's Skip button (flat, on parchment) spilled a dark drop
    shadow past its rim and out of the box, so its label looked off-centre."""
    pygame.init()
    surface = pygame.Surface((200, 60))
    surface.fill(colour("parchment"))
    button = Button("Skip [F2]", lambda: None, pygame.Rect(10, 10, 150, 30), style="flat")
    button.draw(surface)
    outside = [surface.get_at((x, y))[:3] for x in range(0, 200) for y in (42, 45, 50)]
    outside += [surface.get_at((x, y))[:3] for x in (162, 166) for y in range(0, 60)]
    assert set(outside) == {colour("parchment")[:3]}
    wood = Button("Menu", lambda: None, pygame.Rect(10, 10, 150, 30))
    wood.draw(surface)
    assert surface.get_at((165, 40))[:3] != colour("parchment")[:3]  # raised ones keep it


def test_every_board_outline_reads_differently_in_the_legend_and_on_the_board() -> None:
    """Play-test: Run and 'what gives cover' were the same yellow border, Charge and an
    enemy differed by a thin border's shade. Any two outlines now differ in pattern (a
    third of a square's pixels) or clearly in colour, and the legend draws them as the
    board does."""
    import numpy as np

    from game.rules.grid.presenter import GridPresenter
    from game.ui.board import draw_outline, outline_stamp
    from game.ui.legend import items

    pygame.init()
    names = ["charge_range", "target", "cover_source", "screen_link"]
    squares = {}
    for name in names:
        surface = pygame.Surface((40, 40))
        surface.fill(colour("health_full"))
        draw_outline(surface, surface.get_rect(), name)
        squares[name] = pygame.surfarray.array3d(surface).astype(int)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            differ = np.any(squares[a] != squares[b], axis=2).mean()
            hue = np.linalg.norm(np.array(colour(a)) - np.array(colour(b)))
            assert differ >= 0.3 or hue >= 150, (a, b, differ, hue)
    swatch = pygame.Surface((40, 40))
    legend_charge = next(i.swatch for i in items(GridPresenter()) if i.text.startswith("Charge"))
    assert legend_charge is not None
    legend_charge(swatch, swatch.get_rect())
    board = pygame.Surface((40, 40))
    board.fill(colour("health_full"))
    board.blit(outline_stamp("charge_range", 40, 40), (0, 0))
    assert np.array_equal(pygame.surfarray.array3d(swatch), pygame.surfarray.array3d(board))


def test_the_card_colours_conditions_by_what_they_mean_for_the_unit() -> None:
    """Play-test: Prone and Disengaged were shown in the red italics of harmful states."""
    from game.rules.grid.presenter import GridPresenter
    from game.ui.condition_view import card_conditions

    text = GridPresenter().condition_text
    shown = dict(card_conditions({"prone", "disengaged", "grappled"}, ["Screening Ada"], text))
    assert shown["Grappled"] == "health_low"
    assert shown["Prone"] == "ink_soft"
    assert shown["Disengaged"] == shown["Screening Ada"] == "condition_help"


def test_the_type_grows_with_a_tall_window_and_the_card_rows_with_it(tmp_path: Path) -> None:
    """Play-test: at 1920×1080 the HUD text stayed at its 720p size. Type scales with the
    window's height (1 up to 720, at most 1.2: body 24 px at 1080), the side panel and the
    card's rows with it; a small window keeps the base sizes its layouts are made for."""
    from ui_support import write_map

    from game.engine import Battle
    from game.ui import theme
    from game.ui.app import App
    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene
    from game.ui.settings import Settings

    assert [theme.scale_for(h) for h in (540, 720, 900, 1080, 1440)] == [1, 1, 1.2, 1.2, 1.2]
    assert theme.scale_for(800) == 1.1
    path = write_map(tmp_path / "m")
    for size, body, side in (((1920, 1080), 24, 408), ((960, 540), 20, 340)):
        app = App(Settings(), settings_file=tmp_path / "s.json", size=size)
        try:
            battle = Battle(path, "grid", 1, {"party": "human", "foes": "ai"})
            scene = PlayScene(battle, MapView.from_file(path), lambda: None)
            app.push(scene)
            app.step(1)
            assert theme.SIZE_BODY == body and scene.side_rect.w == side
            row_step = theme.px(21)  # the card's rows
            assert row_step >= theme.font("body", theme.SIZE_SMALL).get_height()
        finally:
            app.close()
    assert theme.SIZE_BODY == 20  # closing the window sets the base sizes back
