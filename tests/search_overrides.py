"""Who was right where the search AI overrode its model's pick (issue 31 · the search AI).

    python tests/search_overrides.py village 9104 --side 0 --overrides 6 --samples 8

Plays one battle, ``search`` on the map's side ``--side`` (0: the first) against
``tactical``; at each turn decision where the search gives another answer than its
model's pick (the tactical hard's), both lines are replayed ``--samples`` times on forks
of the battle with dice of their own (stratified, as the search's) and ``tactical``
answering everything after the line, both sides, to the end of the next round; each
replay is scored by the side's worth on the field (``evaluation.value``). Prints, per
override, what the search thought the override gained and what the replays say (with
the standard error of their paired difference), and how many overrides the replays
call right. Not collected by pytest: this is a measurement, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import esper  # noqa: E402

from game.ai import make_controller  # noqa: E402
from game.ai.core.search import Line, SearchAI, StratifiedDice  # noqa: E402
from game.ai.grid import evaluation  # noqa: E402
from game.engine import Battle  # noqa: E402

HORIZON = 3.0  # the tactical hard's horizon: worth counted over three rounds


def replay(root: Battle, line: Line, side: str, sample: int, samples: int) -> float:
    """``line`` played on a fork of ``root``, then ``tactical`` to the end of the next
    round; the side's worth on the field there."""
    policy = make_controller("tactical", root.seed)
    fork = root.fork()
    try:
        fork.ctx.rng = StratifiedDice(f"overrides/{root.seed}/{len(root.answers)}", sample, samples)
        start, rest = root.round, list(line)
        unit = getattr(line[0], "unit", None)
        while fork.pending is not None and not fork.over and fork.round <= start + 1:
            decision = fork.pending
            mine = decision.kind == "turn" and decision.unit == unit
            answer = rest.pop(0) if rest and mine else None
            if answer is None or fork.validate(answer) is not None:
                rest = [] if mine else rest
                answer = policy.choose(fork, decision)
            if not fork.answer(answer).ok:
                break
        if esper.current_world != fork.world_name:
            esper.switch_world(fork.world_name)
        return evaluation.value(fork.ctx, side, HORIZON)
    finally:
        fork.close()
        if esper.current_world != root.world_name:
            esper.switch_world(root.world_name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("map")
    parser.add_argument("seed", type=int)
    parser.add_argument("--side", type=int, default=0)
    parser.add_argument("--overrides", type=int, default=6)
    parser.add_argument("--samples", type=int, default=8)
    args = parser.parse_args()
    battle = Battle(f"maps/{args.map}.tmx", seed=args.seed)
    sides = [s.id for s in battle.battlefield.scenario.sides]
    ours = sides[args.side]
    search = make_controller("search", args.seed)
    assert isinstance(search, SearchAI)
    ais = {s: search if s == ours else make_controller("tactical", args.seed) for s in sides}
    gains: list[float] = []
    left = args.overrides
    while battle.pending is not None and not battle.over and left > 0:
        decision = battle.pending
        answer = ais[decision.side].choose(battle, decision)
        if decision.side == ours and decision.kind == "turn" and search.last:
            pick = search.last[0]
            if answer != pick.answer:
                chosen = next(t for t in search.last if t.answer == answer)
                n = args.samples
                root = battle.fork()
                try:
                    kept = [replay(root, pick.line, ours, k, n) for k in range(n)]
                    taken = [replay(root, chosen.line, ours, k, n) for k in range(n)]
                finally:
                    root.close()
                    if esper.current_world != battle.world_name:
                        esper.switch_world(battle.world_name)
                diffs = [b - a for a, b in zip(kept, taken, strict=True)]
                gain = statistics.mean(diffs)
                gains.append(gain)
                print(
                    f"round {battle.round} {decision.unit}: {pick.answer!r} -> {answer!r}: "
                    f"search {chosen.value - pick.value:+.1f}, replays {gain:+.1f} "
                    f"(se {statistics.stdev(diffs) / n**0.5:.1f})",
                    flush=True,
                )
                left -= 1
        if not battle.answer(answer).ok:
            break
    right = sum(1 for g in gains if g > 0)
    mean = statistics.mean(gains) if gains else 0.0
    print(f"{len(gains)} overrides: {right} right, {len(gains) - right} wrong; mean {mean:+.1f}")
    battle.close()


if __name__ == "__main__":
    main()
