"""Measure the tactical AI's strength (issue 5 · Measured, not asserted in timed tests).

    python tests/ai_measure.py hard easy --maps duel village fort --games 200
    python tests/ai_measure.py hard baseline --maps duel --games 40 --seed 1000
    python tests/ai_measure.py hard normal --maps battle --games 200 --jobs 2
    python tests/ai_measure.py expert tactical --maps village --search expert:samples=40,leaves=200

Plays ``--games`` seeded battles per map between AI ``A`` and AI ``B``, with the sides
swapped every other game (game ``i`` has seed ``--seed + i``; A commands the map's first
side on even games and its second side on odd ones). Prints, per map and overall, A's
wins, B's wins and draws, A's win rate with its 95% Wilson interval, and A's win rate on
each side (a map that favours one side shows there). ``--jobs N`` plays the games in N
worker processes (the results are the same as with one: each game is its own seeded
battle). ``--search NAME:FIELD=VALUE,...`` plays a grid search setting (``search``'s
with those fields changed) under ``NAME`` for the run. Not collected by pytest: this is
a measurement, not a test.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import UnknownController, make_controller, play  # noqa: E402
from game.ai.core.stats import wilson  # noqa: E402
from game.engine import Battle  # noqa: E402
from game.maps import find_map, load_battlefield  # noqa: E402
from game.maps.errors import MapError  # noqa: E402


@functools.cache
def _battlefield(map_name: str) -> Any:
    """The map, loaded once per process (battles only read it)."""
    return load_battlefield(find_map(map_name))


def play_one(a: str, b: str, map_name: str, seed: int, swap: bool) -> str:
    """One seeded battle: "a" or "b" for the AI that won, "draw" for none. A commands the
    map's first side unless ``swap``."""
    battlefield = _battlefield(map_name)
    sides = [s.id for s in battlefield.scenario.sides]
    names = {sides[0]: b if swap else a, sides[1]: a if swap else b}
    battle = Battle(battlefield, seed=seed, controllers=names)
    try:
        play(battle, {side: make_controller(name, seed) for side, name in names.items()})
        winner = battle.winner
    finally:
        battle.close()
    if winner is None:
        return "draw"
    return "a" if winner == (sides[1] if swap else sides[0]) else "b"


def measure(
    a: str,
    b: str,
    map_name: str,
    games: int,
    seed: int,
    jobs: int = 1,
    overrides: tuple[str, ...] = (),
) -> dict[str, int]:
    """A's and B's wins over ``games`` battles with seeds ``seed``, ``seed + 1``, …, the
    sides swapped on odd games; ``jobs`` worker processes (each applies ``overrides``)."""
    tasks = [(a, b, map_name, seed + i, i % 2 == 1) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs, initializer=_apply, initargs=(overrides,)) as pool:
            results = list(pool.map(play_one, *zip(*tasks, strict=True)))
    else:
        results = [play_one(*task) for task in tasks]
    out = {"a": 0, "b": 0, "draw": 0, "a_first": 0, "a_second": 0, "first_games": 0}
    for (_, _, _, _, swap), result in zip(tasks, results, strict=True):
        out["first_games"] += not swap
        out[result] += 1
        if result == "a":
            out["a_second" if swap else "a_first"] += 1
    return out


def _apply(overrides: tuple[str, ...]) -> None:
    for item in overrides:
        if ":" in item.partition("=")[0] or item.endswith(":"):
            _search_setting(item)
        else:
            _override(item)


def _search_setting(item: str) -> None:
    """Register a grid search setting for this run: ``NAME:FIELD=VALUE,...`` is
    ``search``'s ``SearchConfig`` with those fields replaced, playable as ``NAME``."""
    import dataclasses

    from game.ai import grid
    from game.ai.core import controllers
    from game.ai.grid import search

    name, _, spec = item.partition(":")
    base = search.CONFIGS.get(name, search.CONFIGS["search"])
    changes: dict[str, Any] = {}
    for field in filter(None, spec.split(",")):
        key, _, value = field.partition("=")
        if not hasattr(base, key) or not value:
            raise SystemExit(f"ai_measure: --search {item}: {field!r} is not FIELD=VALUE")
        kind = type(getattr(base, key))
        changes[key] = (value.lower() in ("1", "true", "yes")) if kind is bool else kind(value)
    search.CONFIGS[name] = dataclasses.replace(base, **changes)
    grid.SEARCH = (*grid.SEARCH, name)
    controllers.CONTROLLERS.setdefault(name, controllers.CONTROLLERS["search"])


def _override(item: str) -> None:
    """Replace one field of a level in ``game.ai.grid.levels.LEVELS`` for this run."""
    import dataclasses

    from game.ai.grid.levels import LEVELS

    target, _, value = item.partition("=")
    level, _, name = target.partition(".")
    if level not in LEVELS or not hasattr(LEVELS[level], name) or not value:
        raise SystemExit(
            f"ai_measure: --set {item}: expected LEVEL.FIELD=VALUE with a level of "
            f"{', '.join(LEVELS)} and one of its fields"
        )
    current = getattr(LEVELS[level], name)
    kind = type(current)
    try:
        new: object = (value.lower() in ("1", "true", "yes")) if kind is bool else kind(value)
    except ValueError:
        raise SystemExit(f"ai_measure: --set {item}: {value!r} is not a {kind.__name__}") from None
    changes: dict[str, Any] = {name: new}
    LEVELS[level] = dataclasses.replace(LEVELS[level], **changes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--maps", nargs="+", default=["duel"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="LEVEL.FIELD=VALUE",
        help="try another weight, e.g. --set hard.exposure=0.9 (tuning)",
    )
    parser.add_argument(
        "--search",
        action="append",
        default=[],
        metavar="NAME:FIELD=VALUE,...",
        help="a grid search setting for this run, e.g. --search expert:samples=40,leaves=200",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1; the same results)"
    )
    args = parser.parse_args()
    if args.jobs < 1:
        raise SystemExit(f"ai_measure: --jobs {args.jobs}: expected 1 or more")
    overrides = (*(i if ":" in i else f"{i}:" for i in args.search), *args.set)
    _apply(overrides)
    try:  # a wrong name gets one line, before any game is played
        for name in (args.a, args.b):
            make_controller(name)
        for m in args.maps:
            _battlefield(m)
    except (UnknownController, MapError) as exc:
        raise SystemExit(f"ai_measure: {str(exc).splitlines()[0]}") from None
    total = {"a": 0, "b": 0, "draw": 0}
    for m in args.maps:
        t0 = time.perf_counter()
        r = measure(args.a, args.b, m, args.games, args.seed, args.jobs, overrides)
        secs = time.perf_counter() - t0
        for k in total:
            total[k] += r[k]
        n = args.games
        lo, hi = wilson(r["a"], n)
        first = r["first_games"]
        second = n - first
        print(
            f"{m}: {args.a} {r['a']} - {args.b} {r['b']} - draws {r['draw']} "
            f"({r['a'] / n:.1%}, 95% CI {lo:.1%}-{hi:.1%}); {args.a} won "
            f"{r['a_first']}/{first} on the first side, {r['a_second']}/{second} on the "
            f"second; {secs / n:.2f} s/battle",
            flush=True,
        )
    n = args.games * len(args.maps)
    lo, hi = wilson(total["a"], n)
    print(
        f"all: {args.a} {total['a']} - {args.b} {total['b']} - draws {total['draw']} "
        f"({total['a'] / n:.1%}, 95% CI {lo:.1%}-{hi:.1%})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
