"""Small widgets in the house look: panels, buttons, choices, a text field, tooltips.

Widgets draw themselves from the theme's colour names and report clicks
through callbacks. A disabled button keeps its reason, shown as a tooltip, so
the player always learns why something cannot be done (issue 4 · action bar).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.theme import colour, font
from game.ui.wrapping import fit_lines, wrap

Rect = pygame.Rect
BLINK_MS = 500  # a text field's cursor shows and hides this long


def draw_panel(
    surface: pygame.Surface,
    rect: Rect,
    *,
    fill: str = "parchment",
    border: str = "wood_dark",
    radius: int = 8,
    shadow: bool = True,
    alpha: int = 255,
) -> None:
    """A parchment (or other) panel with a dark wooden rim and a soft drop shadow; nothing
    when ``rect`` is empty (a window made too small for it)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    if shadow:
        surface.blit(
            _rounded((rect.w + 8, rect.h + 8), (0, 0, 0, 90), radius + 4), (rect.x - 1, rect.y + 3)
        )
    if alpha < 255:
        surface.blit(_rounded(rect.size, (*colour(fill), alpha), radius), rect.topleft)
    else:
        pygame.draw.rect(surface, colour(fill), rect, border_radius=radius)
    pygame.draw.rect(surface, colour(border), rect, width=2, border_radius=radius)
    inner = rect.inflate(-6, -6)
    if inner.w > 0 and inner.h > 0:
        pygame.draw.rect(
            surface,
            theme.mix(colour(fill), colour(border), 0.25),
            inner,
            width=1,
            border_radius=max(0, radius - 3),
        )


@lru_cache(maxsize=256)
def _rounded(size: tuple[int, int], rgba: tuple[int, int, int, int], radius: int) -> pygame.Surface:
    """A translucent rounded rectangle (panel shadows and see-through panels), cached; at
    least 1 × 1 whatever ``size`` says."""
    layer = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    pygame.draw.rect(layer, rgba, layer.get_rect(), border_radius=radius)
    return layer


@lru_cache(maxsize=2048)
def text_image(text: str, role: str, size: int, rgb: theme.RGB) -> pygame.Surface:
    """Rendered text, cached: the screen redraws the same labels every frame."""
    return font(role, size).render(text, True, rgb)


@lru_cache(maxsize=512)
def _shadow_text(text: str, role: str, size: int) -> pygame.Surface:
    dark = font(role, size).render(text, True, (0, 0, 0))
    dark.set_alpha(150)
    return dark


def draw_close_hint(surface: pygame.Surface, text: str, panel: pygame.Rect) -> None:
    """How to close an overlay, small, in its panel's bottom-right corner."""
    pos = (panel.right - 14, panel.bottom - 8)
    draw_text(surface, text, pos, size=theme.SIZE_TINY, fg="ink_soft", anchor="bottomright")


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    *,
    role: str = "body",
    size: int | None = None,
    fg: str | theme.RGB = "ink",
    anchor: str = "topleft",
    shadow: bool = False,
) -> Rect:
    """Draw one line of text (``size`` by default the body size, scaled with the window);
    return the rectangle it took."""
    size = theme.SIZE_BODY if size is None else size
    rgb = colour(fg) if isinstance(fg, str) else fg
    img = text_image(text, role, size, rgb)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(_shadow_text(text, role, size), rect.move(1, 2))
    surface.blit(img, rect)
    return rect


def fit_text(text: str, width: int, role: str = "body", size: int | None = None) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels, after a whole word when
    that keeps at least half of what fits ("Black Morcar's…", not "Black Morcar's Outla")."""
    f = font(role, theme.SIZE_BODY if size is None else size)
    if f.size(text)[0] <= width:
        return text
    cut = text
    while cut and f.size(cut + "…")[0] > width:
        cut = cut[:-1]
    space = cut.rstrip().rfind(" ")
    if space >= len(cut) // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-—·") + "…"


def draw_paragraphs(
    surface: pygame.Surface,
    text: str,
    rect: Rect,
    *,
    role: str = "body",
    size: int | None = None,
    fg: str = "ink",
    line_gap: int = 3,
) -> int:
    """Wrapped text inside ``rect``; return the height used. Text that does not fit ends
    with an ellipsis on the last line that does, never with a line cut off unseen."""
    size = theme.SIZE_BODY if size is None else size
    f = font(role, size)
    lines = wrap(text, rect.w, role, size)
    room = max(0, (rect.h - f.get_height()) // (f.get_height() + line_gap) + 1)
    if room < len(lines):
        lines = lines[:room]
        if lines:  # the last line that fits says there is more
            words = lines[-1].split(" ")
            while len(words) > 1 and f.size(" ".join(words) + " …")[0] > rect.w:
                words.pop()
            lines[-1] = " ".join(words).rstrip(",;:") + " …"
    y = rect.y
    for line in lines:
        if line:
            surface.blit(text_image(line, role, size, colour(fg)), (rect.x, y))
        y += f.get_height() + line_gap
    return y - rect.y


@dataclass
class Tooltip:
    """Text shown near the mouse after a short hover."""

    text: str = ""

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> Rect | None:
        """Draw near ``mouse``, kept inside the window and off the pointer; its rect."""
        if not self.text:
            return None
        lines = wrap(self.text, 320, "body", theme.SIZE_SMALL)
        f = font("body", theme.SIZE_SMALL)
        w = max(f.size(line)[0] for line in lines) + 20
        h = len(lines) * (f.get_height() + 2) + 14
        rect = Rect(mouse[0] + 16, mouse[1] + 18, w, h)
        rect.clamp_ip(surface.get_rect())
        if rect.collidepoint(mouse):
            rect.bottom = mouse[1] - 8
            rect.clamp_ip(surface.get_rect())
        draw_panel(surface, rect, fill="wood_dark", border="gold", radius=5)
        y = rect.y + 7
        for line in lines:
            surface.blit(
                text_image(line, "body", theme.SIZE_SMALL, colour("bone")), (rect.x + 10, y)
            )
            y += f.get_height() + 2
        return rect


_feedback: list[Callable[[str], None]] = []  # the app's sound board, once it has one


def set_feedback(play: Callable[[str], None] | None) -> None:
    """Where the widgets' sounds go (``SoundBoard.play``; None: nowhere)."""
    _feedback[:] = [play] if play is not None else []


def feedback(name: str) -> None:
    """A widget's sound: "ui_click" (used), "refused" (disabled), "ui_hover" (entered)."""
    for play in _feedback:
        play(name)


class Widget:
    """Something on screen that may take events and may have a tooltip."""

    rect: Rect
    visible: bool = True

    def handle(self, event: pygame.event.Event) -> bool:
        """React to ``event``; return True if it was used up."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def tooltip(self, mouse: tuple[int, int]) -> str:
        return ""


def disabled_look(style: str) -> tuple[str, str, str]:
    """Fill, border and text colour names of a disabled button of ``style``: sunk into
    what is behind it with low-contrast text (a wood or gold button sits on dark wood, a
    flat one on parchment), so it never reads as highlighted."""
    if style == "flat":
        return "parchment", "parchment_dark", "disabled_on_light"
    return "wood_dark", "wood", "disabled"


class Button(Widget):
    """A clickable label; disabled buttons say why in their tooltip."""

    def __init__(
        self,
        label: str,
        on_click: Callable[[], None],
        rect: Rect | None = None,
        *,
        shortcut: int | None = None,
        hint: str = "",
        style: str = "wood",
        icon: pygame.Surface | None = None,
        size: int = theme.SIZE_BODY,
        on_refused: Callable[[str], None] | None = None,
    ) -> None:
        self.label = label
        self.on_click = on_click
        self.on_refused = on_refused  # told the reason when a disabled button is used
        self.rect = rect or Rect(0, 0, 160, 40)
        self.shortcut = shortcut
        self.hint = hint
        self.style = style  # "wood" (on dark), "primary" (gold), "flat" (on parchment)
        self.icon = icon
        self.size = size
        self.enabled = True
        self.reason = ""  # why it is disabled
        self.selected = False
        self._pressed = False
        self._hovered: bool | None = None  # None until first drawn (no sound at start)

    def set_enabled(self, enabled: bool, reason: str = "") -> None:
        self.enabled = enabled
        self.reason = "" if enabled else reason

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self._pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self._use()
                return True
        elif event.type == pygame.KEYDOWN and self.shortcut is not None:
            if event.key == self.shortcut and (self.enabled or self.on_refused is not None):
                self._use()
                return True
        return False

    def _use(self) -> None:
        feedback("ui_click" if self.enabled else "refused")
        if self.enabled:
            self.on_click()
        elif self.on_refused is not None:
            self.on_refused(self.reason)

    def _hover_sound(self, hover: bool) -> None:
        """A soft tick when the pointer newly enters an enabled button."""
        if hover and self._hovered is False and self.enabled:
            feedback("ui_hover")
        self._hovered = hover

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        hover = self.rect.collidepoint(pygame.mouse.get_pos())
        self._hover_sound(hover)
        if self.style == "primary":
            fill, border, fg = "gold", "wood_dark", "ink"
            if hover and self.enabled:
                fill = "gold_bright"
        elif self.style == "flat":
            fill, border, fg = "parchment_dark", "wood", "ink"
            if hover and self.enabled:
                fill = "parchment_shade"
        else:
            fill, border, fg = "wood", "wood_light", "bone"
            if hover and self.enabled:
                fill, border = "wood_light", "gold"
        if self.selected:
            border = "gold_bright"
        if not self.enabled:  # dim and flat, never brighter than an enabled button
            fill, border, fg = disabled_look(self.style)
        rect = self.rect.move(0, 1) if self._pressed else self.rect
        # a flat button sits on parchment: no drop shadow spilling past the panel's edge
        # (play-test 3: the lesson's Skip button looked off-centre in its box)
        shadow = self.enabled and self.style != "flat"
        draw_panel(surface, rect, fill=fill, border=border, radius=6, shadow=shadow)
        if self.selected:
            pygame.draw.rect(surface, colour("gold_bright"), rect, width=3, border_radius=6)
        content_x = rect.centerx
        if self.icon is not None:
            icon = self.icon
            if not self.enabled:
                icon = icon.copy()
                icon.set_alpha(90)
            if self.label:
                text_w = font("bold", self.size).size(self.label)[0]
                total = icon.get_width() + 6 + text_w
                ix = rect.centerx - total // 2
                surface.blit(icon, icon.get_rect(midleft=(ix, rect.centery)))
                content_x = ix + icon.get_width() + 6 + text_w // 2
            else:
                surface.blit(icon, icon.get_rect(center=rect.center))
        if self.label:
            draw_text(
                surface,
                self.label,
                (content_x, rect.centery),
                role="bold",
                size=self.size,
                fg=fg,
                anchor="center",
            )

    def tooltip(self, mouse: tuple[int, int]) -> str:
        if not self.visible or not self.rect.collidepoint(mouse):
            return ""
        parts = [self.hint] if self.hint else []
        if self.shortcut is not None:
            parts.append(f"[{pygame.key.name(self.shortcut).upper()}]")
        if not self.enabled and self.reason:
            parts.append(f"Not now: {self.reason}")
        return "  ".join(parts)


class Choice(Widget):
    """A labelled value that cycles through options with ‹ and › arrows (or a click)."""

    def __init__(
        self,
        label: str,
        options: Sequence[str],
        index: int = 0,
        rect: Rect | None = None,
        on_change: Callable[[str], None] | None = None,
        hint: str = "",
        label_width: int = 140,
        words: Mapping[str, str] | None = None,
    ) -> None:
        self.label = label
        self.options = list(options)
        self.words = dict(words or {})  # what is shown for an option, if not the option
        self.index = index
        self.rect = rect or Rect(0, 0, 300, 36)
        self.on_change = on_change
        self.hint = hint
        self.label_width = label_width  # at most; never more than half the width

    @property
    def value(self) -> str:
        return self.options[self.index]

    def set_value(self, value: str) -> None:
        if value in self.options:
            self.index = self.options.index(value)

    def _arrows(self) -> tuple[Rect, Rect]:
        box = self._box()
        left = Rect(box.x, box.y, 28, box.h)
        right = Rect(box.right - 28, box.y, 28, box.h)
        return left, right

    def _box(self) -> Rect:
        """The value's box; a label longer than ``label_width`` takes the room the
        widest value leaves (play-test: names wrapped beside a half-empty box)."""
        label_w = min(self.label_width, self.rect.w // 2)
        need = font("bold", theme.SIZE_SMALL + 1).size(self.label)[0] + 8
        if need > label_w:
            shown = [self.words.get(o, o) for o in self.options] or ["—"]
            value_font = font("body", theme.SIZE_SMALL + 2)
            least = max(value_font.size(t)[0] for t in shown) + 2 * 28 + 16
            label_w = max(label_w, min(need, self.rect.w - least))
        return Rect(self.rect.x + label_w, self.rect.y, self.rect.w - label_w, self.rect.h)

    def step(self, delta: int) -> None:
        if not self.options:
            return
        self.index = (self.index + delta) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self._box().collidepoint(event.pos):
                return False
            left, _right = self._arrows()
            feedback("ui_click")
            self.step(-1 if left.collidepoint(event.pos) else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self._box().collidepoint(pygame.mouse.get_pos()):
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        box = self._box()

        # a long label takes a smaller type and two lines before it loses words (play-test:
        # "Garrison of…" in the menu's narrow setup column)
        room, size = box.x - self.rect.x - 8, theme.SIZE_SMALL + 1
        two = self.rect.h >= 2 * font("bold", theme.SIZE_TINY).get_linesize() - 6
        lines, at = fit_lines(self.label, room, 2 if two else 1, role="bold", size=size,
                              least=theme.SIZE_TINY)  # fmt: skip
        if not lines:
            lines, at = (fit_text(self.label, room, "bold", size),), size
        step = font("bold", at).get_linesize() - 2
        top = self.rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            draw_text(surface, line, (self.rect.x, top + i * step), role="bold", size=at,
                      fg="ink", anchor="topleft")  # fmt: skip
        hover = box.collidepoint(pygame.mouse.get_pos())
        draw_panel(
            surface,
            box,
            fill="parchment_shade" if hover else "parchment_dark",
            border="wood",
            radius=5,
            shadow=False,
        )
        left, right = self._arrows()
        draw_text(surface, "‹", left.center, role="bold", size=26, fg="wood", anchor="center")
        draw_text(surface, "›", right.center, role="bold", size=26, fg="wood", anchor="center")
        draw_text(
            surface,
            self.words.get(self.value, self.value) if self.options else "—",
            box.center,
            role="body",
            size=theme.SIZE_SMALL + 2,
            fg="ink",
            anchor="center",
        )

    def tooltip(self, mouse: tuple[int, int]) -> str:
        return self.hint if self.rect.collidepoint(mouse) else ""


class TextField(Widget):
    """A one-line text box; ``allowed`` limits the characters it takes."""

    def __init__(
        self,
        label: str,
        text: str = "",
        rect: Rect | None = None,
        *,
        allowed: str | None = None,
        max_len: int = 12,
        placeholder: str = "",
        hint: str = "",
    ) -> None:
        self.label = label
        self.text = text
        self.rect = rect or Rect(0, 0, 300, 36)
        self.allowed = allowed
        self.max_len = max_len
        self.placeholder = placeholder
        self.hint = hint
        self.focused = False

    def _box(self) -> Rect:
        label_w = min(140, self.rect.w // 2)
        return Rect(self.rect.x + label_w, self.rect.y, self.rect.w - label_w, self.rect.h)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self._box().collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focused = False
                return True
            return True  # typing goes to the field, not to shortcuts
        if event.type == pygame.TEXTINPUT:
            for ch in event.text:
                if (self.allowed is None or ch in self.allowed) and len(self.text) < self.max_len:
                    self.text += ch
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        draw_text(
            surface,
            self.label,
            (self.rect.x, self.rect.centery),
            role="bold",
            size=theme.SIZE_SMALL + 1,
            fg="ink",
            anchor="midleft",
        )
        box = self._box()
        pygame.draw.rect(surface, colour("bone"), box, border_radius=5)
        pygame.draw.rect(
            surface, colour("gold" if self.focused else "wood"), box, width=2, border_radius=5
        )
        shown = self.text or self.placeholder
        fg = "ink" if self.text else "muted"
        r = draw_text(
            surface,
            shown,
            (box.x + 10, box.centery),
            size=theme.SIZE_SMALL + 2,
            fg=fg,
            anchor="midleft",
        )
        if self.focused and (pygame.time.get_ticks() // BLINK_MS) % 2 == 0:
            x = box.x + 10 + (r.w if self.text else 0) + 1
            pygame.draw.line(surface, colour("ink"), (x, box.y + 7), (x, box.bottom - 7), 2)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        return self.hint if self.rect.collidepoint(mouse) else ""

    def next_blink(self) -> float | None:
        """Seconds until the cursor blinks (None while the field is not being typed in)."""
        if not self.focused:
            return None
        return (BLINK_MS - pygame.time.get_ticks() % BLINK_MS) / 1000
