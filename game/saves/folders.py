"""Where the player's data lives: the per-user data folder and its ``saves`` folder.

``platformdirs.user_data_dir("shieldwall")`` by default; the environment variable
``SHIELDWALL_DATA_DIR`` overrides it (tests point it at a temporary folder, and a player
can keep saves on a USB stick). Nothing is created until something is written.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "SHIELDWALL_DATA_DIR"


def data_dir() -> Path:
    """The per-user data folder (it may not exist yet)."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("shieldwall"))


def saves_dir() -> Path:
    """Where saves, quicksaves and autosaves go (it may not exist yet)."""
    return data_dir() / "saves"


def quicksave_path() -> Path:
    """The one quicksave slot (F5 writes it, F9 reads it)."""
    return saves_dir() / "quicksave.json"
