"""Saves whose text fields were edited by hand or by an attacker: ``replay`` still prints
one line and never a traceback (a lone surrogate in the title made ``print`` raise), a title with
a line break or a terminal escape cannot break or recolour the line, a save re-saved with
a byte-order mark (as Notepad does) still loads, and a number thousands of digits long is
refused in the player's words; a save into a "folder" that is a file says so."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from saves_support import six_map

from game.__main__ import main
from game.saves import SaveError, read_save

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    field = six_map(tmp_path / "maps")
    path = tmp_path / "sim.json"
    assert main(["simulate", str(field), "--seed", "3", "--save", str(path), "--json"]) == 0
    capsys.readouterr()
    return path


def _retitled(path: Path, title_json: str) -> Path:
    text = path.read_text(encoding="utf-8")
    title = read_save(path).title
    changed = text.replace(f'"title": "{title}"', f'"title": {title_json}', 1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    return path


def test_a_lone_surrogate_in_the_title_is_printed_as_its_escape(saved: Path) -> None:
    _retitled(saved, '"\\ud800 Duel"')
    run = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(saved), "--maps", str(saved.parent / "maps")],
        cwd=ROOT,
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=120,
    )
    out = run.stdout.decode("utf-8")
    assert run.returncode == 0, run.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in run.stderr
    assert out.count("\n") == 1 and out.startswith(f"{saved}: \\ud800 Duel on ")


def test_a_title_with_a_line_break_and_an_escape_stays_one_printable_line(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _retitled(saved, '"Duel\\nat the \\u001b[31mford"')
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "\x1b" not in out
    assert out.startswith(f"{saved}: Duel\\nat the \\x1b[31mford on ")


def test_a_save_with_a_byte_order_mark_loads(saved: Path) -> None:
    before = read_save(saved)
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())
    assert read_save(saved) == before


def test_a_number_thousands_of_digits_long_is_refused_in_the_player_s_words(
    saved: Path,
) -> None:
    text = saved.read_text(encoding="utf-8").replace('"seed": 3', '"seed": ' + "9" * 5000)
    saved.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError) as caught:
        read_save(saved)
    assert caught.value.line == (
        f"{saved}: holds a number this game refuses (a number thousands of digits long)"
    )


def test_a_save_into_a_folder_that_is_a_file_says_so(saved: Path, tmp_path: Path) -> None:
    from game.saves import write_save

    (tmp_path / "saves").write_text("not a folder", encoding="utf-8")
    target = tmp_path / "saves" / "quicksave.json"
    with pytest.raises(SaveError) as caught:
        write_save(read_save(saved), target)
    assert caught.value.line == (
        f"{target}: cannot be written: {tmp_path / 'saves'} is a file, not a folder"
    )
