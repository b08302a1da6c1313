"""The main menu: pick a battle, a ruleset, who plays each side, a seed; settings; quit;
Continue the last battle and open the saves and replays (issue 6).

Issue 4 · Menu. The list shows shipped and per-user maps with a thumbnail
(the map itself, drawn small) and the selected map's briefing. The map's own
default ruleset is preselected; a side the map reserves for the AI (or for
humans) cannot be switched.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.rulesets import DEFAULT as DEFAULT_RULESET
from game.ui import theme
from game.ui.app import Scene
from game.ui.background import backdrop
from game.ui.battle_setup import (
    DEFAULT_AI,
    HUMAN,
    BattleSetup,
    controller_help,
    controller_label,
    controller_labels,
    controller_value,
    default_controllers,
)
from game.ui.catalogue import MapEntry
from game.ui.map_rows import DIFFICULTY_WORDS, ROW_H, draw_map_row
from game.ui.map_view import MapLoadError, MapView
from game.ui.menu_about import AboutText, lesson_button, place_lesson_button, pointer_room
from game.ui.menu_quit import QuitConfirmScene
from game.ui.menu_title import draw_title
from game.ui.row_list import RowList
from game.ui.settings import LastSetup
from game.ui.theme import colour, font
from game.ui.widgets import (
    Button,
    Choice,
    TextField,
    Widget,
    draw_panel,
    draw_paragraphs,
    draw_text,
    wrap,
)

__all__ = [
    "DEFAULT_AI",
    "HUMAN",
    "BattleSetup",
    "MenuScene",
    "controller_label",
    "controller_labels",
    "controller_value",
    "default_controllers",
]

RULESET_HINT = "Which rules the battle uses."


class MenuScene(Scene):
    """Main menu. ``start`` is called with a BattleSetup when the player starts a battle."""

    def __init__(
        self,
        entries: Sequence[MapEntry],
        rulesets: Sequence[str],
        start: Callable[[BattleSetup], None],
        open_settings: Callable[[], None] | None = None,
        ai_levels: Sequence[str] = (),
        *,
        continue_game: Callable[[], None] | None = None,
        continue_about: str | None = None,
        continue_reason: str = "",
        open_saves: Callable[[], None] | None = None,
    ) -> None:
        self.ai_levels = list(ai_levels)
        self.entries = list(entries)
        self.rulesets = list(rulesets) or [DEFAULT_RULESET]
        self.start = start
        self.open_settings = open_settings
        self.selected = 0 if self.entries else -1
        self.rows = RowList(ROW_H, 6, self.select)
        self.rows.count = len(self.entries)
        self._thumbs: dict[tuple[str, int, int], pygame.Surface | str] = {}
        self._loaded_this_frame = False
        self._thumbs_pending = False  # a thumbnail waits for a later frame
        self._drawn = False  # a first frame was drawn
        self._views: dict[str, MapView] = {}
        self._size: tuple[int, int] = (0, 0)
        self._compact_title = False
        self.ruleset = Choice("Ruleset", self.rulesets, hint=RULESET_HINT)
        self.seed = TextField(
            "Seed",
            "",
            allowed="0123456789",
            max_len=9,
            placeholder="random",
            hint="Same seed, same dice: type a number to replay a battle exactly.",
        )
        self.fog = Choice(
            "Fog of war",
            ["off", "on"],
            hint="Hide what none of your units can see. Preset from the map.",
        )
        self.side_choices: list[Choice] = []
        # house rules (issue 7) per ruleset id, only those changed from the default
        self.house_rules: dict[str, dict[str, str]] = {}
        self.house_rules_button = Button(
            "House rules",
            self._house_rules,
            hint="The ruleset's optional rules: look at them and switch them on or off.",
        )
        self.start_button = Button(
            "Start battle",
            self._start,
            style="primary",
            shortcut=pygame.K_RETURN,
            hint="Begin the selected battle.",
        )
        self.settings_button = Button("Settings", self._settings, hint="Window, AI speed, prompts.")
        self.quit_button = Button("Quit", self._quit, hint="Leave Shieldwall.")
        # Continue (issue 6): the newest autosave; greyed, saying why, when there is none
        self.continue_button = Button(
            "Continue",
            continue_game or (lambda: None),
            style="primary",
            hint=f"Resume {continue_about}." if continue_about else "Resume your last battle.",
        )
        self.continue_button.visible = continue_game is not None
        if continue_about is None:
            self.continue_button.set_enabled(False, continue_reason or "nothing to continue")
        self.saves_button = Button(
            "Saves & replays",
            open_saves or (lambda: None),
            hint="Load a saved battle, or watch one again step by step.",
        )
        self.saves_button.visible = open_saves is not None
        self.about = AboutText(theme.SIZE_BODY - 1)  # the detail's text; it scrolls
        self.lesson_button = lesson_button(self.open_lesson)  # always in sight
        self.message = ""
        if self.entries:
            self.select(0)

    # -- state --------------------------------------------------------------------------------

    @property
    def entry(self) -> MapEntry | None:
        return self.entries[self.selected] if 0 <= self.selected < len(self.entries) else None

    def select(self, index: int) -> None:
        if not self.entries:
            return
        self.selected = max(0, min(len(self.entries) - 1, index))
        entry = self.entries[self.selected]
        self.ruleset.set_value(entry.ruleset)
        self.fog.set_value("on" if entry.fog else "off")
        defaults = default_controllers(entry.sides)
        self.side_choices = []
        for side, ctrl in zip(entry.sides, defaults, strict=True):
            labels = controller_labels(self.ai_levels)
            if side.control == "human":
                options = [HUMAN]
            elif side.control == "ai":
                options = [label for label in labels if label != HUMAN]
            else:
                options = labels
            hint = f"Who commands {side.name}:\n{controller_help(options)}"
            if side.control in ("human", "ai"):
                who = "a human" if side.control == "human" else "the AI"
                hint += f"\nThis map reserves it for {who}."
            choice = Choice(side.name, options, options.index(ctrl), hint=hint, label_width=170)
            self.side_choices.append(choice)
        if entry.playable:
            self.start_button.set_enabled(True)
        else:
            self.start_button.set_enabled(False, entry.problem or "this map cannot be played")
        self._size = (0, 0)  # relayout
        self.rows.ensure_visible(self.selected)

    def restore(self, last: LastSetup) -> bool:
        """Open on the battle last started (#29): its map, ruleset, controllers, seed and
        fog, as far as they still apply (a map gone, a side or ruleset renamed, a level
        no longer offered keep the map's defaults). False when its map is not listed."""
        found = [
            i
            for i, e in enumerate(self.entries)
            if e.playable and str(e.path.resolve()) == last.map
        ]
        if not found:
            return False
        i = found[0]
        self.select(i)
        self.ruleset.set_value(last.ruleset)
        wanted = dict(last.controllers)
        for side, choice in zip(self.entries[i].sides, self.side_choices, strict=True):
            if side.id in wanted:
                choice.set_value(controller_label(wanted[side.id]))
        self.seed.text = last.seed
        self.fog.set_value("on" if last.fog else "off")
        return True

    def setup(self) -> BattleSetup | None:
        entry = self.entry
        if entry is None or not entry.playable:
            return None
        controllers = tuple(
            (side.id, controller_value(choice.value))
            for side, choice in zip(entry.sides, self.side_choices, strict=True)
        )
        seed = int(self.seed.text) if self.seed.text else None
        ruleset = self.ruleset.value
        options = tuple(sorted(self.house_rules.get(ruleset, {}).items()))
        return BattleSetup(entry, ruleset, controllers, seed, self.fog.value == "on", options)

    def _house_rules(self) -> None:
        from game.ui.house_rules import HouseRulesScene, rule_options

        ruleset = self.ruleset.value
        specs = rule_options(ruleset)
        if not specs:
            self.app.notify(f"The {ruleset} ruleset has no house rules.")
            return

        def keep(values: dict[str, str]) -> None:
            self.house_rules[ruleset] = values

        self.app.push(HouseRulesScene(ruleset, specs, self.house_rules.get(ruleset, {}), keep))

    def _update_house_rules_button(self) -> None:
        from game.ui.house_rules import loaded, rule_options, summary

        ruleset = self.ruleset.value
        specs = rule_options(ruleset) if loaded(ruleset) else None  # no import while drawing
        self.house_rules_button.label = summary(specs, self.house_rules.get(ruleset, {}))
        self.house_rules_button.set_enabled(
            specs is None or bool(specs), f"the {ruleset} ruleset has no optional rules"
        )

    def _start(self) -> None:
        setup = self.setup()
        if setup is not None:
            self.start(setup)

    def _settings(self) -> None:
        if self.open_settings:
            self.open_settings()

    def _quit(self) -> None:
        self.app.quit()

    # -- layout -------------------------------------------------------------------------------

    def _layout(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        margin = 32
        # a short window gets a smaller title so the panels keep their height
        self._compact_title = h < 640
        top = 96 if self._compact_title else theme.px(118)
        bottom = h - (84 if self._compact_title else 96)
        self.list_rect = pygame.Rect(margin, top, min(400, int(w * 0.32)), bottom - top)
        inner = self.list_rect.inflate(-16, -16)
        self.rows.rect = pygame.Rect(inner.x, inner.y + 34, inner.w, inner.h - 34)
        self.detail_rect = pygame.Rect(
            self.list_rect.right + 24, top, w - self.list_rect.right - 24 - margin, bottom - top
        )
        self.settings_button.rect = pygame.Rect(0, 0, 170, 44)
        self.quit_button.rect = pygame.Rect(0, 0, 120, 44)
        self.quit_button.rect.bottomright = (w - margin, h - 26)
        self.settings_button.rect.bottomright = (self.quit_button.rect.left - 14, h - 26)
        self.rows.ensure_visible(self.selected)
        self.continue_button.rect = pygame.Rect(0, 0, 170, 44)
        self.continue_button.rect.bottomleft = (margin, h - 26)
        self.saves_button.rect = pygame.Rect(0, 0, 200, 44)
        self.saves_button.rect.bottomleft = (self.continue_button.rect.right + 14, h - 26)
        self._layout_form()

    def _layout_form(self) -> None:
        """The setup column: ruleset, one row per side, seed, fog, house rules, and Start
        at its foot. Rows keep their full height while they fit; a short window packs
        them closer, and when even that is too tall Start moves to the bottom bar."""
        d = self.detail_rect
        form_w = min(theme.px(380), d.w // 2 - 24)
        inset = 22 if d.h >= 400 else 12
        self.form_rect = pygame.Rect(d.right - form_w - 22, d.y + inset, form_w, d.h - 2 * inset)
        f = self.form_rect
        rows = 4 + len(self.side_choices)  # ruleset, the sides, seed, fog, house rules
        full = 40 + 30 + 16 + rows * 44 + 12 + 52
        compact = f.h < full
        heading, label, gaps = (32, 22, 8) if compact else (40, 30, 16)
        start_h, start_gap = (40, 8) if compact else (52, 12)
        in_form = True
        pitch = (f.h - heading - label - gaps - start_gap - start_h) // rows
        if pitch < 32:  # Start goes to the bottom bar, between Saves and Settings
            in_form = False
            pitch = (f.h - heading - label - gaps) // rows
        pitch = max(26, min(44, pitch))
        row_h = min(36, pitch - 4)
        y = f.y + heading
        self.ruleset.rect = pygame.Rect(f.x, y, form_w, row_h)
        y += pitch + gaps // 2
        self._sides_label_y = y
        y += label
        for choice in self.side_choices:
            choice.rect = pygame.Rect(f.x, y, form_w, row_h)
            choice.label_width = theme.px(170)
            y += pitch
        y += gaps // 2
        self.seed.rect = pygame.Rect(f.x, y, form_w, row_h)
        y += pitch
        self.fog.rect = pygame.Rect(f.x, y, form_w, row_h)
        y += pitch
        self.house_rules_button.rect = pygame.Rect(f.x, y, form_w, row_h)
        self.start_button.size = (theme.SIZE_HEADING - 2) if start_h > 44 else theme.SIZE_BODY
        if in_form:
            self.start_button.rect = pygame.Rect(0, 0, form_w, start_h)
            self.start_button.rect.bottomleft = (f.x, f.bottom)
        else:
            bar = self.settings_button.rect
            self.start_button.rect = pygame.Rect(0, 0, 180, bar.h)
            self.start_button.rect.midright = (bar.left - 14, bar.centery)

    def widgets(self) -> list[Widget]:
        return [
            self.start_button,
            self.continue_button,
            self.saves_button,
            self.settings_button,
            self.quit_button,
            self.ruleset,
            self.seed,
            self.fog,
            self.house_rules_button,
            self.lesson_button,
            *self.side_choices,
        ]

    # -- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self._size == (0, 0):
            self._layout(self.app.screen.get_size())
        for widget in self.widgets():
            if widget.handle(event):
                return
        if self.rows.handle(event, self.selected) or self.about.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.push(QuitConfirmScene(self.app.quit))  # asks (closing the window does not)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.open_lesson()
        elif event.type == pygame.VIDEORESIZE:
            self._size = (0, 0)

    def tooltip(self, mouse: tuple[int, int]) -> str:
        for widget in self.widgets():
            text = widget.tooltip(mouse)
            if text:
                return text
        i = self.rows.row_at(mouse) if self._size != (0, 0) else None
        return (self.entries[i].problem or "") if i is not None else ""

    # -- drawing ------------------------------------------------------------------------------

    def _thumb(self, entry: MapEntry, w: int, h: int) -> pygame.Surface | str | None:
        """The map drawn small, or why it cannot be; None while not drawn yet (one map's
        images load per frame, so the menu shows at once and thumbnails fill in)."""
        key = (str(entry.path), w, h)
        if key in self._thumbs:
            return self._thumbs[key]
        if entry.problem:
            self._thumbs[key] = "cannot be played"
            return self._thumbs[key]
        view = self._views.get(str(entry.path))
        if view is None:
            if self._loaded_this_frame:
                self._thumbs_pending = True
                return None
            self._loaded_this_frame = True
            try:
                view = MapView.from_file(entry.path)
            except MapLoadError as exc:
                self._thumbs[key] = str(exc)
                return self._thumbs[key]
            self._views[str(entry.path)] = view
        self._thumbs[key] = view.thumbnail(w, h)
        return self._thumbs[key]

    def next_change(self) -> float | None:
        """Every frame while thumbnails are still being drawn; the seed field's cursor
        blinks."""
        if self._thumbs_pending or self._size == (0, 0):
            return 0
        return self.seed.next_blink()

    def draw(self, surface: pygame.Surface) -> None:
        self._loaded_this_frame = False
        self._thumbs_pending = False
        size = surface.get_size()
        if size != self._size:
            self._layout(size)
        surface.blit(backdrop(size), (0, 0))
        small = self._compact_title
        draw_text(
            surface,
            "SHIELDWALL",
            (34, 14 if small else 22),
            role="title",
            size=theme.SIZE_TITLE - 14 if small else theme.SIZE_TITLE,
            fg="gold",
            shadow=True,
        )
        draw_text(
            surface,
            "Tactical battles on the grid — solo, hotseat, or watch the AI fight.",
            (38, 62 if small else theme.px(84)),
            role="italic",
            size=theme.SIZE_BODY,
            fg="parchment_dark",
        )
        self._draw_detail(surface)  # first, so the chosen map's picture loads first
        self._draw_list(surface)
        for button in (
            self.continue_button,
            self.saves_button,
            self.settings_button,
            self.quit_button,
        ):
            button.draw(surface)
        self._drawn = True

    def _draw_list(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.list_rect, fill="wood_dark", border="wood_light", alpha=230)
        inner = self.list_rect.inflate(-16, -16)
        draw_text(
            surface,
            "Battles",
            (inner.x + 4, inner.y),
            role="title",
            size=theme.SIZE_HEADING - 4,
            fg="gold",
        )
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(inner.x, inner.y + 32, inner.w, inner.h - 32))
        if not self.entries:
            draw_paragraphs(
                surface,
                "No maps found. Put .tmx battles in the maps folder.",
                inner.inflate(-8, -80),
                fg="parchment_dark",
                size=theme.SIZE_SMALL,
            )
        for i in self.rows.visible():
            entry = self.entries[i]
            row = self.rows.row_rect(i)
            thumb = self._thumb(entry, 84, ROW_H - 12)
            hover = row.collidepoint(pygame.mouse.get_pos())
            draw_map_row(surface, entry, row, selected=i == self.selected, hover=hover, thumb=thumb)
        surface.set_clip(clip)

    def _rules_description(self) -> str:
        """The chosen ruleset's description (``Ruleset.description``); "" until its code
        is imported, which a frame that loaded nothing else does (as for thumbnails), never
        the first: that one shows the menu at once, with the chosen map's picture."""
        from game.ui.house_rules import description, loaded

        ruleset = self.ruleset.value
        if not loaded(ruleset):
            if self._loaded_this_frame or not self._drawn:
                self._thumbs_pending = True
                return ""
            self._loaded_this_frame = True
        return description(ruleset)

    def _about(self, entry: MapEntry) -> str:
        """The detail's text: how hard the battle is, its briefing, how its rules play
        (the pointer to their lesson is a button below it: ``lesson_title``)."""
        parts = []
        if entry.difficulty and entry.difficulty in DIFFICULTY_WORDS:
            parts.append(DIFFICULTY_WORDS[entry.difficulty])
        parts.append(entry.briefing or "No briefing.")
        rules = self._rules_description()
        self.ruleset.hint = f"{RULESET_HINT} {rules}" if rules else RULESET_HINT
        if rules:
            parts.append(f"Rules · {self.ruleset.value.capitalize()}: {rules}")
        return "\n\n".join(parts)

    def lesson_title(self) -> str | None:
        """The title of the chosen ruleset's lesson when the chosen battle is another
        one: what the pointer below the detail's text names."""
        entry = self.entry
        lesson = self.lesson_entry(self.ruleset.value)
        if entry is None or entry.problem or lesson is None or lesson is entry:
            return None
        return lesson.title

    def lesson_entry(self, ruleset: str) -> MapEntry | None:
        """The battle that teaches ``ruleset`` (a map of the ``tutorial`` difficulty), if
        there is one (issue 30)."""
        return next(
            (
                e
                for e in self.entries
                if e.difficulty == "tutorial" and e.ruleset == ruleset and e.playable
            ),
            None,
        )

    def open_lesson(self) -> bool:
        """L: select the lesson of the chosen ruleset; False when it has none."""
        lesson = self.lesson_entry(self.ruleset.value)
        if lesson is None:
            return False
        self.select(self.entries.index(lesson))
        return True

    def _draw_detail(self, surface: pygame.Surface) -> None:
        d = self.detail_rect
        draw_panel(surface, d, fill="parchment", border="wood_dark")
        entry = self.entry
        form = self.form_rect
        left = pygame.Rect(d.x + 24, d.y + 20, form.x - d.x - 48, d.h - 40)
        if entry is None:
            draw_text(
                surface, "Choose a battle", left.topleft, role="title", size=theme.SIZE_HEADING
            )
            return
        extra = draw_title(surface, entry.title, left)
        left.h -= extra  # the picture and the briefing move down
        left.y += extra
        text = entry.problem or self._about(entry)
        body = theme.SIZE_BODY - 1
        line_h = font("body", body).get_height() + 3
        text_h = len(wrap(text, left.w, "body", body)) * line_h
        # the picture gives way to a long briefing (and its objectives), down to a fifth
        # of the panel
        thumb_h = max(int(left.h * 0.2), min(int(left.h * 0.5), 300, left.h - 62 - text_h))
        thumb = self._thumb(entry, left.w, thumb_h)
        ty = left.y + 44
        if isinstance(thumb, pygame.Surface):
            frame = thumb.get_rect(midtop=(left.centerx, ty))
            pygame.draw.rect(surface, colour("wood_dark"), frame.inflate(8, 8), border_radius=4)
            surface.blit(thumb, frame)
            by = frame.bottom + 18
        elif thumb is None:  # still loading: keep its place so the text does not jump
            by = ty + thumb_h + 18
        else:
            by = ty
        lesson = self.lesson_title()
        self.about.rect = pygame.Rect(left.x, by, left.w, left.bottom - by - pointer_room(lesson))
        self.about.set_text(text)
        used = self.about.draw(surface, "health_low" if entry.problem else "ink")
        place_lesson_button(self.lesson_button, lesson, left, by + used)
        self.lesson_button.draw(surface)
        # the form
        pygame.draw.line(
            surface,
            colour("parchment_shade"),
            (form.x - 24, d.y + 20),
            (form.x - 24, d.bottom - 20),
            2,
        )
        draw_text(
            surface,
            "Battle setup",
            (form.x, form.y),
            role="title",
            size=theme.SIZE_HEADING - 6,
            fg="ink",
        )
        self.ruleset.draw(surface)
        draw_text(
            surface,
            "Who commands each side",
            (form.x, self._sides_label_y),
            role="bold",
            size=theme.SIZE_SMALL + 1,
            fg="ink_soft",
        )
        for side, choice in zip(entry.sides, self.side_choices, strict=True):
            choice.draw(surface)
            swatch = pygame.Rect(0, 0, 12, 12)
            swatch.midright = (choice.rect.x - 6, choice.rect.centery)
            pygame.draw.rect(surface, colour(side.colour), swatch, border_radius=3)
        self.seed.draw(surface)
        self.fog.draw(surface)
        self._update_house_rules_button()
        self.house_rules_button.draw(surface)
        self.start_button.draw(surface)
