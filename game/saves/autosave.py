"""Autosave after every answer, keeping the last few of each battle (issue 6: killing the
game, even with ``kill -9``, loses at most the last answer; #8: one long battle must not
push every other battle's autosave out, nor flood the load list).

    saver = Autosaver()                 # the per-user saves folder (game.saves.folders)
    saver.continues(battle, path)       # a battle resumed from ``path`` keeps its files
    ...
    result = battle.answer(choice)
    if result.ok:
        saver.after_answer(battle)      # writes autosave-<map>-<started>-<time>.json atomically
    ...
    path = Autosaver().latest()         # "Continue": the newest autosave, or None

A battle's files share a tag, its map's file name and the UTC time of its first autosave
(``autosave-duel-20260314T180500.000000Z-…``); each file is named by the UTC time of
writing after it, and a new time is always made later than every existing one (a
clock that steps back cannot make the newest autosave look old and be rotated away).
After each write, each battle keeps its newest ``keep`` files and only the ``battles``
battles autosaved most recently keep any. Files from before tags (``autosave-<time>``)
count as one battle; tags that are a time alone (before map names) still work. Every
file is written by ``write_save`` (checked, then atomic), so at any moment every
``autosave-*.json`` in the folder is a complete save.

The answers already encoded are kept between calls, so a long battle costs one new line
per answer, not a re-encoding of the whole list.
"""

from __future__ import annotations

import contextlib
import weakref
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from game.saves.atomic import remove_stale_temp_files
from game.saves.errors import SaveError
from game.saves.folders import QUICKSAVE_NAME, saves_dir
from game.saves.format import SaveData, encode_answer, read, snapshot
from game.saves.store import write_save

if TYPE_CHECKING:
    from game.engine.answers import Answer
    from game.engine.battle import Battle

PREFIX = "autosave-"
SUFFIX = ".json"
_STAMP = "%Y%m%dT%H%M%S.%fZ"


def _time(text: str) -> datetime | None:
    try:
        return datetime.strptime(text, _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None


def _parts(path: Path) -> tuple[str, datetime] | None:
    """(battle tag, time written) of an autosave file name; None for any other name. The
    tag is ``<map>-<started>`` (or ``<started>`` alone, written before map names); a file
    from before tags has the tag ""."""
    name = path.name
    if not (name.startswith(PREFIX) and name.endswith(SUFFIX)):
        return None
    text = name[len(PREFIX) : -len(SUFFIX)]
    tag, _, stamp = text.rpartition("-")
    when = _time(stamp)
    if when is None or (tag and _time(tag.rpartition("-")[2]) is None):
        return None
    return tag, when


def file_part(name: str, limit: int = 40) -> str:
    """``name`` made safe for a file name: letters, digits, "-" and "_" ("battle" if
    nothing is left)."""
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name).strip("-")
    return safe[:limit].strip("-") or "battle"


def battle_tag(path: Path) -> str | None:
    """Which battle an autosave file belongs to (None: not an autosave)."""
    parts = _parts(path)
    return parts[0] if parts is not None else None


class Autosaver:
    """Writes ``autosave-<map>-<started>-<time>.json`` into ``directory`` after every answer,
    keeping the newest ``keep`` files of each of the newest ``battles`` battles."""

    def __init__(
        self, directory: Path | str | None = None, keep: int = 3, battles: int = 8
    ) -> None:
        if keep < 1 or battles < 1:
            raise ValueError("keep at least one autosave of one battle")
        self.directory = Path(directory) if directory is not None else saves_dir()
        self.keep = keep
        self.battles = battles
        self._answers: list[Answer] = []  # the answers whose encoding is cached …
        self._lines: list[str] = []  # … and their JSON lines
        self._battle: weakref.ref[Battle] | None = None  # the battle being autosaved …
        self._tag = ""  # … and its files' tag ("" until its first file)
        remove_stale_temp_files(self.directory, PREFIX)
        remove_stale_temp_files(self.directory, f"{QUICKSAVE_NAME}.")  # a killed F5

    def autosaves(self) -> list[Path]:
        """The autosave files of every battle, oldest first."""
        try:
            found = [p for p in self.directory.glob(f"{PREFIX}*{SUFFIX}") if p.is_file()]
        except OSError:
            return []
        dated = [(parts[1], p.name, p) for p in found if (parts := _parts(p)) is not None]
        return [p for _when, _name, p in sorted(dated)]

    def latest(self) -> Path | None:
        """The newest autosave that reads as a save (not replayed: that is the loader's
        job), or None. A damaged newest file falls back to the one before it."""
        for path in reversed(self.autosaves()):
            with contextlib.suppress(SaveError):
                read(path)
                return path
        return None

    def continues(self, battle: Battle, path: Path) -> None:
        """``battle`` was resumed from ``path``: when that is an autosave, the battle's
        next autosaves join its files instead of starting a new battle's."""
        self._battle = weakref.ref(battle)
        tag = battle_tag(path)
        self._tag = tag or ""

    def after_answer(self, battle: Battle, fog: bool | None = None) -> Path:
        """Autosave ``battle`` now; returns the file written. ``SaveError`` if it cannot be
        written (the older autosaves are then all still there)."""
        return self.write(battle, self.capture(battle, fog))

    def capture(self, battle: Battle, fog: bool | None = None) -> SaveData:
        """The snapshot ``after_answer`` writes (it reads the battle's world); ``SaveError``
        for a battle a save cannot reproduce."""
        try:
            return snapshot(battle, fog=fog)
        except ValueError as exc:
            raise SaveError(self._path_for(battle), str(exc)) from None

    def write(self, battle: Battle, save: SaveData) -> Path:
        """Write ``save``, a snapshot of ``battle`` taken earlier, as its newest autosave;
        returns the file written, or raises ``SaveError``. Reads nothing of the battle but
        its identity and its map's name, so it may run while the battle goes on (a
        writer thread, issue 30)."""
        path = self._path_for(battle)
        write_save(save, path, self._encoded(save.answers))
        self._rotate()
        return path

    def _path_for(self, battle: Battle) -> Path:
        if self._battle is None or self._battle() is not battle:
            self._battle, self._tag = weakref.ref(battle), ""
        return self._next_path(file_part(battle.battlefield.path.stem))

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

    def _next_path(self, name: str) -> Path:
        now = datetime.now(UTC)
        existing = self.autosaves()
        if existing:
            newest = _parts(existing[-1])
            if newest is not None and now <= newest[1]:
                now = newest[1] + timedelta(microseconds=1)
        stamp = now.strftime(_STAMP)
        if not self._tag:
            self._tag = f"{name}-{stamp}"  # the battle's first file names it
        return self.directory / f"{PREFIX}{self._tag}-{stamp}{SUFFIX}"

    def _rotate(self) -> None:
        """Each battle keeps its newest ``keep`` files; the battles beyond the ``battles``
        autosaved most recently lose all of theirs."""
        by_battle: dict[str, list[Path]] = {}
        for path in self.autosaves():  # oldest first, so each list is too
            by_battle.setdefault(battle_tag(path) or "", []).append(path)
        recent_first = sorted(by_battle.values(), key=_last_written, reverse=True)
        doomed: list[Path] = []
        for rank, files in enumerate(recent_first):
            doomed += files if rank >= self.battles else files[: -self.keep]
        for old in doomed:
            with contextlib.suppress(OSError):
                old.unlink()


def _last_written(files: list[Path]) -> datetime:
    """When the newest of a battle's files (oldest first) was written."""
    parts = _parts(files[-1])
    return parts[1] if parts is not None else datetime.min.replace(tzinfo=UTC)
