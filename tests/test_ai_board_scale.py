"""The tactical AI's board on big maps (issue 31 · Scale): exposure summed enemy by enemy
over the squares each can touch gives the full-map sum's figures exactly, one square
alone as well; a holder far from every enemy declines its window without planning; the
128×128 bench row plays a generated battle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import esper
import numpy as np
import pytest

from game.ai.grid import estimates
from game.ai.grid.board import Board, BoardCache
from game.ai.grid.holding import enemy_in_reach
from game.ai.grid.levels import LEVELS
from game.bench import GENERATOR, ROWS
from game.bench.ai import generated_battle
from game.engine import Battle
from game.maps import find_map, load_battlefield
from game.rules.grid import units
from game.rules.grid.move import move_squares
from game.rules.grid.nearby import enemies_within
from game.rules.grid.resolution import target_ac


def full_map_exposure(board: Board, unit: str, late: bool) -> Any:
    """The exposure as it was summed before (every enemy over the whole map)."""
    from game.ai.grid.board import chebyshev

    ctx = board.ctx
    ac, _ = target_ac(ctx, unit)
    total = np.zeros((board.height, board.width), dtype=np.float64)
    others = [(board.cells[f], board.lure(f)) for f in board.friends if f != unit]
    mine = board.lure(unit)

    def part(inside: Any) -> float:
        rivals = sum(w for (x, y), w in others if inside[y, x])
        return float((mine / (mine + rivals)) ** board.share)

    for pic in board.threats():
        best = np.zeros_like(total)
        if pic.melee is not None:
            zone = board.late_zone(pic) if late else pic.zone
            e = estimates.blow_vs_ac(ctx, pic.unit, pic.melee, False, ac, 0)
            best = np.where(zone, e * part(zone), 0.0)
        if pic.shot is not None and pic.shot_mod is not None and pic.shot_ok is not None:
            tmpl = units.stats(ctx, pic.unit).template
            bonus = tmpl.attack_modifier(pic.shot, thrown=pic.shot.thrown and not pic.shot.ranged)
            p = np.clip((21 - (ac - bonus - pic.shot_mod)) / 20.0, 0.0, 1.0)
            mean = estimates.mean_damage(ctx, pic.unit, pic.shot)
            ok = pic.shot_ok
            if late:
                speed = move_squares(ctx, pic.unit)
                far = chebyshev(board.width, board.height, pic.cell) - 2 * speed
                ok = far <= (pic.shot.range_long_squares or 0)
            shots = np.where(ok, p * mean * pic.shot_factor * part(ok), 0.0)
            best = np.maximum(best, shots)
        total += best
    return total


@pytest.fixture
def battle_map() -> Any:
    battle = Battle(load_battlefield(find_map("battle")), seed=3)
    yield battle
    battle.close()


@pytest.mark.parametrize("lured", [False, True])
def test_exposure_by_areas_is_the_full_map_sum_exactly(battle_map: Battle, lured: bool) -> None:
    ctx = battle_map.ctx
    esper.switch_world(battle_map.world_name)
    lv = LEVELS["hard"]
    for side in [s.id for s in battle_map.battlefield.scenario.sides]:
        board = Board(ctx, side, BoardCache(), lv.share, lured)
        assert any(p.shot is not None for p in board.threats())
        for unit in board.friends[:8]:
            for late in (False, True):
                want = full_map_exposure(board, unit, late)
                got = board.exposure(unit, late=late)
                assert np.array_equal(got, want)
                assert got.max() > 0
        # one square alone, on a fresh board (no whole map to read it from)
        fresh = Board(ctx, side, BoardCache(), lv.share, lured)
        for unit in fresh.friends[:8]:
            x, y = fresh.cells[unit]
            alone = fresh.exposure_at(unit, (x, y))
            assert alone == float(full_map_exposure(fresh, unit, False)[y, x])


def test_a_holder_asks_whether_an_enemy_is_in_reach_as_the_menus_do(battle_map: Battle) -> None:
    ctx = battle_map.ctx
    esper.switch_world(battle_map.world_name)
    for unit in ctx.units():
        reach = units.melee_reach(ctx, unit)
        want = bool(reach and enemies_within(ctx, unit, reach))
        assert enemy_in_reach(ctx, unit) == want
    # one enemy walked up beside a unit: now it is in reach
    unit = next(u for u in ctx.units() if units.melee_reach(ctx, u))
    enemy = next(e for e in units.enemies(ctx, unit))
    from game.world.components import Position

    x, y = units.cell(ctx, unit)
    spot = next(
        (x + dx, y + dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and ctx.grid.in_bounds((x + dx, y + dy))
    )
    pos = ctx.get(enemy, Position)
    pos.x, pos.y = spot
    assert enemy_in_reach(ctx, unit)


@pytest.mark.skipif(not GENERATOR.is_file(), reason="the map generator is not here")
def test_the_generated_battle_row_plays_a_round_on_a_generated_map() -> None:
    row = ROWS.get("battle_hard_128_s")
    assert row is not None and row.budget == 60.0
    seconds = generated_battle(96, 16, 1)
    assert seconds is not None and 0 < seconds < 60


def test_the_generator_path_is_the_projects() -> None:
    assert GENERATOR == Path(__file__).resolve().parents[1] / "assets" / "src" / "make_big_maps.py"


def test_the_baseline_walks_at_the_enemy_on_one_field_while_they_stand_still(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ai.grid import baseline

    calls: list[tuple[Any, ...]] = []
    real = baseline.walking_distance

    def counted(ctx: Any, sources: list[Any]) -> dict[Any, int]:
        calls.append(tuple(sources))
        return real(ctx, sources)

    monkeypatch.setattr(baseline, "walking_distance", counted)
    field = load_battlefield(find_map("battle"))
    b = Battle(field, seed=2)
    try:
        ai = baseline.BaselineAI()
        moves = 0
        while not b.over and b.round == 1:
            d = b.pending
            assert d is not None
            answer = ai.choose(b, d)
            moves += type(answer).__name__ == "Move"
            assert b.answer(answer).ok
        assert moves > 5 and calls
        # one field for each layout of the enemies, never two for the same one
        assert len(calls) == len(set(calls)) < moves
        # and it is the field itself: the same walk as the uncached one
        esper.switch_world(b.world_name)
        foes = list(calls[-1])
        assert ai._walking(b.ctx, foes) == real(b.ctx, foes)
    finally:
        b.close()
