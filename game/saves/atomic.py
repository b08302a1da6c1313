"""Writing a file so that a crash never leaves a half-written one (DESIGN.md · Errors and
data: saves are written atomically and never replace the last good one with a broken one).

The bytes go to a temporary file in the same folder (same file system, so the rename is
atomic), which is flushed and fsync'ed, then ``os.replace``d over the target; the folder
itself is fsync'ed so the rename survives a power cut. Until the rename, the old file is
untouched; a process killed mid-write leaves only a ``.*.tmp`` file behind, which
``remove_stale_temp_files`` clears once it is ``STALE_AFTER_S`` old: two game windows may
share a saves folder, and a temp file younger than that may be another window's save being
written. Should a temp file still vanish before its rename (an older game, a cleaner of the
user's), the write starts again with a new one, ``RENAME_TRIES`` times in all.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

TEMP_SUFFIX = ".tmp"
STALE_AFTER_S = 60.0  # a temp file this old is no writer's: writing one takes well under a second
RENAME_TRIES = 3  # attempts when a temp file is removed under a writer before its rename


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (no-op where folders cannot be opened)."""
    if os.name == "nt":  # Windows cannot open a folder for fsync; NTFS journals renames
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` all at once; on any error the old file stays. A temp
    file removed by another process before its rename is written again (``RENAME_TRIES``
    in all); after the last try the ``FileNotFoundError`` says what happened."""
    for attempt in range(1, RENAME_TRIES + 1):
        try:
            _write_once(path, data)
            return
        except FileNotFoundError as exc:
            if not path.parent.is_dir() or exc.filename is None:
                raise
            if attempt == RENAME_TRIES:
                raise FileNotFoundError(
                    exc.errno,
                    f"its temporary file was removed by another process before it could "
                    f"be renamed, {RENAME_TRIES} times",
                    exc.filename,
                ) from None


def _write_once(path: Path, data: bytes) -> None:
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMP_SUFFIX, dir=folder)
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    fsync_dir(folder)


def remove_stale_temp_files(
    folder: Path, stem_prefix: str = "", older_than: float = STALE_AFTER_S
) -> int:
    """Delete temporary files left in ``folder`` by a writer that was killed; returns how
    many. Only names this module makes (``.<name>.<random>.tmp``) are touched, and only
    those last written ``older_than`` seconds ago or more: a younger one may be another
    process's save in the middle of being written (two windows sharing a saves folder)."""
    removed = 0
    try:
        leftovers = list(folder.glob(f".{stem_prefix}*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    now = time.time()
    for temp in leftovers:
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime < older_than:
                continue
            temp.unlink()
            removed += 1
    return removed
