"""UI monkey test (issue 6 · Reliability suite): thousands of random mouse and keyboard
events posted to the menu, the battle screen, the load list and the replay viewer under
the dummy video driver, without an exception.

The events are seeded (the same seed posts the same events), and bounded: a few
thousand, a few seconds. Half the clicks land on a widget the screen on top shows (a
click at a random pixel would rarely press a button), the rest anywhere; the window
is resized now and then. Whatever screen the monkey reaches it keeps going from there:
a started battle, the Esc menu, a loaded save, a quit (the game is started again).

``SHIELDWALL_MONKEY_EVENTS=50000 SHIELDWALL_MONKEY_SEEDS=3,4,5 python -m pytest -q -s
tests/test_ui_monkey.py`` runs a longer monkey outside CI; it prints the events posted
and the screens reached. ``SHIELDWALL_MONKEY_SHIPPED=1`` lets it start the shipped
battles too (slower: big maps load).
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import as_a_frame, write_map

from game.saves import save_battle
from game.ui.app import App, Scene
from game.ui.flow import GameFlow
from game.ui.menu import MenuScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings
from game.ui.widgets import Widget

EVENTS = int(os.environ.get("SHIELDWALL_MONKEY_EVENTS", "4000"))
SEEDS = tuple(int(s) for s in os.environ.get("SHIELDWALL_MONKEY_SEEDS", "1,2").split(","))
KEYS = (
    *(getattr(pygame, f"K_{c}") for c in "abcdefghijklmnopqrstuvwxyz0123456789"),
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_TAB,
    pygame.K_BACKSPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_EQUALS,
    pygame.K_KP_ENTER,
    pygame.K_F5,
    pygame.K_F9,
    pygame.K_F1,
)  # not F12 (a screenshot file) nor F11 (fullscreen): the resizes below stand in for it
SIZES = ((1280, 720), (960, 600), (1600, 900), (800, 500))
UNITS = (
    ("Ada", "party", "warrior", 1, 1),
    ("Bo", "party", "archer", 1, 4),
    ("", "foes", "bandit", 7, 2),
    ("", "foes", "bandit_archer", 8, 5),
)


@pytest.fixture
def world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty data folder, and one small battle as the only map (a random click on a big
    shipped map would spend the test's time loading it)."""
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    write_map(tmp_path / "maps", 10, 7, walls=((4, 2), (4, 3), (5, 5)), units=UNITS, foes="any")
    if not os.environ.get("SHIELDWALL_MONKEY_SHIPPED"):  # set it to let the monkey roam them
        monkeypatch.setattr("game.maps.library.shipped_maps_dir", lambda: tmp_path / "maps")
    yield tmp_path / "maps" / "field.tmx"


def _widgets(scene: Scene) -> list[Widget]:
    """The widgets a screen holds (in attributes or lists), to aim half the clicks at."""
    found: list[Widget] = []
    for value in vars(scene).values():
        items = value if isinstance(value, list) else [value]
        for item in items:
            if isinstance(item, tuple) and item and isinstance(item[0], Widget):
                item = item[0]  # the action bar keeps (button, option) pairs
            if isinstance(item, Widget) and item.visible and item.rect.w > 0:
                found.append(item)
    return found


class Monkey:
    """Posts seeded random events to an app and steps it."""

    def __init__(self, app: App, flow: GameFlow, seed: int) -> None:
        self.app = app
        self.flow = flow
        self.rng = random.Random(seed)
        self.posted = Counter[str]()
        self.screens = Counter[str]()

    def _pos(self) -> tuple[int, int]:
        top = self.app.top
        targets = _widgets(top) if top is not None else []
        if targets and self.rng.random() < 0.5:
            rect = self.rng.choice(targets).rect
            return (
                rect.x + self.rng.randrange(max(1, rect.w)),
                rect.y + self.rng.randrange(max(1, rect.h)),
            )
        w, h = self.app.screen.get_size()
        return self.rng.randrange(w), self.rng.randrange(h)

    def _post(self, kind: str, event: pygame.event.Event) -> None:
        pygame.event.post(event)
        self.posted[kind] += 1

    def one(self) -> None:
        """One random input (a click is a press and a release)."""
        roll = self.rng.random()
        if roll < 0.30:
            pos = self._pos()
            pygame.mouse.set_pos(pos)
            button = self.rng.choice((1, 1, 1, 3, 2))
            self._post(
                "mouse click", pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos)
            )
            if self.rng.random() < 0.2:  # a drag
                pos = (pos[0] + self.rng.randint(-200, 200), pos[1] + self.rng.randint(-200, 200))
                self._post(
                    "mouse motion",
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)),
                )
            self._post(
                "mouse click", pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)
            )
        elif roll < 0.50:
            pos = self._pos()
            pygame.mouse.set_pos(pos)
            self._post(
                "mouse motion",
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            )
        elif roll < 0.58:
            self._post(
                "wheel",
                pygame.event.Event(
                    pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-3, -1, 1, 2)), flipped=False
                ),
            )
        elif roll < 0.92:
            key = self.rng.choice(KEYS)
            self._post("key", pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            self._post("key", pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
        elif roll < 0.98:
            text = self.rng.choice("0123456789abc")
            self._post("text", pygame.event.Event(pygame.TEXTINPUT, text=text))
        else:
            size = self.rng.choice(SIZES)
            self.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            self._post(
                "resize", pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
            )

    def run(self, events: int) -> None:
        start = sum(self.posted.values())
        while sum(self.posted.values()) - start < events:
            for _ in range(self.rng.randint(1, 6)):
                self.one()
            self.app.step(self.rng.choice((0, 1, 1, 2, 4)))
            if not self.app.running or not self.app.stack:  # Quit: start the game again
                self.posted["quit, restarted"] += 1
                self.app.running = True
                with as_a_frame():
                    self.flow.back_to_menu()
            top = self.app.top
            self.screens[type(top).__name__] += 1


def _make(tmp_path: Path) -> tuple[App, GameFlow]:
    app = App(
        Settings(ai_speed="instant", reaction_prompts="always"),
        settings_file=tmp_path / "settings.json",
        size=(1280, 720),
    )
    return app, GameFlow(app)


def _battle(flow: GameFlow, app: App, field: Path, hotseat: bool) -> PlayScene:
    with as_a_frame():  # the battle the monkey left may be thinking
        flow.back_to_menu()
    menu = flow.menu(preselect=field, seed=4)
    assert isinstance(menu, MenuScene)
    app.reset(menu)
    app.step(1)
    menu.side_choices[1].set_value("Human" if hotseat else "AI (normal)")
    setup = menu.setup()
    assert setup is not None and setup.controllers[1][1] == ("human" if hotseat else "ai")
    flow.start_battle(setup)
    scene = app.top
    assert isinstance(scene, PlayScene)
    return scene


@pytest.mark.parametrize("seed", SEEDS)
def test_thousands_of_random_events_on_every_screen_raise_nothing(
    world: Path, tmp_path: Path, seed: int
) -> None:
    import esper

    before = set(esper.list_worlds())
    app, flow = _make(tmp_path)
    monkey = Monkey(app, flow, seed)
    started = time.perf_counter()
    try:
        share = EVENTS // 4
        flow.back_to_menu()  # 1. the main menu
        monkey.run(share)
        scene = _battle(flow, app, world, hotseat=seed % 2 == 0)  # 2. a battle
        monkey.run(share)
        # 3. the load list, with a real save, a quicksave and a damaged file in it
        scene = _battle(flow, app, world, hotseat=False)
        for _ in range(40):
            app.step(2)
        # What the test does between the monkey's frames, it does holding the esper lock as
        # a frame does: a battle's AI worker may be thinking, and a battle let go beside it
        # came back as a world of its own, left behind (its thought switched to it again).
        with as_a_frame():
            saved = save_battle(scene.battle, tmp_path / "data" / "saves" / "one.json")
            save_battle(scene.battle, tmp_path / "data" / "saves" / "quicksave.json")
            (saved.parent / "bad.json").write_text('{"format": "shieldwall-save"', "utf-8")
            flow.show_saves()
        monkey.run(share)
        with as_a_frame():
            flow.back_to_menu()  # 4. the replay viewer
            assert flow.watch(saved)
        monkey.run(EVENTS - 3 * share)
    finally:
        app.close()
    seconds = time.perf_counter() - started
    posted = sum(monkey.posted.values())
    print(
        f"\nmonkey seed {seed}: {posted} events in {seconds:.1f} s "
        f"({dict(monkey.posted)}); top screens over {sum(monkey.screens.values())} "
        f"frames: {dict(monkey.screens)}"
    )
    assert posted >= EVENTS
    with as_a_frame():  # once no thought is under way, every battle is let go
        flow.back_to_menu()
    leaked = sorted(set(esper.list_worlds()) - before)
    assert not leaked, f"battles left behind by screens that went away: {leaked}"
    reached = set(monkey.screens)
    assert {"MenuScene", "PlayScene", "SaveListScene", "ReplayScene"} <= reached, reached
