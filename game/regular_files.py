"""Reading a file the player named, safely: only regular files, never more than a cap
(issue 29: ``replay`` hung forever on a FIFO; a map or save path may point at a device,
a folder, a socket).

``read_regular(path, limit)`` opens without blocking (a FIFO with no writer opens at
once instead of waiting), checks the opened file is a regular one (``fstat``, so there is
no gap between the check and the read) and reads at most ``limit + 1`` bytes, so the
caller can tell "too big" without reading a huge file. Anything else raises
``NotRegularFile`` (an ``OSError`` whose ``strerror`` is the one line to show).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["NotRegularFile", "irregular_kind", "read_regular"]


class NotRegularFile(OSError):
    """The path names something that is not a regular file (a FIFO, a device, a folder)."""


def irregular_kind(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file ("a named pipe"), else None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: Path | str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path``; ``NotRegularFile`` for
    anything else, other ``OSError``s (missing, no permission) as they come."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path))
        kind = irregular_kind(mode)
        if kind is not None:
            text = (
                "is not a regular file"
                if kind.startswith("not ")
                else (f"is {kind}, not a regular file")
            )
            raise NotRegularFile(0, text, str(path))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
