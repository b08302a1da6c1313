"""Shared pytest fixtures."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# --- the player's data folder (saves, own maps, settings) -------------------------------
import tempfile  # noqa: E402

_DATA = tempfile.mkdtemp(prefix="shieldwall-test-data-")
# Nothing a test does (autosaves, settings, the player's maps folder) touches the real
# per-user folders; tests that need an empty folder of their own set it with monkeypatch.
os.environ["SHIELDWALL_DATA_DIR"] = _DATA


# --- esper world isolation (DESIGN.md · esper 3 traps) ----------------------------------
from collections.abc import Iterator  # noqa: E402

import pytest  # noqa: E402

from game.world.worlds import isolated_world  # noqa: E402


@pytest.fixture
def fresh_world() -> Iterator[str]:
    """Switch to a brand-new esper world for the test and delete it afterwards, whatever
    the test did; the world that was active before is active again. Yields its name."""
    with isolated_world("test") as name:
        yield name
