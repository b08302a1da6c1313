"""The window, the scene stack, settings and the no-display message (issue 4 · Menu)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import IDLE_WAIT_MS, MESSAGE_MS, STEP, TOOLTIP_DELAY, App, Scene
from game.ui.settings import Settings, load_settings, save_settings


class Counter(Scene):
    def __init__(self, opaque: bool = True) -> None:
        self.opaque = opaque
        self.updates = 0
        self.draws = 0
        self.events: list[int] = []

    def handle(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)

    def update(self, dt: float) -> None:
        assert dt == STEP
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = App(Settings(), settings_file=tmp_path / "settings.json", size=(1024, 640))
    yield a
    a.close()


def test_window_opens_resizable_at_the_asked_size(app: App) -> None:
    assert app.screen.get_size() == (1024, 640)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # Window.from_display_module
def test_the_window_is_never_smaller_than_the_minimum(tmp_path: Path) -> None:
    from game.ui.settings import MIN_WINDOW

    a = App(Settings(), settings_file=tmp_path / "s.json", size=(800, 600))
    try:
        assert a.screen.get_size() == (MIN_WINDOW[0], 600)  # grown to the minimum width
        window = pygame.Window.from_display_module()
        assert window.minimum_size == MIN_WINDOW
        window.size = (700, 400)  # as a player dragging the corner in
        assert window.size == MIN_WINDOW
    finally:
        a.close()


def test_only_the_top_scene_takes_input_and_updates(app: App) -> None:
    below, top = Counter(), Counter(opaque=False)
    app.push(below)
    app.push(top)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x"))
    app.step(3)
    assert pygame.KEYDOWN in top.events and not below.events
    assert top.updates == 3 and below.updates == 0
    # a transparent top scene lets the one below draw too
    assert top.draws == 1 and below.draws == 1


def test_an_opaque_top_scene_hides_the_ones_below(app: App) -> None:
    below, top = Counter(), Counter(opaque=True)
    app.push(below)
    app.push(top)
    app.step(1)
    assert below.draws == 0 and top.draws == 1


def test_pop_replace_and_reset_manage_the_stack(app: App) -> None:
    a, b, c = Counter(), Counter(), Counter()
    app.push(a)
    app.push(b)
    assert app.pop() is b and app.top is a
    app.replace(c)
    assert app.stack == [c]
    app.reset(a)
    assert app.stack == [a]


def test_window_close_ends_the_loop(app: App) -> None:
    app.push(Counter())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1)
    assert not app.running


class Busy(Counter):
    """A scene that animates: it changes every frame."""

    def next_change(self) -> float | None:
        return 0


def test_run_stops_after_max_frames_and_returns_zero(tmp_path: Path) -> None:
    a = App(Settings(), settings_file=tmp_path / "s.json", size=(320, 240))
    scene = Busy()
    assert a.run(scene, max_frames=3) == 0
    assert scene.draws == 3


def test_an_idle_screen_is_drawn_once_then_the_loop_sleeps_until_input(tmp_path: Path) -> None:
    """#26: nothing changes on an idle screen, so nothing is redrawn until an event (here
    the window closing, posted by a timer) wakes the loop."""
    a = App(Settings(), settings_file=tmp_path / "s.json", size=(320, 240))
    scene = Counter()
    pygame.time.set_timer(pygame.QUIT, 300, loops=1)
    assert a.run(scene) == 0
    assert scene.draws == 1


def test_a_message_stays_up_its_seconds_from_the_first_frame_that_shows_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A message said before a long frame (a load on a busy machine) is not taken down
    before the player could read it: its MESSAGE_MS count from the first frame drawn."""
    clock = [100_000]
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: clock[0])
    app.push(Counter())
    app.notify("Quicksaved")
    clock[0] += MESSAGE_MS + 5_000  # the frame that should show it came late
    assert app.idle_ms() == 0  # due now
    app.step(1)
    assert [t for t, _ in app.messages] == ["Quicksaved"]
    clock[0] += MESSAGE_MS - 1
    app.step(1)
    assert [t for t, _ in app.messages] == ["Quicksaved"]
    clock[0] += 1
    app.step(1)
    assert app.messages == []


def test_the_loop_sleeps_only_while_nothing_is_due(app: App) -> None:
    """#26: idle_ms is 0 (draw every frame) before the first frame and while the scene
    animates; otherwise at most IDLE_WAIT_MS, and no later than a message's end."""
    scene = Counter()
    app.push(scene)
    assert app.idle_ms() == 0  # nothing drawn yet
    app.step(1)
    assert 0 < app.idle_ms() <= IDLE_WAIT_MS
    app.notify("a problem")
    app.step(1)
    assert 0 < app.idle_ms() <= IDLE_WAIT_MS
    app.messages = [("old news", pygame.time.get_ticks() - MESSAGE_MS)]
    assert app.idle_ms() == 0  # it must be taken down now
    app.messages.clear()
    app.push(Busy())
    assert app.idle_ms() == 0


def test_a_tooltip_wakes_the_loop_when_it_is_due(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    class Hinted(Counter):
        def tooltip(self, mouse: tuple[int, int]) -> str:
            return "a hint"

    focused = [True]
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: focused[0])
    app.push(Hinted())
    app.step(1)  # the mouse comes to rest over the hint: it shows after TOOLTIP_DELAY
    assert app.idle_ms() <= TOOLTIP_DELAY * 1000
    # a millisecond more: ``now - since >= delay`` in float seconds can miss by a hair
    # when both frames fall in the same tick
    app._hover_since -= TOOLTIP_DELAY + 0.001
    app.step(1)  # shown: nothing more is due
    assert app.idle_ms() > TOOLTIP_DELAY * 1000
    app._hover_text, app._tooltip_shown = "", False
    app.step(1)  # a hint pending, then the mouse leaves the window: nothing is due
    focused[0] = False
    app.step(1)
    assert app.idle_ms() > TOOLTIP_DELAY * 1000


def test_settings_round_trip_through_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    wanted = Settings(
        window=(1600, 900),
        fullscreen=False,
        ai_speed="fast",
        reaction_prompts="always",
        grid_overlay=False,
    )
    save_settings(wanted, path)
    loaded, problem = load_settings(path)
    assert problem is None and loaded == wanted


def test_a_damaged_settings_file_is_reported_in_one_line_and_defaults_used(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    loaded, problem = load_settings(path)
    assert loaded == Settings()
    assert problem is not None and str(path) in problem and "\n" not in problem


def test_out_of_range_settings_fall_back_to_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"ai_speed": "ludicrous", "window": [10, 10]}', encoding="utf-8")
    loaded, problem = load_settings(path)
    assert problem is None
    assert loaded.ai_speed == Settings().ai_speed and loaded.window == Settings().window


def _run_without_display(code: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "x11"
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )


def test_without_a_display_the_game_prints_one_line_pointing_to_simulate() -> None:
    out = _run_without_display(
        "import sys; from game.ui.main import run_game; sys.exit(run_game())"
    )
    assert out.returncode == 2
    lines = [line for line in out.stdout.splitlines() if line.strip()]
    assert len(lines) == 1 and "simulate" in lines[0] and "display" in lines[0]
    assert "Traceback" not in out.stderr


def test_without_any_display_variable_linux_refuses_before_sdl_picks_offscreen() -> None:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    code = "import sys; from game.ui.main import run_game; sys.exit(run_game())"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    if not sys.platform.startswith("linux"):
        pytest.skip("the DISPLAY check is Linux-only")
    assert out.returncode == 2 and "simulate" in out.stdout


def test_settings_screen_saves_what_the_player_picks(app: App, tmp_path: Path) -> None:
    from game.ui.overlays import SettingsScene

    app.push(Counter())
    scene = SettingsScene()
    app.push(scene)
    app.step(1)
    scene.ai_speed.set_value("fast")
    scene.prompts.set_value("never")
    scene.grid.set_value("off")
    done = scene.items[-2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=done.rect.center))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=done.rect.center))
    app.step(1)
    assert app.top is not scene  # closed
    assert (app.settings.ai_speed, app.settings.reaction_prompts) == ("fast", "never")
    assert app.settings.grid_overlay is False
    saved, problem = load_settings(tmp_path / "settings.json")
    assert problem is None and saved == app.settings


def test_f12_saves_a_screenshot_in_the_data_folder_and_says_where(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#25: not into the current directory, and with a message naming the file."""
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    app.push(Counter())
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode=""))
        app.step(1)
    shots = sorted((tmp_path / "data" / "screenshots").glob("shieldwall-*.png"))
    assert len(shots) == 2 and pygame.image.load(str(shots[0])).get_size() == (1024, 640)
    assert not (tmp_path / "screenshots").exists()
    said = [text for text, _ in app.messages]
    assert sorted(said) == sorted(f"Screenshot saved: {shot}" for shot in shots)


def test_a_screenshot_that_cannot_be_written_is_one_line(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SHIELDWALL_DATA_DIR", str(blocker))
    app.push(Counter())
    assert app.take_screenshot() is None
    [(text, _)] = app.messages
    assert text.startswith("Screenshot not saved:") and "\n" not in text


@pytest.mark.parametrize("at", [(0, 0), (1, 0), (0, 1), (1, 1), (0.5, 1), (1, 0.5)])
def test_tooltips_stay_inside_the_window_and_off_the_pointer(
    app: App, at: tuple[float, float]
) -> None:
    from game.ui.widgets import Tooltip

    w, h = app.screen.get_size()
    mouse = (min(w - 1, int(at[0] * w)), min(h - 1, int(at[1] * h)))
    long = "2 attacks of opportunity: Bandit 1, Bandit 2\n" + "Rough ground, " * 30
    rect = Tooltip(long).draw(app.screen, mouse)
    assert rect is not None and app.screen.get_rect().contains(rect)
    assert not rect.collidepoint(mouse)
