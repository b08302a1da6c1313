"""Wrong flag values the command line used to ignore: an empty map name (``Path("")`` is
the current folder, and ``bench --map ''`` quietly measured the default map), an empty
``--save`` (nothing was saved and nothing said), ``--save`` with ``--soak`` (ignored), a
``--maps`` folder that does not exist.
Each is now one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.__main__ import main


def _one_line(text: str) -> str:
    assert text.count("\n") == 1, text
    return text.rstrip("\n")


def test_check_map_of_an_empty_name_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-map", ""]) == 2
    assert _one_line(capsys.readouterr().out) == "'': map: no map given (the name is empty)"


@pytest.mark.parametrize("command", [["simulate", ""], ["bench", "--quick", "--map", " "]])
def test_simulate_and_bench_of_an_empty_map_name_say_so(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(command) == 2
    line = _one_line(capsys.readouterr().err)
    assert line.endswith("map: no map given (the name is empty)"), line


def test_simulate_with_an_empty_save_name_saves_nothing_silently_no_more(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "duel", "--save", "", "--jobs", "1"]) == 2
    captured = capsys.readouterr()
    assert _one_line(captured.err) == "simulate: --save needs a file name"
    assert captured.out == "" and not list(tmp_path.iterdir())


def test_replay_with_a_maps_folder_that_does_not_exist_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no such folder"
    assert main(["replay", str(tmp_path / "any.json"), "--maps", str(missing)]) == 2
    assert _one_line(capsys.readouterr().err) == f"replay: --maps {str(missing)!r}: no such folder"


def test_simulate_soak_with_a_save_file_says_it_writes_none(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "soak.json"
    assert main(["simulate", "--soak", "1", "duel", "--save", str(target)]) == 2
    line = _one_line(capsys.readouterr().err)
    assert line == "simulate: --save is not used with --soak (each soak battle's save is replayed)"
    assert not target.exists()


def test_simulate_with_log_and_json_together_says_to_choose(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The round-by-round account printed before the JSON object broke the JSON."""
    assert main(["simulate", "duel", "--log", "--json", "--jobs", "1"]) == 2
    captured = capsys.readouterr()
    assert _one_line(captured.err) == (
        "simulate: --log prints an account, --json one JSON object: use one of them"
    )
    assert captured.out == ""
