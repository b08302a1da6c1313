"""End side turn's confirmation names every unit that could still act, including those
not chosen yet this round, and none that has had its turn (issue 4 play-test; the engine's
``Battle.yet_to_act`` reader, 004 · Combat Sequence)."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _at_party_choice, _click_at, _key, _pos, app  # noqa: F401  (fixture)

from game.ui.app import App
from game.ui.log_panel import LogPanel
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


def test_ending_the_side_turn_folds_the_units_that_stood_into_one_log_line(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Play-test: End side turn in the fort wrote 'X acts / X ends their turn' for every
    unit (16 lines). The log panel folds the units that only stood into the side's line;
    the events stay as they are."""
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bea", "party", "warrior", 1, 3),
        ("Cy", "party", "archer", 3, 3),
        ("Dag", "party", "warrior", 3, 1),
        ("Gor", "foes", "bandit", 8, 4),
    )
    scene = _at_party_choice(app, tmp_path, units)
    battle = scene.battle
    _click_at(app, _pos(scene, (1, 1)))  # Ada acts
    _key(app, pygame.K_END)
    _key(app, pygame.K_RETURN)
    assert battle.pending is not None and battle.pending.side == "foes"
    while app.top is not scene:  # the hand-off to the bandits' player
        app.pop()
    app.step(1)
    texts = [line.text for line in scene.log.lines]
    done = texts.index("The Party are done: 4 units stood (Ada, Bea, Cy, …)")
    assert texts[done - 1] == "The Party act"  # no 'X acts / X ends their turn' pairs
    events = [e.text() for e in battle.events]
    assert events.count("Dag ends their turn") == 1  # the events are unchanged


def test_the_log_folds_only_units_that_did_nothing() -> None:
    panel = LogPanel()
    panel.rect = pygame.Rect(0, 0, 180, 400)
    for text in (
        "Beorn acts",
        "Beorn moves 5 ft to 2,3",
        "Beorn ends their turn",
        "Wulf acts",
        "Wulf ends their turn",
        "Cy acts",
    ):
        panel.add(text, "move" if "moves" in text else "turn")
        panel._rows()  # wrapped rows are kept as lines come: folding must keep them right
    panel.add("Cy ends their turn", "turn")
    panel.add("Garrison of Greyford are done", "turn")
    texts = [line.text for line in panel.lines]
    assert texts == [
        "Beorn acts",
        "Beorn moves 5 ft to 2,3",
        "Beorn ends their turn",
        "Garrison of Greyford are done: Wulf and Cy stood",
    ]
    fresh = LogPanel()
    fresh.rect = panel.rect
    for line in panel.lines:
        fresh.lines.append(line)
    assert panel._rows() == fresh._rows()
