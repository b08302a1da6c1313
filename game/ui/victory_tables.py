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
NAME_PAD = 36 + 12  # the swatch before a name and a margin after it
CELL_PAD = 16  # a margin between two values


def _w(text: str, role: str = "body", size: int | None = None) -> int:
    return theme.font(role, theme.SIZE_BODY if size is None else size).size(text)[0]


def natural_widths(
    first: str, names: Sequence[str], headings: Sequence[str], rows: Sequence[Sequence[object]]
) -> list[int]:
    """The width each column needs to show its heading and every value whole: the name
    column first, then one per heading."""
    small = theme.SIZE_SMALL - 1
    name = max([_w(first, "bold", small) + 12, *(_w(n, "bold") + NAME_PAD for n in names)])
    out = [name]
    for i, heading in enumerate(headings):
        values = [_w(str(r[i])) for r in rows if i < len(r)]
        out.append(max([_w(heading, "bold", small), *values]) + CELL_PAD)
    return out


def fit_columns(natural: Sequence[int], width: int) -> list[int]:
    """Column widths adding up to ``width``: with room to spare every column gets its
    natural width and a fair part of the rest; short of room the narrow columns keep
    theirs and the wide ones share what is left equally (they are cut, with "…")."""
    total = sum(natural)
    if total <= width:
        extra = width - total
        out = [n + extra // len(natural) for n in natural]
        out[0] += width - sum(out)
        return out
    left, wide = width, sorted(range(len(natural)), key=lambda i: natural[i])
    out = list(natural)
    for k, i in enumerate(wide):  # narrowest first: keep it whole while it is under its share
        share = left // (len(wide) - k)
        out[i] = min(natural[i], share)
        left -= out[i]
    out[wide[-1]] += left
    return out


def table_width(sides: Sequence[SideSummary], units: Sequence[UnitSummary]) -> int:
    """The width the wider of the two tables needs to show everything whole."""
    side = natural_widths("Side", [s.name for s in sides], SUMMARY_COLUMNS, _side_rows(sides))
    more = _more(units)
    unit = natural_widths(
        "Unit", [u.name for u in units], (*UNIT_COLUMNS, *more), _unit_rows(units, more)
    )
    return max(sum(side), sum(unit))


def _side_rows(sides: Sequence[SideSummary]) -> list[tuple[object, ...]]:
    return [
        (f"{s.standing}/{s.units}", s.fallen, s.fled, s.surrendered, s.dealt or s.damage)
        for s in sides
    ]


def _more(units: Sequence[UnitSummary]) -> list[str]:
    return [heading for heading, _ in units[0].more] if units else []


def _unit_rows(units: Sequence[UnitSummary], more: Sequence[str]) -> list[tuple[object, ...]]:
    out = []
    for u in units:
        own = dict(u.more)
        out.append((u.fate, u.kills, u.dealt, u.taken, *(own.get(h, "") for h in more)))
    return out


def _centres(area: pygame.Rect, widths: Sequence[int]) -> list[int]:
    centres, x = [], area.x + widths[0]
    for w in widths[1:]:
        centres.append(x + w // 2)
        x += w
    return centres


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
    text = fit_text(name, name_w - NAME_PAD, "bold", theme.SIZE_BODY)
    draw_text(surface, text, (swatch.right + 10, row.centery), role="bold", fg="ink",
              anchor="midleft")  # fmt: skip
    return row


def _value(surface: pygame.Surface, value: object, cx: int, cy: int, width: int) -> None:
    text = str(value)
    faint = text == "0"
    draw_text(surface, fit_text(text, width - CELL_PAD, "body", theme.SIZE_BODY), (cx, cy),
              fg="muted" if faint else "ink", anchor="center")  # fmt: skip


def draw_side_table(
    surface: pygame.Surface, area: pygame.Rect, row_h: int, sides: Sequence[SideSummary]
) -> None:
    """Side | Standing | Fallen | Fled | Surrendered | Damage dealt, numbers centred under
    their heading, a colour swatch before each side's name; columns sized from what they
    hold and the room (``fit_columns``)."""
    rows = _side_rows(sides)
    natural = natural_widths("Side", [s.name for s in sides], SUMMARY_COLUMNS, rows)
    widths = fit_columns(natural, area.w)
    centres = _centres(area, widths)
    y = _header(surface, area, row_h, "Side", SUMMARY_COLUMNS, centres)
    for i, (side, values) in enumerate(zip(sides, rows, strict=True)):
        row = _row(surface, area, y, row_h, i, side.colour, side.name, widths[0])
        for value, cx, w in zip(values, centres, widths[1:], strict=True):
            _value(surface, value, cx, row.centery, w)
        y += row_h


def draw_unit_table(
    surface: pygame.Surface, area: pygame.Rect, row_h: int, units: Sequence[UnitSummary]
) -> None:
    """Unit | Fate | Kills | Dealt | Taken, then the ruleset's own columns (the first
    row's headings: ``UnitSummary.more``), a swatch of its side's colour before each name;
    columns sized from what they hold and the room."""
    more = _more(units)
    rows = _unit_rows(units, more)
    headings = (*UNIT_COLUMNS, *more)
    widths = fit_columns(natural_widths("Unit", [u.name for u in units], headings, rows), area.w)
    centres = _centres(area, widths)
    y = _header(surface, area, row_h, "Unit", headings, centres)
    for i, (unit, values) in enumerate(zip(units, rows, strict=True)):
        row = _row(surface, area, y, row_h, i, unit.colour, unit.name, widths[0])
        for value, cx, w in zip(values, centres, widths[1:], strict=True):
            _value(surface, value, cx, row.centery, w)
        y += row_h
