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
from collections.abc import Iterator, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from game.world.worlds import isolated_world  # noqa: E402


@pytest.fixture
def fresh_world() -> Iterator[str]:
    """Switch to a brand-new esper world for the test and delete it afterwards, whatever
    the test did; the world that was active before is active again. Yields its name."""
    with isolated_world("test") as name:
        yield name


# --- where saves look for their maps ---------------------------------------------------
@pytest.fixture(autouse=True)
def _test_maps_are_map_folders(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save finds its map by name and content hash in the map folders only (the
    player's, the shipped ones, the save's own). Tests write their maps into ``tmp_path``
    or ``tmp_path / "maps"`` and their saves elsewhere in it, so for a test those two
    folders are map folders too, as a player's maps folder is for a player."""
    if "tmp_path" not in request.fixturenames:
        return
    tmp = request.getfixturevalue("tmp_path")
    import game.saves.replay as replay

    original = getattr(replay, "map_folders", None)
    if original is None:
        return

    def folders(save_path: Path, extra: Sequence[Path] = ()) -> tuple[Path, ...]:
        return original(save_path, (*extra, tmp, tmp / "maps"))

    monkeypatch.setattr(replay, "map_folders", folders)


@pytest.fixture(autouse=True)
def _no_ai_worker_left_behind() -> Iterator[None]:
    """A battle screen's AI thinks on a worker thread (game/ui/ai_worker.py) that holds the
    esper lock for a whole decision: let any still thinking finish before the next test, so
    no test meets another's worker; the same for the autosave thread (it takes a battle's
    snapshot under that lock, game/ui/autosave_writer.py)."""
    yield
    import threading

    for thread in threading.enumerate():
        if thread.name in ("shieldwall-ai", "shieldwall-autosave"):
            thread.join(timeout=30)
