"""Autosave after every answer, keeping the last few (issue 6: killing the game, even with
``kill -9``, loses at most the last answer).

    saver = Autosaver()                 # the per-user saves folder (game.saves.folders)
    ...
    result = battle.answer(choice)
    if result.ok:
        saver.after_answer(battle)      # writes autosave-<UTC time>.json atomically
    ...
    path = Autosaver().latest()         # "Continue": the newest autosave, or None

Files are named by the UTC time of writing, so name order is age order; a new name is
always made later than every existing one (a clock that steps back cannot make the
newest autosave look old and be rotated away). After each write the oldest beyond
``keep`` are deleted. Every file is written by ``write_save`` (checked, then atomic), so
at any moment every ``autosave-*.json`` in the folder is a complete save.

The answers already encoded are kept between calls, so a long battle costs one new line
per answer, not a re-encoding of the whole list.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from game.saves.atomic import remove_stale_temp_files
from game.saves.errors import SaveError
from game.saves.folders import saves_dir
from game.saves.format import encode_answer, read, snapshot
from game.saves.store import write_save

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.battle import Battle

PREFIX = "autosave-"
SUFFIX = ".json"
_STAMP = "%Y%m%dT%H%M%S.%fZ"


def _stamp_of(path: Path) -> datetime | None:
    text = path.name[len(PREFIX) : -len(SUFFIX)]
    try:
        return datetime.strptime(text, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


class Autosaver:
    """Writes ``autosave-<time>.json`` into ``directory`` after every answer, keeping the
    newest ``keep`` files."""

    def __init__(self, directory: Path | str | None = None, keep: int = 5) -> None:
        if keep < 1:
            raise ValueError("keep at least one autosave")
        self.directory = Path(directory) if directory is not None else saves_dir()
        self.keep = keep
        self._answers: list[Answer] = []  # the answers whose encoding is cached …
        self._lines: list[str] = []  # … and their JSON lines
        remove_stale_temp_files(self.directory, PREFIX)

    def autosaves(self) -> list[Path]:
        """The autosave files, oldest first."""
        try:
            found = [p for p in self.directory.glob(f"{PREFIX}*{SUFFIX}") if p.is_file()]
        except OSError:
            return []
        return sorted((p for p in found if _stamp_of(p) is not None), key=lambda p: p.name)

    def latest(self) -> Path | None:
        """The newest autosave that reads as a save (not replayed: that is the loader's
        job), or None. A damaged newest file falls back to the one before it."""
        for path in reversed(self.autosaves()):
            with contextlib.suppress(SaveError):
                read(path)
                return path
        return None

    def after_answer(self, battle: Battle, fog: bool | None = None) -> Path:
        """Autosave ``battle`` now; returns the file written. ``SaveError`` if it cannot be
        written (the older autosaves are then all still there)."""
        path = self._next_path()
        try:
            save = snapshot(battle, fog=fog)
        except ValueError as exc:
            raise SaveError(path, str(exc)) from None
        write_save(save, path, self._encoded(save.answers))
        self._rotate()
        return path

    def _encoded(self, answers: tuple[Answer, ...]) -> list[str]:
        cached = self._answers
        same = len(cached) <= len(answers) and all(
            cached[i] is answers[i] for i in (0, len(cached) - 1) if cached
        )
        if not same:  # an undo, or another battle: start again
            self._answers, self._lines = [], []
        for answer in answers[len(self._answers) :]:
            self._answers.append(answer)
            self._lines.append(encode_answer(answer))
        return self._lines

    def _next_path(self) -> Path:
        now = datetime.now(UTC)
        existing = self.autosaves()
        if existing:
            newest = _stamp_of(existing[-1])
            if newest is not None and now <= newest:
                now = newest + timedelta(microseconds=1)
        return self.directory / f"{PREFIX}{now.strftime(_STAMP)}{SUFFIX}"

    def _rotate(self) -> None:
        files = self.autosaves()
        for old in files[: max(0, len(files) - self.keep)]:
            with contextlib.suppress(OSError):
                old.unlink()
