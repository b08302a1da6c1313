"""Play-test 6: at 960×540 the combat log had room for 3 lines under the unit card, so
after an AI turn it showed "End of round 4 / — Round 5 —" and nothing of what the AI
did. The card's rows close up first so the log keeps more rows, and a round's end joins
the next round's marker in one row."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _party_turn
from ui_support import quick_window

from game.ui.log_panel import LogPanel
from game.ui.unit_card import CARD_H, conditions_pos

UNITS = (("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 6, 4))


def _card_and_log(tmp_path: Path, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect, int]:
    app = quick_window(tmp_path, size)
    try:
        scene = _party_turn(app, tmp_path, UNITS)
        scene.selected = "ada"
        app.step(1)
        rows = scene.model.card_lines("ada")
        assert len(scene.card_row_rects) == 2 * len(rows)  # every row still shown
        cond_top = conditions_pos(scene.card_rect)[1]
        assert all(r.bottom <= cond_top for r in scene.card_row_rects)
        return scene.card_rect.copy(), scene.log.rect.copy(), scene.log._visible_rows()
    finally:
        app.close()


def test_at_960x540_the_log_keeps_its_rows_beside_a_full_card(tmp_path: Path) -> None:
    card, log, visible = _card_and_log(tmp_path / "small", (960, 540))
    assert visible >= 5, (card, log)  # 3 before
    big_card, _big_log, _ = _card_and_log(tmp_path / "big", (1280, 720))
    assert big_card.h == CARD_H  # a roomy window keeps the card as it was


def test_a_round_s_end_joins_the_next_round_s_marker() -> None:
    pygame.font.init()
    log = LogPanel()
    log.add("Bera moves 10 ft to 23,16")
    log.add("End of round 4", "turn")
    log.add("Raiders hold the barn: 2 of 5 rounds", "turn")
    log.add("— Round 5 —", "turn")
    assert [line.text for line in log.lines] == [
        "Bera moves 10 ft to 23,16",
        "Raiders hold the barn: 2 of 5 rounds",
        "— End of round 4 · Round 5 —",
    ]
    log.add("End of round 5", "turn")
    log.add("— Round 7 —", "turn")  # not the next round: both stay
    assert [line.text for line in log.lines][-2:] == ["End of round 5", "— Round 7 —"]
