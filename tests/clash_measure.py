"""Measure two clash AIs against each other (issue 31 · blunder 7: gambits and retreats).

    python tests/clash_measure.py hard tactical --maps village fort --games 200 --seed 7000

Plays ``--games`` seeded clash battles per map between AI ``A`` and AI ``B``, the sides
swapped every other game (game ``i`` has seed ``--seed + i``; A commands the map's first
side on even games). Prints per map A's wins with the 95% Wilson interval, then for each
AI the gambits it declared (by kind, and how many landed), its retreats (and how many got
away), and the CPU time its ``choose`` took per declaration (median, 95th percentile and
max, in ms; a side's plan is made at its first declaration of the round, so that one
carries the cost), and how often the map's last side (the one that saves for morale on
village and fort) routed, and who won when it did not. Not collected by pytest: this is
a measurement, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_controller, play  # noqa: E402
from game.ai.core.stats import wilson  # noqa: E402
from game.engine import Battle  # noqa: E402
from game.engine.events import LeftBattle, RoundEnded  # noqa: E402
from game.engine.intentions import IntentionRevealed  # noqa: E402
from game.maps import find_map, load_battlefield  # noqa: E402
from game.rules.clash import units  # noqa: E402
from game.rules.clash.reactions import GambitSaved  # noqa: E402


class Timed:
    """A controller that times its ``turn`` answers."""

    def __init__(self, inner: Any, times: list[float]) -> None:
        self.name = inner.name
        self.inner = inner
        self.times = times

    def choose(self, battle: Battle, decision: Any) -> Any:
        t0 = time.process_time()
        answer = self.inner.choose(battle, decision)
        if decision.kind == "turn":
            self.times.append((time.process_time() - t0) * 1000)
        return answer


def tally(battle: Battle, names: dict[str, str], counts: dict[str, Counter[str]]) -> None:
    """Gambits and retreats declared, by the AI of the declaring side, and what came of
    them (a gambit resisted: ``GambitSaved``; a retreat that got away: the unit left the
    battle in the round it retreated, before the round ended)."""
    running: dict[str, str] = {}
    for e in battle.events:
        if isinstance(e, IntentionRevealed):
            ai = names.get(units.side(battle.ctx, e.unit), "")
            if e.intent == "clash_gambit":
                counts[ai][f"gambit {e.text_.split(' ')[0]}"] += 1
                counts[ai]["gambits"] += 1
            elif e.intent == "clash_retreat":
                counts[ai]["retreats"] += 1
                running[e.unit] = ai
        elif isinstance(e, GambitSaved):
            counts[names.get(units.side(battle.ctx, e.attacker), "")]["gambits resisted"] += 1
        elif isinstance(e, LeftBattle) and e.unit in running:
            counts[running.pop(e.unit)]["retreats got away"] += 1
        elif isinstance(e, RoundEnded):
            running.clear()


def routed(battle: Battle) -> set[str]:
    """The sides that fled the field on a failed morale save (three or more of a side's
    units fled at once)."""
    fled = Counter(e.side for e in battle.events if isinstance(e, LeftBattle) and e.how == "fled")
    return {side for side, n in fled.items() if n >= 3}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--maps", nargs="+", default=["village", "fort"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for m in args.maps:
        bf = load_battlefield(find_map(m))
        sides = [s.id for s in bf.scenario.sides]
        wins = Counter[str]()
        routs = Counter[str]()  # by the AI of the side that checks morale: routed, held
        counts: dict[str, Counter[str]] = {args.a: Counter(), args.b: Counter()}
        times: dict[str, list[float]] = {args.a: [], args.b: []}
        for i in range(args.games):
            seed = args.seed + i
            order = (args.a, args.b) if i % 2 == 0 else (args.b, args.a)
            names = dict(zip(sides, order, strict=True))
            controllers = {
                s: Timed(make_controller(n, seed, "clash"), times[n]) for s, n in names.items()
            }
            battle = Battle(bf, ruleset="clash", seed=seed, controllers=names)
            try:
                play(battle, controllers)
                tally(battle, names, counts)
                winner = names[battle.winner] if battle.winner else "draw"
                wins[winner] += 1
                checker = names[sides[-1]]
                if sides[-1] in routed(battle):
                    routs[f"{checker} routed"] += 1
                else:
                    routs[f"{checker} held, won {winner == checker}"] += 1
            finally:
                battle.close()
        lo, hi = wilson(wins[args.a], args.games)
        print(
            f"{m}: {args.a} {wins[args.a]} - {args.b} {wins[args.b]} - draws "
            f"{wins['draw']} ({wins[args.a] / args.games:.1%}, 95% CI {lo:.1%}-{hi:.1%})"
        )
        shown = ", ".join(f"{k} {v}" for k, v in sorted(routs.items()))
        print(f"  the side that checks morale ({sides[-1]}), by its AI: {shown}")
        for name in (args.a, args.b):
            t = sorted(times[name])
            p95 = t[int(0.95 * (len(t) - 1))] if t else 0.0
            shown = ", ".join(f"{k} {v}" for k, v in sorted(counts[name].items())) or "none"
            print(
                f"  {name}: {shown}; CPU ms per declaration: median "
                f"{statistics.median(t) if t else 0:.2f}, p95 {p95:.2f}, max "
                f"{max(t) if t else 0:.1f} ({len(t)} declarations)"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
