"""The legend (F1 or ?): what the board's colours, outlines and markers mean, and the
battle screen's keys (issue 4 play-test #33). Drawn over the dimmed battle; any key or
click closes it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme
from game.ui.app import Scene
from game.ui.board import DASHED, draw_dashed
from game.ui.theme import colour
from game.ui.tokens import MARKERS, marker_badge
from game.ui.widgets import draw_panel, draw_text

OPEN_KEYS = (pygame.K_F1,)  # and "?" (L is an action shortcut)
ROW_H = 24
MARKER_H = 38  # a marker's name, and what it does below it
Swatch = Callable[[pygame.Surface, pygame.Rect], None]


def _fill(name: str, alpha: int = 110) -> Swatch:
    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        tint = pygame.Surface(r.size, pygame.SRCALPHA)
        tint.fill((*colour(name), alpha))
        pygame.draw.rect(surface, colour("health_full"), r)
        surface.blit(tint, r)

    return draw


def _outline(name: str) -> Swatch:
    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, colour("health_full"), r)
        pygame.draw.rect(surface, colour(name), r, 2)

    return draw


def _line(name: str) -> Swatch:
    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        line = draw_dashed if name in DASHED else pygame.draw.line
        line(surface, colour("shadow"), (r.x, r.centery + 2), (r.right, r.centery + 2), 4)
        line(surface, colour(name), (r.x, r.centery), (r.right, r.centery), 3)

    return draw


def _provoking(surface: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.rect(surface, colour("health_full"), r)
    pygame.draw.rect(surface, colour("aoo"), r, 3)
    surface.blit(marker_badge("crossed-swords", "aoo", 12), (r.x - 3, r.y - 3))


def _badge(icon: str, fill: str) -> Swatch:
    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        surface.blit(marker_badge(icon, fill, r.h), (r.x + (r.w - r.h) // 2, r.y))

    return draw


BOARD: tuple[tuple[Swatch, str], ...] = (
    (_fill("move_range"), "Where one Move takes the unit (cost in feet)"),
    (_outline("run_range"), "Run: further, but provokes"),
    (_outline("charge_range"), "Charge: where a charge can end"),
    (_outline("target"), "An enemy you can attack now"),
    (_line("path"), "The hovered path"),
    (_provoking, "Leaving this square provokes (tooltip: who)"),
    (_line("cover_line_clear"), "Cover line to a corner: clear"),
    (_line("cover_line_blocked"), "Cover line to a corner: blocked"),
    (_outline("cover_source"), "What gives the hovered target its cover"),
    (_fill("fog", 200), "Fog: none of your units sees it"),
)

KEYS: tuple[tuple[str, str], ...] = (
    ("Click", "select, move, attack; right-click: unit sheet"),
    ("1-9, 0, R, T …", "pick an action of the bar"),
    ("E", "end this unit's turn"),
    ("End", "end your side's turn"),
    ("Z", "undo a move (until a die is rolled)"),
    ("Esc", "drop the picked action; the menu"),
    ("Drag, WASD, arrows", "pan"),
    ("Wheel, + and -", "zoom"),
    ("G / Home", "grid / fit the map"),
    ("Space", "skip the animation"),
    ("F5 / F9", "quicksave / quickload"),
    ("F11 / F12", "fullscreen / screenshot"),
    ("F1 or ?", "this legend"),
)


def opens_legend(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and (
        event.key in OPEN_KEYS or getattr(event, "unicode", "") == "?"
    )


class LegendScene(Scene):
    opaque = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        markers = [(m, k) for k, m in MARKERS.items()]
        tall = max((len(BOARD) + len(KEYS) + 2) * ROW_H, len(markers) * MARKER_H + ROW_H)
        panel = pygame.Rect(0, 0, min(w - 20, 1040), min(h - 20, 110 + tall))
        panel.center = (w // 2, h // 2)
        draw_panel(surface, panel, fill="parchment", border="wood_dark")
        draw_text(
            surface,
            "Legend",
            (panel.centerx, panel.y + 14),
            role="title",
            size=theme.SIZE_HEADING,
            fg="ink",
            anchor="midtop",
        )
        half = panel.w // 2
        left = pygame.Rect(panel.x + 24, panel.y + 62, half - 36, panel.h - 80)
        right = pygame.Rect(panel.x + half + 12, panel.y + 62, half - 36, panel.h - 80)
        y = self._heading(surface, "On the board", left.x, left.y)
        for swatch, text in BOARD:
            swatch(surface, pygame.Rect(left.x, y + 3, 30, ROW_H - 6))
            y = self._row(surface, text, left.x + 40, y)
        y = self._heading(surface, "Keys", left.x, y + 8)
        for key, text in KEYS:
            draw_text(surface, key, (left.x, y), role="bold", size=theme.SIZE_SMALL, fg="ink")
            y = self._row(surface, text, left.x + 150, y)
        y = self._heading(surface, "Markers on a token", right.x, right.y)
        for marker, _key in markers:
            surface.blit(marker_badge(marker.icon, marker.colour, 20), (right.x, y + 2))
            draw_text(surface, marker.label, (right.x + 30, y), role="bold", size=theme.SIZE_SMALL)
            draw_text(
                surface,
                marker.effect,
                (right.x + 30, y + 19),
                size=theme.SIZE_TINY,
                fg="ink_soft",
            )
            y += MARKER_H
        draw_text(
            surface,
            "Any key or click closes",
            (panel.right - 16, panel.bottom - 10),
            size=theme.SIZE_TINY,
            fg="ink_soft",
            anchor="bottomright",
        )

    @staticmethod
    def _heading(surface: pygame.Surface, text: str, x: int, y: int) -> int:
        draw_text(surface, text, (x, y), role="title", size=theme.SIZE_SMALL + 2, fg="wood")
        return y + ROW_H + 4

    @staticmethod
    def _row(surface: pygame.Surface, text: str, x: int, y: int, fg: str = "ink") -> int:
        draw_text(surface, text, (x, y), size=theme.SIZE_SMALL, fg=fg)
        return y + ROW_H
