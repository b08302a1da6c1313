"""The window, the scene stack and the fixed-timestep loop.

Scenes (menu, battle, hand-off, victory, Esc menu, settings) sit on a stack;
the top one takes input, and scenes below it are drawn first unless the top
one is opaque. Game time advances in fixed steps of ``STEP`` seconds whatever
the frame rate, so animations run at the same speed on any machine.

The loop redraws only when something changed: while the top scene animates or thinks
(``Scene.next_change`` is 0) it runs at ``FPS_CAP``; otherwise it sleeps in
``pygame.event.wait`` until input arrives or something is due by itself (a tooltip to
show, a message to take down, a blinking cursor), and draws nothing while it sleeps.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from game.ui import theme, widgets
from game.ui.ai_worker import (
    WorldBusy,
    frame_lock_acquire,
    frame_lock_release,
    main_holds_lock,
)
from game.ui.settings import MIN_WINDOW, Settings, load_settings, save_settings
from game.ui.sound import SoundBoard
from game.ui.widgets import Tooltip

STEP = 1 / 60  # seconds of game time per update
MAX_STEPS_PER_FRAME = 5  # after a stall, drop time rather than spiral
FPS_CAP = 60
WORKER_WAIT_S = 0.004  # a frame waits at most this long for the AI's worker (issue 30)
IDLE_WAIT_MS = 1000  # the longest sleep while nothing moves (a deadline cuts it short)
TOOLTIP_DELAY = 0.35  # seconds the mouse rests before a tooltip shows
MESSAGE_MS = 8000  # how long a problem line stays up
NOT_SHOWN = -1  # a message's time before any frame has shown it
MESSAGE_TOP = 54  # messages start below the battle screen's top bar

NO_DISPLAY_MESSAGE = (
    "shieldwall: no display available ({why}); to play battles without a window use "
    "'python -m game simulate MAP' (see 'python -m game simulate --help')."
)


class NoDisplayError(RuntimeError):
    """The window could not be opened (no X/Wayland display, or no video driver)."""


class Scene:
    """One screen of the game. Subclasses override what they need."""

    opaque = True  # scenes below are not drawn
    app: App

    @property
    def draws_without_world(self) -> bool:
        """Its frames may run while the AI's worker has the world: it uses no battle."""
        return False

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds of game time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto ``surface``."""

    def tooltip(self, mouse: tuple[int, int]) -> str:
        """Text to show near the mouse, if any."""
        return ""

    def play_sound(self, name: str) -> None:
        """Play the screen's own sound ``name`` (``game.ui.sound.NAMES``) on the app's board."""
        app = getattr(self, "app", None)
        if app is not None:
            app.sound.play(name)

    def next_change(self) -> float | None:
        """Seconds until the scene looks different without any input: 0 while it
        animates, thinks or loads (the loop then runs every frame), None when only input
        changes it (the loop sleeps until an event comes)."""
        return None


class App:
    """Owns the window and the scene stack; ``run()`` is the main loop."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        settings_file: Path | None = None,
        size: tuple[int, int] | None = None,
        sound: SoundBoard | None = None,
    ) -> None:
        self.settings_file = settings_file
        problem: str | None = None
        if settings is None:
            settings, problem = load_settings(settings_file)
        self.settings = settings
        # (text, ticks of the first frame that showed it; NOT_SHOWN until then)
        self.messages: list[tuple[str, int]] = []
        self._good_news: set[str] = set()  # messages that report success, not a problem
        if problem:
            self.notify(problem)
        self.stack: list[Scene] = []
        self.running = True
        self.frames = 0  # frames drawn
        self.steps = 0  # calls of ``step``, drawn or not
        self.clock: pygame.time.Clock | None = None
        self.screen = self._open_window(size or settings.window)
        self._tooltip = Tooltip()
        self._hover_since = 0.0
        self._hover_text = ""
        self._tooltip_shown = False
        self.after_frame: list[Callable[[App], None]] = []  # test and screenshot hooks
        self.sound = sound if sound is not None else SoundBoard()  # silent without a device
        self.sound.apply(settings)
        widgets.set_feedback(self.sound.play)  # buttons click, hover and refuse
        self._held: list[pygame.event.Event] = []  # events of frames the AI's thinking skipped
        self.on_crash: Callable[[App, Exception], object] | None = None  # see guarded_step
        self.crash_menu: Callable[[], None] | None = None  # the crash screen's way back
        # autosaves made in a frame go to the writer thread (game.ui.autosave_writer); on
        # in ``run``'s loop, off for a test driving ``step`` and looking at the files
        self.background_saves = False

    # -- window -------------------------------------------------------------------------------

    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        try:
            pygame.display.init()
        except pygame.error as exc:
            raise NoDisplayError(str(exc) or "no video device") from None
        pygame.font.init()
        pygame.display.set_caption("Shieldwall")
        flags = pygame.RESIZABLE
        if self.settings.fullscreen:
            flags = pygame.FULLSCREEN
            size = (0, 0)
        try:
            screen = pygame.display.set_mode(at_least_min(size), flags)
        except pygame.error as exc:
            pygame.display.quit()
            raise NoDisplayError(str(exc) or "cannot open a window") from None
        _forbid_smaller_than_min()
        pygame.key.set_repeat(300, 40)
        return screen

    def apply_window_settings(self) -> None:
        """Re-open the window after the size or fullscreen setting changed."""
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(
                at_least_min(self.settings.window), pygame.RESIZABLE
            )
            _forbid_smaller_than_min()

    def notify(self, text: str) -> None:
        """Show a one-line problem at the top of the window for a few seconds. The same
        words said again while shown are one message, shown afresh, not a stack of copies
        (play-test 8: three "No target in reach" over the attack preview)."""
        self.messages = [(t, when) for t, when in self.messages if t != text]
        self.messages.append((text, NOT_SHOWN))
        del self.messages[:-3]

    def clear_messages(self) -> None:
        """Drop every message shown (a screen that ends what they were about opens)."""
        self.messages = []
        self._good_news = set()

    def inform(self, text: str) -> None:
        """Like ``notify``, for news that is not a problem ("Quicksaved"): a gold rim."""
        self._good_news.add(text)
        self.notify(text)

    def save_settings(self, settings: Settings) -> None:
        self.settings = settings
        self.sound.apply(settings)
        try:
            save_settings(settings, self.settings_file)
        except OSError as exc:
            self.notify(f"could not save settings: {exc}")

    def toggle_mute(self) -> None:
        """Ctrl+M anywhere (M in the settings): sound off or on again, kept between runs."""
        from dataclasses import replace

        muted = not self.settings.muted
        self.save_settings(replace(self.settings, muted=muted))
        self.inform("Sound muted (Ctrl+M)" if muted else "Sound on")

    # -- scene stack --------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        scene.app = self
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        scene = self.stack.pop() if self.stack else None
        if self.stack:
            self.stack[-1].enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Empty the stack and start over with ``scene`` (back to the menu)."""
        self.stack.clear()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    # -- loop ---------------------------------------------------------------------------------

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.screen = pygame.display.get_surface() or self.screen
            size = self.screen.get_size()
            if at_least_min(size) != size:  # a window manager that ignored the minimum
                self.screen = pygame.display.set_mode(at_least_min(size), pygame.RESIZABLE)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.take_screenshot()
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_m
            and getattr(event, "mod", 0) & pygame.KMOD_CTRL
        ):
            self.toggle_mute()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            from dataclasses import replace

            self.save_settings(replace(self.settings, fullscreen=not self.settings.fullscreen))
            self.apply_window_settings()
            return
        top = self.top
        if top is not None:
            theme.set_window_height(self.screen.get_height())  # a resize lays out in its type
            top.handle(event)

    def draw(self) -> None:
        surface = self.screen
        theme.set_window_height(surface.get_height())
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        if not self.stack or not self.stack[first].opaque:
            surface.fill(theme.colour("night"))
        for scene in self.stack[first:]:
            scene.draw(surface)
        self._draw_tooltip(surface)
        self._draw_messages(surface)

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        top = self.top
        if top is None or not pygame.mouse.get_focused():
            self._hover_text, self._tooltip_shown = "", False  # nothing to wait for
            return
        mouse = pygame.mouse.get_pos()
        text = top.tooltip(mouse)
        now = pygame.time.get_ticks() / 1000
        if text != self._hover_text:
            self._hover_text = text
            self._hover_since = now
        self._tooltip_shown = bool(text) and now - self._hover_since >= TOOLTIP_DELAY
        if self._tooltip_shown:
            self._tooltip.text = text
            self._tooltip.draw(surface, mouse)

    def _draw_messages(self, surface: pygame.Surface) -> None:
        """Problems the player should know about (bad map, unreadable settings)."""
        now = pygame.time.get_ticks()
        # a message's seconds count from the first frame that shows it, so one said
        # before a long frame (a load on a busy machine) is still read in full
        shown = [(t, now if when == NOT_SHOWN else when) for t, when in self.messages]
        self.messages = [(t, when) for t, when in shown if now - when < MESSAGE_MS]
        self._good_news &= {t for t, _ in self.messages}
        if not self.messages:
            return
        from game.ui.widgets import draw_panel, draw_text

        line_h = theme.font("body", theme.SIZE_SMALL).get_linesize()
        for text, rect in self.message_rects(surface.get_width()):
            border = "gold" if text in self._good_news else "health_low"
            draw_panel(surface, rect, fill="wood_dark", border=border, radius=5)
            lines = _message_lines(text, surface.get_width())
            y = rect.centery - (len(lines) - 1) * line_h // 2
            for line in lines:
                draw_text(
                    surface,
                    line,
                    (rect.centerx, y),
                    size=theme.SIZE_SMALL,
                    fg="bone",
                    anchor="center",
                )
                y += line_h

    def message_rects(self, width: int) -> list[tuple[str, pygame.Rect]]:
        """Where the messages go: stacked below the top bar; over a dialog whose panel they
        would cover (its ``panel``), the newest alone on the panel's top edge, clear of its
        title (play-test 3: three toasts stacked over the load list's title)."""
        messages = [text for text, _ in self.messages]
        y = MESSAGE_TOP
        top = self.top
        panel = getattr(top, "panel", None) if top is not None and not top.opaque else None
        below = MESSAGE_TOP + 36 * len(messages)
        if isinstance(panel, pygame.Rect) and panel.top < below and panel.bottom > MESSAGE_TOP:
            messages, y = messages[-1:], max(2, panel.top - 15)
        out = []
        font = theme.font("body", theme.SIZE_SMALL)
        for text in messages:
            lines = _message_lines(text, width)  # a long one (a path) wraps, never cut
            w = max(font.size(line)[0] for line in lines) + 24
            h = 30 + (len(lines) - 1) * font.get_linesize()
            out.append((text, pygame.Rect((width - w) // 2, y, w, h)))
            y += h + 6
        return out

    def step(self, updates: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events (``events``, or the queue's), ``updates`` fixed updates of
        ``STEP`` seconds, draw, flip. While the AI's worker uses the battle (issue 30) the
        frame draws nothing new and keeps its events for the next one (a window close is
        obeyed at once), unless the screen uses no battle (the crash screen)."""
        self.steps += 1
        took = frame_lock_acquire(WORKER_WAIT_S)
        if not took and not self._draws_without_world():
            self._hold(events)
            return
        try:
            self._step(updates, self._held + self._events(events))
        except WorldBusy:
            pass  # the AI's worker has the battle: this frame ends here (game.ui.ai_worker)
        finally:
            self._held = []
            if took and main_holds_lock():  # never the lock of a frame this one runs in
                frame_lock_release()

    def _draws_without_world(self) -> bool:
        """The top screen uses no battle (``Scene.draws_without_world``): its frame runs
        while the AI's worker has the world (the crash screen, waiting for it to let go)."""
        top = self.top
        return top is not None and top.draws_without_world

    def _events(self, events: list[pygame.event.Event] | None) -> list[pygame.event.Event]:
        return pygame.event.get() if events is None else events

    def _hold(self, events: list[pygame.event.Event] | None) -> None:
        """A frame the worker's thinking skips: keep its events for the next one."""
        if events is None:
            pygame.event.pump()  # the queue keeps them; the window stays responsive
            events = pygame.event.get(pygame.QUIT)
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
        self._held.extend(e for e in events if e.type != pygame.QUIT)

    def _step(self, updates: int, events: list[pygame.event.Event]) -> None:
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        for _ in range(updates):
            top = self.top
            if top is not None:
                top.update(STEP)
        self.draw()
        pygame.display.flip()
        self.frames += 1
        for hook in list(self.after_frame):
            hook(self)

    def guarded_step(
        self, updates: int = 1, events: list[pygame.event.Event] | None = None
    ) -> None:
        """``step``, catching what goes wrong in it: an unexpected exception goes to
        ``on_crash`` (the game sets ``game.ui.crash.handle_crash``: it saves the battle if
        it is sound, writes a crash report and shows the crash screen instead of closing
        the window, issue 30), or is raised when there is none."""
        try:
            self.step(updates, events)
        except Exception as exc:
            if self.on_crash is None:
                raise
            self.on_crash(self, exc)

    def run(self, first: Scene, *, max_frames: int | None = None) -> int:
        """Run until quit (or ``max_frames``, for tests); return the exit code."""
        self.push(first)
        self.running = True
        self.background_saves = True
        self.clock = pygame.time.Clock()
        pending = 0.0
        try:
            while self.running and self.stack:
                sleep = self.idle_ms()
                if sleep:
                    events = self._wait(sleep)
                    self.clock.tick()  # the time asleep is not game time
                    pending = 0.0
                    if events or self.idle_ms() == 0:
                        self.guarded_step(1, events)
                else:
                    elapsed = self.clock.tick(FPS_CAP) / 1000
                    pending = min(pending + elapsed, STEP * MAX_STEPS_PER_FRAME)
                    steps = 0
                    while pending >= STEP:
                        pending -= STEP
                        steps += 1
                    self.guarded_step(steps)
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            self.close()
        return 0

    def idle_ms(self) -> int:
        """How long the loop may sleep now (ms): 0 when the next frame must be drawn (the
        top scene animates, a tooltip or a message is due, nothing drawn yet)."""
        top = self.top
        if top is None or self.frames == 0 or not frame_lock_acquire():
            return 0  # nothing drawn yet, or the AI's worker is thinking: draw on
        try:
            return self._idle_ms(top)
        finally:
            frame_lock_release()

    def _idle_ms(self, top: Scene) -> int:
        waits = [IDLE_WAIT_MS / 1000]
        change = top.next_change()
        if change is not None:
            waits.append(change)
        now = pygame.time.get_ticks() / 1000
        if self._hover_text and not self._tooltip_shown:
            waits.append(self._hover_since + TOOLTIP_DELAY - now)
        for _text, when in self.messages:
            waits.append(0 if when == NOT_SHOWN else (when + MESSAGE_MS) / 1000 - now)
        return max(0, int(min(waits) * 1000))

    @staticmethod
    def _wait(ms: int) -> list[pygame.event.Event]:
        """Sleep until an event comes or ``ms`` pass; the events that came (maybe none)."""
        first = pygame.event.wait(ms)
        if first.type == pygame.NOEVENT:
            return []
        return [first, *pygame.event.get()]

    def close(self) -> None:
        pygame.display.quit()
        theme.set_window_height(theme.BASE_HEIGHT)  # the next window starts from the base

    def take_screenshot(self) -> Path | None:
        """F12: save the window into the screenshots folder and say where (#25)."""
        try:
            path = self.screenshot()
        except (OSError, pygame.error) as exc:
            self.notify(f"Screenshot not saved: {exc}")
            return None
        self.inform(f"Screenshot saved: {path}")
        return path

    def screenshot(self, path: Path | None = None) -> Path:
        """Save what the window shows as a PNG; return the file. Without ``path``: a new
        ``shieldwall-<date>-<time>.png`` in the user's screenshots folder."""
        if path is None:
            from datetime import datetime

            from game.user_folders import screenshots_dir

            folder = screenshots_dir()
            folder.mkdir(parents=True, exist_ok=True)
            stem = f"shieldwall-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
            path = folder / f"{stem}.png"
            n = 2
            while path.exists():
                path = folder / f"{stem}-{n}.png"
                n += 1
        pygame.image.save(self.screen, str(path))
        return path


def at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to the smallest window the game allows (0 × 0 stays: fullscreen)."""
    if size == (0, 0):
        return size
    return (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))


def _forbid_smaller_than_min() -> None:
    """Tell the window manager the window may not be made smaller than ``MIN_WINDOW``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)  # from_display_module
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    except (pygame.error, AttributeError):
        pass  # an SDL without window handles: the layouts still fit MIN_WINDOW


def _message_lines(text: str, width: int) -> list[str]:
    """A message's lines in a window ``width`` wide: one when it fits, else wrapped
    (play-test 5: an unreadable settings file's path was cut at both ends at 960)."""
    from game.ui.wrapping import wrap

    room = max(200, width - 48)
    if theme.font("body", theme.SIZE_SMALL).size(text)[0] <= room:
        return [text]
    return wrap(text, room, "body", theme.SIZE_SMALL) or [text]
