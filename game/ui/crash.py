"""When the game trips over its own bug (issue 30): the window stays open.

``App.guarded_step`` hands any unexpected exception of a frame to ``App.on_crash``, which
the game sets to ``handle_crash``; it

- autosaves the battle on the screen if it is in a sound state: its world is still there
  and the exception did not break off the engine in the middle of an answer (the flow of
  a battle cannot go on after that; the autosave before that answer is then the one to
  continue from);
- writes a crash report into the data folder (``crashes/crash-<UTC time>.txt``: the
  traceback, the version, the map, the ruleset, the seed and the answers);
- replaces every screen with ``CrashScene``, which says so and offers "Continue from the
  autosave" (the newest one, as the menu's Continue) and "Back to menu".

The AI's worker may be thinking with the battle's esper world when the game trips (a long
thought on a big map). The crash screen then shows at once; the worker is told its thought
is no longer wanted (its answer is dropped), and the saving, the report and the letting go
of the battle's world wait for the first frame that has the world again (the worker has
let go of it): a world is never deleted under the worker, nor left behind after it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.ui import theme
from game.ui.ai_worker import WORLD_LOCK, main_holds_lock
from game.ui.app import Scene
from game.ui.widgets import Button, draw_panel, draw_text, wrap

if TYPE_CHECKING:
    from game.engine import Battle
    from game.ui.app import App
    from game.ui.battle_saves import BattleSaves
    from game.ui.play_scene import PlayScene

CRASH_FOLDER = "crashes"
LOCK_WAIT_S = 0.05  # how long the crash handler waits for the world before handing over


@dataclass(frozen=True, slots=True)
class CrashOutcome:
    """What the crash handler managed: the report written, the autosave written (None
    when the battle was not sound or could not be saved), and why not."""

    report: Path | None
    autosave: Path | None
    note: str


HANDING_OVER = CrashOutcome(
    None,
    None,
    "The battle was in use (the AI thinking, or an autosave being written): it is saved "
    "as soon as it is let go.",
)


def handle_crash(app: App, exc: Exception) -> CrashOutcome:
    """Show the crash screen; save what can be saved and write the report now, or, while
    the AI's worker has the battle, in the first frame after it lets go (``App.on_crash``).
    A crash of the crash screen itself is raised: the window then closes."""
    if isinstance(app.top, CrashScene):
        raise exc
    scene = battle_scene(app)
    if scene is not None:
        scene.stop_thinking()  # the worker's late answer is dropped
    saves = scene.saves if scene is not None else None
    resume = _resumer(app, saves) if saves is not None else None
    back = scene.back_to_menu if scene is not None else app.crash_menu
    held = main_holds_lock() or WORLD_LOCK.acquire(timeout=LOCK_WAIT_S)
    early = None
    if not held:  # the report now (it reads no world), in case the window closes first
        battle = scene.battle if scene is not None else None
        early = write_report(exc, battle, HANDING_OVER.note)
    crash = CrashScene(partial(_save_and_report, scene, exc, early), resume, back)
    crash.outcome = CrashOutcome(early, None, HANDING_OVER.note)
    app.reset(crash)
    if held:
        try:
            crash.settle()
        finally:
            if not main_holds_lock():
                WORLD_LOCK.release()
    return crash.outcome


def _save_and_report(
    scene: PlayScene | None, exc: Exception, report: Path | None = None
) -> CrashOutcome:
    """Autosave, the report (over the one written while the AI had the battle, if any),
    the battle let go: holding the world (no worker has it)."""
    autosave, note = _autosave(scene, exc)
    report = write_report(exc, scene.battle if scene is not None else None, note, report)
    if scene is not None:
        scene.discard()
    return CrashOutcome(report, autosave, note)


def _resumer(app: App, saves: BattleSaves) -> Callable[[], None]:
    """Resume the newest autosave, as the menu's Continue does."""

    def resume() -> None:
        path, why = saves.continue_target()
        if path is None:
            app.notify(why)
            return
        saves.resume(path)

    return resume


def battle_scene(app: App) -> PlayScene | None:
    """The battle being played on the screen stack, if any (the top one)."""
    from game.ui.play_scene import PlayScene

    for scene in reversed(app.stack):
        if isinstance(scene, PlayScene) and not scene.closed:
            return scene
    return None


def sound(battle: Battle, exc: BaseException) -> str:
    """ "" when the battle can be saved as it stands; else why not."""
    from game.engine.battle import Battle

    broke_in = {Battle._advance.__code__, Battle._apply.__code__}
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code in broke_in:
            return "the rules engine broke off in the middle of an answer"
        tb = tb.tb_next
    try:
        battle.state_hash()
    except Exception as err:  # a battle whose state cannot even be read is not saved
        return f"its state cannot be read ({type(err).__name__})"
    return ""


def _autosave(scene: PlayScene | None, exc: BaseException) -> tuple[Path | None, str]:
    if scene is None:
        return None, "No battle was being played."
    if scene.saves is None:
        return None, "This battle is not saved on this screen."
    scene.saves.writer.settle()  # an autosave not begun may be of a state now broken
    why = sound(scene.battle, exc)
    if why:
        return None, f"The battle was not saved as it stood: {why}."
    path = scene.saves.autosave(scene.battle, scene.fog)
    if path is None:
        return None, "The battle could not be saved."
    return path, f"The battle was saved: {path.name}"


def write_report(
    exc: BaseException, battle: Battle | None, note: str, path: Path | None = None
) -> Path | None:
    """The crash report in the data folder's ``crashes`` folder (or over ``path``, the
    report written while the AI still had the battle); None if it cannot be written (the
    screen says so). It reads the battle's own lists, never its world."""
    from game import __version__
    from game.user_folders import data_dir

    now = datetime.now(UTC)
    lines = [
        "Shieldwall crash report",
        f"time: {now.isoformat()}",
        f"version: {__version__}",
    ]
    if battle is not None:
        lines += [
            f"map: {battle.battlefield.path}",
            f"ruleset: {battle.ruleset_id}",
            f"seed: {battle.seed}",
            f"controllers: {dict(battle.controllers)}",
            f"answers ({len(battle.answers)}):",
            *(f"  {i}: {_describe(a)}" for i, a in enumerate(battle.answers)),
        ]
    lines += [f"save: {note}", "", "traceback:"]
    lines += "".join(traceback.format_exception(exc)).splitlines()
    folder = data_dir() / CRASH_FOLDER
    if path is None:
        path = folder / f"crash-{now.strftime('%Y%m%dT%H%M%S.%fZ')}.txt"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError:
        return None
    return path


def _describe(answer: object) -> str:
    describe = getattr(answer, "describe", None)
    return str(describe()) if callable(describe) else repr(answer)


class CrashScene(Scene):
    """Says the game hit a bug, what was saved and where the report is; offers to
    continue from the autosave or go back to the menu."""

    opaque = True

    def __init__(
        self,
        finish: Callable[[], CrashOutcome],
        resume: Callable[[], None] | None,
        back: Callable[[], None] | None,
    ) -> None:
        self._finish: Callable[[], CrashOutcome] | None = finish
        self.outcome = HANDING_OVER
        self.resume_button = Button(
            "Continue from the autosave",
            resume or (lambda: None),
            style="primary",
            hint="Resume the newest autosave, as Continue in the menu does.",
        )
        self._resumable = resume is not None
        self.back_button = Button("Back to menu", back or self._quit, hint="The main menu.")
        if back is None:
            self.back_button.label = "Quit"
        for button in self.buttons:
            button.set_enabled(False, "Wait: the battle is saved once the AI lets go of it.")

    @property
    def draws_without_world(self) -> bool:
        """Drawn while the AI's worker still has the battle (``App.step``)."""
        return self._finish is not None

    def settle(self) -> None:
        """Save, report and let the battle go (holding the world); then the buttons work."""
        if self._finish is None:
            return
        finish, self._finish = self._finish, None
        self.outcome = finish()
        self.back_button.set_enabled(True)
        if self._resumable:
            self.resume_button.set_enabled(True)
        else:
            self.resume_button.set_enabled(False, "No battle to continue.")

    def update(self, dt: float) -> None:
        if main_holds_lock():  # a frame that has the world: the worker let go of it
            self.settle()

    def next_change(self) -> float | None:
        return 0.0 if self._finish is not None else None

    def _quit(self) -> None:
        self.app.quit()

    @property
    def buttons(self) -> list[Button]:
        return [self.resume_button, self.back_button]

    def lines(self) -> list[str]:
        report = self.outcome.report
        where = f"The crash report is in {report}" if report else "No crash report was written."
        return [
            "Shieldwall hit a bug of its own and stopped the screen it was on.",
            self.outcome.note,
            where,
            "Please send the report with a description of what you were doing.",
        ]

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.colour("night"))
        w = min(760, surface.get_width() - 40)
        rect = pygame.Rect(0, 0, w, 380)
        rect.center = surface.get_rect().center
        draw_panel(surface, rect)
        draw_text(
            surface,
            "Something went wrong",
            (rect.centerx, rect.y + 22),
            role="title",
            size=theme.SIZE_HEADING,
            anchor="midtop",
        )
        y = rect.y + 80
        for line in self.lines():
            for part in wrap(line, w - 48):
                draw_text(surface, part, (rect.x + 24, y))
                y += theme.SIZE_BODY + 8
            y += 6
        bw = (w - 72) // 2
        self.resume_button.rect = pygame.Rect(rect.x + 24, rect.bottom - 64, bw, 44)
        self.back_button.rect = pygame.Rect(rect.right - 24 - bw, rect.bottom - 64, bw, 44)
        for button in self.buttons:
            button.draw(surface)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        for button in self.buttons:
            text = button.tooltip(mouse)
            if text:
                return text
        return ""
