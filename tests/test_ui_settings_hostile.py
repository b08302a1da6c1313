"""A settings file or menu cache that is damaged or hostile: the game starts with the
defaults (or loads every map again) and says why in one line, instead of a traceback
before the first window (JSON nested thousands deep, a window size of 1e999) or waiting
forever (a named pipe where the settings file should be)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from ui_support import quick_window

from game.ui.catalogue_cache import SummaryCache
from game.ui.settings import Settings, load_settings

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (DEEP, "nested too deeply"),
        ('{"window": ' + DEEP + "}", "nested too deeply"),
        ('{"window": [1e999, 540]}', "cannot convert float infinity to integer"),
    ],
)
def test_a_hostile_settings_file_gives_the_defaults_and_one_line(
    tmp_path: Path, text: str, why: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text, encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings == Settings()
    kept = "settings.unreadable.json"
    assert (
        problem
        == f"{path}: unreadable settings ({why}); using defaults (the file is kept as {kept})"
    )
    assert (tmp_path / kept).read_text(encoding="utf-8") == text, "nothing the player wrote is lost"
    assert not path.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_as_the_settings_file_is_refused_without_waiting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings, problem = load_settings(path)
    assert settings == Settings()
    assert problem == (
        f"{path}: unreadable settings (is a named pipe (FIFO), not a regular file); using defaults"
    )


def test_a_file_that_cannot_be_read_is_left_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # a folder where the file should be: nothing to keep aside
    settings, problem = load_settings(path)
    assert settings == Settings() and problem is not None
    assert problem.endswith("using defaults") and path.is_dir()


def test_a_menu_cache_nested_too_deeply_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "menu-maps.json"
    path.write_text(DEEP, encoding="utf-8")
    assert SummaryCache(path).summary(tmp_path / "any.tmx") is None


def test_broken_json_is_named_in_the_players_words(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"window": [960, 540] "muted": true}', encoding="utf-8")
    _, problem = load_settings(path)
    assert problem is not None and "not valid JSON at line 1, column 23" in problem, problem
    assert "Expecting" not in problem and "char" not in problem


def test_a_long_message_wraps_inside_a_small_window(tmp_path: Path) -> None:
    """Play-test 5: at 960×540 the unreadable-settings line (a long path) was cut at both
    ends; a message wider than the window wraps onto more lines inside it."""
    app = quick_window(tmp_path, size=(960, 540))
    try:
        long = "/home/someone/.config/shieldwall/" + "deep/" * 20 + "settings.json: unreadable"
        app.notify(long)
        [(text, rect)] = app.message_rects(960)
        assert text == long
        assert rect.left >= 0 and rect.right <= 960 and rect.h > 30
        app.step(1)  # and it draws
    finally:
        app.close()


def test_a_second_unreadable_file_does_not_replace_the_first(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("first {", encoding="utf-8")
    load_settings(path)
    path.write_text("second {", encoding="utf-8")
    _, problem = load_settings(path)
    assert problem is not None and "settings.unreadable-2.json" in problem
    assert (tmp_path / "settings.unreadable.json").read_text(encoding="utf-8") == "first {"
    assert (tmp_path / "settings.unreadable-2.json").read_text(encoding="utf-8") == "second {"
