"""Measure the tactical AI's strength (issue 5 · Measured, not asserted in timed tests).

    python tests/ai_measure.py hard easy --maps duel village fort --games 200
    python tests/ai_measure.py hard baseline --maps duel --games 40 --seed 1000

Plays ``--games`` seeded battles per map between AI ``A`` and AI ``B``, with the sides
swapped every other game (game ``i`` has seed ``--seed + i``; A commands the map's first
side on even games and its second side on odd ones). Prints, per map and overall, A's
wins, B's wins and draws, A's win rate with its 95% Wilson interval, and A's win rate on
each side (a map that favours one side shows there). Not collected by pytest: this is a
measurement, not a test.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_controller, play  # noqa: E402
from game.ai.stats import wilson  # noqa: E402
from game.engine import Battle  # noqa: E402
from game.maps import find_map, load_battlefield  # noqa: E402


def measure(a: str, b: str, map_name: str, games: int, seed: int) -> dict[str, int]:
    battlefield = load_battlefield(find_map(map_name))
    sides = [s.id for s in battlefield.scenario.sides]
    out = {"a": 0, "b": 0, "draw": 0, "a_first": 0, "a_second": 0, "first_games": 0}
    for i in range(games):
        s = seed + i
        swap = i % 2 == 1
        names = {sides[0]: b if swap else a, sides[1]: a if swap else b}
        battle = Battle(battlefield, seed=s, controllers=names)
        try:
            ctl = {side: make_controller(name, s) for side, name in names.items()}
            play(battle, ctl)
            winner = battle.winner
        finally:
            battle.close()
        if not swap:
            out["first_games"] += 1
        if winner is None:
            out["draw"] += 1
        elif winner == (sides[1] if swap else sides[0]):
            out["a"] += 1
            out["a_second" if swap else "a_first"] += 1
        else:
            out["b"] += 1
    return out


def _override(item: str) -> None:
    """Replace one field of a level in ``game.ai.levels.LEVELS`` for this run."""
    import dataclasses

    from game.ai.levels import LEVELS

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
    args = parser.parse_args()
    for item in args.set:
        _override(item)
    total = {"a": 0, "b": 0, "draw": 0}
    for m in args.maps:
        t0 = time.perf_counter()
        r = measure(args.a, args.b, m, args.games, args.seed)
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
