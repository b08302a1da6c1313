"""Deleting and renaming saves from the load list (issue 30: the saves list can delete and
rename). Renaming gives a save a new title, written atomically (``write_save``: checked,
then a temporary file renamed over the old one), so a crash mid-rename leaves the old
save whole; a renamed autosave is kept as a save of its own (autosaves rotate away)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.saves.autosave import PREFIX
from game.saves.errors import SaveError
from game.saves.format import MAX_TEXT, read
from game.saves.listing import new_save_path
from game.saves.store import write_save


def delete_save(path: Path) -> None:
    """Delete the save at ``path``; ``SaveError`` (one line) if it cannot be."""
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, "is gone already") from None
    except OSError as exc:
        raise SaveError(path, f"cannot be deleted: {exc.strerror or exc}") from None


def rename_save(path: Path, title: str) -> Path:
    """Give the save at ``path`` the title ``title``; returns the file written: ``path``
    itself, or for an autosave a new save named after the title beside it."""
    title = " ".join(title.split())
    if not title:
        raise SaveError(path, "needs a name")
    if len(title) > MAX_TEXT:
        raise SaveError(path, f"a name has at most {MAX_TEXT} characters")
    save = read(path)
    target = new_save_path(title, path.parent) if path.name.startswith(PREFIX) else path
    return write_save(replace(save, title=title), target)
