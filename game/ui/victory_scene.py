"""The victory screen drawn over the battle: who won, a table per side (or per unit),
and what next (split from overlays.py, which keeps the other dialogs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui import theme
from game.ui.app import Scene
from game.ui.overlays import _dim, _title_w
from game.ui.theme import colour
from game.ui.victory_tables import (
    SideSummary,
    UnitSummary,
    draw_side_table,
    draw_unit_table,
    table_width,
)
from game.ui.widgets import (
    Button,
    draw_panel,
    draw_paragraphs,
    draw_text,
    fit_text,
)

UP_KEYS = (pygame.K_UP, pygame.K_KP8)
SCROLL_KEYS = (
    *UP_KEYS, pygame.K_DOWN, pygame.K_KP2, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END,
)  # fmt: skip


class VictoryScene(Scene):
    """The end of a battle: who won, a table per side, and what next (#36): watch the
    battle again in the replay viewer, play it again with new dice or the same seed, or go
    back to the menu (Enter)."""

    opaque = False

    def __init__(
        self,
        headline: str,
        colour_name: str,
        rounds: int,
        sides: Sequence[SideSummary],
        detail: str,
        back_to_menu: Callable[[], None],
        *,
        play_again: Callable[[bool], None] | None = None,
        watch: Callable[[], None] | None = None,
        units: Sequence[UnitSummary] = (),
    ) -> None:
        self.headline = headline
        self.colour_name = colour_name
        self.rounds = rounds
        self.sides = list(sides)
        self.units = list(units)
        self.per_unit = False  # which table shows: a row per side, or per unit
        self.first = 0  # the first unit row shown (the wheel scrolls a long list)
        self.unit_rows = len(self.units)  # how many unit rows fit, as last drawn
        self.detail = detail
        self.units_button = Button(
            "Per unit", self.toggle_units, shortcut=pygame.K_u, size=theme.SIZE_SMALL,
            hint="Each unit's fate, kills and the damage it dealt and took [U].",
        )  # fmt: skip
        self.button = Button(
            "Back to menu",
            back_to_menu,
            style="primary",
            shortcut=pygame.K_RETURN,
            hint="Choose another battle [Enter].",
        )
        self.buttons: list[Button] = []
        if watch is not None:
            self.buttons.append(
                Button(
                    "Watch replay",
                    watch,
                    shortcut=pygame.K_r,
                    hint="Step through this battle from its first move [R].",
                )
            )
        if play_again is not None:
            self.buttons += [
                Button(
                    "Play again",
                    lambda: play_again(False),
                    shortcut=pygame.K_n,
                    hint="The same battle and sides with new dice [N].",
                ),
                Button(
                    "Same seed",
                    lambda: play_again(True),
                    hint="The same battle with the same dice: try other choices.",
                ),
            ]
        self.buttons.append(self.button)
        self.panel: pygame.Rect | None = None  # where it was last drawn
        self.headline_rect = pygame.Rect(0, 0, 0, 0)  # and its headline
        # the battle below, finishing what it still shows (its last words fading): called
        # with each update's seconds, it says whether anything is left to show
        self.underneath: Callable[[float], bool] | None = None

    def update(self, dt: float) -> None:
        if self.underneath is not None and not self.underneath(dt):
            self.underneath = None

    def next_change(self) -> float | None:
        return 0 if self.underneath is not None else None

    def toggle_units(self) -> None:
        """Switch between the table per side and the table per unit."""
        self.per_unit = not self.per_unit
        self.units_button.label = "Per side" if self.per_unit else "Per unit"
        self.units_button.hint = (
            "Back to the table per side [U]." if self.per_unit
            else "Each unit's fate, kills and the damage it dealt and took [U]."
        )  # fmt: skip

    def enter(self) -> None:
        """The battle's last messages ("No target in reach") are stale now: none lies over
        the headline (play-test 8)."""
        self.app.clear_messages()

    def scroll_units(self, rows: int) -> None:
        """The table per unit ``rows`` further down (up when negative), within the list
        (the wheel, the arrows, Page Up / Page Down, Home / End: play-test 8, only the
        wheel scrolled it)."""
        most = max(0, len(self.units) - self.unit_rows)
        self.first = max(0, min(most, self.first + rows))

    def handle(self, event: pygame.event.Event) -> None:
        if self.units and self.units_button.handle(event):
            return
        if event.type == pygame.MOUSEWHEEL and self.per_unit:
            self.scroll_units(-event.y)
            return
        if event.type == pygame.KEYDOWN and self.per_unit and event.key in SCROLL_KEYS:
            page = max(1, self.unit_rows - 1)
            steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
            steps |= {pygame.K_HOME: -len(self.units), pygame.K_END: len(self.units)}
            self.scroll_units(steps.get(event.key, -1 if event.key in UP_KEYS else 1))
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface, 170)
        w, h = surface.get_size()
        fixed = 84 + 18 + (40 if self.detail else 0) + 110
        # rows shrink (to 22 px) before the panel outgrows a small window; the panel keeps
        # its size when the tables are switched (a long list of units scrolls)
        rows = max(len(self.sides), min(len(self.units), 12))
        row_h = max(22, min(34, (h - 40 - fixed) // (rows + 1)))
        body = fixed + row_h * (rows + 1)
        fits = (min(body, h - 40) - fixed) // row_h - 1  # table rows under the heading
        n = len(self.units)
        self.unit_rows = n if n <= fits else max(1, fits - 1)  # a line to say there is more
        self.first = max(0, min(self.first, n - self.unit_rows))
        # as wide as the tables need to show every name and value whole (play-test: cut
        # at 1920×1080), within the window
        need = table_width(self.sides, self.units) + 56
        panel = pygame.Rect(0, 0, min(max(760, need), w - 40), min(body, h - 40))
        panel.center = (w // 2, h // 2)
        self.panel = panel
        draw_panel(surface, panel, fill="parchment", border="wood_dark")
        band = pygame.Rect(panel.x + 3, panel.y + 3, panel.w - 6, 84)
        pygame.draw.rect(
            surface,
            colour(self.colour_name),
            band,
            border_top_left_radius=6,
            border_top_right_radius=6,
        )
        if self.units:
            self.units_button.rect = pygame.Rect(band.right - 118, band.y + 10, 108, 34)
        text, size, centre = self._headline_fit(band)
        self.headline_rect = draw_text(
            surface,
            text,
            centre,
            role="title",
            size=size,
            fg=theme.readable_on(colour(self.colour_name)),
            anchor="center",
            shadow=True,
        )
        y = band.bottom + 16
        if self.detail:
            y += (
                draw_paragraphs(
                    surface,
                    self.detail,
                    pygame.Rect(panel.x + 32, y, panel.w - 64, 60),
                    role="italic",
                    fg="ink_soft",
                )
                + 10
            )
        self._draw_table(surface, pygame.Rect(panel.x + 28, y, panel.w - 56, 0), row_h)
        self._layout_buttons(panel)
        for button in self.buttons:
            button.draw(surface)
        if self.units:
            self.units_button.draw(surface)

    def _headline_fit(self, band: pygame.Rect) -> tuple[str, int, tuple[int, int]]:
        """The headline's text, size and centre in the coloured band: in its middle, else
        (a long one) in the room left of the Per unit button, smaller if it must be, cut
        last (play-test 3: the button covered its last letter at 1920×1080)."""
        size = theme.SIZE_TITLE - 14
        if not self.units:
            return self.headline, size, band.center
        button = self.units_button.rect
        clear = band.w - 2 * (band.right - button.x + 10)  # centred, clear of the button
        if _title_w(self.headline, size) <= clear:
            return self.headline, size, band.center
        room = pygame.Rect(band.x + 12, band.y, button.x - 12 - band.x - 12, band.h)
        while size > theme.SIZE_HEADING and _title_w(self.headline, size) > room.w:
            size -= 2
        return fit_text(self.headline, room.w, "title", size), size, room.center

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect, row_h: int) -> None:
        """The table shown: a row per side, or a row per unit (scrolled to ``first``)."""
        if not self.per_unit:
            draw_side_table(surface, area, row_h, self.sides)
            return
        shown = self.units[self.first : self.first + self.unit_rows]
        draw_unit_table(surface, area, row_h, shown)
        hidden = len(self.units) - len(shown)
        if hidden:
            note = f"Units {self.first + 1}–{self.first + len(shown)} of {len(self.units)} "
            draw_text(surface, note + "(wheel, arrows, PgUp/PgDn, Home/End)",
                      (area.right, area.y + row_h * (len(shown) + 1) + 2), role="italic",
                      size=theme.SIZE_SMALL - 2, fg="ink_soft", anchor="topright")  # fmt: skip

    def _layout_buttons(self, panel: pygame.Rect) -> None:
        gap = 12
        n = len(self.buttons)
        bw = min(200, (panel.w - 56 - gap * (n - 1)) // n)
        x = panel.centerx - (bw * n + gap * (n - 1)) // 2
        for button in self.buttons:
            button.rect = pygame.Rect(x, panel.bottom - 22 - 48, bw, 48)
            button.size = theme.SIZE_BODY - 2
            x += bw + gap

    def tooltip(self, mouse: tuple[int, int]) -> str:
        for button in [*self.buttons, *([self.units_button] if self.units else [])]:
            text = button.tooltip(mouse)
            if text:
                return text
        return ""
