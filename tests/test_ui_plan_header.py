"""The round plan's header (issue 36): at 1920×1080 a stress battle on the fort has 23
units, and "Round 1 · declaring intentions (0/23)" must not run into "Ctrl+Tab: hide";
no text of the panel is drawn over another, in stress and in clash, folded or not."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window

from game.engine import Battle
from game.ui.app import App
from game.ui.intentions_panel import fit_title
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.widgets import fit_text

ROOT = Path(__file__).resolve().parents[1]
FORT = ROOT / "maps" / "fort.tmx"


@pytest.fixture
def big(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, size=(1920, 1080))
    yield a
    a.close()


def _on_screen(app: App, ruleset: str) -> PlayScene:
    battle = Battle(FORT, ruleset, 4, {"party": "human", "horde": "human"})
    scene = PlayScene(battle, MapView.from_file(FORT), lambda: None)
    app.push(scene)
    app.step(2)
    return scene


def _assert_no_overlap(scene: PlayScene) -> None:
    panel = scene.intentions
    texts = panel.texts
    assert len(texts) >= 2
    for i, a in enumerate(texts):
        assert panel.rect.contains(a), (a, panel.rect)
        for b in texts[i + 1 :]:
            assert not a.colliderect(b), (a, b)


@pytest.mark.parametrize("ruleset", ["stress", "clash"])
def test_the_plan_header_fits_beside_the_fold_hint_at_1920_by_1080(big: App, ruleset: str) -> None:
    scene = _on_screen(big, ruleset)
    plan = scene.intentions.plan(scene)
    assert plan is not None and plan.phase == "declaring"
    _assert_no_overlap(scene)
    shot = os.environ.get("SHIELDWALL_SHOTS")
    if shot:  # screenshots to look at
        pygame.image.save(big.screen, str(Path(shot) / f"plan-{ruleset}-fort.png"))
    scene.intentions.folded = True
    big.step(1)
    _assert_no_overlap(scene)


def test_a_title_too_long_for_its_room_is_shortened_never_drawn_past_it() -> None:
    pygame.font.init()
    titles = ("Round 12 · declaring intentions (10/23)", "Round 12 · declaring (10/23)")
    assert fit_title(titles, 2000) == titles[0]
    font_w = pygame.font.Font.size
    from game.ui import theme

    f = theme.font("bold", theme.SIZE_SMALL)
    short = font_w(f, titles[1])[0]
    assert fit_title(titles, short) == titles[1]
    assert fit_title(titles, short - 1) == fit_text(titles[1], short - 1, "bold", theme.SIZE_SMALL)
    assert f.size(fit_title(titles, 60))[0] <= 60
