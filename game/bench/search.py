"""Bench rows of the search AI in the zone and declaring rulesets (issue 31 · Search in
every ruleset; ``game/ai/README.md`` · Search in every ruleset): ``search_zones_p90_ms``
and ``search_zones_max_ms``, the 90th percentile and the slowest of the ``search`` AI's
decisions in a ``zones`` battle on the bench map (``maps/battle.tmx``, 64×64, 43 units),
and the same for ``factions`` (``search_factions_p90_ms``, ``search_factions_max_ms``)
and ``stress`` (``search_stress_p90_ms``, ``search_stress_max_ms``).

The position is the real one a player waits on, mid-battle: ``hard`` plays both sides for
the first ``SKIP`` answers (300: round 6 of zones on the bench map, seed 5, when the
fronts have met), then ``search`` answers the next ``DECISIONS`` (30) decisions, both sides,
each timed around its ``choose`` (CPU time of this process, ``cpu_clock``; the answers in
between are not timed). Most of them are searched turn decisions (root fork, up to 8
forks played through the enemy's reply; stress: to the end of the round); the others (a
unit with one answer) take nothing, so the p90 is a searched decision's. With
``--quick``: the same position, 8 decisions. The three take about 25 s of CPU in all.

Budgets, from measurements (seed 5 and the bench's seed 1, on a shared 2-core machine):
zones p90 0.29 to 0.38 s, max 0.30 to 0.53 s: budgets ≤ 500 ms and ≤ 800 ms (before the
fourteenth session: p90 1.27 s, max 1.49 s); factions p90 about 0.10 s, max 0.11 to 0.13
s: budgets ≤ 200 ms and ≤ 300 ms; stress p90 0.73 to 0.81 s, max 0.85 to 0.87 s: budgets
≤ 1200 ms and ≤ 1500 ms (before: p90 1.48 s, max 1.58 s). ``clash`` is left out: its
hard-vs-hard battle on the bench map ends before 300 answers (after 100: p90 0.25 to
0.40 s, max 0.54 to 0.56 s; 0.68 s and 0.97 s before).
"""

from __future__ import annotations

from game.bench import BenchContext, bench, cpu_clock, register_row
from game.bench.ai import big_field

SKIP = 300  # answers of hard against hard before the timed decisions
DECISIONS = 30  # decisions of the search timed
RULESETS = ("zones", "factions", "stress")
# (p90, max) in ms
BUDGETS = {"zones": (500.0, 800.0), "factions": (200.0, 300.0), "stress": (1200.0, 1500.0)}

for _ruleset in RULESETS:
    _p90, _max = BUDGETS[_ruleset]
    register_row(
        f"search_{_ruleset}_p90_ms",
        f"one search AI decision, {_ruleset}, 64x64 bench map after {SKIP} answers, p90",
        "ms",
        _p90,
    )
    register_row(
        f"search_{_ruleset}_max_ms",
        f"the same {DECISIONS} decisions of the search AI in {_ruleset}, max",
        "ms",
        _max,
    )


def search_times(field: object, ruleset: str, seed: int, skip: int, decisions: int) -> list[float]:
    """CPU seconds of each of ``decisions`` decisions of ``search`` (both sides) in a
    ``ruleset`` battle on ``field``, after ``skip`` answers of ``hard`` on both sides
    (fewer when the battle ends first)."""
    from game.ai import make_controller
    from game.engine import Battle

    battle = Battle(field, ruleset=ruleset, seed=seed)  # type: ignore[arg-type]
    try:
        sides = [s.id for s in battle.battlefield.scenario.sides]
        hard = {s: make_controller("hard", seed, ruleset) for s in sides}
        search = {s: make_controller("search", seed, ruleset) for s in sides}
        for _ in range(skip):
            decision = battle.pending
            if decision is None:
                break
            if not battle.answer(hard[decision.side].choose(battle, decision)).ok:
                raise RuntimeError(f"hard was refused in {ruleset}")
        times: list[float] = []
        while battle.pending is not None and len(times) < decisions:
            decision = battle.pending
            start = cpu_clock()
            answer = search[decision.side].choose(battle, decision)
            times.append(cpu_clock() - start)
            if not battle.answer(answer).ok:
                raise RuntimeError(f"the search was refused in {ruleset}")
        return times
    finally:
        battle.close()


def p90(values: list[float]) -> float:
    """The 90th percentile (the value at 90% of the sorted list, as measured by hand)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


@bench
def search_rows(ctx: BenchContext) -> dict[str, float]:
    decisions = 8 if ctx.quick else DECISIONS
    out: dict[str, float] = {}
    for ruleset in RULESETS:
        times = search_times(big_field(ctx), ruleset, ctx.seed, SKIP, decisions)
        if times:
            out[f"search_{ruleset}_p90_ms"] = round(p90(times) * 1000, 1)
            out[f"search_{ruleset}_max_ms"] = round(max(times) * 1000, 1)
    return out
