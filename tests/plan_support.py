"""Set-ups shared by the round-plan panel's tests: the fort under 002 in hotseat (23 units,
the largest round plan of the shipped maps), and the panel's drawn words recorded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

import game.ui.intentions_panel as panel_module
from game.engine import Battle
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene

FORT = Path(__file__).resolve().parents[1] / "maps" / "fort.tmx"


def fort_hotseat(app: App) -> tuple[Battle, PlayScene]:
    """The fort under 002, both sides human (seed 4), its battle screen on ``app``."""
    battle = Battle(FORT, "stress", 4, {"party": "human", "horde": "human"})
    scene = PlayScene(battle, MapView.from_file(FORT), lambda: None)
    app.push(scene)
    return battle, scene


def record_panel_words(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Every (text, colour) the round-plan panel draws from now on (cleared by the caller
    before the frame it reads)."""
    drawn: list[tuple[str, Any]] = []
    real = panel_module.draw_text

    def record(surface: pygame.Surface, text: str, *a: Any, **k: Any) -> pygame.Rect:
        drawn.append((text, k.get("fg")))
        return real(surface, text, *a, **k)

    monkeypatch.setattr(panel_module, "draw_text", record)
    return drawn
