"""The victory screen's two tables (#36, issue 30): a row per side (standing, fallen,
fled, surrendered, damage dealt on each health track) and a row per unit (its fate, the
units it felled, the damage it dealt and took on each track, in the ruleset's words)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.theme import colour
from game.ui.widgets import draw_text, fit_text


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's row of the victory table."""

    name: str
    colour: str
    units: int
    standing: int
    fallen: int  # dead, dying or otherwise down
    fled: int  # fled or routed
    surrendered: int
    damage: int  # dealt to the other sides, every health track added up
    dealt: str = ""  # the same per track, in the ruleset's words ("7 HP, 2 of a second track")


@dataclass(frozen=True, slots=True)
class UnitSummary:
    """One unit's row of the victory table."""

    name: str
    colour: str  # its side's
    fate: str  # "standing", "dead", "fled" … (the ruleset's word)
    kills: int
    dealt: str  # "7 HP, 2 of a second track"; "0" for none
    taken: str
    more: tuple[tuple[str, str], ...] = ()  # the ruleset's own columns: (heading, value)


SUMMARY_COLUMNS = ("Standing", "Fallen", "Fled", "Surrendered", "Damage dealt")
UNIT_COLUMNS = ("Fate", "Kills", "Dealt", "Taken")
UNIT_WIDTHS = (0.24, 0.1, 0.33, 0.33)  # of the width after the name
MORE_WIDTH = 0.4  # each of the ruleset's own columns, on the same scale


def _header(
    surface: pygame.Surface, area: pygame.Rect, row_h: int, first: str,
    headings: Sequence[str], centres: Sequence[int],
) -> int:  # fmt: skip
    small = theme.SIZE_SMALL - 1
    y = area.y
    draw_text(surface, first, (area.x + 6, y + row_h // 2), role="bold", size=small,
              fg="ink_soft", anchor="midleft")  # fmt: skip
    for heading, cx in zip(headings, centres, strict=True):
        draw_text(surface, heading, (cx, y + row_h // 2), role="bold", size=small,
                  fg="ink_soft", anchor="center")  # fmt: skip
    y += row_h
    pygame.draw.line(surface, colour("wood"), (area.x, y - 2), (area.right, y - 2), 2)
    return y


def _row(
    surface: pygame.Surface, area: pygame.Rect, y: int, row_h: int, i: int, swatch_colour: str,
    name: str, name_w: int,
) -> pygame.Rect:  # fmt: skip
    """A striped row with a swatch and a name; the row's rect."""
    row = pygame.Rect(area.x, y, area.w, row_h)
    if i % 2 == 0:
        pygame.draw.rect(surface, colour("parchment_dark"), row, border_radius=4)
    swatch = pygame.Rect(0, 0, 14, 14)
    swatch.midleft = (row.x + 8, row.centery)
    pygame.draw.rect(surface, colour(swatch_colour), swatch, border_radius=3)
    text = fit_text(name, name_w - 36, "bold", theme.SIZE_BODY)
    draw_text(surface, text, (swatch.right + 10, row.centery), role="bold", fg="ink",
              anchor="midleft")  # fmt: skip
    return row


def _value(surface: pygame.Surface, value: object, cx: int, cy: int, width: int) -> None:
    text = str(value)
    faint = text == "0"
    draw_text(surface, fit_text(text, width - 8, "body", theme.SIZE_BODY), (cx, cy),
              fg="muted" if faint else "ink", anchor="center")  # fmt: skip


def draw_side_table(
    surface: pygame.Surface, area: pygame.Rect, row_h: int, sides: Sequence[SideSummary]
) -> None:
    """Side | Standing | Fallen | Fled | Surrendered | Damage dealt, numbers centred under
    their heading, a colour swatch before each side's name."""
    n = len(SUMMARY_COLUMNS)
    name_w = max(160, area.w - n * 104)
    col_w = (area.w - name_w) // n
    last_w = area.w - name_w - col_w * (n - 1)  # "7 HP, 2 of a second track" takes what is left
    centres = [area.x + name_w + col_w * i + col_w // 2 for i in range(n - 1)]
    centres.append(area.x + name_w + col_w * (n - 1) + last_w // 2)
    y = _header(surface, area, row_h, "Side", SUMMARY_COLUMNS, centres)
    for i, side in enumerate(sides):
        row = _row(surface, area, y, row_h, i, side.colour, side.name, name_w)
        values = (
            f"{side.standing}/{side.units}", side.fallen, side.fled, side.surrendered,
            side.dealt or side.damage,
        )  # fmt: skip
        widths = [col_w] * (n - 1) + [last_w]
        for value, cx, w in zip(values, centres, widths, strict=True):
            _value(surface, value, cx, row.centery, w)
        y += row_h


def draw_unit_table(
    surface: pygame.Surface, area: pygame.Rect, row_h: int, units: Sequence[UnitSummary]
) -> None:
    """Unit | Fate | Kills | Dealt | Taken, then the ruleset's own columns (the first
    row's headings: ``UnitSummary.more``), a swatch of its side's colour before each name."""
    more = [heading for heading, _ in units[0].more] if units else []
    name_w = max(150, area.w * (3 if not more else 2) // 10)
    rest = area.w - name_w
    shares = [*UNIT_WIDTHS, *[MORE_WIDTH] * len(more)]
    widths = [int(rest * f / sum(shares)) for f in shares]
    centres, x = [], area.x + name_w
    for w in widths:
        centres.append(x + w // 2)
        x += w
    y = _header(surface, area, row_h, "Unit", (*UNIT_COLUMNS, *more), centres)
    for i, unit in enumerate(units):
        row = _row(surface, area, y, row_h, i, unit.colour, unit.name, name_w)
        own = dict(unit.more)
        values = (unit.fate, unit.kills, unit.dealt, unit.taken, *(own.get(h, "") for h in more))
        for value, cx, w in zip(values, centres, widths, strict=True):
            _value(surface, value, cx, row.centery, w)
        y += row_h
