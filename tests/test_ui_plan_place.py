"""Where the round plan sits (play-test 8): on the fort at 1280×720 fifteen lines of "waits
to declare" covered the War Band, and on a small map the panel covered units while open
ground was free beside them. The waiting units share one line, and the panel takes the
corner that covers the fewest units (none when one is free)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from plan_support import fort_hotseat
from ui_support import frames_past_hand_offs, quick_window

from game.ui.app import App
from game.ui.intentions_panel import IntentionsPanel
from game.ui.play_scene import PlayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def _units_under(scene: PlayScene) -> list[str]:
    panel = scene.intentions
    hidden = scene.hidden_tokens()
    out = []
    for t in scene.engine.tokens():
        if t.down or t.key in hidden:
            continue
        x, y, w, h = scene.camera.cell_to_screen(t.cell)
        if panel.rect.colliderect(pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h)):
            out.append(t.name)
    return out


def test_the_units_waiting_to_declare_share_a_line_and_the_panel_covers_none(app: App) -> None:
    battle, scene = fort_hotseat(app)
    app.step(2)
    while battle.pending is not None and battle.pending.side != "horde":
        d = battle.pending
        assert scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    frames_past_hand_offs(app, 4)
    assert scene.viewer() == "horde"
    panel = scene.intentions
    plan = panel.plan(scene)
    assert plan is not None and plan.phase == "declaring"
    horde = [r for r in plan.rows if r.side == "horde"]
    assert len(horde) == 15
    lines = [ln[0] for ln in panel._lines(plan, plan.rows, "horde")]
    waiting = [ln for ln in lines if "wait" in ln]
    assert waiting == [f"14 wait to declare: {', '.join(r.name for r in horde[1:])}"]
    assert len(lines) == 4  # two sides' counts, the unit deciding, the waiting ones
    assert panel.rect.h > 0 and not _units_under(scene)


def test_the_panel_takes_the_corner_covering_fewest_units_and_keeps_it() -> None:
    panel = IntentionsPanel()
    view = pygame.Rect(0, 0, 900, 600)
    top_left, top_right = pygame.Rect(20, 20, 10, 10), pygame.Rect(800, 20, 10, 10)
    bottom_left = pygame.Rect(20, 570, 10, 10)
    place = panel._place
    assert place(view, 300, 200, (), ()) == pygame.Rect(10, 10, 300, 200)
    assert place(view, 300, 200, (), [top_left]) == pygame.Rect(590, 10, 300, 200)
    # it stays where it is while no unit comes under it
    assert place(view, 300, 200, (), ()) == pygame.Rect(590, 10, 300, 200)
    # every corner covers a unit: the fewest; one more than there does not move it
    crowd = [top_left, top_left, top_right, bottom_left, pygame.Rect(800, 570, 10, 10)]
    assert place(view, 300, 200, (), crowd) == pygame.Rect(590, 10, 300, 200)
    crowd += [top_right]
    assert place(view, 300, 200, (), crowd) == pygame.Rect(590, 10, 300, 200)  # 2 vs 1
    crowd += [top_right]
    assert place(view, 300, 200, (), crowd) == pygame.Rect(10, 390, 300, 200)  # 3 vs 1
    # what it must not cover comes first
    assert place(view, 300, 200, [pygame.Rect(0, 0, 900, 600)], ()) is None
