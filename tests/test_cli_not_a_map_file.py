"""Play-test 8: ``play /tmp`` said "no such map file" of a folder that ``check-map /tmp``
called a directory. Both say the same of a path that is no map file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.__main__ import main


def _said(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out.strip()


@pytest.mark.parametrize("kind", ["folder", "missing", "fifo"])
def test_play_and_check_map_say_the_same_of_a_path_that_is_no_map_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = tmp_path / "field.tmx"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(path)
    played = _said(capsys, "play", str(path))
    checked = _said(capsys, "check-map", str(path))
    assert played == checked
    status, line = played
    assert status == 2 and line.startswith(f"{path}: file: ")
    if kind == "folder":
        assert line.endswith("is a directory, not a file")
    elif kind == "missing":
        assert line.endswith("not found")
