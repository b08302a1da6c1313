"""Bench rows ``frame_step_*``: whole frames as a player meets them (issue 32).

DESIGN.md · Numbers: a whole frame (``App.step`` with its flip) at 1920×1080, fog on,
zoomed to fit, while an AI side takes its turn with animation, on maps up to
256×256: p95 ≤ 16.7 ms, max ≤ 50 ms. Measured on the shipped 64×64 battle and on
generated 128×128 (150 units) and 256×256 (300 units) battles
(``assets/src/make_big_maps.py``), each in a fresh process (its own caches and
memory: the 256×256 run also reports its peak RSS, budget 400 MiB).

How a frame is timed: the CPU time of the main thread (``time.thread_time``) across
one ``App.step(1)`` — events, one fixed update, draw, flip. The company is the human
side (fog follows its eyes), the horde is the ``hard`` AI. The AI's thinking is left
out of the frame (DESIGN.md: never on the frame): when its answer is computed on the
main thread inside a step, that CPU time is subtracted (and counted apart, as
``ai_think_ms_total``); on a worker thread it is not in the main thread's time.
The human side's first turn is played before the screen opens; later human
decisions are answered between frames by the ``baseline`` AI, as a quick player would,
outside the timing. The rows count the frames that start while the AI side is in turn
(its answers animating); frames of the human side's turn (where the screen works out
the move ranges of each new decision) are reported apart as ``frame_step_human_*``
(``--json`` of this module). The first ``WARMUP`` frames (building the fog, the scaled
map) are left out.

    python -m game.ui.bench_step MAP.tmx [--frames N]     # one JSON line
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from game.bench import BenchContext, bench, generate_map, register_row

SIZE = (1920, 1080)
WARMUP = 10
ROOT = Path(__file__).resolve().parents[2]
#: (row suffix, map size, units) of the generated maps
BIG_MAPS = (("128", 128, 150), ("256", 256, 300))

_WHAT = "whole frame (App.step+flip), 1920x1080, fog, fit, AI turn animating"
register_row("frame_step_p95_ms", f"{_WHAT}, battle.tmx, p95", "ms", budget=16.7)
register_row("frame_step_max_ms", f"{_WHAT}, battle.tmx, max", "ms", budget=50)
for _suffix, _size, _units in BIG_MAPS:
    _on = f"generated {_size}x{_size}, {_units} units"
    register_row(f"frame_step_p95_ms_{_suffix}", f"the same, {_on}, p95", "ms", budget=16.7)
    register_row(f"frame_step_max_ms_{_suffix}", f"the same, {_on}, max", "ms", budget=50)
register_row("peak_rss_256_mib", "peak memory of the 256x256 frame run", "MiB", budget=400)


def measure_steps(map_path: Path, frames: int, seed: int = 1) -> dict[str, float]:
    """Time ``frames`` whole frames on ``map_path`` (see the module docstring)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ai import make_controller
    from game.engine import Answer, Battle
    from game.maps import load_battlefield
    from game.ui.app import App
    from game.ui.heap import settle_battle
    from game.ui.map_view import MapView
    from game.ui.play_ai import ai_controller
    from game.ui.play_scene import PlayScene
    from game.ui.settings import Settings

    field = load_battlefield(map_path)
    sides = [s.id for s in field.scenario.sides]
    human, others = sides[0], sides[1:]
    controllers = {human: "human", **{s: "hard" for s in others}}
    battle = Battle(field, "grid", seed, controllers)
    player = make_controller("baseline", seed, "grid")
    # the human side's first turn is played before the screen opens: frames are timed
    # from the AI side's turn on
    while battle.pending is not None and battle.pending.side == human:
        battle.answer(player.choose(battle, battle.pending))
    main = threading.get_ident()
    thinking = [0.0]
    answer = ai_controller(controllers, seed, "grid")
    assert answer is not None

    def timed_answer(b: Battle) -> Answer:
        start = time.thread_time()
        try:
            return answer(b)
        finally:
            if threading.get_ident() == main:
                thinking[0] += time.thread_time() - start

    with tempfile.TemporaryDirectory() as tmp:
        app = App(Settings(), settings_file=Path(tmp) / "s.json", size=SIZE)
        try:
            scene = PlayScene(
                battle, MapView.from_file(map_path), lambda: None, timed_answer, fog=True
            )
            app.push(scene)
            settle_battle()  # as the game's own battle start does (game.ui.heap)
            times: list[float] = []  # frames of the AI side's turn
            human_times: list[float] = []  # frames of the human side's turn
            think_total = 0.0
            for i in range(frames + WARMUP):
                d = battle.pending
                ai_turn = d is None or d.side != human
                if d is not None and d.side == human and not scene.anim.busy:
                    scene.give(player.choose(battle, d))
                if (
                    scene.camera.level
                    != scene.camera.fit(field.grid.width, field.grid.height).level
                ):
                    scene.camera = scene.camera.fit(field.grid.width, field.grid.height)
                thinking[0] = 0.0
                start = time.thread_time()
                app.step(1)
                spent = time.thread_time() - start - thinking[0]
                think_total += thinking[0]
                if i >= WARMUP:
                    (times if ai_turn else human_times).append(spent * 1000)
                if battle.over:
                    break
            times.sort()
            human_times.sort()
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
            return {
                "frame_step_p50_ms": round(_pct(times, 0.5), 3),
                "frame_step_p95_ms": round(_pct(times, 0.95), 3),
                "frame_step_max_ms": round(max(times, default=0.0), 3),
                "frames": float(len(times)),
                "frame_step_human_p95_ms": round(_pct(human_times, 0.95), 3),
                "frame_step_human_max_ms": round(max(human_times, default=0.0), 3),
                "human_frames": float(len(human_times)),
                "units": float(len(battle.unit_ids())),
                "ai_think_ms_total": round(think_total * 1000, 1),
                "peak_rss_mib": round(rss, 1),
            }
        finally:
            battle.close()
            app.close()


def _pct(ordered: list[float], q: float) -> float:
    return ordered[int(q * (len(ordered) - 1))] if ordered else 0.0


def measure_in_process(map_path: Path, frames: int, seed: int = 1) -> dict[str, float]:
    """:func:`measure_steps` in a fresh ``python`` (its own caches and peak memory)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game.ui.bench_step",
            str(map_path),
            "--frames",
            str(frames),
            "--seed",
            str(seed),
        ],
        check=True,
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@bench
def frame_step_rows(ctx: BenchContext) -> dict[str, float]:
    """Whole frames on the bench map (when it is a file) and on the generated maps."""
    frames = 60 if ctx.quick else 300
    out: dict[str, float] = {}
    path = getattr(ctx.battlefield, "path", None)
    if isinstance(path, Path) and path.is_file():
        got = measure_in_process(path, frames, ctx.seed)
        out["frame_step_p95_ms"] = got["frame_step_p95_ms"]
        out["frame_step_max_ms"] = got["frame_step_max_ms"]
    with tempfile.TemporaryDirectory() as tmp:
        for suffix, size, units in BIG_MAPS[:1] if ctx.quick else BIG_MAPS:
            big = generate_map(Path(tmp), size, units, ctx.seed)
            if big is None:
                break
            got = measure_in_process(big, frames, ctx.seed)
            out[f"frame_step_p95_ms_{suffix}"] = got["frame_step_p95_ms"]
            out[f"frame_step_max_ms_{suffix}"] = got["frame_step_max_ms"]
            if suffix == "256":
                out["peak_rss_256_mib"] = got["peak_rss_mib"]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time whole frames of an AI turn, headless.")
    parser.add_argument("map", help="map name or .tmx file")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    from game.maps import MapError, find_map

    try:
        result = measure_steps(find_map(args.map), args.frames, args.seed)
    except MapError as exc:
        print(exc.lines()[0] if exc.problems else str(exc), file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
