"""Saves, quicksaves, autosaves and replays (issue 6; DESIGN.md · One path for every choice).

A save is JSON holding the seed, the map's file name and content hash, the ruleset, the
controllers and the list of answers, plus the final state hash and a little metadata
(``game.saves.format``). Loading replays the answers through the engine and checks the
hash (``game.saves.replay``). Writing is atomic (``game.saves.atomic``); ``Autosaver``
keeps the last few autosaves of each battle in the per-user saves folder (``game.saves.folders``).

For the UI:

- ``save_battle(battle, path)`` / ``load_battle(path)`` — Save / Load, F5 / F9
  (``quicksave_path()``); both raise ``SaveError`` whose ``str()`` is one line to show.
  ``resume_save(path)`` loads too and keeps a ``warning`` line (content changed but the
  battle replayed the same).
- ``Autosaver().after_answer(battle)`` after each accepted answer; ``Autosaver().latest()``
  for Continue.
- ``read_save(path)`` — the metadata (title, round, map) for a load menu, without replaying;
  ``read_save_header(path)`` the same without rebuilding the answers (Continue's check);
  ``list_saves()`` — every save in the folder that way, newest first; ``new_save_path``
  names a manual save; ``delete_save`` and ``rename_save`` (atomic) for the load list.
- ``ReplayCursor`` — step forward and back through a saved battle (the replay viewer).

Replaying needs the engine's battle (and with it the world and geometry); the names that
replay (``load_battle``, ``ReplayCursor`` ...) are imported on first use (PEP 562), so the
main menu reads and lists saves without loading the engine (issue 32 · first frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.saves.autosave import Autosaver
from game.saves.errors import SaveError
from game.saves.folders import DATA_DIR_ENV, data_dir, quicksave_path, saves_dir
from game.saves.format import MAX_ANSWERS, MAX_SAVE_BYTES, SCHEMA, SaveData, snapshot
from game.saves.format import read as read_save
from game.saves.format import read_header as read_save_header
from game.saves.listing import SaveEntry, list_saves, new_save_path
from game.saves.manage import delete_save, rename_save
from game.saves.store import save_battle, write_save

if TYPE_CHECKING:
    from game.saves.cursor import ReplayCursor
    from game.saves.replay import (
        Replayed,
        divergence,
        load_battle,
        locate_map,
        replay_save,
        resume_save,
    )

__all__ = [
    "DATA_DIR_ENV",
    "MAX_ANSWERS",
    "MAX_SAVE_BYTES",
    "SCHEMA",
    "Autosaver",
    "ReplayCursor",
    "Replayed",
    "SaveData",
    "SaveEntry",
    "SaveError",
    "data_dir",
    "delete_save",
    "divergence",
    "load_battle",
    "list_saves",
    "locate_map",
    "new_save_path",
    "quicksave_path",
    "read_save",
    "read_save_header",
    "rename_save",
    "replay_save",
    "resume_save",
    "save_battle",
    "saves_dir",
    "snapshot",
    "write_save",
]

# the names that replay a save, and the module each comes from (imported on first use)
_REPLAYING = {
    "ReplayCursor": "cursor",
    "Replayed": "replay",
    "divergence": "replay",
    "load_battle": "replay",
    "locate_map": "replay",
    "replay_save": "replay",
    "resume_save": "replay",
}


def __getattr__(name: str) -> Any:
    """A replaying name from ``game.saves.cursor`` / ``game.saves.replay``, on first use."""
    module = _REPLAYING.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"game.saves.{module}"), name)
    globals()[name] = value
    return value
