"""The battle-screen bench rows run (figures are printed by 'bench', never asserted)."""

from __future__ import annotations

from pathlib import Path

from ui_support import write_map

from game.ui.bench import measure


def test_frame_bench_measures_a_battle_screen_with_overlays(tmp_path: Path) -> None:
    units = tuple(
        ("", "party" if i % 2 else "foes", "warrior" if i % 2 else "bandit", 2 + i, 3 + (i % 3))
        for i in range(8)
    )
    path = write_map(tmp_path / "bench", 20, 14, walls=((10, 2), (10, 3)), units=units)
    result = measure(path, frames=12, size=(960, 600))
    assert set(result) == {"frame_p50_ms", "frame_p95_ms", "units"}
    assert result["units"] == 8
    assert 0 < result["frame_p50_ms"] <= result["frame_p95_ms"]


def test_whole_frames_are_measured_on_the_ai_sides_turn(tmp_path: Path) -> None:
    from game.ui.bench_step import measure_steps

    units = tuple(
        ("", "party" if i % 2 else "foes", "warrior" if i % 2 else "bandit", 2 + i, 3 + (i % 3))
        for i in range(6)
    )
    path = write_map(tmp_path / "steps", 20, 14, walls=((10, 2), (10, 3)), units=units)
    result = measure_steps(path, frames=20)
    assert result["units"] == 6
    assert result["frames"] + result["human_frames"] >= 1
    assert 0 <= result["frame_step_p50_ms"] <= result["frame_step_p95_ms"]
    assert result["frame_step_p95_ms"] <= result["frame_step_max_ms"]
    assert result["peak_rss_mib"] > 0
