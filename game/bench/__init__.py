"""The project's benchmark: named rows measured by ``python -m game bench`` (issue 2 §6).

Anyone can add rows: declare each with :func:`register_row` and register a
function that measures them with :func:`bench`; put the module's name in
``BENCH_MODULES``. A bench function takes the :class:`BenchContext` (the 64×64
benchmark grid, unit positions, seed) and returns ``{row key: value}``. Figures
are printed, never asserted: budgets are there to compare against
(DESIGN.md · Numbers we hold ourselves to).

    from game.bench import BenchContext, bench, register_row

    register_row("ai_decision_p95_ms", "one AI decision, p95", "ms", budget=100)

    @bench
    def ai_rows(ctx: BenchContext) -> dict[str, float]:
        ...
        return {"ai_decision_p95_ms": p95}
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.geometry.grid import OPEN, WALL, Cell, Grid

#: Modules that register bench rows when imported, in table order.
BENCH_MODULES: tuple[str, ...] = (
    "game.bench.geometry",
    "game.bench.battle",
    "game.bench.ai",
    "game.bench.fork",
    "game.bench.search",
    "game.bench.zones",
    "game.ui.bench",
    "game.ui.bench_step",
)

#: The shipped map the bench prefers (DESIGN.md: 64×64, about 40 units).
BENCH_MAP = "battle"
#: The big-map generator of the project's sources (not in an installed game).
GENERATOR = Path(__file__).resolve().parents[2] / "assets" / "src" / "make_big_maps.py"


@dataclass(frozen=True, slots=True)
class BenchRow:
    """One figure of the table. ``budget`` is the number to stay under (or over,
    when ``lower_is_better`` is False); None means no budget (a comparison)."""

    key: str
    label: str
    unit: str
    budget: float | None = None
    lower_is_better: bool = True

    def ok(self, value: float) -> bool | None:
        if self.budget is None:
            return None
        return value <= self.budget if self.lower_is_better else value >= self.budget


@dataclass(frozen=True, slots=True)
class BenchContext:
    """What every bench function measures on."""

    grid: Grid
    map_name: str  # e.g. "maps/battle.tmx" or "random 64x64, 20% walls, seed 1"
    units: tuple[Cell, ...]  # unit positions (spawns of the map, or random open cells)
    seed: int
    quick: bool = False  # fewer repetitions (tests, smoke runs)
    battlefield: object | None = None  # the loaded Battlefield when a map was used

    def rng(self, salt: str) -> random.Random:
        """A fresh generator for one bench function, independent of the others."""
        return random.Random(f"{self.seed}:{salt}")


BenchFn = Callable[[BenchContext], dict[str, float]]

ROWS: dict[str, BenchRow] = {}
FUNCTIONS: list[BenchFn] = []


def register_row(
    key: str, label: str, unit: str, budget: float | None = None, lower_is_better: bool = True
) -> BenchRow:
    """Declare a row (its key is also its ``--json`` key). Re-declaring replaces it."""
    row = BenchRow(key, label, unit, budget, lower_is_better)
    ROWS[key] = row
    return row


def bench(func: BenchFn) -> BenchFn:
    """Register a function that measures some rows; usable as a decorator."""
    if func not in FUNCTIONS:
        FUNCTIONS.append(func)
    return func


def load_bench_modules() -> None:
    for name in BENCH_MODULES:
        importlib.import_module(name)


def run_benches(ctx: BenchContext) -> dict[str, float]:
    """Run every registered bench function; values in row order, then any extras."""
    load_bench_modules()
    values: dict[str, float] = {}
    for func in FUNCTIONS:
        values.update(func(ctx))
    ordered = {key: values[key] for key in ROWS if key in values}
    ordered.update({k: v for k, v in values.items() if k not in ordered})
    return ordered


def median_seconds(
    call: Callable[[], object], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median time of ``repeat`` calls, in seconds (wall clock unless ``clock`` is given,
    e.g. :data:`cpu_clock`)."""
    times = []
    for _ in range(max(1, repeat)):
        start = clock()
        call()
        times.append(clock() - start)
    return statistics.median(times)


#: CPU time of this process: for single-threaded figures on a shared machine, where
#: other programs would inflate wall time (on an idle machine the two agree).
cpu_clock: Callable[[], float] = time.process_time


def random_grid(width: int = 64, height: int = 64, walls: float = 0.2, seed: int = 1) -> Grid:
    """A seeded random grid with about ``walls`` of its cells walls (the fallback map)."""
    rng = random.Random(seed)
    return Grid(
        width, height, [WALL if rng.random() < walls else OPEN for _ in range(width * height)]
    )


def open_cells(grid: Grid) -> list[Cell]:
    return [c for c in grid.cells() if not grid.blocks_sight(c) and not grid.blocks_move(c)]


def generate_map(folder: Path, size: int, units: int, seed: int = 1) -> Path | None:
    """Write a generated battle into ``folder`` (None when the generator is not there,
    as in an installed game without the project's sources)."""
    if not GENERATOR.is_file():
        return None
    spec = importlib.util.spec_from_file_location("make_big_maps", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    path: Path = module.write_big_map(folder / f"big{size}.tmx", size, units, seed)
    return path
