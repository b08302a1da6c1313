"""Camera math of the map view (issue 4 · Battle screen: pan, zoom, screen ↔ cell)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.camera import ZOOM_LEVELS, Camera


def test_screen_to_cell_at_zoom_one_divides_by_tile_size() -> None:
    cam = Camera(tile=32, view_w=640, view_h=480)
    assert cam.screen_to_cell(0, 0) == (0, 0)
    assert cam.screen_to_cell(31.9, 31.9) == (0, 0)
    assert cam.screen_to_cell(32, 0) == (1, 0)
    assert cam.screen_to_cell(-1, -1) == (-1, -1)


def test_cell_to_screen_follows_pan_and_zoom() -> None:
    cam = Camera(tile=32, view_w=640, view_h=480, x=64, y=32)
    assert cam.cell_to_screen((2, 1)) == (0, 0, 32, 32)
    zoomed = Camera(tile=32, view_w=640, view_h=480, level=ZOOM_LEVELS.index(2.0))
    assert zoomed.cell_to_screen((1, 1)) == (64, 64, 64, 64)


def test_drag_moves_the_map_with_the_mouse() -> None:
    cam = Camera(tile=32, view_w=640, view_h=480)
    moved = cam.pan(50, -20)
    # the cell that was under (10, 10) is now under (60, -10)
    assert moved.screen_to_cell(60, -10) == cam.screen_to_cell(10, 10)


@settings(max_examples=60, deadline=None)
@given(
    sx=st.floats(0, 1279),
    sy=st.floats(0, 719),
    steps=st.integers(-9, 9),
    x=st.floats(-500, 3000),
    y=st.floats(-500, 3000),
    level=st.integers(0, len(ZOOM_LEVELS) - 1),
)
def test_zoom_keeps_the_point_under_the_cursor(
    sx: float, sy: float, steps: int, x: float, y: float, level: int
) -> None:
    cam = Camera(tile=32, view_w=1280, view_h=720, x=x, y=y, level=level)
    before = cam.screen_to_world(sx, sy)
    after = cam.zoom_at(sx, sy, steps).screen_to_world(sx, sy)
    assert abs(before[0] - after[0]) < 1e-6 and abs(before[1] - after[1]) < 1e-6


def test_zoom_stops_at_the_last_level() -> None:
    cam = Camera(tile=32, view_w=640, view_h=480, level=len(ZOOM_LEVELS) - 1)
    assert cam.zoom_at(10, 10, 1) is cam
    assert Camera(tile=32, view_w=640, view_h=480, level=0).zoom_at(5, 5, -3).level == 0


@settings(max_examples=60, deadline=None)
@given(cx=st.integers(-5, 80), cy=st.integers(-5, 80), level=st.integers(0, len(ZOOM_LEVELS) - 1))
def test_a_cells_centre_maps_back_to_that_cell(cx: int, cy: int, level: int) -> None:
    cam = Camera(tile=32, view_w=1280, view_h=720, x=-37.5, y=91.25, level=level)
    assert cam.screen_to_cell(*cam.cell_centre((cx, cy))) == (cx, cy)


def test_neighbouring_cells_share_edges_without_gaps() -> None:
    cam = Camera(tile=32, view_w=1280, view_h=720, x=3.3, y=7.7, level=ZOOM_LEVELS.index(0.75))
    for c in range(20):
        left = cam.cell_to_screen((c, 0))
        right = cam.cell_to_screen((c + 1, 0))
        assert left[0] + left[2] == right[0]


def test_small_map_is_centred_and_large_map_clamped_to_a_margin() -> None:
    cam = Camera(tile=32, view_w=1280, view_h=720, x=5000, y=5000).clamped(10, 8)
    assert cam.world_to_screen(10 * 32 / 2, 8 * 32 / 2) == (640, 360)
    big = Camera(tile=32, view_w=1280, view_h=720, x=99999, y=-99999).clamped(64, 64)
    assert big.x == 64 * 32 + 2 * 32 - 1280
    assert big.y == -2 * 32


def test_fit_shows_the_whole_map() -> None:
    cam = Camera(tile=32, view_w=1280, view_h=720).fit(64, 64)
    x0, y0, x1, y1 = cam.visible_cells(64, 64)
    assert (x0, y0, x1, y1) == (0, 0, 64, 64)
    assert 64 * 32 * cam.zoom <= 720


def test_visible_cells_are_clipped_to_the_map() -> None:
    cam = Camera(tile=32, view_w=320, view_h=320, x=-64, y=-64)
    assert cam.visible_cells(20, 20) == (0, 0, 8, 8)


def test_a_big_map_starts_readable_around_the_given_units() -> None:
    from game.ui.camera_follow import READABLE_CELL_PX, out_of_view, readable_start

    cam = Camera(16, 900, 560)
    start = readable_start(cam, 64, 64, [(50, 40), (52, 42)])
    assert start.cell_px >= READABLE_CELL_PX > cam.fit(64, 64).cell_px
    assert not out_of_view(start, 64, 64, [(50, 40), (52, 42)])
    small = readable_start(cam, 12, 8, [(1, 1)])
    assert small == cam.fit(12, 8)  # a map that fits with readable squares shows whole


def test_following_eases_toward_the_goal_and_arrives() -> None:
    from game.ui.camera_follow import aim_at, out_of_view, step_toward

    cam = Camera(16, 640, 480, level=ZOOM_LEVELS.index(2.0)).centred_on((5, 5))
    assert out_of_view(cam, 64, 64, [(40, 40)])
    goal = aim_at(cam, 64, 64, [(40, 40)])
    assert not out_of_view(goal, 64, 64, [(40, 40)])
    halfway = step_toward(cam, goal, 0.1, 7.0)
    assert cam.x < halfway.x < goal.x
    for _ in range(100):
        cam = step_toward(cam, goal, 0.1, 7.0)
    assert (cam.x, cam.y) == (goal.x, goal.y)


def test_a_resized_camera_keeps_the_middle_of_the_view() -> None:
    cam = Camera(32, 1000, 600, x=100, y=50)
    middle = cam.screen_to_world(500, 300)
    small = cam.resized(700, 420)
    assert small.screen_to_world(350, 210) == middle and small.zoom == cam.zoom


def test_a_large_window_opens_close_on_the_side_s_units() -> None:
    """Play-test: at 1920×1080 the village opened at 24-px squares with wide empty margins.
    The start is the closest step (32-48 px squares) that still shows the side's units."""
    from game.ui.camera_follow import START_CELL_PX, out_of_view, readable_start

    party = [(0, 8), (1, 9), (3, 9), (0, 10), (1, 10), (0, 12)]
    view = Camera(32, 1580, 890)
    start = readable_start(view, 30, 24, party)
    assert start.cell_px == START_CELL_PX > view.fit(30, 24).cell_px
    assert not out_of_view(start, 30, 24, party)
    far_apart = readable_start(Camera(32, 940, 559), 30, 24, [(0, 0), (29, 23)])
    assert far_apart.cell_px == 32  # cannot show both: the smallest readable step
    duel = readable_start(Camera(32, 940, 559), 12, 12, [(5, 5), (6, 6)])
    assert duel.cell_px <= START_CELL_PX and duel.level < len(ZOOM_LEVELS) - 1
