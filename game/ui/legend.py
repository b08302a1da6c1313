"""The legend (F1 or ?): what the board's colours, outlines and markers mean, and the
battle screen's keys (issue 4 play-test #33). Drawn over the dimmed battle; any key or
click closes it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.presentation import LegendRow
from game.engine.presenter import Presenter
from game.ui import theme
from game.ui.app import Scene
from game.ui.board import DASHED, draw_dashed, draw_outline
from game.ui.screen_view import draw_links
from game.ui.theme import colour
from game.ui.tokens import MARKERS, Marker, marker_badge, number_badge
from game.ui.widgets import draw_close_hint, draw_panel, draw_text, wrap
from game.ui.zone_view import PICK_ALPHA, RANGE_COLOURS, RANGE_WORDS

OPEN_KEYS = (pygame.K_F1,)  # and "?" (L is an action shortcut)
ROW_H = 24
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
        draw_outline(surface, r, name)  # as the board draws it

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


def _link(surface: pygame.Surface, r: pygame.Rect) -> None:
    draw_links(
        surface,
        [((0, 0), (1, 0))],
        lambda c: pygame.Rect(r.x + c[0] * r.h, r.y, r.h, r.h),
        lambda c: True,
    )


def _badge(icon: str, fill: str) -> Swatch:
    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        surface.blit(marker_badge(icon, fill, r.h), (r.x + (r.w - r.h) // 2, r.y))

    return draw


def _number(surface: pygame.Surface, r: pygame.Rect) -> None:
    surface.blit(number_badge(2, r.h, colour("hit")), (r.x + (r.w - r.h) // 2, r.y))


NUMBER_TEXT = "An enemy's number: tells apart enemies of the same kind"

# what every ruleset's board shows; a ruleset's own marks come from its presenter
BOARD: tuple[tuple[Swatch, str], ...] = (
    (_fill("move_range"), "Where a move takes the unit"),
    (_outline("target"), "An enemy you can attack now"),
    (_line("path"), "The hovered path"),
    (_fill("fog", 200), "Fog: none of your units sees it"),
)
THREAT_TEXT = "Q: where the enemies you see can attack next turn (darker: more)"
THREAT_BOARD: tuple[Swatch, str] = (_fill("threat", 95), THREAT_TEXT)
BOARD_LOOKS = ("fill", "outline", "line", "provoking", "link")


def _pill(text: str) -> Swatch:
    """A token's badge with ``text`` (a declared unit's group and place: "Q1")."""

    def draw(surface: pygame.Surface, r: pygame.Rect) -> None:
        img = theme.font("bold", max(9, r.h - 6)).render(text, True, colour("bone"))
        box = pygame.Rect(0, 0, max(r.h, img.get_width() + 6), r.h)
        box.center = r.center
        pygame.draw.rect(surface, colour("wood_dark"), box, border_radius=r.h // 2)
        pygame.draw.rect(surface, colour("gold"), box, 1, border_radius=r.h // 2)
        surface.blit(img, img.get_rect(center=box.center))

    return draw


def _swatch(row: LegendRow) -> Swatch | None:
    """How the legend draws a ruleset's row (``LegendRow.look``)."""
    if row.look == "fill":
        return _fill(row.tone)
    if row.look == "outline":
        return _outline(row.tone)
    if row.look == "line":
        return _line(row.tone)
    if row.look == "badge":
        return _pill(row.tone)
    return {"provoking": _provoking, "link": _link}.get(row.look)


def _zone_border(surface: pygame.Surface, r: pygame.Rect) -> None:
    pygame.draw.rect(surface, colour("health_full"), r)
    mid = r.centerx
    pygame.draw.line(surface, colour("shadow"), (mid + 1, r.y + 1), (mid + 1, r.bottom), 3)
    pygame.draw.line(surface, colour("zone_line"), (mid, r.y), (mid, r.bottom - 1), 2)


# shown when the battle's ruleset plays by zones (Presenter.zone_graph)
ZONES: tuple[tuple[Swatch, str], ...] = (
    (_zone_border, "The border between two zones (the zone's name is on it)"),
    *((_fill(tone, 120), f"{r.label}: {RANGE_WORDS[r]}") for r, tone in RANGE_COLOURS.items()),
    (_fill("zone_pick", PICK_ALPHA + 40), "The zone a click moves the unit into"),
)

# the threat overlay's rows, left out when the ruleset does not say what enemies threaten
THREAT_KEY = ("Q", "the enemy's threat; hover an enemy for its own")
KEYS: tuple[tuple[str, str], ...] = (
    ("Click", "select, move, attack; right-click: unit sheet"),
    ("Arrows", "move the cursor over the squares (the view follows)"),
    ("Enter", "what a click on the cursor's square does"),
    ("Tab / Shift+Tab", "cursor on the next / previous unit that can act"),
    (". and ,", "cursor on the next / previous target in reach"),
    ("Backspace", "drop the picked action or the selection"),
    ("1-9, 0, R, T …", "pick an action (or an answer) of the bar"),
    ("E", "end this unit's turn"),
    ("End", "end your side's turn"),
    ("Z", "undo a step of this turn (until a die is rolled)"),
    ("Esc", "drop the picked action; the menu"),
    ("Drag, WASD", "pan"),
    ("Wheel, + and -", "zoom"),
    ("G / Home", "grid / fit the map"),
    ("Space", "skip the animation"),
    THREAT_KEY,
    ("Ctrl+Tab", "fold the round plan (rulesets that declare)"),
    ("Ctrl+M", "mute the sound (Settings: volume)"),
    ("F2", "skip the lesson (Learn to play)"),
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
    panel: pygame.Rect | None = None  # where it was last drawn

    def __init__(
        self, presenter: Presenter | None = None, *, zones: bool = False, threat: bool = True
    ) -> None:
        self.presenter = presenter  # the battle's ruleset: its marks and words
        self.zones = zones  # whether the board shows zones (their colours are explained)
        self.threat = threat  # whether Q shows the enemy's threat (its rows are explained)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        w, h = surface.get_size()
        self.panel, columns, fit = layout(
            w, h, self.presenter, zones=self.zones, threat=self.threat
        )
        panel = self.panel
        draw_panel(surface, panel, fill="parchment", border="wood_dark")
        draw_text(
            surface,
            "Legend",
            (panel.centerx, panel.y + 10),
            role="title",
            size=theme.SIZE_HEADING,
            fg="ink",
            anchor="midtop",
        )
        for col, items in enumerate(columns):
            x = panel.x + PAD + col * (fit.col_w + GAP)
            y = panel.y + TOP
            for item in items:
                y = item.draw(surface, x, y, fit)
        draw_close_hint(surface, "Any key or click closes", panel)


# -- layout: the items flow down columns, as many as the window needs ----------------------

PAD, GAP, TOP, BOTTOM = 20, 22, 52, 26
MAX_W = 1180


@dataclass(frozen=True)
class Fit:
    """How the legend is set for one window: column width and text size (rows follow)."""

    col_w: int
    size: int = theme.SIZE_SMALL

    @property
    def row(self) -> int:
        return self.size + 8

    @property
    def small(self) -> int:
        return max(10, self.size - 3)  # the marker's words, still legible


@dataclass(frozen=True)
class Item:
    """One entry of the legend: a heading, a board swatch, a key, or a token marker (a
    named word with what it means below it; without ``marker``, no badge)."""

    kind: str  # "heading", "board", "key", "marker"
    text: str
    label: str = ""  # the key, or the marker's name
    swatch: Swatch | None = None
    marker: Marker | None = None

    def _indent(self, fit: Fit) -> int:
        if self.kind == "key":
            f = theme.font("bold", fit.size)
            return min(max(f.size(k)[0] for k, _ in KEYS) + 12, fit.col_w // 2)
        if self.kind == "marker" and self.marker is None:
            return 0  # a word the screen shows, a condition without a marker
        return {"board": 40, "marker": 30}.get(self.kind, 0)

    def _lines(self, fit: Fit) -> list[str]:
        size = fit.small if self.kind == "marker" else fit.size
        return wrap(self.text, max(40, fit.col_w - self._indent(fit) - 4), "body", size)

    def height(self, fit: Fit) -> int:
        if self.kind == "heading":
            return fit.row + 6
        if self.kind == "marker":
            return fit.size + 5 + (fit.small + 3) * len(self._lines(fit)) + 3
        return fit.row + (fit.row - 4) * (len(self._lines(fit)) - 1)

    def draw(self, surface: pygame.Surface, x: int, y: int, fit: Fit) -> int:
        if self.kind == "heading":
            size = fit.size + 2
            draw_text(surface, self.text, (x, y), role="title", size=size, fg="wood")
            return y + self.height(fit)
        indent = self._indent(fit)
        lines = self._lines(fit)
        if self.kind == "marker":
            if self.marker is not None:
                m = self.marker
                surface.blit(marker_badge(m.icon, m.colour, 20), (x, y + 2))
            draw_text(surface, self.label, (x + indent, y), role="bold", size=fit.size)
            for i, line in enumerate(lines):
                pos = (x + indent, y + fit.size + 3 + (fit.small + 3) * i)
                draw_text(surface, line, pos, size=fit.small, fg="ink_soft")
            return y + self.height(fit)
        if self.swatch is not None:
            self.swatch(surface, pygame.Rect(x, y + 3, 30, fit.row - 6))
        if self.label:
            draw_text(surface, self.label, (x, y), role="bold", size=fit.size, fg="ink")
        for i, line in enumerate(lines):
            pos = (x + indent, y + (fit.row - 4) * i)
            draw_text(surface, line, pos, size=fit.size, fg="ink")
        return y + self.height(fit)


def items(
    presenter: Presenter | None = None, *, zones: bool = False, threat: bool = True
) -> list[Item]:
    """The legend's entries: what every ruleset shares, then what the battle's ruleset
    adds (``Presenter.legend_rows``, its round plan's badges), its token markers and its
    conditions in its own words (none: the shared ones); ``zones``: the board shows zones
    (their colours too); ``threat``: Q shows the enemy's threat (else its rows are left
    out). A marker the ruleset never names is left out."""
    shown = presenter or Presenter()
    said = shown.condition_text
    own = shown.legend_rows()
    out = [Item("heading", "On the board")]
    out += [Item("board", text, swatch=swatch) for swatch, text in BOARD]
    if threat:
        out.append(Item("board", THREAT_TEXT, swatch=THREAT_BOARD[0]))
    out += [Item("board", r.text, swatch=_swatch(r)) for r in own if r.look in BOARD_LOOKS]
    if zones:
        out.append(Item("heading", "Zones"))  # the ranges say "from the selected unit"
        out += [Item("board", text, swatch=swatch) for swatch, text in ZONES]
    out.append(Item("heading", "Markers on a token"))
    out.append(Item("board", NUMBER_TEXT, swatch=_number))  # issue 30: it was missing
    for key, m in MARKERS.items():
        if key in shown.condition_texts:
            words = said(key)
            out.append(Item("marker", words.effect, label=words.label, marker=m))
    out += _plan_badges(shown)
    for r in own:
        if r.look == "badge":
            out.append(Item("board", r.text, swatch=_swatch(r)))
        elif r.look == "words":
            out.append(Item("marker", r.text, label=r.tone))
    named = [t for k, t in shown.condition_texts.items() if k not in MARKERS and t.effect]
    if named:
        out.append(Item("heading", "Conditions (unit card)"))
        out += [Item("marker", t.effect, label=t.label) for t in named]
    out.append(Item("heading", "Keys"))
    out += [Item("key", text, label=key) for key, text in KEYS if threat or key != "Q"]
    return out


def _plan_badges(presenter: Presenter) -> list[Item]:
    """The badges a round of declared intentions puts on tokens (``plan_groups``)."""
    groups = presenter.plan_groups()
    if not groups:
        return []
    out = [
        Item("board", f"{g.title}: the group and place in the order, once revealed",
             swatch=_pill(f"{g.badge}1"))
        for g in groups
    ]  # fmt: skip
    out.append(Item("board", "Declared; what it does is not yet revealed", swatch=_pill("?")))
    out.append(Item("board", "Your unit has declared", swatch=_pill("ok")))
    return out


def _flow(entries: list[Item], fit: Fit, room: int, n: int) -> list[list[Item]] | None:
    """The entries placed down ``n`` columns ``room`` pixels tall (a heading never ends a
    column), or None when they do not fit."""
    columns: list[list[Item]] = [[]]
    used = 0
    for i, item in enumerate(entries):
        tall = item.height(fit)
        if item.kind == "heading" and i + 1 < len(entries):
            tall += entries[i + 1].height(fit)  # keep a heading with its first entry
        if used + tall > room and columns[-1]:
            if len(columns) == n:
                return None
            columns.append([])
            used = 0
        columns[-1].append(item)
        used += item.height(fit)
    return columns


def layout(
    w: int,
    h: int,
    presenter: Presenter | None = None,
    *,
    zones: bool = False,
    threat: bool = True,
) -> tuple[pygame.Rect, list[list[Item]], Fit]:
    """The panel, its columns of items and how they are set for a ``w`` × ``h`` window: the
    fewest columns (2 to 4) whose flow fits the window's height, in the small text size,
    else in the tiny one, else smaller still in up to 5 columns (play-test 2: the grid's
    legend lost its last key rows at 960×540, the smallest window the game allows)."""
    entries = items(presenter, zones=zones, threat=threat)
    panel_w = min(w - 20, MAX_W)
    room = h - 20 - TOP - BOTTOM
    tries = [(n, size) for size in (theme.SIZE_SMALL, theme.SIZE_TINY) for n in (2, 3, 4)]
    tries += [(n, theme.SIZE_TINY - 2) for n in (3, 4, 5)]
    for n, size in tries:
        fit = Fit((panel_w - 2 * PAD - (n - 1) * GAP) // n, size)
        columns = _flow(entries, fit, room, n)
        if columns is not None:
            break
    else:  # a window smaller than the game allows: the last column runs off
        columns = _flow(entries, fit, room, 99) or [entries]
    tallest = max(sum(i.height(fit) for i in col) for col in columns)
    panel = pygame.Rect(0, 0, panel_w, min(h - 20, TOP + tallest + BOTTOM))
    panel.center = (w // 2, h // 2)
    return panel, columns, fit
