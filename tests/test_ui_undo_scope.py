"""Play-test 6: Z at the start of Bran's turn took back Ada's End turn ("Move taken
back."). Undo takes back the player's own last step in the turn of the unit now acting,
never a turn that has ended, and the log says what it took back."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _click_at, _key, _pos, _settle, _two_warriors, app  # noqa: F401

from game.engine.answers import ChooseUnit, EndTurn
from game.ui.app import App
from game.ui.undo_rule import TURN_ENDED, undo_refusal


def test_undo_never_takes_back_the_end_of_another_unit_s_turn(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    scene = _two_warriors(app, tmp_path)
    battle = scene.battle
    assert battle.answer(ChooseUnit("ada")).ok
    assert undo_refusal(battle) == ""  # the choice of Ada, in Ada's turn: yes
    assert battle.answer(EndTurn("ada")).ok
    d = battle.pending
    assert d is not None and d.side == "party"
    assert battle.can_undo()  # the engine could; the player must not lose Ada's ended turn
    assert undo_refusal(battle) == TURN_ENDED
    app.step(1)
    given = list(battle.answers)
    app.messages.clear()
    _key(app, pygame.K_z)
    assert battle.answers == given
    assert not scene.undo_button.enabled and scene.undo_button.reason == TURN_ENDED
    # play-test 7: Z on the greyed Undo said nothing; it says why, as a click on it does
    assert [text for text, _ in app.messages] == [f"Undo: {TURN_ENDED}."]


def test_the_log_names_the_unit_and_the_step_taken_back(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    scene = _two_warriors(app, tmp_path)
    battle = scene.battle
    bea = scene.engine.token("bea")
    assert bea is not None
    _click_at(app, _pos(scene, bea.cell))
    d = battle.pending
    assert d is not None and d.unit == "bea"
    label = next(o.label for o in d.options if o.kind == "move")  # the bar's name ("Run")
    move = next(p for p in scene.of_kind("move") if p.cell and len(p.path) == 1)
    _click_at(app, _pos(scene, move.cell))
    _settle(app, scene)
    assert battle.can_undo() and undo_refusal(battle) == ""
    _key(app, pygame.K_z)
    app.step(1)
    assert [line.text for line in scene.log.lines][-1] == f"Bea's {label} taken back."
    _key(app, pygame.K_z)  # then the choice of Bea, still in her turn
    app.step(1)
    assert [line.text for line in scene.log.lines][-1] == "Choice of Bea taken back."
    d = battle.pending
    assert d is not None and d.kind == "choose_unit"
