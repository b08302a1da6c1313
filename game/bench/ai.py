"""Bench rows of the AI (issue 5 · Measured; issue 31): ``ai_decision_p95_ms`` and
``ai_decision_max_ms``, the 95th percentile and the slowest of one ``search`` decision
(the search AI, the slowest level) on the bench map (``maps/battle.tmx`` by default)
with its ~40 units (budgets ≤ 100 ms and ≤ 250 ms), and ``battle_hard_6v6_s``, the
median of a headless 6-vs-6 battle with the ``hard`` AI on both sides (budget ≤ 2 s,
DESIGN.md · Numbers we hold ourselves to).

``ai_decision_max_ms`` is the slowest of those decisions (budget ≤ 250 ms); ``battle_64_s``
and ``battle_hard_64_s`` are whole battles on the 64×64 bench map (baseline and hard AI
on every side, median of 3 seeds), reported without a budget. ``battle_hard_128_s`` is
the first six rounds of a hard-vs-hard battle on a generated 128×128 map with 150 units
(``assets/src/make_big_maps.py``, seed 1; budget ≤ 60 s, issue 31 · Scale; two rounds
with ``--quick``; left out where the generator is not, as in an installed game).

All are CPU time of this process (``game.bench.cpu_clock``): the machine is shared, and
other programs would inflate wall time. Decisions are timed while a hard-vs-hard battle
is played from the start (the first rounds are the busiest: every unit moves, every
enemy's sight and reach maps are new). Without a bench map, the benchmark grid gets
the bench positions split into two sides of soldiers and orcs.
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from game.bench import BenchContext, bench, cpu_clock, generate_map, register_row

register_row("ai_decision_p95_ms", "one search AI decision (slowest level), 64x64, p95", "ms", 100)
register_row("ai_decision_max_ms", "one search AI decision (slowest level), 64x64, max", "ms", 250)
register_row("battle_64_s", "whole battle on the 64x64 bench map, baseline AI, headless", "s")
register_row("battle_hard_64_s", "whole battle on the 64x64 bench map, hard AI, headless", "s")
register_row("battle_hard_6v6_s", "6-vs-6 battle, hard AI both sides, headless", "s", 2.0)
register_row(
    "battle_hard_128_s",
    "hard-vs-hard battle, generated 128x128, 150 units, first six rounds, headless",
    "s",
    60.0,
)


def big_field(ctx: BenchContext) -> object:
    if ctx.battlefield is not None:
        return ctx.battlefield
    from game.maps.battlefield import Battlefield, Scenario, SideInfo, Spawn

    cells = list(ctx.units)[:40]
    half = len(cells) // 2
    party = ("warrior", "spearman", "archer", "warrior", "crossbowman")
    horde = ("orc", "orc", "orc_archer", "wolf", "orc")
    spawns = tuple(
        Spawn(
            f"u{i}",
            "company" if i < half else "horde",
            (party if i < half else horde)[i % 5],
            cell,
        )
        for i, cell in enumerate(cells)
    )
    sides = (
        SideInfo("company", "Company", "#3060c0", party=True),
        SideInfo("horde", "Horde", "#c03030"),
    )
    return Battlefield(
        path=Path("bench-ai"),
        grid=ctx.grid,
        spawns=spawns,
        zones=(),
        objectives=(),
        scenario=Scenario("Bench AI", "Two hosts.", sides=sides),
        content_hash="bench-ai",
    )


def decision_times(field: object, seed: int, decisions: int, level: str = "hard") -> list[float]:
    """CPU seconds of each of the first ``decisions`` AI decisions of a battle on
    ``field`` with ``level`` on every side."""
    from game.ai import make_controller
    from game.engine import Battle

    battle = Battle(field, seed=seed)  # type: ignore[arg-type]
    try:
        sides = [s.id for s in battle.battlefield.scenario.sides]
        ais = {s: make_controller(level, seed) for s in sides}
        times: list[float] = []
        while not battle.over and len(times) < decisions:
            decision = battle.pending
            assert decision is not None
            start = cpu_clock()
            answer = ais[decision.side].choose(battle, decision)
            times.append(cpu_clock() - start)
            result = battle.answer(answer)
            if not result.ok:
                raise RuntimeError(f"the AI was refused: {result.reason}")
        return times
    finally:
        battle.close()


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


@bench
def ai_rows(ctx: BenchContext) -> dict[str, float]:
    from game.ai import make_controller, play
    from game.bench.battle import six_a_side
    from game.engine import Battle

    times = decision_times(big_field(ctx), ctx.seed, 40 if ctx.quick else 200, "search")
    battles: list[float] = []
    field = six_a_side()
    for i in range(2 if ctx.quick else 5):
        start = cpu_clock()
        battle = Battle(field, seed=ctx.seed + i)
        ais = {s.id: make_controller("hard", ctx.seed + i) for s in field.scenario.sides}
        play(battle, ais)
        battles.append(cpu_clock() - start)
        battle.close()
    out = {
        "ai_decision_p95_ms": round(p95(times) * 1000, 2),
        "ai_decision_max_ms": round(max(times) * 1000, 2),
        "battle_hard_6v6_s": round(statistics.median(battles), 4),
        "battle_64_s": round(whole_battle(big_field(ctx), ctx.seed, "baseline", ctx.quick), 3),
        "battle_hard_64_s": round(whole_battle(big_field(ctx), ctx.seed, "hard", ctx.quick), 3),
    }
    big = generated_battle(128, 150, 2 if ctx.quick else 6)
    if big is not None:
        out["battle_hard_128_s"] = round(big, 3)
    return out


def generated_battle(
    size: int, count: int, rounds: int, level: str = "hard", seed: int = 1
) -> float | None:
    """CPU seconds of the first ``rounds`` rounds of a battle with ``level`` on every side,
    on a ``size``×``size`` map of ``count`` units written by the map generator (seed
    ``seed``; loading the map is not timed); None without the generator."""
    from game.ai import make_controller
    from game.engine import Battle
    from game.maps import load_battlefield

    with tempfile.TemporaryDirectory() as tmp:
        path = generate_map(Path(tmp), size, count, seed)
        if path is None:
            return None
        field = load_battlefield(path)
    start = cpu_clock()
    battle = Battle(field, seed=seed)
    try:
        sides = battle.battlefield.scenario.sides
        ais = {s.id: make_controller(level, seed) for s in sides}
        while not battle.over and battle.round <= rounds:
            decision = battle.pending
            assert decision is not None
            if not battle.answer(ais[decision.side].choose(battle, decision)).ok:
                raise RuntimeError("the AI was refused")
    finally:
        battle.close()
    return cpu_clock() - start


def whole_battle(field: object, seed: int, level: str, quick: bool) -> float:
    """Median CPU seconds of whole battles on ``field`` with ``level`` on every side, from
    the first decision to the end (1 battle with ``quick``, else 3 seeds)."""
    from game.ai import make_controller, play
    from game.engine import Battle

    times = []
    for i in range(1 if quick else 3):
        start = cpu_clock()
        battle = Battle(field, seed=seed + i)  # type: ignore[arg-type]
        try:
            sides = battle.battlefield.scenario.sides
            play(battle, {s.id: make_controller(level, seed + i) for s in sides})
        finally:
            battle.close()
        times.append(cpu_clock() - start)
    return statistics.median(times)
