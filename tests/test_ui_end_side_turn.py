"""End side turn's confirmation names every unit that could still act, including those
not chosen yet this round, and none that has had its turn (issue 4 play-test; the engine's
``Battle.yet_to_act`` reader, 004 · Combat Sequence)."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _at_party_choice, _click_at, _key, _pos, app  # noqa: F401  (fixture)

from game.ui.app import App
from game.ui.overlays import ConfirmScene


def test_end_side_turn_names_the_units_not_chosen_yet_and_not_those_done(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bea", "party", "warrior", 1, 3),
        ("Cy", "party", "archer", 3, 3),
        ("Gor", "foes", "bandit", 8, 4),
    )
    scene = _at_party_choice(app, tmp_path, units)
    battle = scene.battle
    _click_at(app, _pos(scene, (1, 1)))  # Ada acts, and ends her turn at once
    assert battle.pending is not None and battle.pending.unit == "ada"
    _key(app, pygame.K_e)
    assert battle.pending is not None and battle.pending.kind == "choose_unit"
    _click_at(app, _pos(scene, (1, 3)))  # Bea acts; Cy has not been chosen
    assert battle.pending is not None and battle.pending.unit == "bea"
    _key(app, pygame.K_END)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    assert "Bea and Cy can still act this round" in confirm.message
    assert "Ada" not in confirm.message and "not chosen yet" not in confirm.message
    _key(app, pygame.K_RETURN)
    assert battle.pending is not None and battle.pending.side == "foes"
