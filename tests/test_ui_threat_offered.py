"""Play-test 3: Q in a ruleset that does not say which squares an enemy threatens says so
in one line and turns nothing on, and that battle's legend has no row for the overlay;
where the ruleset says, Q shows it and the legend explains it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from ui_support import quick_window

from game.engine import Battle
from game.maps import load_battlefield, shipped_maps_dir
from game.rulesets import ruleset_ids
from game.ui.legend import THREAT_TEXT, LegendScene, items
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.threat_view import NOT_OFFERED

DUEL = shipped_maps_dir() / "duel.tmx"


def _press(scene: PlayScene, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    scene.app.step(1)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_q_and_the_legend_follow_what_the_ruleset_says(tmp_path: Path, ruleset: str) -> None:
    sides = {s.id: "human" for s in load_battlefield(DUEL).scenario.sides}
    battle = Battle(DUEL, ruleset, 3, sides)
    app = quick_window(tmp_path)
    try:
        scene = PlayScene(battle, MapView.from_file(DUEL), lambda: None)
        app.push(scene)
        app.step(1)
        says = battle.threatened_cells(battle.unit_ids()[0]) is not None
        if ruleset in ("grid", "clash"):
            assert says
        if ruleset == "zones":
            assert not says
        _press(scene, pygame.K_q)
        assert scene.threat.on is says
        shown = [text for text, _ in app.messages]
        assert (NOT_OFFERED in shown) is not says
        _press(scene, pygame.K_F1)
        legend = app.top
        assert isinstance(legend, LegendScene) and legend.threat is says
        entries = items(legend.presenter, zones=legend.zones, threat=legend.threat)
        assert any(i.text == THREAT_TEXT for i in entries) is says
        assert any(i.kind == "key" and i.label == "Q" for i in entries) is says
        legend.draw(app.screen)
    finally:
        app.close()
