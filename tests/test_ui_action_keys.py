"""Every action of the grid action bar has a keyboard shortcut of its own (issue 4 · the
action bar: "every action of the table … each with a keyboard shortcut")."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_support import quick_window, write_map

from game.engine import Battle
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_scene import ACTION_KEYS, PlayScene

SCREEN_KEYS = {pygame.K_w, pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_e, pygame.K_z, pygame.K_g}


def test_every_action_of_the_bar_has_its_own_key(tmp_path: Path) -> None:
    app = quick_window(tmp_path)
    try:
        path = write_map(tmp_path / "map", 8, 6)
        battle = Battle(path, "grid", 5, {"party": "human", "foes": "human"})
        scene = PlayScene(battle, MapView.from_file(path), lambda: None)
        app.push(scene)
        app.step(1)
        if isinstance(app.top, HandOffScene):
            app.pop()
            app.step(1)
        d = battle.pending
        assert d is not None and d.kind == "turn"
        buttons = [b for b, _ in scene.action_buttons]
        assert len(buttons) == len([o for o in d.options if o.kind != "end_turn"]) > 20
        keys = [b.shortcut for b in buttons]
        assert None not in keys, [o.label for b, o in scene.action_buttons if b.shortcut is None]
        assert len(set(keys)) == len(keys) and not set(keys) & SCREEN_KEYS
        assert {scene.end_button.shortcut, scene.undo_button.shortcut}.isdisjoint(keys)
        # the last action's key works like the others: it picks it, or says why it cannot
        button, option = scene.action_buttons[-1]
        before = len(app.messages)
        key = pygame.event.Event(pygame.KEYDOWN, key=button.shortcut, mod=0, unicode="")
        pygame.event.post(key)
        app.step(1)
        if option.allowed:
            assert scene.mode is not None or battle.answers
        else:
            assert len(app.messages) == before + 1 and option.reason in app.messages[-1][0]
    finally:
        app.close()


def test_there_are_keys_for_a_bar_of_28_actions() -> None:
    assert len(set(ACTION_KEYS)) == len(ACTION_KEYS) >= 28
    assert not set(ACTION_KEYS) & SCREEN_KEYS
