"""Helpers for the UI tests: a tiny Tiled map with a generated tileset image; frames
that wait for the AI's worker thread by a deadline, not by a count."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.engine import Battle
    from game.ui.app import App

TILE = 16

_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="t" tilewidth="{t}" tileheight="{t}"
 tilecount="2" columns="2">
 <image source="t.png" width="{w}" height="{t}"/>
 <tile id="0"><properties><property name="terrain" value="grass"/></properties></tile>
 <tile id="1"><properties><property name="terrain" value="wall"/>
  <property name="blocks_move" type="bool" value="true"/>
  <property name="blocks_sight" type="bool" value="true"/></properties></tile>
</tileset>
"""

_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="{w}" height="{h}" tilewidth="{t}" tileheight="{t}" infinite="0" nextlayerid="4"
 nextobjectid="999">
 <properties>
  <property name="title" value="Test field"/>
  <property name="briefing" value="Two bands meet in a field."/>
  <property name="fog" type="bool" value="{fog}"/>
  <property name="sides"
   value="party; The Party; #3060c0; any; party&#10;foes; Bandits; #c03030; {foes}"/>
 </properties>
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}">
  <data encoding="csv">{ground}</data>
 </layer>
 <layer id="2" name="walls" width="{w}" height="{h}">
  <data encoding="csv">{walls}</data>
 </layer>
 <objectgroup id="3" name="units">
{units} </objectgroup>
</map>
"""


def write_map(
    folder: Path,
    width: int = 10,
    height: int = 8,
    walls: tuple[tuple[int, int], ...] = ((4, 2),),
    fog: bool = False,
    units: tuple[tuple[str, str, str, int, int], ...] | None = None,
    foes: str = "ai",
) -> Path:
    """A ``width`` × ``height`` map: green ground, grey ``walls``, two spawns: the party's
    warrior at (1, 1) and a bandit at (width - 2, height - 2), unless ``units`` lists
    ``(name, side, template, x, y)`` spawns. ``foes``: who the map lets command the
    bandits ("ai", "human" or "any")."""
    folder.mkdir(parents=True, exist_ok=True)
    image = pygame.Surface((2 * TILE, TILE))
    image.fill((40, 160, 60), pygame.Rect(0, 0, TILE, TILE))
    image.fill((128, 128, 128), pygame.Rect(TILE, 0, TILE, TILE))
    pygame.image.save(image, str(folder / "t.png"))
    (folder / "t.tsx").write_text(_TSX.format(t=TILE, w=2 * TILE), encoding="utf-8")
    ground = ",".join(["1"] * (width * height))
    wall_gids = ["0"] * (width * height)
    for x, y in walls:
        wall_gids[y * width + x] = "2"
    if units is None:
        units = (("Ada", "party", "warrior", 1, 1), ("", "foes", "bandit", width - 2, height - 2))
    spawn_xml = "".join(
        f'  <object id="{i + 1}" name="{name}" type="spawn" x="{x * TILE + 2}" '
        f'y="{y * TILE + 2}"><properties>\n'
        f'   <property name="side" value="{side}"/>'
        f'<property name="template" value="{template}"/>\n'
        "  </properties><point/></object>\n"
        for i, (name, side, template, x, y) in enumerate(units)
    )
    path = folder / "field.tmx"
    path.write_text(
        _TMX.format(
            w=width,
            h=height,
            t=TILE,
            ground=ground,
            walls=",".join(wall_gids),
            fog="true" if fog else "false",
            units=spawn_xml,
            foes=foes,
        ),
        encoding="utf-8",
    )
    return path


def quick_window(tmp_path: Path, size: tuple[int, int] = (1280, 720), **settings: str) -> App:
    """A window (1280×720 unless ``size`` says) with a settings file of the test's own,
    whose AI answers at once and whose reaction prompts are never asked (declined),
    unless ``settings`` say otherwise (e.g. ``reaction_prompts="always"``)."""
    from game.ui.app import App
    from game.ui.settings import Settings

    chosen: dict[str, str] = {"reaction_prompts": "never", "ai_speed": "instant", **settings}
    return App(
        Settings(**chosen),  # type: ignore[arg-type]
        settings_file=tmp_path / "settings.json",
        size=size,
    )


def foes_step_once_unseen(battle: Battle) -> str:
    """End the party's turns until the foes' turn, then step one foe one square; its key."""
    from game.rules.grid.move import Move

    for _ in range(6):  # hand the turn to the bandits
        d = battle.pending
        assert d is not None
        if d.side == "foes" and d.kind == "turn":
            break
        if d.kind == "choose_unit":
            battle.answer(d.answers[0])
        else:
            battle.answer(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    step = next(a for a in battle.legal_answers() if isinstance(a, Move) and len(a.path) == 1)
    assert battle.answer(step).ok
    return step.unit


# --- waiting for the AI's worker (game/ui/ai_worker.py) ----------------------------------
# A frame that finds the AI's worker thinking draws nothing, moves nothing and keeps its
# input for the next frame, so on a busy machine a number of frames is no measure of how
# far a battle got: these helpers wait for what they need, up to a wall-clock deadline far
# beyond what a quiet machine takes (a second or so), and fail saying what never came.
DEADLINE_S = 60.0
FRAME_GAP_S = 0.001  # a pause between frames, as the game loop makes


def step_until(
    app: App, done: Callable[[], bool], what: str, updates: int = 1, seconds: float = DEADLINE_S
) -> None:
    """Step ``app`` (``updates`` per frame) until ``done()``; fail after ``seconds``."""
    until = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < until, f"{what}: not within {seconds:.0f} s"
        app.step(updates)
        # the game's loop waits for its next frame between frames; without a pause the
        # frame takes the esper lock again at once and the autosave writer, waiting for
        # it between frames, starves (seconds at thousands of frames a second)
        time.sleep(FRAME_GAP_S)


def drawn_frame(app: App, updates: int = 1, seconds: float = DEADLINE_S) -> None:
    """One frame that runs: ``app.step`` again while the AI's worker makes frames skip,
    until one is drawn (its input handled, its updates run)."""
    drawn = app.frames

    def ran() -> bool:
        return app.frames != drawn or not app.running  # a quit ends the frame undrawn

    step_until(app, ran, "a drawn frame", updates, seconds)


@contextmanager
def as_a_frame(seconds: float = DEADLINE_S) -> Iterator[None]:
    """Hold the esper lock as a frame does, for a test that calls a screen or the flow
    directly (``app.dispatch``, a dialog's confirm, ``GameFlow.back_to_menu``): the AI's
    worker may be thinking on a battle meanwhile, and two threads may never use esper at
    once. Waits for the worker's decision to end; inside a frame, the frame has it."""
    from game.ui.ai_worker import frame_lock_acquire, frame_lock_release, main_holds_lock

    if main_holds_lock():
        yield
        return
    assert frame_lock_acquire(seconds), f"the AI's worker kept the battle over {seconds} s"
    try:
        yield
    finally:
        frame_lock_release()


def frames_past_hand_offs(app: App, n: int = 30) -> None:
    """``n`` frames, each hand-off screen clicked away (the next player takes the screen)."""
    from game.ui.overlays import HandOffScene

    for _ in range(n):
        if isinstance(app.top, HandOffScene):
            post_click((640, 360))
        app.step(1)


def key_step(app: App, key: int) -> None:
    """A key pressed (down only, as a player's first touch) and one frame to take it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(1)


def click_step(app: App, pos: tuple[int, int]) -> None:
    """A left click at ``pos`` and one frame to take it."""
    post_click(pos)
    app.step(1)


def post_click(pos: tuple[int, int]) -> None:
    """A left click at ``pos`` on the event queue (the next frame takes it)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
