"""Writing saves: check the bytes, then replace the file atomically (DESIGN.md · Errors and
data; issue 6 · Saves and replays).

``save_battle(battle, path)`` writes a manual save or a quicksave. The encoded bytes are
decoded again before anything touches the disk, so a serialiser bug can never replace
the last good save with one that will not load; the write itself is ``write_atomic``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.saves.atomic import remove_stale_temp_files, write_atomic
from game.saves.errors import SaveError
from game.saves.format import MAX_SAVE_BYTES, SaveData, decode, encode, snapshot

if TYPE_CHECKING:
    from game.engine.battle import Battle


def write_save(save: SaveData, path: Path | str, answer_lines: list[str] | None = None) -> Path:
    """Encode ``save``, check the bytes read back, write them atomically; ``SaveError``
    (with the old file untouched) if any step fails."""
    path = Path(path)
    data = encode(save, answer_lines)
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(path, f"the battle is too long to save ({len(data) // 2**20} MiB)")
    back = decode(data, path)
    if back.answers != save.answers or back.state_hash != save.state_hash:
        raise SaveError(path, "the save did not read back as written; nothing was written")
    remove_stale_temp_files(path.parent, f"{path.name}.")  # left by a writer killed earlier
    try:
        write_atomic(path, data)
    except OSError as exc:
        folder = next((f for f in path.parents if f.exists()), None)  # nearest that exists
        if folder is not None and not folder.is_dir():  # "File exists" would not say this
            raise SaveError(path, f"cannot be written: {folder} is a file, not a folder") from None
        raise SaveError(path, f"cannot be written ({exc.strerror or exc})") from None
    return path


def save_battle(
    battle: Battle, path: Path | str, title: str | None = None, fog: bool | None = None
) -> Path:
    """Save ``battle`` as it is now to ``path`` (atomically); returns the path."""
    try:
        save = snapshot(battle, title, fog)
    except ValueError as exc:
        raise SaveError(path, str(exc)) from None
    return write_save(save, path)
