"""Issue 32 · the 256x256 battle's memory and fog: the smaller arrays give the AI the
same numbers as before, and the fog drawn from its mask is the fog drawn square by
square (figures are the bench's business, never asserted here)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import esper
import numpy as np
import pygame
import pytest

from game.ai.grid.board import UNSEEN_SHOT, Board, BoardCache
from game.ai.grid.board_cache import chebyshev
from game.ai.grid.levels import LEVELS
from game.engine import Battle
from game.maps import find_map, load_battlefield
from game.ui.board import Board as ScreenBoard
from game.ui.cell_mask import CellMask, mask_of
from game.ui.theme import colour


def fresh_chebyshev(width: int, height: int, at: tuple[int, int]) -> Any:
    ys, xs = np.mgrid[0:height, 0:width]
    return np.maximum(np.abs(xs - at[0]), np.abs(ys - at[1]))


@pytest.mark.parametrize("size", [(1, 1), (5, 3), (16, 14), (40, 71)])
def test_chebyshev_windows_give_the_fields_worked_out_afresh(size: tuple[int, int]) -> None:
    w, h = size
    spots = [(0, 0), (w - 1, h - 1), (w // 2, h // 3), (-1, 2), (w, h), (w + 3, -2)]
    for at in spots:
        got, want = chebyshev(w, h, at), fresh_chebyshev(w, h, at)
        assert got.dtype == want.dtype and got.shape == want.shape, at
        assert np.array_equal(got, want), at
        assert not got.flags.writeable, at


def test_chebyshev_keeps_one_field_per_map_not_one_per_square() -> None:
    a, b = chebyshev(64, 48, (3, 4)), chebyshev(64, 48, (60, 40))
    assert np.shares_memory(a, b)
    assert not np.shares_memory(a, chebyshev(48, 64, (3, 4)))


@pytest.fixture
def battle_map() -> Any:
    battle = Battle(load_battlefield(find_map("battle")), seed=3)
    yield battle
    battle.close()


def test_shooters_arrays_are_small_and_hold_the_same_numbers(battle_map: Battle) -> None:
    ctx = battle_map.ctx
    esper.switch_world(battle_map.world_name)
    lv = LEVELS["hard"]
    seen = 0
    for side in [s.id for s in battle_map.battlefield.scenario.sides]:
        board = Board(ctx, side, BoardCache(), lv.share)
        for pic in board.threats():
            if pic.shot is None or pic.shot_mod is None:
                continue
            seen += 1
            speed = 6  # any Move: the arrays are worked out again for it
            for pinned in (False, True):
                mod, ok, factor = board._shot_arrays(pic.cell, speed, pic.shot, pinned)
                vis = ctx.sight.visibility(pic.cell)
                dist = fresh_chebyshev(board.width, board.height, pic.cell)
                closer = np.maximum(dist - speed, 0)
                cover = np.where(vis == 1, -2, np.where(vis == 2, -4, np.where(vis < 0, -2, 0)))
                want_mod = cover - 2 * (closer > (pic.shot.range_normal_squares or 0))
                want_factor = np.where(vis >= 0, 1.0, UNSEEN_SHOT) * (0.3 if pinned else 1.0)
                assert mod.dtype == np.int16 and np.array_equal(mod, want_mod)
                assert np.array_equal(
                    ok, (closer <= (pic.shot.range_long_squares or 0)) & (dist > 0)
                )
                assert np.array_equal(factor.astype(np.float64), want_factor)
                assert factor.dtype == (np.float64 if pinned else np.float16)
                # read back in a float64 sum, the small arrays give the same bits
                p = np.linspace(0.0, 1.0, mod.size).reshape(mod.shape)
                assert np.array_equal(p * 2.5 * factor, p * 2.5 * want_factor)
                assert np.array_equal(
                    (21 - (14 - 3 - mod)) / 20.0, (21 - (14 - 3 - want_mod)) / 20.0
                )
    assert seen > 0


def test_a_cell_mask_is_the_frozenset_of_its_squares() -> None:
    mask = np.zeros((5, 7), dtype=bool)
    mask[1, 2] = mask[4, 6] = mask[0, 0] = True
    cells = CellMask(mask)
    plain = frozenset({(2, 1), (6, 4), (0, 0)})
    kept: dict[frozenset[tuple[int, int]], int] = {cells: 1}
    assert cells == plain and hash(cells) == hash(plain) and kept[plain] == 1
    assert (6, 4) in cells and (4, 6) not in cells and len(cells) == 3
    assert not cells.mask.flags.writeable and mask.flags.writeable  # a copy was kept
    assert type(copy.copy(cells)) is frozenset and pickle.loads(pickle.dumps(cells)) == plain
    assert mask_of(cells, 7, 5) is cells.mask
    assert np.array_equal(mask_of(plain | {(-1, 0), (7, 2)}, 7, 5), mask)


class _Source:
    width, height = 37, 23

    def tokens(self) -> list[Any]:
        return []


def _square_by_square(cells: frozenset[Any], more: tuple[Any, ...], alpha: int) -> Any:
    layer = pygame.Surface((_Source.width, _Source.height), pygame.SRCALPHA)
    for part, tone in ((cells, "bone"), *more):
        for x, y in part:
            if 0 <= x < _Source.width and 0 <= y < _Source.height:
                layer.set_at((x, y), (*colour(tone), alpha))
    return pygame.image.tobytes(layer, "RGBA")


def test_the_tint_layer_from_masks_is_the_layer_painted_square_by_square() -> None:
    board = ScreenBoard.__new__(ScreenBoard)
    board.source = _Source()
    board._layers = {}
    rnd = random.Random(3)
    for _ in range(12):
        cells = frozenset(
            (rnd.randrange(-3, 40), rnd.randrange(-3, 26)) for _ in range(rnd.randrange(0, 400))
        )
        more = ((frozenset((rnd.randrange(37), rnd.randrange(23)) for _ in range(50)), "fog"),)
        got = pygame.image.tobytes(board._layer(cells, "bone", 170, more), "RGBA")
        assert got == _square_by_square(cells, more, 170)
        fog = np.zeros((23, 37), dtype=bool)
        fog[rnd.randrange(23) :, rnd.randrange(37) :] = True
        fogged = CellMask(fog)
        got = pygame.image.tobytes(board._layer(fogged, "bone", 90), "RGBA")
        assert got == _square_by_square(fogged, (), 90)
        ys, xs = np.nonzero(fog)
        if xs.size:
            want = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
            board._box = {}
            assert board._bounds(fogged) == want


def test_a_screen_part_is_kept_at_its_own_size_and_drawn_again_on_a_new_key() -> None:
    from game.ui.hud_cache import HudCache

    pygame.display.init()
    pygame.display.set_mode((64, 48))
    try:
        hud = HudCache()
        rect = pygame.Rect(40, 4, 20, 30)
        drawn: list[int] = []

        def draw(surface: pygame.Surface) -> None:
            drawn.append(1)
            surface.fill((200, 10, 10), pygame.Rect(0, 0, 64, 48))  # past its rectangle too
            pygame.draw.circle(surface, (10, 200, 10), (50, 20), 9 + len(drawn))

        def shown(key: object) -> bytes:
            screen = pygame.Surface((64, 48)).convert()
            screen.fill((1, 2, 3))
            hud.blit(screen, "side", rect, key, draw)
            return pygame.image.tobytes(screen, "RGB")

        def direct(circles: int) -> bytes:
            screen = pygame.Surface((64, 48)).convert()
            screen.fill((1, 2, 3))
            whole = pygame.Surface((64, 48)).convert()
            whole.fill((200, 10, 10))
            pygame.draw.circle(whole, (10, 200, 10), (50, 20), 9 + circles)
            screen.blit(whole, rect.topleft, rect)
            return pygame.image.tobytes(screen, "RGB")

        assert shown("a") == direct(1)
        assert shown("a") == direct(1) and len(drawn) == 1  # kept
        assert shown("b") == direct(2) and len(drawn) == 2  # a new key: drawn again
        assert hud._parts["side"][2].get_size() == rect.size
        hud.clear()
        assert shown("b") == direct(3) and len(drawn) == 3
    finally:
        pygame.display.quit()


def test_the_ai_worker_shares_the_main_malloc_arena_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from game.ui import ai_worker

    calls: list[tuple[int, int]] = []

    class FakeLibc:
        def mallopt(self, param: int, value: int) -> int:
            calls.append((param, value))
            return 1

    monkeypatch.setattr(ai_worker, "_arenas_shared", [])
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr("ctypes.CDLL", lambda name: FakeLibc())
    ai_worker.AiWorker(lambda battle: None)  # type: ignore[arg-type,return-value]
    ai_worker.AiWorker(lambda battle: None)  # type: ignore[arg-type,return-value]
    assert calls == [(ai_worker.M_ARENA_MAX, 1)]


def test_the_fog_from_bit_packed_eyes_is_the_fog_from_their_maps() -> None:
    from game.bench import open_cells, random_grid
    from game.geometry.sight import Sight
    from game.ui.play_fog import unseen_cells

    grid = random_grid(23, 17, 0.25, seed=9)  # 391 squares: the last byte half used
    sight = Sight(grid)
    rng = random.Random(9)
    eyes = tuple(rng.sample(open_cells(grid), 5))
    seen = np.zeros((grid.height, grid.width), dtype=bool)
    for cell in eyes:
        seen |= sight.seen(cell)
    grown = seen.copy()  # a wall next to a seen square is shown
    grown[1:, :] |= seen[:-1, :]
    grown[:-1, :] |= seen[1:, :]
    grown[:, 1:] |= seen[:, :-1]
    grown[:, :-1] |= seen[:, 1:]
    seen |= grown & grid.arrays().blocks_sight
    ys, xs = np.nonzero(~seen)
    known: dict[Any, Any] = {}
    got = unseen_cells(grid, sight, eyes, known)
    assert got == frozenset(zip(xs.tolist(), ys.tolist(), strict=True))
    assert np.array_equal(got.mask, ~seen)
    assert all(m.dtype == np.uint8 and m.size == (23 * 17 + 7) // 8 for m in known.values())
