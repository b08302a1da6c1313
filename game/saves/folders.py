"""Where the player's data lives: the per-user data folder and its ``saves`` folder.

The data folder is ``game.user_folders.data_dir()`` (``SHIELDWALL_DATA_DIR`` overrides
it, for the player's maps and settings alike). Nothing is created until something is
written.
"""

from __future__ import annotations

from pathlib import Path

from game.user_folders import DATA_DIR_ENV, data_dir

QUICKSAVE_NAME = "quicksave.json"

__all__ = ["DATA_DIR_ENV", "QUICKSAVE_NAME", "data_dir", "quicksave_path", "saves_dir"]


def saves_dir() -> Path:
    """Where saves, quicksaves and autosaves go (it may not exist yet)."""
    return data_dir() / "saves"


def quicksave_path() -> Path:
    """The one quicksave slot (F5 writes it, F9 reads it)."""
    return saves_dir() / QUICKSAVE_NAME
