"""Measure AI turns on the real battle screen (issue 30).

    SDL_VIDEODRIVER=dummy python -m game.ui.tools.measure_ai_turn
    xvfb-run -s "-screen 0 1920x1080x24" python -m game.ui.tools.measure_ai_turn --turns 4

Drives a real battle in a 1920×1080 window, by default on ``maps/battle.tmx`` with fog,
the AI at "hard" and the speed "normal": the first side is the player's, answered by a
quick AI in a frame's turn (as a player's clicks would be, not counted as AI time), every
other side by the AI through the battle screen, exactly as in the game. The loop is
``App.run``'s: ``clock.tick(FPS_CAP)``, then ``App.step`` with the fixed updates due.

Prints, per AI side-turn: its wall time, the process's CPU time meanwhile (the worker's
thinking included; the machine may be shared), the AI's own thinking time, its answers
and the pauses the speed setting asked for after answers the player saw (the floor of
the turn's wall time); then the frame times (``App.step``, flip included) over those
turns: p50, p95, max, and the main thread's CPU time in them (what a busy machine does
not inflate).
Autosaves go to a temporary folder, as in the game after every answer (written by the
autosave thread, as in ``App.run``). The screen's opening frame is drawn before timing.

Measured before the autosave thread (seed 1, 3 AI side-turns, SDL dummy driver, a 2-core
machine shared with other work): quiet (load 0.5): turn 1, 115 answers, wall 17.6 s;
turn 2, 452 answers, wall 21.2 s; frames p95 22.7 ms, max 91 ms, main-thread CPU p95
20.6 ms, max 91 ms. What was on the frame: the autosave after every answer (its state
hash, the save read back, two fsyncs: 18 ms an answer), the top bar's objective text
(every unit's view, every frame), window-sized HUD surfaces made anew, the first fog.

After (``game.ui.autosave_writer``; answers that need no pause go within the frame's
budget; medians of 3 runs each, before and after taking turns, load average 6.1-8.0):
turn 1 wall 23.7 → 13.7 s (its CPU 4.8 → 3.1 s; pauses asked for 9.4 s), turn 2 wall
48.5 → 16.0 s (CPU 11.0 → 4.9 s; pauses 9.9 s); main-thread CPU per frame p95 24.2 →
9.2 ms, max 93.9 → 22.9 ms; frame wall p95 144 → 71 ms, max 398 → 234 ms (on that
machine a frame mostly waits for a core); process CPU 19.9 → 11.7 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.engine import Answer, Battle

FRAME_P95_GOAL_MS = 16.7
FRAME_MAX_GOAL_MS = 50.0
TURN_GOAL_S = 15.0


@dataclass
class TurnFigures:
    """One AI side-turn: wall and CPU seconds, the AI's thinking, answers given."""

    side: str
    wall: float = 0.0
    cpu: float = 0.0
    think: float = 0.0
    paused: float = 0.0  # the pauses the speed setting asked for after answers seen
    answers: int = 0


@dataclass
class Figures:
    turns: list[TurnFigures] = field(default_factory=list)
    frames_ms: list[float] = field(default_factory=list)  # frames during AI turns
    frames_cpu_ms: list[float] = field(default_factory=list)  # their main-thread CPU time


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(
    map_path: Path,
    *,
    seed: int,
    level: str,
    speed: str,
    fog: bool,
    turns: int,
    size: tuple[int, int],
    limit_s: float,
) -> Figures:
    from game.ai import make_controller
    from game.ui.ai_worker import frame_lock_acquire, frame_lock_release
    from game.ui.app import FPS_CAP, MAX_STEPS_PER_FRAME, STEP, App
    from game.ui.flow import GameFlow
    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene, play_scene_for
    from game.ui.settings import Settings

    app = App(Settings(ai_speed=speed, reaction_prompts="never"), size=size)
    app.background_saves = True  # as in ``App.run``
    flow = GameFlow(app, Path(tempfile.mkdtemp(prefix="shieldwall-measure-saves-")))
    probe = Battle(map_path, "grid", seed)
    sides = [s.id for s in probe.battlefield.scenario.sides]
    probe.close()
    player = sides[0]
    controllers = {s: ("human" if s == player else level) for s in sides}
    battle = Battle(map_path, "grid", seed, controllers)
    scene = play_scene_for(battle, MapView.from_file(map_path), flow, fog=fog)
    assert isinstance(scene, PlayScene), scene
    app.push(scene)
    app.step(0)  # the screen's opening frame (every layer drawn the first time): not timed
    stand_in = make_controller("baseline", seed, "grid")  # the player's clicks

    figures = Figures()
    current: TurnFigures | None = None
    ai = scene.ai_answer
    assert ai is not None

    def timed(answer: Callable[[Battle], Answer]) -> Callable[[Battle], Answer]:
        def run(b: Battle) -> Answer:
            start = time.perf_counter()
            try:
                return answer(b)
            finally:
                if current is not None:
                    current.think += time.perf_counter() - start
                    current.answers += 1

        return run

    scene.ai_answer = timed(ai)
    give_ai = scene._give_ai

    def counted(answer: Answer, rushing: bool) -> bool:
        before = scene._ai_wait
        ok = give_ai(answer, rushing)
        if current is not None and scene._ai_wait > max(before, 0.0):
            current.paused += scene._ai_wait - max(before, 0.0)  # a pause cut short: its rest
        return ok

    scene._give_ai = counted  # type: ignore[method-assign]
    clock = pygame.time.Clock()
    pending = 0.0
    turn_wall = turn_cpu = 0.0
    until = time.monotonic() + limit_s
    while len(figures.turns) < turns and not battle.over and time.monotonic() < until:
        d = battle.pending
        ai_turn = d is not None and d.side != player
        if current is None and ai_turn:
            assert d is not None
            current = TurnFigures(d.side)
            turn_wall, turn_cpu = time.perf_counter(), time.process_time()
        elif current is not None and not ai_turn:
            current.wall = time.perf_counter() - turn_wall
            current.cpu = time.process_time() - turn_cpu
            figures.turns.append(current)
            print(
                f"AI side-turn {len(figures.turns)} ({current.side}): wall {current.wall:.2f} s,"
                f" CPU {current.cpu:.2f} s, thinking {current.think:.2f} s,"
                f" pauses {current.paused:.1f} s,"
                f" {current.answers} answers",
                flush=True,
            )
            current = None
        if d is not None and not ai_turn and not scene.anim.busy and app.top is scene:
            if frame_lock_acquire(1.0):  # the player answers as a click would, in a frame
                try:
                    scene.give(stand_in.choose(battle, d))
                finally:
                    frame_lock_release()
        elapsed = clock.tick(FPS_CAP) / 1000
        pending = min(pending + elapsed, STEP * MAX_STEPS_PER_FRAME)
        steps = 0
        while pending >= STEP:
            pending -= STEP
            steps += 1
        start, cpu = time.perf_counter(), time.thread_time()
        app.step(steps)
        if current is not None:
            figures.frames_ms.append((time.perf_counter() - start) * 1000)
            figures.frames_cpu_ms.append((time.thread_time() - cpu) * 1000)
    flow.saves.flush()
    app.close()
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", type=Path, default=Path("maps/battle.tmx"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--speed", default="normal")
    parser.add_argument("--no-fog", action="store_true")
    parser.add_argument("--turns", type=int, default=3, help="AI side-turns to measure")
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--limit", type=float, default=600.0, help="wall seconds at most")
    args = parser.parse_args(argv)
    w, h = (int(p) for p in args.size.split("x"))
    os.environ.setdefault("SHIELDWALL_DATA_DIR", tempfile.mkdtemp(prefix="shieldwall-measure-"))
    figures = measure(
        args.map,
        seed=args.seed,
        level=args.level,
        speed=args.speed,
        fog=not args.no_fog,
        turns=args.turns,
        size=(w, h),
        limit_s=args.limit,
    )
    frames = figures.frames_ms
    if not figures.turns or not frames:
        print("no AI side-turn finished")
        return 1
    walls = [t.wall for t in figures.turns]
    print(
        f"{args.map} seed {args.seed}, AI {args.level}, speed {args.speed},"
        f" fog {'off' if args.no_fog else 'on'}, {w}x{h}"
    )
    print(
        f"AI side-turns: {len(walls)}, wall mean {statistics.mean(walls):.2f} s,"
        f" max {max(walls):.2f} s (goal <= {TURN_GOAL_S:.0f} s);"
        f" CPU max {max(t.cpu for t in figures.turns):.2f} s;"
        f" thinking max {max(t.think for t in figures.turns):.2f} s"
    )
    p50, p95, top = _percentile(frames, 0.5), _percentile(frames, 0.95), max(frames)
    print(
        f"frames during AI turns: {len(frames)}, p50 {p50:.1f} ms, p95 {p95:.1f} ms"
        f" (goal <= {FRAME_P95_GOAL_MS} ms), max {top:.1f} ms (goal <= {FRAME_MAX_GOAL_MS:.0f} ms)"
    )
    cpu = figures.frames_cpu_ms
    print(
        f"their main-thread CPU time: p50 {_percentile(cpu, 0.5):.1f} ms,"
        f" p95 {_percentile(cpu, 0.95):.1f} ms, max {max(cpu):.1f} ms"
    )
    ok = max(walls) <= TURN_GOAL_S and p95 <= FRAME_P95_GOAL_MS and top <= FRAME_MAX_GOAL_MS
    print("within the goals" if ok else "NOT within the goals")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
