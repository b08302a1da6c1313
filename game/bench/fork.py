"""Bench rows of forking a battle (issue 28 · item 6; README of the engine · Forking a
battle): ``fork_ms``, the 95th percentile of ``Battle.fork()`` at every decision of a
hard-vs-hard ``grid`` battle on the bench map (budget ≤ 5 ms), with its median and the
number of decisions it was taken over. CPU time of this process (``cpu_clock``); the
AI's thinking and the fork's closing are not counted. ``--quick`` times the first 150
decisions only.
"""

from __future__ import annotations

import statistics

from game.bench import BenchContext, bench, cpu_clock, register_row
from game.bench.ai import big_field, p95

register_row(
    "fork_ms",
    "Battle.fork() at every decision of a hard-vs-hard grid battle on the bench map, p95",
    "ms",
    budget=5.0,
)
register_row("fork_median_ms", "the same forks, median", "ms")
register_row("fork_decisions", "decisions the forks were timed at", "")


def fork_times(field: object, seed: int, decisions: int | None) -> list[float]:
    """CPU seconds of ``Battle.fork()`` at each decision of a hard-vs-hard battle on
    ``field`` (the first ``decisions``, or the whole battle when None)."""
    from game.ai import make_controller
    from game.engine import Battle

    battle = Battle(field, seed=seed)  # type: ignore[arg-type]
    try:
        ais = {s: make_controller("hard", seed) for s in battle.controllers}
        times: list[float] = []
        while not battle.over and (decisions is None or len(times) < decisions):
            decision = battle.pending
            assert decision is not None
            start = cpu_clock()
            fork = battle.fork()
            times.append(cpu_clock() - start)
            fork.close()
            result = battle.answer(ais[decision.side].choose(battle, decision))
            if not result.ok:
                raise RuntimeError(f"the AI was refused: {result.reason}")
        return times
    finally:
        battle.close()


@bench
def fork_rows(ctx: BenchContext) -> dict[str, float]:
    times = fork_times(big_field(ctx), ctx.seed, 150 if ctx.quick else None)
    return {
        "fork_ms": round(p95(times) * 1000, 3),
        "fork_median_ms": round(statistics.median(times) * 1000, 3),
        "fork_decisions": float(len(times)),
    }
