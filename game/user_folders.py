"""Where the player's own files live: one per-user data folder for everything the game
keeps for the player (saves, their own maps, settings, screenshots).

``platformdirs.user_data_dir("shieldwall")`` by default (``~/.local/share/shieldwall`` on
Linux); the environment variable ``SHIELDWALL_DATA_DIR`` moves all of it at once (tests
point it at a temporary folder, and a player can keep everything on a USB stick).
Settings are the one exception by default: they live in the per-user *config* folder,
unless ``SHIELDWALL_DATA_DIR`` is set, when they follow the data (so an override never
mixes one player's settings with another's saves). What the game only keeps to start
faster (the menu's map summaries) goes to the per-user *cache* folder, or ``cache`` in the
data folder when ``SHIELDWALL_DATA_DIR`` is set. Nothing is created until something is
written.
"""

from __future__ import annotations

import os
from pathlib import Path

DATA_DIR_ENV = "SHIELDWALL_DATA_DIR"
APP_NAME = "shieldwall"


def data_dir_override() -> Path | None:
    """The folder ``SHIELDWALL_DATA_DIR`` names, or None when it is unset or blank."""
    override = os.environ.get(DATA_DIR_ENV, "").strip()
    return Path(override).expanduser() if override else None


def data_dir() -> Path:
    """The per-user data folder (it may not exist yet)."""
    override = data_dir_override()
    if override is not None:
        return override
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def config_dir() -> Path:
    """Where settings live: the per-user config folder, or the data folder when
    ``SHIELDWALL_DATA_DIR`` is set."""
    override = data_dir_override()
    if override is not None:
        return override
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def cache_dir() -> Path:
    """Where the game keeps what it can always make again (it may not exist yet)."""
    override = data_dir_override()
    if override is not None:
        return override / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP_NAME))


def screenshots_dir() -> Path:
    """Where F12 puts screenshots (it may not exist yet)."""
    return data_dir() / "screenshots"
