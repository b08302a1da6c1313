"""The balance lab's games, one after another, in parallel processes or on a Dask
``distributed`` cluster, with identical results (maps/README.md · Balance lab).

Game ``i`` is fully described by a ``GameSpec`` and its seed ``spec.seed + i``: a worker
(this process, a pool process, a cluster worker) loads the map itself, plays the game and
returns a ``GameResult`` of plain values. Results are collected by index, so the order in
which games finish changes nothing. ``run_games`` calls ``on_result`` as each game comes
in (the progress bar), in finishing order.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from game.engine.events import Event
    from game.maps.battlefield import Battlefield

# A battle's esper world is module state of its process: threads of one process (a Dask
# worker with several threads, or an in-process cluster) take turns.
_ONE_BATTLE_AT_A_TIME = threading.Lock()


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What every game of a run shares (plain values, sent to workers)."""

    map_path: str
    ruleset: str
    options: dict[str, str]
    ai: tuple[str, ...]  # per side, in the map's side order
    seed: int  # of game 0
    games: int
    log: bool = False
    save: str | None = None  # FILE, or FILE-<seed>.json with several games


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: its index and seed, the winner's side id (None: a draw), the objective
    or reason that decided it (``wins_by``), rounds, and for game 0 the answers and hash;
    the log lines with ``--log``; a save error, if saving failed."""

    index: int
    seed: int
    winner: str | None
    decided_by: str
    rounds: int
    answers: int
    state_hash: str
    log: tuple[str, ...] = ()
    save_error: str = ""


@lru_cache(maxsize=4)
def _battlefield(path: str) -> Battlefield:
    from game.maps import load_battlefield

    return load_battlefield(Path(path))


def decided_by(events: Sequence[Any]) -> str:
    """What decided a battle, for ``wins_by``: the objective's name, else the reason
    ("last side standing", "round limit" ...) without its figures."""
    for event in reversed(events):
        if event.kind == "battle_ended":
            if event.objective:
                return str(event.objective)
            reason = str(event.reason)
            return "round limit" if reason.startswith("round limit") else reason
    return "unfinished"


def account(events: Iterable[Event]) -> Iterator[str]:
    """The readable round-by-round lines of a battle's events (shared with ``replay --log``)."""
    for event in events:
        if event.kind in ("budget_spent", "attack_resolved"):
            continue
        indent = "" if event.kind in ("round_started", "battle_ended") else "  "
        yield indent + event.text()


def play_game(spec: GameSpec, index: int) -> GameResult:
    """Play game ``index`` of ``spec`` (seed ``spec.seed + index``) and report it."""
    from game.ai import make_controller, play
    from game.engine import Battle

    seed = spec.seed + index
    battlefield = _battlefield(spec.map_path)
    sides = [s.id for s in battlefield.scenario.sides]
    with _ONE_BATTLE_AT_A_TIME:
        controllers = {
            side: make_controller(name, seed, spec.ruleset)
            for side, name in zip(sides, spec.ai, strict=True)
        }
        battle = Battle(
            battlefield,
            ruleset=spec.ruleset,
            seed=seed,
            options=spec.options,
            controllers=dict(zip(sides, spec.ai, strict=True)),
        )
        try:
            play(battle, controllers)
            error = _save(battle, spec, seed) if spec.save else ""
            return GameResult(
                index=index,
                seed=seed,
                winner=battle.winner,
                decided_by=decided_by(battle.events),
                rounds=battle.round,
                answers=len(battle.answers),
                state_hash=battle.state_hash() if index == 0 else "",
                log=tuple(account(battle.events)) if spec.log else (),
                save_error=error,
            )
        finally:
            battle.close()


def _save(battle: Any, spec: GameSpec, seed: int) -> str:
    from game.saves import SaveError, save_battle

    assert spec.save is not None
    target = Path(spec.save)
    if spec.games > 1:
        target = target.with_name(f"{target.stem}-{seed}{target.suffix or '.json'}")
    try:
        save_battle(battle, target)
    except SaveError as exc:
        return str(exc)
    return ""


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run_games(
    spec: GameSpec,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Every game of ``spec``, in index order: here (``jobs`` 1), in ``jobs`` processes,
    or on the Dask scheduler at ``cluster`` (an address, or a ``distributed.Client``)."""
    results: list[GameResult | None] = [None] * spec.games

    def take(result: GameResult) -> None:
        results[result.index] = result
        if on_result is not None:
            on_result(result)

    if cluster is not None:
        _on_cluster(spec, cluster, take)
    elif jobs <= 1 or spec.games == 1:
        for i in range(spec.games):
            take(play_game(spec, i))
    else:
        _in_processes(spec, min(jobs, spec.games), take)
    assert all(r is not None for r in results)
    return [r for r in results if r is not None]


def _in_processes(spec: GameSpec, jobs: int, take: Callable[[GameResult], None]) -> None:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")  # no copied locks or worlds
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(play_game, spec, i) for i in range(spec.games)]
        try:
            for future in as_completed(futures):
                take(future.result())
        except BaseException:
            for future in futures:
                future.cancel()
            raise


def _on_cluster(spec: GameSpec, cluster: Any, take: Callable[[GameResult], None]) -> None:
    from distributed import Client, as_completed

    client = cluster if isinstance(cluster, Client) else Client(cluster)
    try:
        futures = client.map(play_game, [spec] * spec.games, range(spec.games), pure=False)
        for future in as_completed(futures):
            take(future.result())
    finally:
        if client is not cluster:
            client.close()


class Progress:
    """A one-line progress bar on a terminal's stderr: games done, each side's win rate
    so far, and the time left at the pace so far. Silent unless ``stream`` is a TTY."""

    WIDTH = 24

    def __init__(self, total: int, names: dict[str | None, str], stream: TextIO | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty()
        self.total = total
        self.names = names  # side id -> name; None -> "draw"
        self.done = 0
        self.wins: dict[str | None, int] = {}
        self.start = time.monotonic()

    def __call__(self, result: GameResult) -> None:
        self.done += 1
        self.wins[result.winner] = self.wins.get(result.winner, 0) + 1
        if self.enabled:
            self.stream.write("\r\x1b[2K" + self.line(time.monotonic() - self.start))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        filled = self.WIDTH * self.done // max(1, self.total)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        rates = ", ".join(
            f"{name} {100 * self.wins.get(side, 0) / self.done:.0f}%"
            for side, name in self.names.items()
        )
        left = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        return f"[{bar}] {self.done}/{self.total} games | {rates} | {_clock(left)} left"

    def close(self) -> None:
        if self.enabled and self.done:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


def _clock(seconds: float) -> str:
    whole = round(seconds)
    minutes, secs = divmod(whole, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
