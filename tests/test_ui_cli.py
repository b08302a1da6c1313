"""``python -m game`` / ``play``: bad flags give one line and exit 2 (issue 4 · Menu)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "no-such-battle"], "no map named 'no-such-battle'"),
        (["play", "missing/thing.tmx"], "missing/thing.tmx: file: not found"),  # check-map's words
        (["play", ""], "no map given (the name is empty)"),
        (["play", "--size", "12"], "--size: expected WIDTHxHEIGHT"),
        (["play", "--size", "100x100"], "outside"),
    ],
)
def test_bad_play_arguments_are_one_line_and_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and needle in out[0]


def test_no_subcommand_starts_the_game_which_reports_a_missing_display() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    out = subprocess.run(
        [sys.executable, "-m", "game"],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("the DISPLAY check is Linux-only")
    assert out.returncode == 2
    assert out.stdout.strip().count("\n") == 0 and "simulate" in out.stdout
    assert out.stderr.strip() == ""
