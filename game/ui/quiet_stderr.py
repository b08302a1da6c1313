"""Silence what C libraries write to the process's stderr for a moment (play-test 3:
without an audio device ALSA printed 8 lines before the game's one "sound off" line)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what is written to file descriptor 2 to the null device for the ``with``
    block: the audio libraries' own noise while the device is probed. A failure still
    reaches the player as one line, from the exception's text."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to silence
        yield
        return
    try:
        sys.stderr.flush()
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
