"""Tile cover for many squares at once (a square's own column; the cover tiles as
targets) answers exactly what ``tile_cover_between`` answers one pair at a time."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.geometry.layout import SightLayout
from game.geometry.sight import tile_cover_between, tile_cover_column, tile_cover_towards


@st.composite
def layouts(draw: st.DrawFn) -> tuple[SightLayout, tuple[int, int]]:
    w = draw(st.integers(1, 12))
    h = draw(st.integers(1, 12))
    wall = np.array(draw(st.lists(st.booleans(), min_size=w * h, max_size=w * h)))
    cover = draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=w * h, max_size=w * h))
    layout = SightLayout.from_arrays(
        (wall & (np.arange(w * h) % 5 == 0)).reshape(h, w),
        np.array(cover, dtype=np.int8).reshape(h, w),
    )
    a = (draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1)))
    return layout, a


@settings(max_examples=300, deadline=None)
@given(scene=layouts())
def test_a_whole_column_and_every_cover_tile_at_once(
    scene: tuple[SightLayout, tuple[int, int]],
) -> None:
    layout, a = scene
    column = tile_cover_column(layout, a)
    assert [int(v) for v in column] == [
        tile_cover_between(layout, a, (a[0], y)) for y in range(layout.height)
    ]
    every = [(x, y) for y in range(layout.height) for x in range(layout.width)]
    xs = np.array([c[0] for c in every], dtype=np.int64)
    ys = np.array([c[1] for c in every], dtype=np.int64)
    many = tile_cover_towards(layout, a, xs, ys)
    assert [int(v) for v in many] == [tile_cover_between(layout, a, c) for c in every]
