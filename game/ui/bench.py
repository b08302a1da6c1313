"""Bench row ``frame_p95_ms``: time to draw one frame of the battle screen, headless.

DESIGN.md · Numbers: the battle screen on the 64×64 map with about 40 units
and its overlays, budget 4 ms at the 95th percentile. The screen is set up
the way a player sees it mid-turn, at zoom 1 (32-px squares): every side
human (so the move range, its cost labels and the attackable outlines are
shown), the grid on, the mouse
resting on a reachable square (path and provoking squares drawn) and then on
an enemy (target preview and cover lines). The camera pans a little every
frame so cached chunks are reused as in play, not a single still image.

    python -m game.ui.bench [MAP] [--frames N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from game.bench import BenchContext, bench, cpu_clock, register_row
from game.geometry.grid import Cell

DEFAULT_MAP = "battle"

register_row(
    "frame_p95_ms",
    "app.draw() only, 1280x720, zoom 1, every side human, no fog, no AI, no flip, p95",
    "ms",
    budget=4.0,
)
register_row(
    "first_frame_s", "start to the menu's first frame, headless, map summaries kept, wall", "s", 1.5
)
register_row(
    "first_frame_cpu_s",
    "start to the menu's first frame, headless, map summaries kept, CPU",
    "s",
    0.4,
)
register_row(
    "first_frame_first_cpu_s",
    "the first start's menu frame: nothing kept, every map loaded, CPU",
    "s",
)
register_row("help_cpu_s", "python -m game --help, CPU of the process", "s", budget=0.08)

_FIRST_FRAME = """
import os, tempfile
from pathlib import Path
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
from game.ui.app import App
from game.ui.flow import GameFlow
from game.ui.settings import Settings
with tempfile.TemporaryDirectory() as tmp:
    app = App(Settings(), settings_file=Path(tmp) / "s.json")
    app.push(GameFlow(app).menu())
    app.step(1)
    app.close()
"""


def child_seconds(
    args: list[str], repeat: int = 3, data: Path | None = None
) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system, from the kernel's count of
    finished children) of a fresh ``python`` running ``args``, headless; with ``data``,
    that folder is the player's data folder (``SHIELDWALL_DATA_DIR``)."""
    import resource
    import subprocess

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if data is not None:
        env["SHIELDWALL_DATA_DIR"] = str(data)
    root = Path(__file__).resolve().parents[2]
    walls, cpus = [], []
    for _ in range(max(1, repeat)):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, *args], check=True, env=env, cwd=root, capture_output=True, timeout=120
        )
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def first_frame_seconds(repeat: int = 3) -> float:
    """Median wall time of a fresh ``python`` process that opens the window, builds the
    menu (every map listed) and draws its first frame."""
    return child_seconds(["-c", _FIRST_FRAME], repeat)[0]


@bench
def frame_rows(ctx: BenchContext) -> dict[str, float]:
    """The frame row needs the map's tiles, so it is measured only when the bench map is a
    file; the first-frame rows always, in a data folder of their own: the first start
    (every map loaded, its summary kept), then the starts after it."""
    repeat = 1 if ctx.quick else 3
    with tempfile.TemporaryDirectory() as data:
        first = child_seconds(["-c", _FIRST_FRAME], 1, Path(data))[1]
        wall, cpu = child_seconds(["-c", _FIRST_FRAME], repeat, Path(data))
    out = {"first_frame_s": round(wall, 3), "first_frame_cpu_s": round(cpu, 3)}
    out["first_frame_first_cpu_s"] = round(first, 3)
    out["help_cpu_s"] = round(child_seconds(["-m", "game", "--help"], repeat)[1], 3)
    path = getattr(ctx.battlefield, "path", None)
    if isinstance(path, Path):
        out["frame_p95_ms"] = measure(path, frames=60 if ctx.quick else 240)["frame_p95_ms"]
    return out


def measure(
    map_path: Path, frames: int = 240, size: tuple[int, int] = (1280, 720)
) -> dict[str, float]:
    """Draw ``frames`` frames; return ``frame_p50_ms``, ``frame_p95_ms`` and ``units``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.engine import Battle
    from game.maps import load_battlefield
    from game.ui.app import App
    from game.ui.camera import ZOOM_LEVELS
    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene
    from game.ui.settings import Settings

    field = load_battlefield(map_path)
    controllers = {s.id: "human" for s in field.scenario.sides}
    battle = Battle(field, "grid", 1, controllers)
    with tempfile.TemporaryDirectory() as tmp:
        app = App(Settings(grid_overlay=True), settings_file=Path(tmp) / "s.json", size=size)
        try:
            scene = PlayScene(battle, MapView.from_file(map_path), lambda: None)
            app.push(scene)
            while battle.pending is not None and battle.pending.kind == "choose_unit":
                scene.give(battle.pending.answers[0])
            app.draw()
            d = battle.pending
            me = scene.engine.token(d.unit) if d is not None and d.unit else None
            if me is not None:
                play_zoom = replace(scene.camera, level=ZOOM_LEVELS.index(1.0))
                scene.camera = play_zoom.centred_on(me.cell).clamped(
                    scene.model.width, scene.model.height
                )
            moves = [p.cell for p in scene.of_kind("move") if p.cell]
            foes = [t.cell for t in scene.engine.tokens() if me is not None and t.side != me.side]
            spots: list[Cell | None] = [*moves[-1:], *foes[:1]] or [None]
            times: list[float] = []
            for i in range(frames):
                scene.hover = spots[(i // 30) % len(spots)]
                scene.camera = scene.camera.pan(1 if (i // 60) % 2 else -1, 0)
                pygame.event.pump()
                start = cpu_clock()
                app.draw()
                times.append((cpu_clock() - start) * 1000)
            times.sort()
            return {
                "frame_p50_ms": round(statistics.median(times), 3),
                "frame_p95_ms": round(times[int(0.95 * (len(times) - 1))], 3),
                "units": float(len(battle.unit_ids())),
            }
        finally:
            battle.close()
            app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time battle-screen frames, headless.")
    parser.add_argument("map", nargs="?", default=DEFAULT_MAP, help="map name or .tmx file")
    parser.add_argument("--frames", type=int, default=240)
    args = parser.parse_args(argv)
    from game.maps import MapError, find_map

    try:
        path = find_map(args.map)
        result = measure(path, args.frames)
    except MapError as exc:
        print(exc.lines()[0] if exc.problems else str(exc))
        return 2
    for key, value in result.items():
        print(f"{key}\t{value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
