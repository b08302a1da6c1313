"""``python -m game bench``: the project's performance figures (issue 2 §6).

Prints a table (name, value, budget, ok?) or, with ``--json``, one JSON object
keyed by row (``los_query_us``, ``visibility_map_ms``, ``reachable_ms``,
``path_ms`` …, plus ``map``: what was measured on). Measures on the shipped 64×64
``battle`` map when it loads, otherwise on a seeded random 64×64 grid with 20%
walls, and says which. Figures are for reading, never for asserting in tests.

Each row's ``what`` column says the conditions it was measured under (map, screen size,
fog, AI, what the clock covers). The whole-frame rows also generate 128×128 and
256×256 battles with ``assets/src/make_big_maps.py`` and play them in fresh processes
(``game.ui.bench_step``); a full run takes minutes. All times are CPU time: on a
shared machine, read them as figures from a loaded machine and compare ratios taken
in the same run.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys

NAME = "bench"
HELP = "measure performance (sight, visibility, paths, battles, frames) against the budgets"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--map", default=None, help="map file or name to measure on (default: battle, if it loads)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random picks (default 1)")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (a smoke run)")


def _fail(message: str) -> int:
    print(f"bench: {message}", file=sys.stderr)
    return 2


def _load(name: str) -> tuple[object, str] | str:
    """(battlefield, shown name) or a one-line problem."""
    from game.maps import MapError, find_map, load_battlefield

    try:
        path = find_map(name)
        return load_battlefield(path), str(path)
    except MapError as exc:
        lines = exc.lines()
        return lines[0] if len(lines) == 1 else "; ".join(lines)
    except OSError as exc:
        return f"{name}: {exc.strerror or exc}"
    except Exception as exc:  # a loader bug must not end the bench in a traceback
        return f"{name}: could not load the map ({type(exc).__name__}: {exc})"


def build_context(map_name: str | None, seed: int, quick: bool) -> object:
    """The BenchContext, or a one-line problem (str) when an asked-for map fails."""
    from game.bench import BENCH_MAP, BenchContext, open_cells, random_grid

    loaded = _load(BENCH_MAP if map_name is None else map_name)  # --map '' is a mistake
    if isinstance(loaded, str):
        if map_name is not None:
            return loaded
        grid = random_grid(64, 64, 0.2, seed)
        rng = random.Random(seed)
        units = tuple(rng.sample(open_cells(grid), 40))
        shown = f"random 64x64, 20% walls, seed {seed} (no usable {BENCH_MAP} map: {loaded})"
        return BenchContext(grid, shown, units, seed, quick)
    field, shown = loaded
    grid = field.grid  # type: ignore[attr-defined]
    units = tuple(s.cell for s in field.spawns)  # type: ignore[attr-defined]
    return BenchContext(grid, shown, units, seed, quick, field)


def run(args: argparse.Namespace) -> int:
    # Rows that draw frames import pygame; keep its banner out of the --json output.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.bench import ROWS, BenchContext, run_benches

    ctx = build_context(args.map, args.seed, args.quick)
    if isinstance(ctx, str):
        return _fail(ctx)
    assert isinstance(ctx, BenchContext)
    values = run_benches(ctx)
    size = f"{ctx.grid.width}x{ctx.grid.height}"
    if args.json:
        out: dict[str, object] = {k: round(v, 4) for k, v in values.items() if math.isfinite(v)}
        out["map"] = f"{ctx.map_name} [{size}]"
        print(json.dumps(out))
        return 0
    print(f"map: {ctx.map_name} [{size}], {len(ctx.units)} units")
    rows = []
    for key, value in values.items():
        row = ROWS.get(key)
        unit = row.unit if row else ""
        budget = ""
        verdict = ""
        if row is not None and row.budget is not None:
            budget = f"{'≤' if row.lower_is_better else '≥'} {row.budget:g} {unit}"
            verdict = "ok" if row.ok(value) else "OVER"
        rows.append((key, f"{value:.3f} {unit}".strip(), budget, verdict, row.label if row else ""))
    headers = ("name", "value", "budget", "ok?", "what")
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(5)]
    for r in [headers, *rows]:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip())
    return 0
