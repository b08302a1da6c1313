"""Screens drawn over others: settings, the Esc menu, the hotseat hand-off, victory.

Issue 4 · Solo and hotseat: the hand-off screen hides the board completely
between two human sides; the Esc menu offers resume, settings, back to the
menu and quit; the settings cover window size, fullscreen, AI speed and
reaction prompts.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from game.ui import theme
from game.ui.app import Scene
from game.ui.background import backdrop
from game.ui.settings import AI_SPEEDS, REACTION_PROMPTS, WINDOW_SIZES
from game.ui.theme import colour
from game.ui.widgets import Button, Choice, Widget, draw_panel, draw_paragraphs, draw_text


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
        h = 96 + sum(w.rect.h + 12 for w in self.items) + 12
        self.panel = pygame.Rect(0, 0, self.width, h)
        self.panel.center = (size[0] // 2, size[1] // 2)
        y = self.panel.y + 84
        for widget in self.items:
            widget.rect.w = self.width - 64
            widget.rect.topleft = (self.panel.x + 32, y)
            y += widget.rect.h + 12

    def handle(self, event: pygame.event.Event) -> None:
        if self._size != self.app.screen.get_size():
            self._layout(self.app.screen.get_size())
        for widget in self.items:
            if widget.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

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


class SettingsScene(_Dialog):
    """Window size, fullscreen, AI speed, reaction prompts, grid overlay; saved on Done."""

    title = "Settings"

    def __init__(self) -> None:
        super().__init__()

    def enter(self) -> None:
        if self.items:
            return
        s = self.app.settings
        sizes = [f"{w} × {h}" for w, h in WINDOW_SIZES]
        current = f"{s.window[0]} × {s.window[1]}"
        if current not in sizes:
            sizes.insert(0, current)
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
        done = Button("Done", self._done, style="primary", hint="Save and close.")
        cancel = Button("Cancel", self.close, style="flat")
        self.items = [
            self.window,
            self.fullscreen,
            self.ai_speed,
            self.prompts,
            self.grid,
            done,
            cancel,
        ]

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
                Button("Load", on_load, hint="Open a saved battle or watch a replay (F9 "
                       "quickloads).")
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
    ) -> None:
        self.side_name = side_name
        self.side_colour = side_colour
        self.round_no = round_no
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
            f"Round {self.round_no}",
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
        draw_text(
            surface,
            headline,
            (w // 2, h // 2 - 8),
            role="title",
            size=theme.SIZE_TITLE,
            fg="bone",
            anchor="center",
            shadow=True,
        )
        draw_text(
            surface,
            prompt,
            (w // 2, band.bottom - 28),
            role="italic",
            size=theme.SIZE_BODY,
            fg="parchment",
            anchor="midbottom",
        )


class VictoryScene(Scene):
    """The end of a battle: who won, and a summary table; back to the menu."""

    opaque = False

    def __init__(
        self,
        headline: str,
        colour_name: str,
        lines: Sequence[tuple[str, str]],
        detail: str,
        back_to_menu: Callable[[], None],
    ) -> None:
        self.headline = headline
        self.colour_name = colour_name
        self.lines = list(lines)
        self.detail = detail
        self.button = Button(
            "Back to menu", back_to_menu, style="primary", shortcut=pygame.K_RETURN
        )

    def handle(self, event: pygame.event.Event) -> None:
        self.button.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface, 170)
        w, h = surface.get_size()
        body = 84 + 18 + (68 if self.detail else 0) + 30 * len(self.lines) + 96
        panel = pygame.Rect(0, 0, min(640, w - 80), min(body, h - 80))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, fill="parchment", border="wood_dark")
        band = pygame.Rect(panel.x + 3, panel.y + 3, panel.w - 6, 84)
        pygame.draw.rect(
            surface,
            colour(self.colour_name),
            band,
            border_top_left_radius=6,
            border_top_right_radius=6,
        )
        draw_text(
            surface,
            self.headline,
            band.center,
            role="title",
            size=theme.SIZE_TITLE - 14,
            fg=theme.readable_on(colour(self.colour_name)),
            anchor="center",
            shadow=True,
        )
        y = band.bottom + 18
        if self.detail:
            y += (
                draw_paragraphs(
                    surface,
                    self.detail,
                    pygame.Rect(panel.x + 32, y, panel.w - 64, 60),
                    role="italic",
                    fg="ink_soft",
                )
                + 8
            )
        for label, value in self.lines:
            draw_text(surface, label, (panel.x + 40, y), role="bold", fg="ink")
            draw_text(surface, value, (panel.right - 40, y), fg="ink", anchor="topright")
            y += 30
            pygame.draw.line(
                surface, colour("parchment_dark"), (panel.x + 36, y - 4), (panel.right - 36, y - 4)
            )
        self.button.rect = pygame.Rect(0, 0, 240, 48)
        self.button.rect.midbottom = (panel.centerx, panel.bottom - 22)
        self.button.draw(surface)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        return self.button.tooltip(mouse)
