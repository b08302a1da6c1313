"""The battle screen: the board in the middle, the initiative tracker on top,
the unit card and combat log on the right, the action bar along the bottom.

Issue 4 · Battle screen. The scene reads everything through a ``BattleModel``
(see ``game.ui.battle_model``) and turns clicks and keys into answers to the
pending Decision; it never changes the battle itself.

Controls: left-drag, right-drag or WASD/arrows pan; the wheel zooms around
the cursor; G toggles the grid; Home fits the map; Esc opens the menu; F12
saves a screenshot.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import pygame

from game.geometry.grid import Cell
from game.ui import theme
from game.ui.action_bar import bar_height
from game.ui.app import Scene
from game.ui.battle_model import BattleModel, SideView
from game.ui.board import Board, Overlays
from game.ui.camera import Camera
from game.ui.camera_follow import aim_at, out_of_view
from game.ui.condition_view import (
    card_conditions,
    draw_conditions,
    naming,
    sheet_conditions,
    token_line,
)
from game.ui.ground_items import Piles, piles, tooltip_line
from game.ui.hud_cache import HudCache
from game.ui.legend import LegendScene, opens_legend
from game.ui.log_feed import LogFeed
from game.ui.log_panel import LogPanel
from game.ui.map_view import MapView
from game.ui.overlays import PauseScene
from game.ui.screen_view import screen_words
from game.ui.sheet_panel import draw_named_token, draw_sheet, sheet_layout
from game.ui.theme import colour
from game.ui.tokens import TokenInfo
from game.ui.top_bar import TOP_H, draw_top_bar
from game.ui.unit_card import (
    CARD_H,
    EASY_LOG,
    FOOT,
    FOOT_BARE,
    CardFit,
    card_fit,
    card_rows,
    conditions_pos,
    draw_help,
    fitted,
    help_style,
    least_height,
    least_log,
    row_rects,
    short_card,
)
from game.ui.widgets import Button, draw_panel, draw_text
from game.ui.zone_view import ZoneLook, ZoneMap

SIDE_W = 340
PAN_SPEED = 900  # screen pixels per second for WASD/arrows
DRAG_THRESHOLD = 5


class BattleScene(Scene):
    """Shows one battle and lets the humans play it."""

    pan_with_arrows = True  # the replay viewer steps with ← and → instead
    # a unit clicked for a look leaves the card when another unit comes to act (the replay
    # viewer picks the card's unit itself, step by step)
    card_follows_acting = True

    def __init__(self, model: BattleModel, view: MapView, back_to_menu: Callable[[], None]) -> None:
        self.model = model
        self.board = Board(view, model)
        self.board.areas = model.objective_areas()
        graph = model.zone_graph()
        self.board.zones = ZoneMap.of(graph) if graph is not None else None
        self.back_to_menu = back_to_menu
        self.camera = Camera(view.tile, 800, 600)
        self._size = (0, 0)
        self._fitted = False
        self.user_camera_at = -1e9  # when the player last panned or zoomed (monotonic s)
        self.user_zoomed = False  # the player zoomed (Home gives the fit back)
        self.viewport = pygame.Rect(0, 0, 800, 600)
        self.log = LogPanel()
        self.note_h = 0  # room kept between the card and the log for a note (a lesson's hint)
        self.pointed: frozenset[str] = frozenset()  # what a lesson's hint points at now
        self.log_feed = LogFeed(self.log)  # the lines the player looking may read
        self.hover: Cell | None = None
        self.selected: str | None = None
        self._acting: frozenset[str] = frozenset()  # the units acting when last looked
        self.sheet_unit: str | None = None  # right-click unit sheet
        self.sheet_rect: pygame.Rect | None = None  # where it was last drawn
        self.chip_rects: list[pygame.Rect] = []  # the initiative chips last drawn
        self.card_row_rects: list[pygame.Rect] = []  # the card's row texts last drawn
        self._drag_from: tuple[int, int] | None = None
        self._drag_button = 0
        self._dragging = False
        self._hud = HudCache()
        self.menu_button = Button(
            "Menu", self._pause, hint="Pause: settings, menu, quit [Esc].", size=theme.SIZE_SMALL
        )

    # -- scene hooks --------------------------------------------------------------------------

    def enter(self) -> None:
        self.board.show_grid = self.app.settings.grid_overlay

    def _layout(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        bottom_h = bar_height(h)
        side_w = theme.px(SIDE_W)  # the side panel widens with the type (tall windows)
        self.viewport = pygame.Rect(0, TOP_H, w - side_w, h - TOP_H - bottom_h)
        # a resize keeps the view's middle, then brings the acting units back into view
        # (play-test: after Settings → 1024×640 they sat under the action bar)
        self.camera = self.camera.resized(self.viewport.w, self.viewport.h)
        mw, mh = self.model.width, self.model.height
        if not self._fitted or not self.user_zoomed:
            # a new window size is set like a fresh battle's, unless the player chose a
            # zoom (play-test 2: after Settings 960 → 1920 the map stayed small)
            self.camera = self.first_camera(self.camera).clamped(mw, mh)
            self._fitted = True
            # the zoomed-out picture a big map opens on is made with the screen, not in
            # a later frame (bench: a 220 ms frame on a 256x256 map)
            self.board.view.warm(self.camera.fit(mw, mh).level)
        else:
            self.camera = self.camera.clamped(mw, mh)
            acting = self.model.active_units() - self.hidden_tokens()  # never a fogged one
            keep = [t.cell for key in acting if (t := self.model.token(key))]
            if keep and out_of_view(self.camera, mw, mh, keep):
                self.camera = aim_at(self.camera, mw, mh, keep)
        # the action bar runs under the side panel too: its buttons get the whole width
        self.side_rect = pygame.Rect(w - side_w, TOP_H, side_w, h - TOP_H - bottom_h)
        self._place_card(theme.px(CARD_H))
        self.bar_rect = pygame.Rect(0, h - bottom_h, w, bottom_h)
        self.menu_button.rect = pygame.Rect(w - 96, 6, 86, TOP_H - 12)

    def _place_card(self, height: int) -> None:
        """The card at the top of the side panel, ``height`` tall; the log under it (below
        the note's room, ``note_h``, when there is a note)."""
        side = self.side_rect
        self.card_rect = pygame.Rect(side.x + 10, side.y + 10, side.w - 20, height)
        note = self.note_h + 10 if self.note_h else 0
        self.log.rect = pygame.Rect(
            side.x + 10,
            self.card_rect.bottom + 10 + note,
            side.w - 20,
            side.bottom - self.card_rect.bottom - 20 - note,
        )

    @property
    def note_rect(self) -> pygame.Rect:
        """Where the note between the card and the log goes (``note_h`` tall)."""
        return pygame.Rect(
            self.card_rect.x, self.card_rect.bottom + 10, self.card_rect.w, self.note_h
        )

    def _card_fit(self) -> tuple[CardFit, list[tuple[str, str]]]:
        """How the card draws the rows of the unit it shows, and which rows; the card
        grows (the log shrinks, to ``least_log``) when they need it (``short_card``)."""
        token = self.card_token()
        rows = self.model.card_lines(token.key) if token is not None else []
        base = theme.px(CARD_H)
        spare = self._spare()
        if token is None:  # the help card: as tall as its hints
            base = help_style(spare)[2]
            if base != self.card_rect.h:
                self._place_card(base)
            return card_fit(0, base, base), []
        # a lesson's hint that says "watch the log" keeps a log of a few lines (play-test 3)
        least = least_log(self.pointed, bool(self.note_h))
        foot = FOOT
        if self.note_h:  # a note takes room: the card gives way (closer rows) to keep a log,
            foot = FOOT if self.card_conds(token) else FOOT_BARE  # down to its stat lines
            base = max(least_height(len(rows), self.pointed, foot), min(base, spare - least))
        elif spare - least < base:  # every row, closest, before the log gives way
            base, least = short_card(len(rows), base, spare, least, foot)
        fit = card_fit(len(rows), base, spare - theme.px(EASY_LOG), foot)
        most = spare - least
        height = max(base, min(fit.height, most))
        if height != self.card_rect.h:
            self._place_card(height)
        return fit, card_rows(rows, fit, height)

    def _spare(self) -> int:
        """The side panel's height for the card and the log (less a note's room)."""
        return self.side_rect.h - 30 - (self.note_h + 10 if self.note_h else 0)

    def first_camera(self, camera: Camera) -> Camera:
        """Where the camera starts: the whole map in view."""
        return camera.fit(self.model.width, self.model.height)

    def _user_moved_camera(self) -> None:
        """The player panned or zoomed: automatic camera moves hold off for a while."""
        self.user_camera_at = time.monotonic()

    def _pause(self) -> None:
        self.app.push(PauseScene(self.back_to_menu))

    def _cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.viewport.collidepoint(pos):
            return None
        cell = self.camera.screen_to_cell(pos[0] - self.viewport.x, pos[1] - self.viewport.y)
        if 0 <= cell[0] < self.model.width and 0 <= cell[1] < self.model.height:
            return cell
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if self._size != self.app.screen.get_size():
            self._layout(self.app.screen.get_size())
        if self.menu_button.handle(event) or self.log.handle(event):
            return
        if self.handle_hud(event):
            return
        if opens_legend(event):
            zones = self.board.zones is not None
            threat = self.threat_offered()
            self.app.push(LegendScene(self.model.presenter, zones=zones, threat=threat))
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.sheet_unit is not None:
                    self.sheet_unit = None
                elif not self.cancel():
                    self._pause()
            elif event.key == pygame.K_g:
                self.board.show_grid = not self.board.show_grid
            elif event.key == pygame.K_HOME:
                self.camera = self.camera.fit(self.model.width, self.model.height)
                self.user_zoomed = False
            elif event.key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self._zoom(self.viewport.center, 1)
            elif event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self._zoom(self.viewport.center, -1)
        elif event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.viewport.collidepoint(mouse):
                self._zoom(mouse, 1 if event.y > 0 else -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            if self.viewport.collidepoint(event.pos):
                self._drag_from = event.pos
                self._drag_button = event.button
                self._dragging = False
        elif event.type == pygame.MOUSEMOTION:
            if self._drag_from is not None:
                dx = event.pos[0] - self._drag_from[0]
                dy = event.pos[1] - self._drag_from[1]
                if self._dragging or abs(dx) + abs(dy) >= DRAG_THRESHOLD:
                    self._dragging = True
                    self._user_moved_camera()
                    self.camera = self.camera.pan(dx, dy).clamped(
                        self.model.width, self.model.height
                    )
                    self._drag_from = event.pos
            self.hover = self._cell_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            was_drag = self._dragging
            button = self._drag_button
            self._drag_from = None
            self._dragging = False
            if not was_drag and button == event.button:
                cell = self._cell_at(event.pos)
                if cell is not None:
                    if event.button == 1:
                        self.click_cell(cell)
                    elif event.button == 3:
                        token = self.token_at(cell)
                        self.sheet_unit = token.key if token else None

    def threat_offered(self) -> bool:
        """Whether Q shows the enemy's threat here (the legend explains it then)."""
        return False

    def _zoom(self, pos: tuple[int, int], steps: int) -> None:
        self._user_moved_camera()
        self.user_zoomed = True
        self.camera = self.camera.zoom_at(
            pos[0] - self.viewport.x, pos[1] - self.viewport.y, steps
        ).clamped(self.model.width, self.model.height)

    def _pan_keys(self) -> tuple[int, int]:
        """The camera's direction from the pan keys held down (WASD, and the arrows)."""
        keys = pygame.key.get_pressed()
        arrows = self.pan_with_arrows
        left = keys[pygame.K_a] or (arrows and keys[pygame.K_LEFT])
        right = keys[pygame.K_d] or (arrows and keys[pygame.K_RIGHT])
        up = keys[pygame.K_w] or (arrows and keys[pygame.K_UP])
        down = keys[pygame.K_s] or (arrows and keys[pygame.K_DOWN])
        return int(left) - int(right), int(up) - int(down)

    def next_change(self) -> float | None:
        """Every frame while a pan key is held or the battle has something to play out."""
        return 0 if self._pan_keys() != (0, 0) or self.moving() else None

    def moving(self) -> bool:
        """Whether ``advance`` has something to do without input (animations, the AI)."""
        return False

    def update(self, dt: float) -> None:
        if self.app.top is not self:
            return
        dx, dy = self._pan_keys()
        if dx or dy:
            self._user_moved_camera()
            self.camera = self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt).clamped(
                self.model.width, self.model.height
            )
        self.advance(dt)
        self.follow_acting()

    def follow_acting(self) -> None:
        """Another unit comes to act (after End turn, say): the card leaves the unit
        last clicked and shows the one acting (play-test: it kept showing the old one)."""
        acting = self.model.active_units()
        if acting == self._acting:
            return
        self._acting = acting
        if self.card_follows_acting and self.selected not in acting:
            self.selected = None

    # -- hooks for the playing layer (overridden in the engine-driven screen) -----------------

    def handle_hud(self, event: pygame.event.Event) -> bool:
        """Action bar and prompts; True if the event was used."""
        return False

    def click_cell(self, cell: Cell) -> None:
        token = self.token_at(cell)
        self.selected = token.key if token else None
        if token is not None:
            self.play_sound("select")

    def cancel(self) -> bool:
        """Esc: drop the current selection or targeting; False if there was nothing to drop."""
        if self.selected is not None:
            self.selected = None
            return True
        return False

    def advance(self, dt: float) -> None:
        """Run AI turns and animations."""

    def token_at(self, cell: Cell) -> TokenInfo | None:
        """The unit the player can see in ``cell`` (none when fog hides it)."""
        token = self.board.token_at(cell)
        if token is not None and token.key in self.hidden_tokens():
            return None
        return token

    def hidden_tokens(self) -> frozenset[str]:
        """Units not to draw on the board this frame (fog, or drawn by an animation)."""
        return self.model.hidden_units()

    def overlays(self) -> Overlays:
        return Overlays(hover=self.hover)

    def zone_look(self) -> ZoneLook | None:
        """The zones this frame (zone_view.py): ranges from the selected (else acting)
        unit's zone, the zone under the pointer, the zones a click moves into."""
        zones = self.board.zones
        if zones is None:
            return None
        key = self.selected or next(iter(self.model.active_units()), None)
        token = self.model.token(key) if key else None
        graph = zones.graph
        here = graph.zone_at(token.cell) if token is not None and not token.down else None
        hovered = graph.zone_at(self.hover) if self.hover is not None else None
        return ZoneLook(here, hovered, self.zone_targets())

    def zone_targets(self) -> frozenset[int]:
        """The zones a click on one of their squares would move the acting unit into
        (none here: the play screen knows its legal answers)."""
        return frozenset()

    def hidden_cells(self) -> frozenset[Cell]:
        """Squares the viewing side cannot see (fog of war); none here."""
        return frozenset()

    def links(self) -> list[tuple[Cell, Cell]]:
        """Screener and ward squares of every screen whose two units are drawn."""
        hidden = self.hidden_tokens()
        out = []
        for screener, ward in self.model.screen_links():
            a, b = self.model.token(screener), self.model.token(ward)
            if a is not None and b is not None and not {a.key, b.key} & hidden:
                out.append((a.cell, b.cell))
        return out

    def ground(self) -> Piles:
        """The weapons on the ground the viewing side can see, by square."""
        return piles(self.model.ground_items(), self.hidden_cells())

    def draw_bar(self, surface: pygame.Surface) -> None:
        draw_panel(
            surface, self.bar_rect, fill="wood_dark", border="wood_light", radius=0, shadow=False
        )
        draw_text(
            surface,
            "Preview: tokens as the map places them.",
            (self.bar_rect.x + 20, self.bar_rect.centery),
            role="italic",
            fg="parchment_dark",
            anchor="midleft",
        )

    # -- drawing ------------------------------------------------------------------------------

    def _sync_log(self) -> None:
        lines = self.told_lines(self.model.log_lines())
        self.log_feed.sync(lines, self.log_reader(), self.read_log_line)

    def told_lines(self, lines: Sequence[tuple[str, str]]) -> Sequence[tuple[str, str]]:
        """The log lines the board has come to (all of them here)."""
        return lines

    def log_reader(self) -> str | None:
        """The side whose log is shown (fog hides some lines from some sides); nobody's."""
        return None

    def read_log_line(self, index: int, line: tuple[str, str]) -> tuple[str, str] | None:
        """Log line ``index`` as the player reads it; None: fog hides it from them."""
        return line

    def draw(self, surface: pygame.Surface) -> None:
        """The screen, then the unit sheet the player opened over every panel (issue 30:
        the round plan was drawn over it)."""
        self.draw_screen(surface)
        if self.sheet_unit is not None:
            self._draw_sheet(surface, self.sheet_unit)

    def draw_screen(self, surface: pygame.Surface) -> None:
        """Board, top bar, side column and action bar: all but the unit sheet."""
        if surface.get_size() != self._size:
            self._layout(surface.get_size())
        self._sync_log()
        self.board.draw(
            surface,
            self.viewport,
            self.camera,
            replace(
                self.overlays(), ground=self.ground(), links=self.links(), zones=self.zone_look()
            ),
            selected=self.selected,
            active=self.model.active_units(),
            hidden_units=self.hidden_tokens(),
        )
        w, h = surface.get_size()
        self._cached(surface, "top", pygame.Rect(0, 0, w, TOP_H), self.top_key(), self._draw_top)
        self._cached(surface, "side", self.side_rect, self.side_key(), self._draw_side)
        self._cached(surface, "bar", self.bar_rect, self.bar_key(), self.draw_bar)

    def _cached(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: object,
        draw: Callable[[pygame.Surface], None],
    ) -> None:
        """The frame around the board changes only when the battle or the mouse over it
        does: each part is drawn once and blitted until its key changes (hud_cache.py)."""
        self._hud.blit(surface, name, rect, key, draw)

    def _mouse(self) -> tuple[int, int]:
        return pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)

    def side_count(self, side: SideView) -> str:
        """The initiative chip's count: units standing of the side's total."""
        return f"{side.standing}/{side.total}"

    def top_key(self) -> object:
        menu = self.menu_button
        return (
            self.model.round_no(),
            self.model.objective_progress(),
            self.model.current_side(),
            tuple((s, self.side_count(s)) for s in self.model.sides()),
            menu.rect.collidepoint(self._mouse()),
            menu._pressed,
        )

    def side_key(self) -> object:
        card = self.card_token()
        return (card, self.log_feed.seen, self.log.scroll, self.log.rect.size)

    def bar_key(self) -> object:
        return None

    def card_token(self) -> TokenInfo | None:
        """The unit the card shows: the selected one, else the one acting, else the hovered."""
        key = self.selected or next(iter(self.model.active_units()), None)
        token = self.model.token(key) if key else None
        if token is None and self.hover is not None:
            token = self.token_at(self.hover)
        return token

    def _draw_top(self, surface: pygame.Surface) -> None:
        self.chip_rects = draw_top_bar(surface, self.model, self.menu_button, self.side_count)

    def _draw_side(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, colour("wood_dark"), self.side_rect)
        pygame.draw.line(
            surface, colour("wood_light"), self.side_rect.topleft, self.side_rect.bottomleft, 2
        )
        self._card_fit()  # first, so the log is drawn where the card leaves it room
        self.draw_card(surface, self.card_rect)
        self.log.draw(surface)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The selected (or acting, or hovered) unit's card."""
        token = self.card_token()
        draw_panel(surface, rect, fill="parchment", border="wood")
        if token is None:
            self.card_row_rects = draw_help(surface, rect, self._spare())
            return
        self._card_for(surface, rect, token)

    def _card_for(self, surface: pygame.Surface, rect: pygame.Rect, token: TokenInfo) -> None:
        disc = pygame.Rect(rect.x + 12, rect.y + 12, 56, 56)
        draw_named_token(surface, token, disc, theme.SIZE_SMALL + 3, (12, 0))
        side_name = next((s.name for s in self.model.sides() if s.id == token.side), token.side)
        draw_text(
            surface,
            f"{self.model.template_name(token.key)} · {side_name}",
            (disc.right + 12, rect.y + 40),
            size=theme.SIZE_SMALL,
            fg="ink_soft",
        )
        fit, rows = self._card_fit()
        self.card_row_rects = []
        for (label, value), boxes in zip(rows, row_rects(rect, len(rows), fit), strict=True):
            for text, role, box in ((label, "bold", boxes[0]), (value, "body", boxes[1])):
                shown, size = fitted(text, role, fit.size, box.w)
                drawn = draw_text(surface, shown, box.topleft, role=role, size=size, fg="ink")
                self.card_row_rects.append(drawn)
        draw_conditions(surface, self.card_conds(token), conditions_pos(rect), rect.w - 32)

    def card_conds(self, token: TokenInfo) -> list[tuple[str, str]]:
        """The conditions line under the card's rows: (label, colour name) each."""
        words = screen_words(token.key, self.model.screen_links(), self._name)
        return card_conditions(token.conditions, words, *naming(self.model))

    def _name(self, key: str) -> str:
        token = self.model.token(key)
        return token.name if token is not None else key

    def _sheet_covers(self, mouse: tuple[int, int]) -> bool:
        """Whether the open unit sheet is under ``mouse`` (the board's square is hidden)."""
        rect = self.sheet_rect
        return self.sheet_unit is not None and rect is not None and rect.collidepoint(mouse)

    def _draw_sheet(self, surface: pygame.Surface, key: str) -> None:
        """The right-click unit sheet: every row of the model's sheet, then the unit's
        conditions with what each does; long values wrap; over the board when it fits,
        else laid out to fit the window (``sheet_panel``)."""
        token = self.model.token(key)
        if token is None:
            self.sheet_unit = None
            return
        rows = [*self.model.sheet_lines(key), *sheet_conditions(self.model, token, self._name)]
        layout = sheet_layout(rows, self.viewport, surface.get_rect())
        self.sheet_rect = layout.rect
        draw_sheet(surface, layout, token, self.model.template_name(key))

    def tooltip(self, mouse: tuple[int, int]) -> str:
        text = self.menu_button.tooltip(mouse)
        if text:
            return text
        return self.hud_tooltip(mouse)

    def hud_tooltip(self, mouse: tuple[int, int]) -> str:
        cell = self._cell_at(mouse)
        if cell is None or self._sheet_covers(mouse):
            return ""  # issue 30: a square's tooltip drew over the unit sheet
        parts = []
        token = self.token_at(cell)
        if token is not None:
            parts.append(token_line(self.model, token))
        lying = tooltip_line(self.ground().get(cell, ()))
        if lying:
            parts.append(lying)
        terrain = self.model.cell_tooltip(cell)
        if terrain:
            parts.append(terrain)
        return "\n".join(parts)
