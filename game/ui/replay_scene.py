"""The replay viewer: a saved battle on the battle screen, stepped forward and back through
its answers (issue 6 · In the UI, a replay viewer steps forward and back through a saved
battle).

Nothing here answers for anyone: each step applies the save's next answer
(``game.saves.ReplayCursor``), so what is shown is exactly what was played. A step back
replays the save from the start to the answer before (battles cannot be copied mid-flow);
several back steps within one frame are gathered into one replay. The combat log on the
right is the battle's own, every roll explained; the bar says where in the save it
stands, what the last answer was and, at the end, whether the replay reached the state
the save recorded.

A replay of a battle still in progress shows what the viewing side saw (issue 30): with
fog of war on, the squares its units could not see stay hidden, with the enemies on them,
their log lines and their answers; a finished battle, or one no human commanded, is shown
whole.

Keys: ← back, → forward, Space play/pause, Page Up to the start, Page Down to the end,
WASD pans (the arrows step), Esc closes the viewer.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.maps.battlefield import Battlefield
from game.saves import ReplayCursor, SaveData, SaveError
from game.ui import theme
from game.ui.engine_model import EngineModel
from game.ui.map_view import MapView
from game.ui.play_fog import FoggedView
from game.ui.theme import colour
from game.ui.widgets import Button, draw_text, fit_text

# seconds between two steps while playing, per AI speed setting
PLAY_DELAY = {"slow": 1.0, "normal": 0.5, "fast": 0.2, "instant": 0.05}


def replay_fog(save: SaveData, battlefield: Battlefield) -> bool:
    """Whether the replay of ``save`` keeps the fog of war: the battle is unfinished and fog
    was on (the player's choice, else the map's default)."""
    chosen = save.fog if save.fog is not None else battlefield.scenario.fog
    return bool(chosen) and not save.over


class ReplayScene(FoggedView):
    """A save played back on the battle screen."""

    pan_with_arrows = False
    card_follows_acting = False

    def __init__(self, cursor: ReplayCursor, view: MapView, back: Callable[[], object]) -> None:
        self.cursor = cursor
        self.engine = EngineModel(cursor.battle)
        self._back = back
        self.closed = False
        super().__init__(self.engine, view, self.leave)
        self.fog = replay_fog(cursor.save, cursor.battle.battlefield)
        self._humans = [s for s, c in cursor.save.controllers.items() if c == "human"]
        self._viewing: str | None = None
        self._init_fog()
        self._follow_viewer()
        self.menu_button.label = "Close"
        self.menu_button.hint = "Close the replay [Esc]."
        self.playing = False
        self._wait = 0.0
        self.target = cursor.position  # where the viewer should stand (steps are gathered)
        self.problem = ""  # why the replay stopped early, if it did
        self._verdict: str | None = None  # at the end: does it reach the saved state?
        self.start_button = Button(
            "Start",
            lambda: self.go(0),
            shortcut=pygame.K_PAGEUP,
            hint="Back to before the first answer.",
            size=theme.SIZE_SMALL,
        )
        self.back_button = Button(
            "‹ Back",
            lambda: self.go(self.target - 1),
            shortcut=pygame.K_LEFT,
            hint="One answer back.",
            size=theme.SIZE_SMALL,
        )
        self.play_button = Button(
            "Play",
            self.toggle_play,
            shortcut=pygame.K_SPACE,
            style="primary",
            hint="Play the answers one after another (speed: AI speed in Settings).",
            size=theme.SIZE_SMALL,
        )
        self.forward_button = Button(
            "Forward ›",
            lambda: self.go(self.target + 1),
            shortcut=pygame.K_RIGHT,
            hint="The next answer.",
            size=theme.SIZE_SMALL,
        )
        self.end_button = Button(
            "End",
            lambda: self.go(self.cursor.length),
            shortcut=pygame.K_PAGEDOWN,
            hint="After the last answer.",
            size=theme.SIZE_SMALL,
        )

    @property
    def buttons(self) -> list[Button]:
        return [
            self.start_button,
            self.back_button,
            self.play_button,
            self.forward_button,
            self.end_button,
        ]

    # -- leaving ------------------------------------------------------------------------------

    def discard(self) -> None:
        if not self.closed:
            self.closed = True
            self.cursor.close()

    def leave(self) -> None:
        """Close the viewer (and anything opened over it); back to where it was opened."""
        self.discard()
        if self in self.app.stack:
            while self.app.stack and self.app.stack[-1] is not self:
                self.app.pop()
            self._back()

    def _pause(self) -> None:  # the Menu button and Esc close the viewer
        self.leave()

    def cancel(self) -> bool:
        return False  # the selection follows the replay; Esc closes the viewer at once

    # -- whose eyes ---------------------------------------------------------------------------

    def viewer(self) -> str | None:
        """The side whose eyes the fog follows: the human side (hotseat: the one that
        decided last); None when no human commanded."""
        return self._viewing

    def watching_sides(self) -> list[str]:
        return list(self._humans)

    def conceals(self, unit: str, side: str) -> bool:
        """A finished battle is shown whole: no one lies hidden any more."""
        return not self.cursor.save.over and super().conceals(unit, side)

    def _follow_viewer(self) -> None:
        d = self.cursor.battle.pending
        if d is not None and d.side in self._humans:
            self._viewing = d.side
        elif self._viewing not in self._humans:
            self._viewing = self._humans[0] if self._humans else None

    # -- stepping -----------------------------------------------------------------------------

    def go(self, position: int) -> None:
        """Ask to stand after ``position`` answers (applied in the next update)."""
        self.target = max(0, min(self.cursor.length, position))
        if self.target >= self.cursor.length:
            self.playing = False

    def toggle_play(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.go(0)  # play again from the start
        self.playing = not self.playing
        self._wait = 0.0

    def _seek(self) -> None:
        if self.closed or self.problem or self.target == self.cursor.position:
            return
        try:
            if self.target == self.cursor.position + 1:
                start = len(self.cursor.battle.events)
                self.cursor.forward()
                self.app.sound.play_events(self.cursor.battle.events[start:])  # heard as played
            else:
                self.cursor.seek(self.target)
        except SaveError as exc:
            self._stop(exc.line)
        except Exception as exc:  # a rules bug met by a saved answer: say it, keep the window
            self._stop(
                f"{self.cursor.path}: the replay broke at answer "
                f"{self.cursor.position + 1}: {type(exc).__name__}: {exc}"
            )
        if self.cursor.battle is not self.engine.battle:  # a step back made a new battle
            self.engine = EngineModel(self.cursor.battle)
            self.model = self.engine
            self.board.source = self.engine
            self.log_feed.reset()
            saw = self._log_sight  # the same answers make the same events: who saw them stays
            self._init_fog()
            self._log_sight = saw
        self._follow_viewer()
        last = self.last_answer()
        unit = getattr(last, "unit", None) if last is not None else None
        self.selected = None if self.fogged_unit(unit) else unit
        self.sheet_unit = None

    def _stop(self, line: str) -> None:
        self.problem = line
        self.playing = False
        self.target = self.cursor.position
        self.app.notify(line)

    def last_answer(self) -> object | None:
        p = self.cursor.position
        return self.cursor.save.answers[p - 1] if p > 0 else None

    def verdict(self) -> str:
        """At the end: whether the replay reached the state hash the save recorded."""
        if not self.cursor.at_end:
            return ""
        if self._verdict is None:
            same = self.cursor.battle.state_hash() == self.cursor.save.state_hash
            self._verdict = (
                "it reaches the saved state"
                if same
                else "it does NOT reach the saved state (the rules or content changed)"
            )
        return self._verdict

    def moving(self) -> bool:
        return not self.closed and (self.playing or self.target != self.cursor.position)

    def advance(self, dt: float) -> None:
        if self.closed:
            return
        if self.playing:
            self._wait -= dt
            if self._wait <= 0:
                self._wait = PLAY_DELAY.get(self.app.settings.ai_speed, 0.5)
                self.go(self.target + 1)
        self._seek()

    # -- input and drawing --------------------------------------------------------------------

    def handle_hud(self, event: pygame.event.Event) -> bool:
        if self.closed:
            return True
        return any(button.handle(event) for button in self.buttons)

    def click_cell(self, cell: tuple[int, int]) -> None:
        super().click_cell(cell)  # select a unit to read its card; nothing is answered

    def draw(self, surface: pygame.Surface) -> None:
        if self.closed:
            return
        super().draw(surface)

    def bar_key(self) -> object:
        mouse = self._mouse()
        return (
            self.cursor.position,
            self.playing,
            self.problem,
            self.bar_rect.size,
            tuple((b.rect.collidepoint(mouse), b._pressed, b.enabled) for b in self.buttons),
        )

    def _layout(self, size: tuple[int, int]) -> None:
        super()._layout(size)
        bar = self.bar_rect
        widths = (70, 84, 84, 104, 64)
        x = bar.right - 12 - sum(widths) - 6 * (len(widths) - 1)
        for button, w in zip(self.buttons, widths, strict=True):
            button.rect = pygame.Rect(x, bar.y + 26, w, 44)
            x += w + 6

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = self.bar_rect
        pygame.draw.rect(surface, colour("wood_dark"), bar)
        pygame.draw.line(surface, colour("wood_light"), bar.topleft, bar.topright, 2)
        c = self.cursor
        x = bar.x + 14
        text_w = self.start_button.rect.x - x - 16
        title = f"Replay · {c.save.title or c.save.map_name}"
        draw_text(
            surface,
            fit_text(title, text_w, "title", theme.SIZE_SMALL + 2),
            (x, bar.y + 8),
            role="title",
            size=theme.SIZE_SMALL + 2,
            fg="gold",
        )
        where = f"Answer {c.position} of {c.length} · round {max(1, c.battle.round)}"
        draw_text(surface, where, (x, bar.y + 36), role="bold", size=theme.SIZE_SMALL, fg="bone")
        last = self.last_answer()
        if self.problem:
            line, tone = self.problem, "health_low"
        elif c.at_end:
            line, tone = f"End of the save: {self.verdict()}.", "parchment_dark"
        elif last is not None and self.fogged_unit(getattr(last, "unit", None)):
            line, tone = "Last: an enemy the fog hides acted.", "parchment_dark"
        elif last is not None:
            who = self.engine.name(getattr(last, "unit", None))
            label = getattr(last, "label", type(last).__name__)
            line, tone = (f"Last: {who}: {label}" if who else f"Last: {label}"), "parchment_dark"
        else:
            line, tone = "Before the first answer. Right arrow steps, Space plays.", "muted"
        draw_text(
            surface,
            fit_text(line, text_w, "italic", theme.SIZE_SMALL),
            (x, bar.y + 62),
            role="italic",
            size=theme.SIZE_SMALL,
            fg=tone,
        )
        self.play_button.label = "Pause" if self.playing else "Play"
        stuck = bool(self.problem)
        self.start_button.set_enabled(c.position > 0, "already at the start")
        self.back_button.set_enabled(c.position > 0, "already at the start")
        self.forward_button.set_enabled(not c.at_end and not stuck, "at the end of the save")
        self.end_button.set_enabled(not c.at_end and not stuck, "at the end of the save")
        self.play_button.set_enabled(not stuck, self.problem)
        for button in self.buttons:
            button.draw(surface)

    def hud_tooltip(self, mouse: tuple[int, int]) -> str:
        for button in self.buttons:
            text = button.tooltip(mouse)
            if text:
                return text
        return super().hud_tooltip(mouse)
