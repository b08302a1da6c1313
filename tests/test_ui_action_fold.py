"""The action bar shows first what the unit can do now (issue 30 · the action bar): actions
that can never apply to it as it is (Break Free when not grappled) fold behind a More
button that shows them all, their keys still work, and no caption is ever cut."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from test_ui_play import _click_at, _turn_window

from game.engine.decision import Option
from game.ui.action_bar import draw_caption, fit_caption, short_caption
from game.ui.app import App
from game.ui.play_scene import PlayScene


def _turn(tmp_path: Path, size: tuple[int, int]) -> tuple[App, PlayScene]:
    app, scene = _turn_window(tmp_path, size)
    d = scene.battle.pending
    assert d is not None and d.kind == "turn"
    return app, scene


def _captions_fit(scene: PlayScene, surface: pygame.Surface) -> int:
    """Draw every shown caption; assert each line fits its button; the count drawn."""
    grid = scene._bar_grid
    drawn = 0
    for button, option in scene.shown_buttons():
        lines = draw_caption(surface, button.rect, option, grid) if grid.captions else []
        for line in lines:
            assert line.w <= button.rect.w, (option.label, line.w, button.rect.w)
            assert line.bottom <= scene.bar_rect.bottom, option.label
        drawn += bool(lines)
    return drawn


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_states_the_unit_is_not_in_fold_behind_more_and_no_caption_is_cut(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app, scene = _turn(tmp_path, size)
    try:
        shown = [o.kind for _, o in scene.shown_buttons()]
        assert "break_free" in scene.folded and "break_free" not in shown
        assert "stand_up" in scene.folded  # standing: 004 · Stand Up cannot apply
        assert "move" in shown and not scene.folded & set(shown)
        assert len(shown) < len(scene.action_buttons)
        more = scene.more_button
        assert more.visible and scene.bar_rect.contains(more.rect)
        assert all(not more.rect.colliderect(b.rect) for b, _ in scene.action_buttons)
        surface = app.screen
        drawn = _captions_fit(scene, surface)
        assert drawn == (len(shown) if size[1] >= 720 else 0)
        _click_at(app, more.rect.center)  # More: every action, each inside the bar
        assert scene.show_all
        assert [b for b, _ in scene.shown_buttons()] == [b for b, _ in scene.action_buttons]
        rects = [b.rect for b, _ in scene.action_buttons] + [more.rect]
        assert all(scene.bar_rect.contains(r) and r.w > 0 for r in rects)
        assert all(not r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
        _captions_fit(scene, surface)
        _click_at(app, more.rect.center)
        assert not scene.show_all
    finally:
        app.close()


def test_a_folded_action_keeps_its_key_and_says_why_not(tmp_path: Path) -> None:
    app, scene = _turn(tmp_path, (1280, 720))
    try:
        button, option = next((b, o) for b, o in scene.action_buttons if o.kind == "break_free")
        assert button.rect.w == 0 and button.shortcut is not None
        before = len(app.messages)
        key = pygame.event.Event(pygame.KEYDOWN, key=button.shortcut, mod=0, unicode="")
        pygame.event.post(key)
        app.step(1)
        assert len(app.messages) == before + 1 and option.reason in app.messages[-1][0]
    finally:
        app.close()


@pytest.mark.parametrize("width", [40, 52, 64, 80, 120])
def test_a_caption_shrinks_or_wraps_but_is_never_cut(width: int) -> None:
    pygame.font.init()
    for label in ("Appeal for Parley", "Pick up Item", "Total Defense", "Fight back", "Move"):
        for lines in (1, 2):
            text, _size = fit_caption(label, width, lines)
            assert len(text) <= lines
            assert not text or " ".join(text) == short_caption(label), (label, text)
    text, _ = fit_caption("Appeal for Parley", 64, 2)
    assert text == ("Appeal for", "Parley")


def test_draw_caption_draws_the_words_it_fitted() -> None:
    pygame.font.init()
    surface = pygame.Surface((200, 100))
    from game.ui.action_bar import bar_grid

    grid = bar_grid(4, 400, 120)
    assert grid.captions == 2
    rect = pygame.Rect(10, 10, 60, grid.size)
    lines = draw_caption(surface, rect, Option("x", "Appeal for Parley"), grid)
    assert len(lines) == 2 and all(line.w <= rect.w for line in lines)
