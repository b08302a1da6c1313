"""Writing a file so that a crash never leaves a half-written one (DESIGN.md · Errors and
data: saves are written atomically and never replace the last good one with a broken one).

The bytes go to a temporary file in the same folder (same file system, so the rename is
atomic), which is flushed and fsync'ed, then ``os.replace``d over the target; the folder
itself is fsync'ed so the rename survives a power cut. Until the rename, the old file is
untouched; a process killed mid-write leaves only a ``.*.tmp`` file behind, which
``remove_stale_temp_files`` clears.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TEMP_SUFFIX = ".tmp"


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
    """Replace ``path`` with ``data`` all at once; on any error the old file stays."""
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


def remove_stale_temp_files(folder: Path, stem_prefix: str = "") -> int:
    """Delete temporary files left in ``folder`` by a writer that was killed; returns how
    many. Only names this module makes (``.<name>.<random>.tmp``) are touched."""
    removed = 0
    try:
        leftovers = list(folder.glob(f".{stem_prefix}*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for temp in leftovers:
        with contextlib.suppress(OSError):
            temp.unlink()
            removed += 1
    return removed
