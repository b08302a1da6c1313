"""Walls for the hypothesis maps of the sight tests: runs of walls down a column and
pinches (two walls touching at a corner), the shapes the visibility sweep treats
apart."""

from __future__ import annotations

from hypothesis import strategies as st

from game.geometry.grid import WALL, Terrain


def add_walls(
    draw: st.DrawFn, cells: list[Terrain], w: int, h: int, *, runs: int, pinches: int
) -> None:
    """Up to ``runs`` runs of walls and ``pinches`` pinches into the ``w``×``h`` ``cells``."""
    for _ in range(draw(st.integers(0, runs))):  # a run of walls down one column
        x = draw(st.integers(0, w - 1))
        y0 = draw(st.integers(0, h - 1))
        for y in range(y0, min(h, y0 + draw(st.integers(1, h)))):
            cells[y * w + x] = WALL
    for _ in range(draw(st.integers(0, pinches))):  # two walls touching at a corner
        if w < 2 or h < 2:
            break
        x = draw(st.integers(0, w - 2))
        y = draw(st.integers(0, h - 2))
        if draw(st.booleans()):
            cells[y * w + x] = cells[(y + 1) * w + x + 1] = WALL
        else:
            cells[y * w + x + 1] = cells[(y + 1) * w + x] = WALL
