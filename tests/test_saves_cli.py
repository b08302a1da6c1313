"""``python -m game replay FILE [--verify] [--log]`` and ``simulate --save FILE`` (issue 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from saves_support import six_map

from game.__main__ import main
from game.saves import read_save


@pytest.fixture
def field(tmp_path: Path) -> Path:
    return six_map(tmp_path / "maps")


@pytest.fixture
def saved(field: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "sim.json"
    assert main(["simulate", str(field), "--seed", "3", "--save", str(path), "--json"]) == 0
    capsys.readouterr()
    return path


def test_simulate_save_writes_a_save_with_the_simulated_state_hash(
    field: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "sim.json"
    assert main(["simulate", str(field), "--seed", "3", "--save", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    save = read_save(path)
    assert save.state_hash == out["state_hash"] and len(save.answers) == out["answers"]
    assert save.seed == 3 and save.over


def test_simulate_save_with_several_games_writes_one_file_per_seed(
    field: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(
            [
                "simulate",
                str(field),
                "--games",
                "2",
                "--seed",
                "5",
                "--save",
                str(tmp_path / "run.json"),
            ]
        )
        == 0
    )
    assert read_save(tmp_path / "run-5.json").seed == 5
    assert read_save(tmp_path / "run-6.json").seed == 6


def test_replay_verify_passes_on_a_good_save(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(saved), "--verify"]) == 0
    out = capsys.readouterr()
    assert "matches the save" in out.out and out.err == ""


def test_replay_verify_exits_2_on_divergence_with_one_line(
    saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(saved.read_text(encoding="utf-8"))
    data["state_hash"] = "f" * 64
    saved.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(saved), "--verify"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "replay diverged" in err and str(saved) in err
    assert main(["replay", str(saved)]) == 0  # without --verify: a warning, not a failure
    out = capsys.readouterr()
    assert "replay diverged" in out.err and "DIFFERS from the save" in out.out


def test_replay_log_prints_the_same_account_as_simulate(
    field: Path, saved: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", str(field), "--seed", "3", "--log"]) == 0
    simulated = capsys.readouterr().out.splitlines()
    assert main(["replay", str(saved), "--log"]) == 0
    replayed = capsys.readouterr().out.splitlines()
    body = simulated[1:-1]  # between the "=== game" header and the summary line
    assert len(body) > 20 and replayed[:-1] == body


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "is empty"),
        (b'{"format": "shieldwall-save", "schema": 1', "cut short"),
        (b'{"format": "shieldwall-sa', "(Unterminated string starting at line 1 column 12)"),
        (b"\xff\xfe garbage", "not UTF-8"),
        (b"[1, 2, 3]", "should be a JSON object"),
        (b'{"format": "shieldwall-save", "schema": 99}', "newer Shieldwall"),
    ],
)
def test_replay_of_a_bad_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, expected: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and expected in err and str(path) in err


def test_simulate_needs_a_map_unless_soaking(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate"]) == 2
    assert "name a map" in capsys.readouterr().err


def test_simulate_soak_plays_saves_and_replays(
    field: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", str(field), "--soak", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 battles" in out and "2 saves replayed to the same hash, 0 failures" in out
