"""Play-test 3's small findings: the load list names an unreadable file once (its reason
without the path, on two lines), counts only the battles it can load, toasts over a dialog
keep clear of its title, and counts read "1 round", not "1 rounds"."""

from __future__ import annotations

from pathlib import Path

import pygame
from ui_support import quick_window

from game.saves import list_saves
from game.ui.app import Scene
from game.ui.save_list import count_text, describe, detail_lines
from game.words import counted


def test_an_unreadable_save_names_its_file_once(tmp_path: Path) -> None:
    pygame.font.init()
    (tmp_path / "empty.json").write_text("", encoding="utf-8")
    (tmp_path / "truncated.json").write_text('{"format": "shieldwall-save", "x": "' + "y" * 300,
                                             encoding="utf-8")  # fmt: skip
    entries = list_saves(tmp_path)
    assert len(entries) == 2 and all(e.save is None for e in entries)
    for entry in entries:
        title, detail = describe(entry)
        assert title == entry.path.name
        assert str(entry.path) not in detail and detail, detail
    assert count_text(entries) == "0 saved battles, 2 unreadable"
    long = "is not valid JSON " + "because it was cut short in the middle of a word " * 4
    entry = entries[0]
    lines = detail_lines(entry, long, 300)
    assert len(lines) == 2 and lines[1].endswith("…")


def test_the_count_leaves_out_unreadable_files() -> None:
    assert count_text([]) == "0 saved battles"
    assert counted(1, "round") == "1 round" and counted(3, "round") == "3 rounds"
    assert counted(0, "answer") == "0 answers"


class _Dialog(Scene):
    opaque = False

    def __init__(self, panel: pygame.Rect) -> None:
        self.panel = panel


def test_toasts_over_a_dialog_keep_clear_of_its_title(tmp_path: Path) -> None:
    app = quick_window(tmp_path)
    try:
        for text in ("Quicksaved (F9 loads it)", "Quickloaded", "Saved as duel.json"):
            app.notify(text)
        assert len(app.message_rects(1280)) == 3  # no dialog: stacked below the top bar
        panel = pygame.Rect(170, 42, 940, 640)
        app.push(_Dialog(panel))
        [(text, rect)] = app.message_rects(1280)
        assert text == "Saved as duel.json"
        title_band = pygame.Rect(panel.x, panel.y + 20, panel.w, 40)
        assert not rect.colliderect(title_band) and rect.top >= 0
        app.step(1)  # and it draws
    finally:
        app.close()
