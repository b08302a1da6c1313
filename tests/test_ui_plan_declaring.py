"""The round plan while the units declare (play-test 9): on the fort under 002 in hotseat
each of the horde's declared units had a line of its own, and with fourteen declared (the
fifteenth deciding) the panel was 382 pixels of the board's 559 at 1280×720. Now the
earlier declared fold on one line, the last two are listed, the unit deciding is in gold
and always drawn; the other side stays a count and none of its declarations is shown
before the reveal."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from plan_support import fort_hotseat, record_panel_words
from ui_support import post_click, quick_window

from game.ai import make_controller
from game.ui.app import App
from game.ui.intentions import DECLARED, DECLARING, WAITING, PlanRow, RoundPlan
from game.ui.overlays import HandOffScene
from game.ui.plan_declaring import declaring_lines


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def test_at_1280x720_the_declaring_panel_keeps_to_two_fifths_and_shows_who_decides(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both sides declare with the AI's answers in hotseat: in every frame the panel is at
    most two fifths of the board's height (as while the round resolves), the unit deciding
    is drawn in gold, and no line names the other side's units before the reveal."""
    battle, scene = fort_hotseat(app)
    drawn = record_panel_words(monkeypatch)
    ai = make_controller("ai", 9, battle.ruleset_id)
    names = {u.id: u.name for u in battle.units()}
    most = 0
    while battle.round == 1:
        if isinstance(app.top, HandOffScene):
            post_click((640, 360))
            app.step(1)
            continue
        drawn.clear()
        app.step(1)
        if isinstance(app.top, HandOffScene):  # the other player's turn to look
            continue
        plan = scene.intentions._plan  # as the panel drew it
        if plan is None or plan.phase != "declaring":
            break
        d = battle.pending
        assert d is not None and scene.human_turn() and scene.viewer() == d.side
        assert d.unit is not None
        deciding = plan.row(d.unit)
        assert deciding is not None and deciding.state == DECLARING
        assert 0 < scene.intentions.rect.h <= scene.viewport.h * 2 // 5, drawn
        gold = [text for text, fg in drawn if fg == "gold_bright"]
        assert any(text.startswith(f"{deciding.name}: deciding") for text in gold), drawn
        foes = [names[r.unit] for r in plan.rows if r.side != d.side]
        assert not [t for t, _ in drawn for n in foes if t.startswith(f"{n}:")], drawn
        mine = [r for r in plan.rows if r.side == d.side]
        most = max(most, sum(1 for r in mine if r.state == DECLARED))
        assert scene.give(ai.choose(battle, d))
    assert most == 14  # the horde's fifteenth decided last


def _row(unit: str, side: str, state: str) -> PlanRow:
    return PlanRow(unit, unit.capitalize(), side, state, f"Attack {unit}" if side == "me" else "")


def test_the_earlier_declared_fold_the_last_two_are_listed_and_the_rest_is_counted() -> None:
    rows = [_row(f"d{i}", "me", DECLARED) for i in range(9)]
    rows += [_row("gor", "me", DECLARING)] + [_row(f"w{i}", "me", WAITING) for i in range(5)]
    rows += [_row(f"f{i}", "foe", DECLARED) for i in range(8)]
    plan = RoundPlan(1, "declaring", rows, sides=("foe", "me"))

    def side(s: str) -> tuple[str, str]:
        return s.upper(), s

    lines = declaring_lines(plan, rows, "me", side, 8)
    assert [ln[0] for ln in lines] == [
        "FOE: 8/8 declared",
        "ME: 9/15 declared",
        "7 declared: D0, D1, D2, D3, D4, D5, D6",
        "D7: Attack d7",
        "D8: Attack d8",
        "Gor: deciding…",
        "5 wait to declare: W0, W1, W2, W3, W4",
    ]
    assert lines[5][2:4] == ("gold_bright", True)
    assert [ln[1] for ln in lines[2:5]] == ["hidden from foes", "", ""]  # noted once
    # fewer lines: one declared listed, then none, then the folded ones beside the waiting
    assert len(declaring_lines(plan, rows, "me", side, 6)) == 6
    assert [ln[0] for ln in declaring_lines(plan, rows, "me", side, 5)][2:] == [
        "9 declared: D0, D1, D2, D3, D4, D5, D6, D7, D8",
        "Gor: deciding…",
        "5 wait to declare: W0, W1, W2, W3, W4",
    ]
    for budget in (4, 0):
        assert [ln[0] for ln in declaring_lines(plan, rows, "me", side, budget)][2:] == [
            "Gor: deciding…",
            "+14 more: 9 declared, 5 to declare",
        ]
    # the other side's player reads the count of these only, and nobody's player no more
    theirs = [ln[0] for ln in declaring_lines(plan, rows, "foe", side, 8)]
    assert theirs[-1] == "ME: 9/15 declared"
    assert not [t for t in theirs if "Gor" in t or "D8" in t or "W0" in t], theirs
    assert [ln[0] for ln in declaring_lines(plan, rows, None, side, 8)] == [
        "FOE: 8/8 declared",
        "ME: 9/15 declared",
    ]
