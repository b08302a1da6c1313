"""Play-test 3: without an audio device, 8 lines of ALSA noise came before "sound off".
Opening the device silences what the audio libraries write to stderr; the game's own
line still comes, and stderr works again afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPEN = """
import logging, os, sys
logging.basicConfig(format="%(message)s")
from game.ui.sound import SoundBoard
board = SoundBoard()
os.write(2, b"after\\n")
"""


def test_opening_the_audio_device_writes_only_the_games_line() -> None:
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    out = subprocess.run(
        [sys.executable, "-c", OPEN], capture_output=True, text=True, cwd=ROOT, env=env,
        timeout=60,
    )  # fmt: skip
    lines = out.stderr.splitlines()
    assert lines[-1] == "after", lines
    assert not [line for line in lines if "ALSA lib" in line], lines
    assert len(lines) <= 2, lines  # "sound off: …" without a device, then "after"


def test_quiet_stderr_silences_file_descriptor_2_and_gives_it_back(tmp_path: Path) -> None:
    from game.ui.quiet_stderr import quiet_stderr

    script = (
        "import os\nfrom game.ui.quiet_stderr import quiet_stderr\n"
        "with quiet_stderr():\n    os.write(2, b'noise\\n')\nos.write(2, b'kept\\n')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert out.stderr == "kept\n"
    with quiet_stderr():  # in this process too, and it leaves stderr as it was
        pass
    os.write(2, b"")
