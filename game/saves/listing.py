"""The saves a load menu lists: every save in the saves folder with what it says about
itself (map, ruleset, round, date), newest first, without replaying any (issue 6 · Save
and Load in the Esc menu; the replay viewer opens one).

A file that does not read as a save is still listed, with its one-line problem, so the
player sees why it cannot be loaded instead of it silently missing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from game.saves.autosave import PREFIX as AUTOSAVE_PREFIX
from game.saves.autosave import battle_tag, file_part
from game.saves.errors import SaveError, cap
from game.saves.folders import quicksave_path, saves_dir
from game.saves.format import SaveData, read

MAX_LISTED = 200  # the newest files; a folder of thousands must not stall the menu


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One file in the saves folder: its save, or why it cannot be read."""

    path: Path
    modified: float  # the file's modification time (seconds since the epoch)
    save: SaveData | None
    problem: str = ""

    @property
    def kind(self) -> str:
        """ "autosave", "quicksave" or "save"."""
        if self.path.name.startswith(AUTOSAVE_PREFIX):
            return "autosave"
        if self.path.name == quicksave_path().name:
            return "quicksave"
        return "save"

    @property
    def when(self) -> str:
        """The local date and time it was saved, e.g. "2025-03-14 18:05": the save's
        ``saved_at``, else the file's modification time, else "date unknown". Never raises:
        a date at the edge of the calendar (``0001-01-01T00:00:00+23:00`` is before year 1
        in UTC) or a far-future file time must not bring the load list down."""
        stamp = None
        saved_at = self.save.saved_at if self.save is not None else ""
        if saved_at:
            stamp = _local(lambda: datetime.fromisoformat(saved_at))
        if stamp is None:
            stamp = _local(lambda: datetime.fromtimestamp(self.modified))
        return stamp if stamp is not None else "date unknown"


def _local(make: Callable[[], datetime]) -> str | None:
    """``make()`` in local time as "YYYY-MM-DD HH:MM", or None when it cannot be."""
    try:
        return make().astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError, TypeError):
        return None


def _describable(entry: SaveEntry) -> SaveEntry:
    """``entry``, or the same file listed with the reason it cannot be described: every
    text the list shows must be computable and encodable (JSON lets a title hold a lone
    surrogate, which no font can draw)."""
    try:
        save = entry.save
        shown = [entry.kind, entry.when]
        if save is not None:
            shown += [
                save.title,
                save.map_name,
                save.ruleset,
                save.winner or "",
                save.winner_name,
                str(save.round),
                str(len(save.answers)),
            ]
            shown += [text for pair in save.side_names for text in pair]
            shown += [text for pair in save.controllers.items() for text in pair]
        for text in shown:
            text.encode("utf-8")
    except (ValueError, OverflowError, OSError, TypeError) as exc:
        name = entry.path.name.encode("utf-8", "replace").decode("utf-8")
        why = f"{name}: cannot be described ({type(exc).__name__})"
        return SaveEntry(entry.path, entry.modified, None, cap(why))
    return entry


def list_saves(folder: Path | None = None) -> list[SaveEntry]:
    """The ``.json`` files in ``folder`` (the saves folder), newest first; of a battle's
    autosaves only the newest (the others are there for Continue to fall back on)."""
    folder = folder if folder is not None else saves_dir()
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    stamped: list[tuple[float, Path]] = []
    for path in files:
        with contextlib.suppress(OSError):
            stamped.append((path.stat().st_mtime, path))
    stamped.sort(key=lambda sp: (sp[0], sp[1].name), reverse=True)
    seen: set[str] = set()  # battles whose newest autosave is listed already
    kept = []
    for modified, path in stamped:
        tag = battle_tag(path)
        if tag is not None and tag in seen:
            continue  # one row per battle's autosaves: the newest
        if tag is not None:
            seen.add(tag)
        kept.append((modified, path))
    stamped = kept
    entries = []
    for modified, path in stamped[:MAX_LISTED]:
        try:
            entries.append(_describable(SaveEntry(path, modified, read(path))))
        except SaveError as exc:
            entries.append(SaveEntry(path, modified, None, exc.line))
    return entries


def new_save_path(name: str, folder: Path | None = None) -> Path:
    """A fresh file name for a manual save of the battle ``name`` (usually the map's file
    stem): ``<name>-<local date>-<time>.json``, never one that exists already."""
    folder = folder if folder is not None else saves_dir()
    stem = f"{file_part(name, 60)}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    path = folder / f"{stem}.json"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}.json"
        n += 1
    return path
