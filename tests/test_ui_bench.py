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
