"""Screens drawn over others: settings, the Esc menu, the hotseat hand-off, the
confirm and chooser dialogs (the victory screen is in victory_scene.py).

Issue 4 · Solo and hotseat: the hand-off screen hides the board completely
between two human sides; the Esc menu offers resume, settings, back to the
menu and quit; the settings cover window size, fullscreen, AI speed and
reaction prompts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import pygame

from game.ui import theme
from game.ui.app import Scene
from game.ui.background import backdrop
from game.ui.settings import AI_SPEEDS, REACTION_PROMPTS, window_sizes
from game.ui.theme import colour
from game.ui.widgets import (
    Button,
    Choice,
    Widget,
    draw_panel,
    draw_paragraphs,
    draw_text,
    fit_text,
    wrap,
)


def _title_w(text: str, size: int) -> int:
    return theme.font("title", size).size(text)[0]


def fitted_headline(text: str, width: int) -> tuple[str, int]:
    """``text`` at the title size, or smaller (down to the heading size) to fit ``width``,
    cut with an ellipsis only when even that is too wide (play-test 12: a hand-off's "The
    Black Tusk War Band to move" ran off both edges of a 960x540 window)."""
    size = theme.SIZE_TITLE
    while size > theme.SIZE_HEADING and _title_w(text, size) > width:
        size -= 2
    return fit_text(text, width, "title", size), size


def _dim(surface: pygame.Surface, alpha: int = 150) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


class _Dialog(Scene):
    """A centred parchment panel over a dimmed screen, with a column of widgets."""

    opaque = False
    title = ""
    width = 460

    def __init__(self) -> None:
        self.items: list[Widget] = []
        self._size: tuple[int, int] = (0, 0)
        self.panel = pygame.Rect(0, 0, self.width, 200)

    def _layout(self, size: tuple[int, int]) -> None:
        self._size = size
        rows = sum(w.rect.h for w in self.items)
        room = size[1] - 16 - 108 - rows  # the gaps close up in a short window
        gap = max(2, min(12, room // max(1, len(self.items))))
        h = 96 + rows + gap * len(self.items) + 12
        self.panel = pygame.Rect(0, 0, self.width, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + 84
        for widget in self.items:
            widget.rect.w = self.width - 64
            widget.rect.topleft = (self.panel.x + 32, y)
            y += widget.rect.h + gap

    def handle(self, event: pygame.event.Event) -> None:
        if self.widgets_take(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def widgets_take(self, event: pygame.event.Event) -> bool:
        """Whether one of the dialog's widgets took ``event`` (laid out for the window's
        size first)."""
        if self._size != self.app.screen.get_size():
            self._layout(self.app.screen.get_size())
        return any(widget.handle(event) for widget in self.items)

    def close(self) -> None:
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self._layout(surface.get_size())
        _dim(surface)
        draw_panel(surface, self.panel, fill="parchment", border="wood_dark")
        draw_text(
            surface,
            self.title,
            (self.panel.centerx, self.panel.y + 28),
            role="title",
            size=theme.SIZE_HEADING,
            fg="ink",
            anchor="midtop",
        )
        for widget in self.items:
            widget.draw(surface)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        for widget in self.items:
            text = widget.tooltip(mouse)
            if text:
                return text
        return ""


VOLUME_STEPS: tuple[str, ...] = tuple(f"{p}%" for p in range(0, 101, 10))


def volume_step(value: float) -> int:
    """The index in ``VOLUME_STEPS`` nearest to a volume 0..1."""
    return max(0, min(len(VOLUME_STEPS) - 1, round(value * 10)))


class SettingsScene(_Dialog):
    """Window size, fullscreen, AI speed, reaction prompts, grid overlay, the master and
    effects volume and mute (M); saved on Done."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()

    def enter(self) -> None:
        if self.items:
            return
        s = self.app.settings
        # the window as it is (issue 30: "Window 1280 × 720" in a 1920×1080 window),
        # among the offered sizes smallest first (play-test: 960×540 came first, 1024×640 last)
        w, h = s.window if s.fullscreen else self.app.screen.get_size()
        current = f"{w} × {h}"
        sizes = [f"{w} × {h}" for w, h in window_sizes((w, h))]
        self.window = Choice("Window", sizes, sizes.index(current), hint="Window size.")
        self.fullscreen = Choice("Fullscreen", ["off", "on"], int(s.fullscreen))
        self.ai_speed = Choice(
            "AI speed",
            list(AI_SPEEDS),
            AI_SPEEDS.index(s.ai_speed),
            hint="How fast AI turns are animated; 'instant' skips them.",
        )
        self.prompts = Choice(
            "Reactions",
            list(REACTION_PROMPTS),
            REACTION_PROMPTS.index(s.reaction_prompts),
            hint="When to ask before your units use an Instant action (Total Defense, Snap "
            "Attack, a held action): always, only when it could change the outcome, or never.",
        )
        self.grid = Choice("Grid lines", ["off", "on"], int(s.grid_overlay), hint="Toggle with G.")
        self.master = Choice(
            "Volume", list(VOLUME_STEPS), volume_step(s.volume_master), hint="All sound."
        )
        self.effects = Choice(
            "Effects", list(VOLUME_STEPS), volume_step(s.volume_effects), hint="Battle sounds."
        )
        self.mute = Choice(
            "Sound", ["on", "muted"], int(s.muted), hint="M here, Ctrl+M anywhere: mute."
        )
        done = Button("Done", self._done, style="primary", hint="Save and close.")
        cancel = Button("Cancel", self.close, style="flat")
        self.items = [
            self.window,
            self.fullscreen,
            self.ai_speed,
            self.prompts,
            self.grid,
            self.master,
            self.effects,
            self.mute,
            done,
            cancel,
        ]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_m:
            self.mute.step(1)  # M: mute or unmute (saved with Done)
            return
        super().handle(event)

    def _done(self) -> None:
        w, h = (int(p) for p in self.window.value.split(" × "))
        old = self.app.settings
        new = replace(
            old,
            window=(w, h),
            fullscreen=self.fullscreen.value == "on",
            ai_speed=self.ai_speed.value,
            reaction_prompts=self.prompts.value,
            grid_overlay=self.grid.value == "on",
            volume_master=int(self.master.value.rstrip("%")) / 100,
            volume_effects=int(self.effects.value.rstrip("%")) / 100,
            muted=self.mute.value == "muted",
        )
        self.app.save_settings(new)
        if (new.window, new.fullscreen) != (old.window, old.fullscreen):
            self.app.apply_window_settings()
        self.close()


class PauseScene(_Dialog):
    """The Esc menu during a battle."""

    title = "Paused"
    width = 380

    def __init__(
        self,
        back_to_menu: Callable[[], None],
        *,
        on_save: Callable[[], object] | None = None,
        on_load: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.items = [
            Button("Resume", self.close, style="primary", hint="Back to the battle [Esc]."),
        ]
        if on_save is not None:
            self.on_save = on_save
            self.items.append(
                Button("Save", self._save, hint="Save this battle as a new file (F5 quicksaves).")
            )
        if on_load is not None:
            self.items.append(
                Button(
                    "Load", on_load, hint="Open a saved battle or watch a replay (F9 quickloads)."
                )
            )
        back_hint = "Leave this battle (it is autosaved: Continue resumes it)."
        if on_save is None:
            back_hint = "Abandon this battle."
        self.items += [
            Button("Settings", self._settings),
            Button("Back to menu", back_to_menu, hint=back_hint),
            Button("Quit", self._quit, hint="Leave Shieldwall."),
        ]

    def _save(self) -> None:
        self.on_save()
        self.close()

    def _settings(self) -> None:
        self.app.push(SettingsScene())

    def _quit(self) -> None:
        self.app.quit()


class HandOffScene(Scene):
    """Between two human sides: the board is hidden until the next player clicks. Also
    before a reaction prompt for the side that is not acting (``reacting`` names the
    unit), and back to the acting side afterwards."""

    opaque = True

    def __init__(
        self,
        side_name: str,
        side_colour: str,
        round_no: int,
        on_ready: Callable[[], None] | None = None,
        *,
        reacting: str | None = None,
        round_words: str = "",
    ) -> None:
        self.side_name = side_name
        self.side_colour = side_colour
        self.round_no = round_no
        self.round_words = round_words or f"Round {round_no}"  # or a turn before round 1
        self.on_ready = on_ready
        self.reacting = reacting  # the unit offered a reaction, when that is the reason

    def handle(self, event: pygame.event.Event) -> None:
        ready = (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        )
        if ready:
            self.app.pop()
            if self.on_ready:
                self.on_ready()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(backdrop((w, h)), (0, 0))
        band = pygame.Rect(0, h // 2 - 110, w, 220)
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        layer.fill((*colour(self.side_colour), 70))
        surface.blit(layer, band)
        pygame.draw.line(surface, colour(self.side_colour), band.topleft, band.topright, 3)
        pygame.draw.line(surface, colour(self.side_colour), band.bottomleft, band.bottomright, 3)
        draw_text(
            surface,
            self.round_words,
            (w // 2, band.y + 24),
            role="title",
            size=theme.SIZE_BODY,
            fg="parchment_dark",
            anchor="midtop",
        )
        headline = f"{self.side_name} to move"
        prompt = "Pass the mouse to the next player — click when ready"
        if self.reacting is not None:
            headline = f"{self.side_name} may react"
            prompt = f"{self.reacting} may answer the attack. Pass the mouse — click when ready"
        headline, size = fitted_headline(headline, w - 48)
        draw_text(
            surface,
            headline,
            (w // 2, h // 2 - 8),
            role="title",
            size=size,
            fg="bone",
            anchor="center",
            shadow=True,
        )
        draw_text(
            surface,
            fit_text(prompt, w - 48, "italic"),
            (w // 2, band.bottom - 28),
            role="italic",
            size=theme.SIZE_BODY,
            fg="parchment",
            anchor="midbottom",
        )


class ConfirmScene(_Dialog):
    """Asks before something that cannot be taken back: a message, Confirm (Enter) and
    Cancel (Esc)."""

    width = 520

    def __init__(self, title: str, message: str, confirm: str, on_confirm: Callable[[], None]):
        super().__init__()
        self.title = title
        self.message = message
        self.on_confirm = on_confirm
        self.items = [
            Button(confirm, self._confirm, style="primary", shortcut=pygame.K_RETURN),
            Button("Cancel", self.close, hint="Back to the battle [Esc]."),
        ]

    def _layout(self, size: tuple[int, int]) -> None:
        lines = wrap(self.message, self.width - 64, "body", theme.SIZE_SMALL + 1)
        self._text_h = len(lines) * (theme.font("body", theme.SIZE_SMALL + 1).get_height() + 3)
        super()._layout(size)
        self.panel.h += self._text_h + 8
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + 84 + self._text_h + 8
        for widget in self.items:
            widget.rect.topleft = (self.panel.x + 32, y)
            y += widget.rect.h + 12

    def _confirm(self) -> None:
        self.close()
        self.on_confirm()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_paragraphs(
            surface,
            self.message,
            pygame.Rect(self.panel.x + 32, self.panel.y + 78, self.width - 64, self._text_h + 4),
            size=theme.SIZE_SMALL + 1,
            fg="ink_soft",
        )


NUMBER_KEYS = (
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_5,
    pygame.K_6,
    pygame.K_7,
    pygame.K_8,
    pygame.K_9,
)


MAX_CHOOSER_W = 900  # inside the smallest window (settings.MIN_WINDOW)


class ChooserScene(_Dialog):
    """Which one? A button per choice (keys 1–9 pick, Esc cancels): for an action whose
    answers have no square to click, such as Ready Item with two weapons in the pack."""

    width = 380

    def __init__(self, title: str, choices: Sequence[tuple[str, Callable[[], object]]]) -> None:
        super().__init__()
        self.title = title
        self.buttons = [
            Button(
                f"{n}. {label}" if n <= len(NUMBER_KEYS) else label,
                partial(self._choose, pick),
                style="primary",
                shortcut=NUMBER_KEYS[n - 1] if n <= len(NUMBER_KEYS) else None,
            )
            for n, (label, pick) in enumerate(choices, start=1)
        ]
        self.buttons.append(Button("Cancel", self.close, hint="Back to the battle [Esc]."))
        self.items = list(self.buttons)
        longest = max(theme.font("bold", theme.SIZE_BODY).size(b.label)[0] for b in self.buttons)
        self.width = min(MAX_CHOOSER_W, max(ChooserScene.width, longest + 100))

    def _choose(self, pick: Callable[[], object]) -> None:
        self.close()
        pick()
