"""``python -m game simulate``: same flags give the same output; bad input is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, write_tmx

from game.__main__ import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json_is_deterministic_and_complete(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    code, first, _ = run(capsys, "simulate", path, "--games", "2", "--seed", "4", "--json")
    assert code == 0
    _, second, _ = run(capsys, "simulate", path, "--games", "2", "--seed", "4", "--json")
    assert first == second
    data = json.loads(first)
    assert data["games"] == 2 and sum(data["wins"].values()) == 2 and "draw" in data["wins"]
    assert {"rounds_mean", "winner", "rounds", "state_hash"} <= set(data)


def test_simulate_log_explains_every_roll(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    code, out, _ = run(capsys, "simulate", path, "--log")
    assert code == 0
    assert "— Round 1 —" in out and "initiative: d8" in out and " vs AC " in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("nowhere",), "no map named 'nowhere'"),
        (("--games", "0"), "--games must be between"),
        (("--ai", "genius"), "unknown AI 'genius'"),
        (("--ai", "baseline,baseline,baseline"), "3 AIs but"),
        (("--ruleset", "chess"), "unknown ruleset 'chess'"),
    ],
)
def test_simulate_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    argv = ["simulate", *args] if args[0] == "nowhere" else ["simulate", path, *args]
    code, out, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
