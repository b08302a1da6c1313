"""`python -m game check-map FILE…`: one ok line per good map, one line per problem
(`FILE: where: what`) and exit 2 otherwise, never a traceback (DESIGN.md · Errors)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import check_map
from game.maps import library

CORPUS = Path(__file__).parent / "maps_broken"
ROOT = Path(__file__).parents[1]


@pytest.fixture(autouse=True)
def corpus_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus uses only these templates; keep the test independent of content."""
    monkeypatch.setattr(check_map, "default_templates", lambda: frozenset({"warrior", "bandit"}))


def test_good_map_prints_one_ok_line_with_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    name = str(CORPUS / "baseline_ok.tmx")
    assert main(["check-map", name]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{name}: ok — 4×4, 2 sides (Wardens 2, Bandits 2), 4 units"
    ]


def test_bad_map_prints_file_where_what_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    good = str(CORPUS / "baseline_ok.tmx")
    bad = str(CORPUS / "cover_quarter.tmx")
    assert main(["check-map", good, bad]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{good}: ok — ")
    assert lines[1:] == [
        f"{bad}: tileset 'terrain' tile 2: property 'cover' is 'quarter'; use one of none, "
        "half, full"
    ]


def test_bare_names_resolve_through_the_map_folders(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(library, "map_dirs", lambda: (CORPUS,))
    assert main(["check-map", "baseline_ok"]) == 0
    assert capsys.readouterr().out.startswith("baseline_ok: ok — 4×4")
    assert main(["check-map", "no_such_battle"]) == 2
    out = capsys.readouterr().out
    assert out.startswith("no_such_battle: map: no map named 'no_such_battle' in ")
    assert "baseline_ok" in out


def test_directories_junk_and_missing_files_never_show_a_traceback(tmp_path: Path) -> None:
    junk = tmp_path / "junk.tmx"
    junk.write_bytes(bytes(range(256)) * 4)
    missing = tmp_path / "missing.tmx"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "game",
            "check-map",
            str(tmp_path),
            str(junk),
            str(missing),
            str(CORPUS / "zlib_bomb.tmx"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stdout.splitlines()
    assert lines[0] == f"{tmp_path}: file: is a directory, not a file"
    assert lines[1].startswith(f"{junk}: xml: malformed XML")
    assert lines[2] == f"{missing}: file: not found"
    assert "decompresses to more than the 16 tiles" in lines[3]
    assert len(lines) == 4


def test_check_map_needs_at_least_one_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["check-map"])
    assert caught.value.code == 2
    assert "Traceback" not in capsys.readouterr().err
