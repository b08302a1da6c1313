"""The menu's first frame does without the heavy modules (issue 32 · first frame): once
the map summaries are kept, drawing the menu imports neither numpy nor the map loader nor
the engine's battle; the first start (nothing kept yet) loads every map as before, still
without numpy (loading a map needs no arrays)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.ui.bench import _FIRST_FRAME

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "game.maps.loader", "game.engine.battle", "game.geometry", "game.ai.grid")
REPORT = f"\nimport json, sys\nprint(json.dumps({{m: m in sys.modules for m in {HEAVY!r}}}))\n"


def first_frame(data: Path) -> dict[str, bool]:
    env = dict(
        os.environ,
        SHIELDWALL_DATA_DIR=str(data),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_FRAME + REPORT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    loaded: dict[str, bool] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_menu_draws_without_numpy_the_loader_or_the_battle(tmp_path: Path) -> None:
    first = first_frame(tmp_path)
    assert first["game.maps.loader"] and not first["numpy"]  # nothing kept yet: full loads
    assert (tmp_path / "cache" / "menu-maps.json").is_file()
    again = first_frame(tmp_path)
    assert [name for name in HEAVY if again[name]] == []
