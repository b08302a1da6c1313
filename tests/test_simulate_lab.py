"""The balance lab at any size (maps/README.md · Balance lab): the same games, with the
same results, one after another, in processes (--jobs) and on a Dask cluster
(--cluster); a progress bar on a terminal only; wins counted by objective (wins_by)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, write_tmx

from game.__main__ import main
from game.cli.lab import GameResult, GameSpec, Progress, run_games
from game.maps import find_map


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def small_map(tmp_path: Path) -> str:
    return str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))


def test_jobs_give_the_same_results_as_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = small_map(tmp_path)
    args = ("simulate", path, "--games", "4", "--seed", "3", "--json")
    code, one, err = run(capsys, *args, "--jobs", "1")
    assert code == 0 and err == ""  # not a terminal: no progress bar
    code, two, _ = run(capsys, *args, "--jobs", "2")
    assert code == 0 and one == two
    out = json.loads(one)
    by = out["wins_by"]
    assert sum(sum(v.values()) for v in by.values()) == 4
    assert all(k in ("last side standing", "round limit") for v in by.values() for k in v)


def test_wins_by_names_the_deciding_objective_on_a_shipped_map(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "ambush",
        "--games",
        "2",
        "--seed",
        "0",
        "--ai",
        "baseline,baseline",
        "--json",
        "--jobs",
        "2",
    )
    assert code == 0
    by = json.loads(out)["wins_by"]
    names = {k for v in by.values() for k in v}
    assert names <= {"East road", "The carts", "last side standing", "round limit"}


def test_the_progress_bar_shows_games_rates_and_time_left() -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Tty()
    bar = Progress(4, {"a": "Alpha", "b": "Beta", None: "draw"}, stream)
    for i, winner in enumerate(("a", "a", "b")):
        bar(GameResult(i, i, winner, "last side standing", 3, 10, ""))
    text = stream.getvalue()
    assert "3/4 games" in text and "Alpha 67%" in text and "Beta 33%" in text
    assert "left" in text and text.startswith("\r")
    assert bar.line(30.0).endswith("0:10 left")  # 3 games in 30 s: one more takes 10
    quiet = io.StringIO()  # not a terminal: nothing
    Progress(1, {"a": "Alpha"}, quiet)(GameResult(0, 0, "a", "x", 1, 1, ""))
    assert quiet.getvalue() == ""


def test_a_dask_cluster_plays_the_same_games() -> None:
    distributed = pytest.importorskip("distributed")
    spec = GameSpec(
        map_path=str(find_map("duel")),
        ruleset="grid",
        options={},
        ai=("baseline", "baseline"),
        seed=5,
        games=3,
    )
    here = run_games(spec, jobs=1)
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        there = run_games(spec, cluster=client)
        by_address = run_games(spec, cluster=cluster.scheduler_address)
    assert there == here and by_address == here
