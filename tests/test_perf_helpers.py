"""Issue 32: the helpers the big-battle work added answer exactly as before (figures
are the bench's business, never asserted here)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

from game.bench import open_cells, random_grid
from game.geometry.grid import OPEN, WALL, Grid, Terrain
from game.geometry.movement import reachable, shortest_path, step_allowed
from game.geometry.sight import Sight
from game.maps import load_battlefield
from game.ui.play_fog import unseen_cells

DIFFICULT = Terrain("mud", move_cost=2)
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "assets" / "src"))
import make_big_maps  # noqa: E402


def test_seen_is_exactly_where_the_visibility_map_sees() -> None:
    grid = random_grid(20, 16, 0.25, seed=7)
    for cell in grid.cells():
        fresh = Sight(grid).seen(cell)
        assert np.array_equal(fresh, Sight(grid).visibility(cell) >= 0), cell


def test_fog_kept_between_calls_equals_fog_worked_out_afresh() -> None:
    grid = random_grid(24, 24, 0.2, seed=5)
    rng = random.Random(5)
    cells = open_cells(grid)
    known: dict = {}
    sight = Sight(grid)
    eyes = tuple(rng.sample(cells, 4))
    for _ in range(6):
        kept = unseen_cells(grid, sight, eyes, known)
        assert kept == unseen_cells(grid, Sight(grid), eyes)
        assert set(known) == set(eyes)
        eyes = (*eyes[1:], rng.choice(cells))  # one eye moves away, another arrives


def _reference_reachable(grid: Grid, start: tuple[int, int], budget: int) -> dict:
    """Plain Dijkstra over step_allowed (the rule as written, no tables)."""
    best = {start: 0}
    todo = [start]
    while todo:
        here = min(todo, key=lambda c: best[c])
        todo.remove(here)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                there = (here[0] + dx, here[1] + dy)
                if there == here or not step_allowed(grid, here, there):
                    continue
                total = best[here] + grid.terrain(there).move_cost
                if total <= budget and total < best.get(there, budget + 1):
                    best[there] = total
                    todo.append(there)
    return best


def test_reachable_matches_the_rule_and_survives_a_terrain_change() -> None:
    rng = random.Random(3)
    cells = [
        DIFFICULT if rng.random() < 0.2 else WALL if rng.random() < 0.2 else OPEN
        for _ in range(18 * 18)
    ]
    grid = Grid(18, 18, cells)
    starts = [c for c in open_cells(grid) if not grid.blocks_move(c)][:12]
    for start in starts:
        assert reachable(grid, start, 7) == _reference_reachable(grid, start, 7)
    a, b = starts[0], starts[-1]
    before = shortest_path(grid, a, b)
    grid.set_terrain(starts[5], WALL)  # the cached step table must follow the change
    for start in (s for s in starts if s != starts[5]):
        assert reachable(grid, start, 7) == _reference_reachable(grid, start, 7)
    after = shortest_path(grid, a, b)
    assert after is None or starts[5] not in after
    assert before is None or before[0] == a


def test_a_generated_big_battle_loads_with_its_units(tmp_path: Path) -> None:
    path = make_big_maps.write_big_map(tmp_path / "big.tmx", 96, 60, seed=2)
    field = load_battlefield(path)
    assert (field.grid.width, field.grid.height) == (96, 96)
    assert len(field.spawns) == 60
    sides = {s.side for s in field.spawns}
    assert sides == {"company", "horde"}
    again = make_big_maps.write_big_map(tmp_path / "again.tmx", 96, 60, seed=2)
    assert again.read_text() == path.read_text()  # seeded: the same map every time
