"""The battle screen's plan of a clash round (issue 7): declared intentions, hidden from the
other side until the reveal, then the resolution order with the DEX saves that set it and
the unit acting now. ``game.ui.intentions`` reads events and answers; the panel draws it."""

from __future__ import annotations

from pathlib import Path

import pygame
from clash_support import clash_battle, duel_field
from test_ui_clash import hotseat_clash
from test_ui_play import _click_at, _key, app  # noqa: F401  (fixture)
from ui_support import write_map

from game.engine import Battle
from game.rules.clash.declare import ClashAttack, ClashShoot
from game.ui.app import App
from game.ui.intentions import DECLARED, DECLARING, REVEALED, WAITING, round_plan
from game.ui.intentions_panel import badge_text
from game.ui.overlays import HandOffScene

FACE_TO_FACE = [
    ("Ada", "party", "warrior", (1, 1)),
    ("Gor", "bandits", "bandit", (2, 1)),
    ("Hal", "bandits", "bandit", (6, 3)),
]


def test_own_declarations_show_to_their_side_only_until_the_reveal() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [5])
    plan = round_plan(b, "party")
    assert plan is not None and plan.phase == "declaring" and plan.round == 1
    assert [(r.unit, r.state) for r in plan.rows] == [
        ("ada", DECLARING),
        ("gor", WAITING),
        ("hal", WAITING),
    ]
    assert b.answer(ClashAttack("ada", "gor", "sword", None, (0, 1))).ok
    mine = round_plan(b, "party")
    theirs = round_plan(b, "bandits")
    assert mine is not None and theirs is not None
    ada_mine, ada_theirs = mine.row("ada"), theirs.row("ada")
    assert ada_mine is not None and ada_theirs is not None
    assert ada_mine.state == DECLARED and ada_mine.text == "Attack Gor, then move to 0,1"
    assert ada_theirs.state == DECLARED and ada_theirs.text == ""  # the bandits see only that
    assert badge_text(ada_theirs) == "?" and badge_text(ada_mine) == "ok"
    gor = theirs.row("gor")
    assert gor is not None and gor.state == DECLARING


def test_after_the_reveal_the_order_shows_groups_places_dex_saves_and_who_acts() -> None:
    b = clash_battle(duel_field(FACE_TO_FACE), [5])  # Ada's DEX save 5 vs 11: before
    for answer in (
        ClashAttack("ada", "gor", "sword"),
        ClashAttack("gor", "ada", "spear"),
        ClashShoot("hal", "ada", "dagger"),
    ):
        assert b.answer(answer).ok, b.validate(answer)
    assert b.pending is not None and b.pending.kind == "reaction"  # Gor, before the damage
    plan = round_plan(b, "bandits")
    assert plan is not None and plan.phase == "resolving"
    assert plan.groups == {"quick": ("ada", "gor", "hal")}
    rows = {r.unit: r for r in plan.rows}
    assert rows["ada"].state == REVEALED and rows["ada"].turn == "quick"
    assert rows["ada"].text == "attack Gor with the Sword"  # revealed: everyone may know
    assert [rows[u].place for u in ("ada", "gor", "hal")] == [1, 2, 3]
    assert rows["ada"].roll == "DEX 5/11: before the enemies" and rows["gor"].roll == ""
    assert rows["ada"].acting and not rows["gor"].acting
    assert badge_text(rows["ada"]) == "Q1" and badge_text(rows["hal"]) == "Q3"


def test_a_ruleset_without_declarations_has_no_round_plan(tmp_path: Path) -> None:
    b = Battle(write_map(tmp_path / "m", 8, 6), "grid", 1, {"party": "human", "foes": "ai"})
    assert round_plan(b, "party") is None


def _ctrl_tab(app: App) -> None:  # noqa: F811
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LCTRL, unicode="")
    )
    app.step(1)


def test_the_panel_shows_on_the_board_folds_with_ctrl_tab_and_hands_off_hidden(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    battle, scene = hotseat_clash(app, tmp_path)
    app.step(1)
    panel = scene.intentions
    assert panel.rect.w > 0 and scene.viewport.contains(panel.rect)
    unfolded = panel.rect.h
    _key(app, pygame.K_TAB)  # Tab alone cycles the units that can act (issue 30)
    assert not panel.folded
    _ctrl_tab(app)
    assert panel.folded and panel.rect.h < unfolded
    _ctrl_tab(app)
    assert not panel.folded
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.side == "party"
    assert scene.give(ClashShoot(d.unit or "", "bandit", "javelin"))
    plan = panel.plan(scene)
    assert plan is not None and (plan.row(d.unit or "") or plan).text.startswith("Shoot")
    app.step(2)
    assert isinstance(app.top, HandOffScene)  # the bandits' player takes the controls
    _click_at(app, (640, 360))
    app.step(1)
    assert scene.viewer() == "foes"
    plan = panel.plan(scene)
    assert plan is not None
    row = plan.row(d.unit or "")
    assert row is not None and row.state == DECLARED and row.text == ""


def test_the_unit_card_and_bar_speak_clash_not_the_grids_ac_and_actions() -> None:
    from game.ui.engine_model import EngineModel

    b = clash_battle(duel_field(FACE_TO_FACE), [])
    model = EngineModel(b)
    card = dict(model.card_lines("ada"))
    assert card["Attributes"] == "STR 15/15 · DEX 11/11 · WIL 10/10" and card["Armor"] == "3"
    assert card["Sword"] == "d8 balanced" and "AC" not in card
    sheet = dict(model.sheet_lines("gor"))
    assert sheet["Spear"].startswith("d6 fast · Reach") and sheet["Slots"].startswith("4 of 10")
    assert model.budget_text("ada") == "Declare: quick or full turn"


def test_a_unit_that_falls_before_its_turn_is_no_longer_next() -> None:
    """Play-test 10 (clash, fort): Durbag, slain in the quick turns before his own, stayed
    "next" above every unit that acted after him; out of the fight, his turn is done."""
    from game.rules.clash.state import Fate

    b = clash_battle(duel_field(FACE_TO_FACE), [5])
    for answer in (
        ClashAttack("ada", "gor", "sword"),
        ClashAttack("gor", "ada", "spear"),
        ClashShoot("hal", "ada", "dagger"),
    ):
        assert b.answer(answer).ok, b.validate(answer)
    plan = round_plan(b, "party")
    assert plan is not None and plan.phase == "resolving"
    assert not plan.row("gor").done and not plan.row("hal").done  # type: ignore[union-attr]
    b.edit("hal", Fate).unconscious = True  # Hal falls before his turn comes
    plan = round_plan(b, "party")
    assert plan is not None
    hal, gor = plan.row("hal"), plan.row("gor")
    assert hal is not None and hal.done and gor is not None and not gor.done


def test_a_unit_caught_unaware_is_not_listed_as_waiting_to_declare() -> None:
    """Surprised in round 1, the party's Ada is asked nothing (000 · surprise): the plan
    left her "waiting to declare" all the round; now it lists the units asked."""
    b = clash_battle(duel_field(FACE_TO_FACE, surprise="party"), [5, 10])
    assert not b.declares("ada") and b.declares("gor")
    plan = round_plan(b, "bandits")
    assert plan is not None and plan.phase == "declaring"
    assert [(r.unit, r.state) for r in plan.rows] == [("gor", DECLARING), ("hal", WAITING)]
