"""Regenerate the README screenshots by driving the real game window.

    xvfb-run -s "-screen 0 1600x900x24" python -m game.ui.tools.screenshots assets/screenshots

Writes ``menu.png`` (the main menu, once every thumbnail is drawn), ``battle.png`` (a
battle with a target preview: the player's unit has closed in on an enemy and the mouse
rests on it), ``handoff.png`` (the hot-seat hand-off screen), ``victory.png`` (that
battle played to its end by the AI on both sides), ``saves.png`` (the load list after
saving it) and ``replay.png`` (the replay viewer on that save). The same seed gives the
same pictures. Runs with any SDL video driver, including ``dummy``; the battle's
autosaves go to a temporary folder, not the player's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame

from game.engine import Answer
from game.ui.app import App
from game.ui.camera import ZOOM_LEVELS
from game.ui.flow import GameFlow
from game.ui.menu import BattleSetup, MenuScene
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene
from game.ui.replay_scene import ReplayScene
from game.ui.settings import Settings
from game.ui.tokens import TokenInfo
from game.ui.victory_scene import VictoryScene
from game.user_folders import DATA_DIR_ENV

SIZE = (1280, 720)


def _hover(app: App, scene: PlayScene, cell: tuple[int, int]) -> None:
    x, y, w, h = scene.camera.cell_to_screen(cell)
    pos = (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1)


def _advance_to_a_target(app: App, scene: PlayScene, max_turns: int = 40) -> bool:
    """Play the human side simply (close in, never attack) until a target is in reach."""
    battle = scene.battle
    for _ in range(max_turns * 20):
        if battle.over:
            return False
        while scene.anim.busy:
            app.step(4)
        app.step(2)
        d = battle.pending
        if d is None or not scene.human_turn():
            continue
        if d.kind == "choose_unit":
            scene.give(d.answers[0])
            continue
        if d.kind == "reaction":
            decline = next(o.answer for o in d.options if o.kind == "decline" and o.answer)
            scene.give(decline)
            continue
        targets = [p for p in scene.placed() if p.target and "attack" in p.answer.kind]
        if targets:
            me = scene.engine.token(d.unit or "")
            target = targets[0]
            if me is not None and target.cell is not None:
                mid = ((me.cell[0] + target.cell[0]) // 2, (me.cell[1] + target.cell[1]) // 2)
                zoom = replace(scene.camera, level=ZOOM_LEVELS.index(1.0))
                scene.camera = zoom.centred_on(mid).clamped(scene.model.width, scene.model.height)
                _hover(app, scene, target.cell)
                return True
        foes = [t for t in scene.engine.tokens() if t.side != d.side and not t.down]
        moves = [p for p in scene.of_kind("move") if p.cell]
        me = scene.engine.token(d.unit or "")
        step: Answer | None = None
        if foes and moves and me is not None:

            def gap(cell: tuple[int, int], foes: list[TokenInfo] = foes) -> int:
                return min(max(abs(cell[0] - f.cell[0]), abs(cell[1] - f.cell[1])) for f in foes)

            best = min(moves, key=lambda p: gap(p.cell or me.cell))
            if best.cell is not None and gap(best.cell) < gap(me.cell):
                step = best.answer
        if step is None:
            step = next(o.answer for o in d.options if o.kind == "end_turn" and o.answer)
        scene.give(step)
    return False


def take(out: Path, map_name: str | None, seed: int) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        # the battle autosaves: into a folder of its own, never the player's saves
        previous = os.environ.get(DATA_DIR_ENV)
        os.environ[DATA_DIR_ENV] = str(Path(tmp) / "data")
        settings = Settings(ai_speed="instant", reaction_prompts="never")
        app = App(settings, settings_file=Path(tmp) / "settings.json", size=SIZE)
        flow = GameFlow(app)
        preselect = None
        if map_name is not None:
            from game.maps import find_map

            preselect = find_map(map_name)
        menu = flow.menu(preselect=preselect, seed=seed)
        assert isinstance(menu, MenuScene)
        app.push(menu)
        wait_for_thumbnails(app, menu)
        pygame.mouse.set_pos((5, 5))
        app.step(1)
        written = [app.screenshot(out / "menu.png")]
        setup = menu.setup()
        if setup is None:
            raise SystemExit(f"{menu.entry.path if menu.entry else 'menu'}: no playable map")
        flow.start_battle(setup)
        scene = app.top
        if not isinstance(scene, PlayScene):
            raise SystemExit("the battle did not start: " + "; ".join(t for t, _ in app.messages))
        if _advance_to_a_target(app, scene):
            app.step(1)
            written.append(app.screenshot(out / "battle.png"))
        else:
            print("no target came into reach; battle.png not written", file=sys.stderr)
        side = _second_side(setup)
        app.push(HandOffScene(side[0], side[1], max(1, scene.battle.round)))
        app.step(1)
        written.append(app.screenshot(out / "handoff.png"))
        app.pop()
        flow.saves.quicksave(scene.battle, scene.fog)  # saved mid-battle: the load list
        saved = flow.saves.save(scene.battle, scene.fog)  # shows it can be resumed
        if saved is None:
            raise SystemExit("could not save: " + "; ".join(t for t, _ in app.messages))
        if _play_out(app, scene):
            written.append(app.screenshot(out / "victory.png"))
        else:
            print("the battle did not end; victory.png not written", file=sys.stderr)
        written += _saves_and_replay(app, flow, saved, out)
        app.close()
        if previous is None:
            os.environ.pop(DATA_DIR_ENV, None)
        else:
            os.environ[DATA_DIR_ENV] = previous
    return written


def wait_for_thumbnails(app: App, menu: MenuScene, max_frames: int = 200) -> None:
    """Draw frames until the menu has drawn every map's thumbnail (it loads one map's
    images a frame; a picture taken sooner shows blank ones)."""
    for _ in range(max_frames):
        app.step(1)
        if menu.next_change() != 0:
            return
    raise SystemExit(f"the menu's thumbnails were still loading after {max_frames} frames")


def _play_out(app: App, scene: PlayScene, max_answers: int = 5000) -> bool:
    """Let the AI answer for the player too until the battle ends; True when the victory
    screen is up."""
    from game.ai import make_controller

    player = make_controller("ai", scene.battle.seed, scene.battle.ruleset_id)
    for _ in range(max_answers):
        if isinstance(app.top, VictoryScene):
            app.messages.clear()  # "Quicksaved", "Saved as …" from before
            pygame.mouse.set_pos((5, 5))
            app.step(1)
            return True
        d = scene.battle.pending
        if isinstance(app.top, HandOffScene):
            app.pop()
        elif d is not None and scene.human_turn() and not scene.anim.busy:
            scene.give(player.choose(scene.battle, d))
        app.step(4)
    return False


def _saves_and_replay(app: App, flow: GameFlow, saved: Path, out: Path) -> list[Path]:
    """The load list (the battle saved by hand, its quicksave and autosave) with that save
    chosen, and the replay viewer two thirds through it."""
    from game.ui.save_list import SaveListScene

    flow.back_to_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    wait_for_thumbnails(app, menu)
    flow.show_saves()
    listing = app.top
    assert isinstance(listing, SaveListScene)
    listing.select(next(i for i, e in enumerate(listing.entries) if e.path == saved))
    app.messages.clear()
    pygame.mouse.set_pos((5, 5))
    app.step(2)
    written = [app.screenshot(out / "saves.png")]
    if not flow.watch(saved):
        raise SystemExit("the replay did not open: " + "; ".join(t for t, _ in app.messages))
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    viewer.go(viewer.cursor.length * 2 // 3)
    app.step(2)
    app.step(1)
    written.append(app.screenshot(out / "replay.png"))
    return written


def _second_side(setup: BattleSetup) -> tuple[str, str]:
    sides = setup.map.sides
    side = sides[1] if len(sides) > 1 else sides[0]
    return side.name, side.colour


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the README screenshots.")
    parser.add_argument("out", type=Path, nargs="?", default=Path("assets/screenshots"))
    parser.add_argument("--map", default=None, help="map name or file (default: first listed)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    for path in take(args.out, args.map, args.seed):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
