"""The README's game-feel screenshots (issue 33): a lunge, an arrow in flight, a hit's
flash and the enemy's threat overlay, on a shipped map.

    xvfb-run -a -s "-screen 0 1920x1080x24" python assets/src/feel_shots.py assets/screenshots

The attacks are staged: the events a grid attack makes (declared, resolved, damage) are
handed to the battle screen's ``animate`` for real units of the map, and the frame is
taken a set time into the animation. The battle itself is not changed by them.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame

from game.engine import Battle
from game.engine.events import Damaged, Moved
from game.maps import find_map
from game.rules.grid.events import AttackDeclared, AttackResolved
from game.ui.app import App
from game.ui.camera import ZOOM_LEVELS
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings
from game.user_folders import DATA_DIR_ENV
from game.world.components import Loadout

SIZE = (1280, 720)
FRAME = 1 / 60


def _scene(app: App, map_name: str, seed: int) -> PlayScene:
    path = find_map(map_name)
    probe = Battle(path, "grid", seed)
    sides = list(probe.controllers)
    probe.close()
    battle = Battle(path, "grid", seed, dict.fromkeys(sides, "human"))
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(2)
    return scene


def _focus(
    app: App, scene: PlayScene, a: tuple[int, int], b: tuple[int, int], zoom_to: float = 2.0
) -> None:
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    zoom = replace(scene.camera, level=ZOOM_LEVELS.index(zoom_to))
    scene.camera = zoom.centred_on(mid).clamped(scene.model.width, scene.model.height)
    pygame.mouse.set_pos((5, 5))
    app.step(1)


def _pair(scene: PlayScene, ranged: bool) -> tuple[str, str, str]:
    """The closest unit and foe where the unit has a ranged (or a melee) weapon in hand."""
    battle = scene.battle
    tokens = [t for t in scene.engine.tokens() if not t.down]
    best: tuple[int, str, str, str] | None = None
    for me in tokens:
        for wid in battle.component(me.key, Loadout).readied:
            if battle.content.weapons[wid].ranged != ranged:
                continue
            for foe in (t for t in tokens if t.side != me.side):
                gap = max(abs(foe.cell[0] - me.cell[0]), abs(foe.cell[1] - me.cell[1]))
                if best is None or gap < best[0]:
                    best = (gap, me.key, foe.key, wid)
    if best is None:
        raise SystemExit("no such pair on this map")
    return best[1], best[2], best[3]


def _line(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The squares from ``a`` (left out) to the one before ``b``, one step at a time."""
    out = []
    x, y = a
    while max(abs(b[0] - x), abs(b[1] - y)) > 1:
        x += (b[0] > x) - (b[0] < x)
        y += (b[1] > y) - (b[1] < y)
        out.append((x, y))
    return tuple(out)


def _run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / FRAME)):
        app.step(1)


def take(out: Path, map_name: str, seed: int) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[DATA_DIR_ENV] = str(Path(tmp) / "data")
        settings = Settings(ai_speed="normal", reaction_prompts="never", muted=True)
        app = App(settings, settings_file=Path(tmp) / "settings.json", size=SIZE)
        scene = _scene(app, map_name, seed)
        cells = scene.engine.unit_cells()
        # a blow: the walk in, the lunge, then the hit's flash and its number
        me, foe, weapon = _pair(scene, ranged=False)
        path = _line(cells[me], cells[foe])
        blow = [
            Moved(me, "", cells[me], path, 5 * len(path)),
            AttackDeclared(me, foe, weapon, "melee", "staged"),
            AttackResolved(me, foe, weapon, "melee", True, 18, 12),
            Damaged(foe, "", 5, 2, 7, "hit", me),
        ]
        _focus(app, scene, cells[foe], cells[foe])
        scene.animate(blow)
        walk = scene.anim.walks[0] if scene.anim.walks else None
        _run(app, (len(path) / walk.speed if walk else 0.0) + 0.08)
        written.append(app.screenshot(out / "feel-lunge.png"))
        _run(app, 0.1)
        written.append(app.screenshot(out / "feel-hit.png"))
        _run(app, 1.5)
        # a shot: the arrow in flight
        me, foe, weapon = _pair(scene, ranged=True)
        _focus(app, scene, cells[me], cells[foe], 1.0)
        scene.animate([AttackDeclared(me, foe, weapon, "ranged", "staged")])
        shot = scene.anim.effects[-1]
        _run(app, shot.life * 0.55)
        written.append(app.screenshot(out / "feel-arrow.png"))
        _run(app, 1.5)
        # the enemy's threat (Q), from the view of the side that does not start
        second = list(scene.battle.controllers)[-1]
        if scene.decision is not None and scene.decision.side == second:
            second = list(scene.battle.controllers)[0]
        scene.viewer = lambda: second  # type: ignore[method-assign]
        scene.threat.on = True
        foes = [t for t in scene.engine.tokens() if t.side != second and not t.down]
        if foes:
            _focus(app, scene, foes[0].cell, foes[-1].cell, 1.0)
        app.step(2)
        written.append(app.screenshot(out / "feel-threat.png"))
        app.close()
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("out", type=Path)
    parser.add_argument("--map", default="village")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    for path in take(args.out, args.map, args.seed):
        print(path)


if __name__ == "__main__":
    main()
