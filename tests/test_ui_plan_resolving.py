"""The round plan while a round resolves (play-test 9): under 002 on the village at 1280×720
one line per unit and one more for its initiative made the panel 502 of the board's 559
pixels, and in any corner it hid the player's own units. Now the units done fold on one
line, units of one count share a heading, the steps to come are cut to a budget; the
unit acting now is always among the lines, in gold."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from plan_support import fort_hotseat, record_panel_words
from ui_support import post_click, quick_window

from game.ai import make_controller
from game.engine.presentation import PlanGroup
from game.ui.app import App
from game.ui.intentions import REVEALED, PlanRow, RoundPlan
from game.ui.overlays import HandOffScene
from game.ui.plan_resolving import resolving_lines, steps_of

COUNTS = PlanGroup("initiative", "Initiative, lowest acts first", "", "", badge_number="roll")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, reaction_prompts="always")
    yield a
    a.close()


def test_at_1280x720_the_panel_keeps_to_two_fifths_of_the_board_and_shows_who_acts(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fort under 002 in hotseat, twenty-three units, every answer the AI's: in every
    frame of the resolution with a unit acting the panel is at most two fifths of the
    board's height (a whole band of the board stays free wherever the panel sits; it was
    five sixths) and the acting unit's line is drawn, in gold."""
    battle, scene = fort_hotseat(app)
    drawn = record_panel_words(monkeypatch)
    ai = make_controller("ai", 9, battle.ruleset_id)
    assert len(battle.units()) == 23
    frames = 0
    while battle.round <= 6 and not battle.over:
        if isinstance(app.top, HandOffScene):
            post_click((640, 360))
            app.step(1)
            continue
        d = battle.pending
        assert d is not None and scene.human_turn()
        assert scene.give(ai.choose(battle, d))
        drawn.clear()
        app.step(1)
        plan = scene.intentions._plan  # as the panel drew it
        acting = next((r for r in plan.rows if r.acting), None) if plan else None
        if plan is None or plan.phase != "resolving" or acting is None or not drawn:
            continue
        frames += 1
        assert 0 < scene.intentions.rect.h <= scene.viewport.h * 2 // 5, drawn
        gold = [text for text, fg in drawn if fg == "gold_bright"]
        assert any(acting.name in text for text in gold), (acting.name, drawn)
    assert frames >= 5


def _row(unit: str, count: int, *, acting: bool = False, done: bool = False) -> PlanRow:
    return PlanRow(
        unit,
        unit.capitalize(),
        "party" if unit < "m" else "foes",
        REVEALED,
        f"Attack {unit}",
        "initiative",
        0,
        f"initiative {count}",
        acting=acting,
        done=done,
    )


def test_units_of_one_count_act_together_the_done_fold_and_the_rest_is_counted() -> None:
    """Twenty units: five done fold on one line; the count acting now heads its three
    units, each with what it declared; the next count with its own; then the budget's
    worth of counts one line each and "+N more to act" for the others."""
    rows = [_row(f"d{i}", i, done=True) for i in range(5)]
    rows += [_row("ada", 7, done=True), _row("gor", 7, acting=True), _row("hod", 7)]
    rows += [_row("ivo", 8), _row("nim", 8)]
    rows += [_row(f"x{i}", 10 + i) for i in range(10)]
    plan = RoundPlan(3, "resolving", rows, {"initiative": tuple(r.unit for r in rows)})
    plan.kinds = (COUNTS,)
    assert [len(s.rows) for s in steps_of(COUNTS, rows)] == [1] * 5 + [3, 2] + [1] * 10
    lines = resolving_lines(plan, rows, lambda r: r.side, 12)
    texts = [ln[0] for ln in lines]
    assert texts[:4] == [
        "Initiative, lowest acts first",
        "5 done: D0, D1, D2, D3, D4",
        "Initiative 7: 3 together",
        "   Ada: Attack ada",
    ]
    assert [ln[3] for ln in lines[2:6]] == [True] * 4  # the step acting now is lit
    assert lines[4][:3] == ("   Gor: Attack gor", "", "gold_bright")
    assert texts[6:9] == ["Initiative 8: 2 together", "   Ivo: Attack ivo", "   Nim: Attack nim"]
    assert lines[6][1] == "next"
    assert texts[9:] == [
        "Initiative 10 · X0: Attack x0",
        "Initiative 11 · X1: Attack x1",
        "+8 more to act",
    ]
    assert len(lines) == 12
    # a small budget: what acts now is kept, the next count on one line, the rest counted
    short = [ln[0] for ln in resolving_lines(plan, rows, lambda r: r.side, 6)]
    assert short[2:] == [
        "Initiative 7: 3 together",
        "   Ada: Attack ada",
        "   Gor: Attack gor",
        "   Hod: Attack hod",
        "Initiative 8: Ivo, Nim (together)",
        "+10 more to act",
    ]
    # more of one count than the panel lists: the acting one among those listed
    crowd = [_row(u, 7, acting=u == "eve") for u in ("ada", "bob", "cid", "dan", "eve")]
    plan.rows = crowd
    crowded = [ln[0] for ln in resolving_lines(plan, crowd, lambda r: r.side, 8)]
    assert crowded[1:] == [
        "Initiative 7: 5 together",
        "   Dan: Attack dan",
        "   Eve: Attack eve",
        "   +3 more together",
    ]
