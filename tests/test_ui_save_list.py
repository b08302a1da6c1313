"""The saves list tells the truth and tidies up (issue 30): each row says who commanded
each side and whether fog was on; Rename renames the save, Delete asks, then deletes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.engine import Battle
from game.saves import read_save, save_battle
from game.ui.app import App
from game.ui.overlays import ConfirmScene
from game.ui.save_dialogs import RenameScene
from game.ui.save_list import SaveListScene, commanders


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    a = quick_window(tmp_path)
    yield a
    a.close()


def _saves(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "data" / "saves"
    path = write_map(tmp_path / "map", 8, 6)
    out = []
    for name, fog in (("one", True), ("two", False)):
        battle = Battle(path, "grid", 3, {"party": "human", "foes": "hard"})
        out.append(save_battle(battle, folder / f"{name}.json", title=name, fog=fog))
        battle.close()
    return out


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    app.step(1)


def _listing(app: App, tmp_path: Path) -> SaveListScene:
    listing = SaveListScene(tmp_path / "data" / "saves", load=lambda p: False,
                            watch=lambda p: False)  # fmt: skip
    app.push(listing)
    app.step(1)
    return listing


def test_each_row_says_who_commanded_each_side_and_the_fog(app: App, tmp_path: Path) -> None:
    _saves(tmp_path)
    listing = _listing(app, tmp_path)
    lines = {e.save.title: commanders(e) for e in listing.entries if e.save}
    assert lines == {
        "one": "The Party: Human · Bandits: AI (hard) · fog of war",
        "two": "The Party: Human · Bandits: AI (hard) · no fog",
    }


def test_delete_asks_first_then_deletes(app: App, tmp_path: Path) -> None:
    one, two = _saves(tmp_path)
    listing = _listing(app, tmp_path)
    listing.select(next(i for i, e in enumerate(listing.entries) if e.path == one))
    _key(app, pygame.K_DELETE)
    assert isinstance(app.top, ConfirmScene) and one.exists()
    _key(app, pygame.K_ESCAPE)  # Cancel
    assert app.top is listing and one.exists()
    _key(app, pygame.K_DELETE)
    _key(app, pygame.K_RETURN)  # Delete
    assert app.top is listing and not one.exists() and two.exists()
    assert [e.path for e in listing.entries] == [two] and listing.selected == 0


def test_rename_types_a_new_name_and_writes_it(app: App, tmp_path: Path) -> None:
    one, _ = _saves(tmp_path)
    listing = _listing(app, tmp_path)
    listing.select(next(i for i, e in enumerate(listing.entries) if e.path == one))
    _key(app, pygame.K_F2)
    dialog = app.top
    assert isinstance(dialog, RenameScene) and dialog.field.text == "one"
    for _ in range(3):
        _key(app, pygame.K_BACKSPACE)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="The ford"))
    app.step(1)
    _key(app, pygame.K_RETURN)
    assert app.top is listing
    assert read_save(one).title == "The ford"
    assert listing.entry is not None and listing.entry.path == one
