"""Words that fit their button (issue 30: "no label is ever cut"): a label shrinks, then
wraps at word breaks onto as many lines as the room allows; and the small dark badge that
shows a button's key.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.widgets import Button, disabled_look, draw_text
from game.ui.wrapping import MIN_SIZE, fit_lines

__all__ = ["MIN_SIZE", "FittedButton", "draw_key_badge", "fit_lines", "key_name"]


def key_name(key: int) -> str:
    """The key as a badge shows it: "1", "R", "Esc"."""
    return "Esc" if key == pygame.K_ESCAPE else pygame.key.name(key).upper()


def draw_key_badge(
    surface: pygame.Surface, key: int, anchor: dict[str, tuple[int, int]], size: int, bright: bool
) -> pygame.Rect:
    """The key's name on a small dark badge placed by ``anchor`` (e.g. ``topright=``);
    gold when the key does something now, grey when not. Return the badge."""
    image = theme.font("bold", size).render(
        key_name(key), True, theme.colour("gold_bright" if bright else "disabled")
    )
    badge = image.get_rect(**anchor)
    badge.inflate_ip(4, -2)
    pygame.draw.rect(surface, theme.colour("night"), badge, border_radius=3)
    surface.blit(image, image.get_rect(center=badge.center))
    return badge


class FittedButton(Button):
    """A button whose label shrinks or wraps onto two lines to fit inside it, with its
    shortcut key on a badge over its top-left corner."""

    def label_lines(self) -> tuple[tuple[str, ...], int]:
        """The label's lines and type size inside the button (6 px padding each side)."""
        line_h = theme.font("bold", self.size).get_linesize()
        lines = 2 if self.rect.h >= 2 * line_h - 4 else 1
        return fit_lines(self.label, self.rect.w - 12, lines, role="bold", size=self.size)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        label, self.label = self.label, ""
        try:
            super().draw(surface)
        finally:
            self.label = label
        lines, size = self.label_lines()
        step = theme.font("bold", size).get_linesize() - 2
        top = self.rect.centery - (step * len(lines)) // 2 + (1 if self._pressed else 0)
        fg = "bone" if self.style == "wood" else "ink"
        if not self.enabled:
            fg = disabled_look(self.style)[2]
        for i, line in enumerate(lines):
            draw_text(
                surface,
                line,
                (self.rect.centerx, top + i * step),
                role="bold",
                size=size,
                fg=fg,
                anchor="midtop",
            )
        if self.shortcut is not None:
            draw_key_badge(
                surface,
                self.shortcut,
                {"topleft": (self.rect.x - 4, self.rect.y - 8)},
                theme.SIZE_TINY,
                self.enabled,
            )
