"""Play-test 8: ``python -m game check-map ford | head -1`` now and then printed a
BrokenPipeError traceback. A reader gone before the output is written (the pipe's read
end closed before the command starts, so it happens every time) ends every command
quietly, with the status of a program ended by SIGPIPE."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import READER_GONE

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "command",
    [
        ["check-map", "ford"],
        ["check-map", "village", "duel"],
        ["simulate", "duel", "--log", "--jobs", "1", "--ai", "baseline,baseline"],
        ["simulate", "duel", "--list-rules"],
        ["--help"],
    ],
)
def test_a_closed_pipe_ends_a_command_quietly(command: list[str]) -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line
    try:
        done = subprocess.run(
            [sys.executable, "-m", "game", *command],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.stderr == ""  # no traceback, no "Exception ignored"
    assert done.returncode in (0, READER_GONE)  # argparse's help swallows the error itself
    if command[0] != "--help":
        assert done.returncode == READER_GONE
