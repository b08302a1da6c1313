"""Bench rows of the engine (issue 3): one headless 6-vs-6 battle with the baseline AI on
both sides (``battle_6v6_s``, budget ≤ 1 s, DESIGN.md · Numbers) and the answers the
engine takes per second while playing it (``answers_per_s``, AI thinking included);
the same battle under the ``clash`` ruleset with its normal AI (``battle_6v6_clash_s``).

The battlefield is built in code (16×14, a few walls; five party archetypes and a
captain against four bandits, two bandit archers), so the row does not depend on
which maps are shipped. The median over several seeds is reported.
"""

from __future__ import annotations

import statistics
from pathlib import Path

from game.bench import BenchContext, bench, cpu_clock, register_row
from game.geometry.grid import Grid
from game.maps.battlefield import Battlefield, Scenario, SideInfo, Spawn

register_row("battle_6v6_s", "6-vs-6 battle, baseline AI, headless", "s", budget=1.0)
register_row("answers_per_s", "answers per second in that battle", "/s")
register_row(
    "battle_6v6_clash_s", "the same 6-vs-6 battle, clash ruleset, normal AI", "s", budget=1.0
)

_MAP = """
................
................
.....##.........
.....##....#....
...........#....
................
.......###......
................
................
....#...........
....#......##...
................
................
................
"""

_UNITS = (
    ("Ada", "party", "warrior", (1, 3)),
    ("Bo", "party", "spearman", (1, 5)),
    ("Cy", "party", "archer", (0, 7)),
    ("Di", "party", "skirmisher", (1, 9)),
    ("Ed", "party", "captain", (2, 7)),
    ("Fa", "party", "archer", (0, 11)),
    ("Gor", "bandits", "bandit", (14, 3)),
    ("Hal", "bandits", "bandit", (14, 5)),
    ("Ivo", "bandits", "bandit_archer", (15, 7)),
    ("Jon", "bandits", "bandit", (14, 9)),
    ("Kel", "bandits", "bandit_chief", (13, 7)),
    ("Lud", "bandits", "bandit_archer", (15, 11)),
)


def six_a_side() -> Battlefield:
    sides = (
        SideInfo("party", "Wardens", "#3060c0", party=True),
        SideInfo("bandits", "Bandits", "#c03030"),
    )
    return Battlefield(
        path=Path("bench-6v6"),
        grid=Grid.from_ascii(_MAP),
        spawns=tuple(Spawn(n, s, t, c) for n, s, t, c in _UNITS),
        zones=(),
        objectives=(),
        scenario=Scenario("Bench 6v6", "Six against six.", sides=sides),
        content_hash="bench",
    )


def _battles(ctx: BenchContext, ruleset: str, ai: str) -> tuple[list[float], int]:
    """CPU seconds of each battle over the seeds, and the answers given in all of them."""
    from game.ai import make_controller, play
    from game.engine import Battle

    field = six_a_side()
    times: list[float] = []
    answers = 0
    for seed in range(2 if ctx.quick else 7):
        start = cpu_clock()
        battle = Battle(field, ruleset, seed=ctx.seed + seed)
        ais = {s.id: make_controller(ai, seed, ruleset) for s in field.scenario.sides}
        answers += play(battle, ais)
        times.append(cpu_clock() - start)
        battle.close()
    return times, answers


@bench
def battle_rows(ctx: BenchContext) -> dict[str, float]:
    times, answers = _battles(ctx, "grid", "baseline")
    clash, _ = _battles(ctx, "clash", "normal")
    return {
        "battle_6v6_s": round(statistics.median(times), 4),
        "answers_per_s": round(answers / sum(times), 1),
        "battle_6v6_clash_s": round(statistics.median(clash), 4),
    }
