"""Continue's check of the newest autosave reads its header only (issue 32 · first frame):
every damage the full read refuses outside the answers is refused with the same line, the
answers are left for the full read when the player presses Continue, and the ruleset is
not imported to offer it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from saves_support import battle_on, six_map

from game.saves import SaveError, read_save, read_save_header, save_battle

REPO = Path(__file__).resolve().parents[1]

Edit = Callable[[dict[str, Any]], None]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("header")
    with battle_on(six_map(folder / "maps"), seed=4, answers=9) as battle:
        return save_battle(battle, folder / "mid.json", title="Header field")


def _set(key: str, value: object) -> Edit:
    return lambda data: data.__setitem__(key, value)


def _sub(key: str, inner: str, value: object) -> Edit:
    return lambda data: data[key].__setitem__(inner, value)


DAMAGES: dict[str, Edit] = {
    "not a save": _set("format", "other"),
    "newer schema": _set("schema", 99),
    "bad map name": _sub("map", "name", "field.txt"),
    "bad map hash": _sub("map", "hash", "abc"),
    "unknown ruleset": _sub("ruleset", "id", "chess"),
    "bad options": _sub("ruleset", "options", [1]),
    "negative seed": _set("seed", -3),
    "no controllers": _set("controllers", {}),
    "answers not a list": _set("answers", {"kind": "end_turn"}),
    "bad state hash": _set("state_hash", "0"),
    "round out of range": _set("round", -1),
    "over not a flag": _set("over", "yes"),
    "bad side names": _set("side_names", [1, 2]),
}


def _damaged(saved: Path, tmp_path: Path, edit: Edit) -> Path:
    data = json.loads(saved.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _line(read: Callable[[Path], object], path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        read(path)
    return caught.value.line


def test_the_header_of_a_good_save_is_the_save_without_its_answers(saved: Path) -> None:
    full, header = read_save(saved), read_save_header(saved)
    assert full.answers and header.answers == ()
    assert header == replace(full, answers=())


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_header_is_refused_with_the_line_of_the_full_read(
    saved: Path, tmp_path: Path, damage: str
) -> None:
    path = _damaged(saved, tmp_path, DAMAGES[damage])
    assert _line(read_save_header, path) == _line(read_save, path)


@pytest.mark.parametrize(
    "text",
    ["", "{", '{"format": "shieldwall-save", "schema": 1, "map": {"name": "a.tmx"'],
    ids=["empty", "brace", "cut short"],
)
def test_a_file_that_is_no_json_is_refused_with_the_line_of_the_full_read(
    tmp_path: Path, text: str
) -> None:
    path = tmp_path / "broken.json"
    path.write_text(text, encoding="utf-8")
    assert _line(read_save_header, path) == _line(read_save, path)
    missing = tmp_path / "missing.json"
    assert _line(read_save_header, missing) == _line(read_save, missing)


def test_an_answer_that_does_not_read_is_left_to_the_full_read(saved: Path, tmp_path: Path) -> None:
    path = _damaged(saved, tmp_path, lambda data: data["answers"].insert(0, {"kind": 7}))
    assert read_save_header(path).title == "Header field"
    assert "answer 1 of" in _line(read_save, path)


_MENU_WITH_AUTOSAVE = """
import os, sys, tempfile
from pathlib import Path
from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.settings import Settings
with tempfile.TemporaryDirectory() as tmp:
    app = App(Settings(), settings_file=Path(tmp) / "s.json")
    menu = GameFlow(app).menu()
    assert isinstance(menu, MenuScene) and menu.continue_button.enabled
    app.close()
print(sorted(m for m in sys.modules if m.startswith("game.rules.")))
"""


def test_offering_continue_imports_no_ruleset(saved: Path, tmp_path: Path) -> None:
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    autosave = saves / "autosave-field-20250101T000000.000000Z-20250101T000000.000000Z.json"
    autosave.write_bytes(saved.read_bytes())
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["SHIELDWALL_DATA_DIR"] = str(tmp_path / "data")
    out = subprocess.run(
        [sys.executable, "-c", _MENU_WITH_AUTOSAVE],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
