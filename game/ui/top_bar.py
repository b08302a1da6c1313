"""The battle screen's top bar: the battle's title, the round, one initiative chip per side
(standing units of the total) and the objectives under way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.ui import theme
from game.ui.battle_model import BattleModel, SideView
from game.ui.theme import colour
from game.ui.widgets import Button, draw_panel, draw_text, fit_text

TOP_H = 46  # the bar's height (the battle screen lays out below it)


def _draw_progress(surface: pygame.Surface, x: int, model: BattleModel, menu: Button) -> None:
    """The objectives under way, after the chips, shortened to the room left."""
    room = menu.rect.x - 12 - x
    text = model.objective_progress()
    if text and room >= 60:
        text = fit_progress(text, room)
        pos = (x, TOP_H // 2)
        draw_text(surface, text, pos, size=theme.SIZE_SMALL, fg="gold", anchor="midleft")


@dataclass(frozen=True, slots=True)
class Part:
    """One objective of the progress line: who and where ("The Company hold North
    bridge"), its count ("2 of 3 rounds", after ": ") and its note ("counts at round 20",
    in closing brackets): the count is what the objective is about, the note can go."""

    head: str
    count: str = ""
    note: str = ""

    def text(self, head: str, notes: bool = True) -> str:
        out = f"{head}: {self.count}" if self.count else head
        return f"{out} ({self.note})" if notes and self.note else out

    @property
    def holder(self) -> tuple[str, str]:
        """(the holder's name, " hold " and what they hold), or ("", "") for no hold."""
        side, hold, area = self.head.partition(HOLD)
        return (side, hold + area) if hold else ("", "")


def _parts(text: str) -> list[Part]:
    """The progress line's objectives, split at " · "."""
    out = []
    for part in text.split(" · "):
        head, colon, count = part.rpartition(": ")
        if colon:
            out.append(Part(head, count=count))
        elif part.endswith(")") and " (" in part:
            head, _, note = part[:-1].rpartition(" (")
            out.append(Part(head, note=note))
        else:
            out.append(Part(part))
    return out


HOLD = " hold "
SIDE_MIN = "Abcde…"  # the least of a holder's name that still tells the sides apart
NAME_MIN = "Abcdef…"  # a name cut shorter says nothing ("The…")
FLOOR_MAX = 240  # the most the progress line keeps from the title and the side chips


def progress_floor(text: str) -> int:
    """The pixels the progress line keeps from the title and the chips: who holds what
    with the holder's name cut short and without the round note (play-test 3: "counts at
    round 15" lost its subject at 960×540; play-test 4: the title and the chips were cut
    to "Bl…" beside the note), at most ``FLOOR_MAX``, at least its counts alone."""
    if not text:
        return 0
    parts = _parts(text)
    counts = [p.count for p in parts if p.count]
    least = _width(" · ".join(counts)) if counts else 0
    if not any(p.holder[0] for p in parts):
        return least
    short = _line(parts, _width(SIDE_MIN), notes=False)
    return max(least, min(_width(short), FLOOR_MAX))


def _line(parts: list[Part], side_w: int | None, *, notes: bool, the: bool = True) -> str:
    """The line with each holder's name cut to ``side_w`` pixels (None: whole, less its
    leading "The " unless ``the``), with or without the notes."""
    shown = []
    for part in parts:
        side, rest = part.holder
        head = part.head
        if side and side_w is not None:
            head = cut_name(side, side_w, "body") + rest
        elif side and not the and side.startswith("The "):
            head = side[4:] + rest
        shown.append(part.text(head, notes))
    return " · ".join(shown)


def _width(text: str) -> int:
    return theme.font("body", theme.SIZE_SMALL).size(text)[0]


def fit_progress(text: str, width: int) -> str:
    """The objectives' progress within ``width`` pixels, the most telling part kept at
    every width: the holders' names lose their "The", then the round notes go ("counts at
    round 20": the round is in the bar already; play-test 4), then the holders' names are
    cut, then all names (with "…"), so that who holds what and the counts ("4 of 5
    rounds") stay; only then is the line cut."""
    if _width(text) <= width:
        return text
    parts = _parts(text)
    for notes in (True, False):
        line = _line(parts, None, notes=notes, the=False)
        if _width(line) <= width:
            return line
    holders = sum(1 for p in parts if p.holder[0])
    if holders:  # the holders' names next, so that who holds what stays (play-test 3)
        bare = _width(_line(parts, 0, notes=False))
        side_w = (width - bare) // holders + _width("…")
        if side_w >= _width(SIDE_MIN):
            cut = _line(parts, side_w, notes=False)
            if _width(cut) <= width:
                return cut
    fixed = _width(" · ".join(p.text("", notes=False) for p in parts))
    shares = _shares(parts, width - fixed)
    for holds in (True, False):  # who holds what, else the names before the counts
        heads = [
            _head_in(p, w)
            if holds or not p.count
            else _cut(p.head, w)
            if w >= _width(NAME_MIN)
            else ""
            for p, w in zip(parts, shares, strict=True)
        ]
        joined = " · ".join(p.text(h, notes=False) for p, h in zip(parts, heads, strict=True))
        if all(heads) and _width(joined) <= width:  # else the names say nothing ("The…")
            return joined
    short = [p.count or _line([p], _width(SIDE_MIN), notes=False) for p in parts]
    return fit_text(" · ".join(short), width, "body", theme.SIZE_SMALL)


def _shares(parts: list[Part], room: int) -> list[int]:
    """``room`` shared out among the parts' heads: the shortest whole, the rest evenly."""
    out = [0] * len(parts)
    order = sorted(range(len(parts)), key=lambda i: _width(parts[i].head))
    for n, i in enumerate(order):
        out[i] = min(_width(parts[i].head), room // (len(parts) - n))
        room -= out[i]
    return out


def _head_in(part: Part, width: int) -> str:
    """Who and where within ``width`` pixels: a holder's name cut to ``SIDE_MIN`` and what
    they hold cut to the rest ("Grey… hold South br…"), another head cut; "" when too
    little of it would show."""
    side, rest = part.holder
    if not side:
        return _cut(part.head, width) if width >= _width(NAME_MIN) else ""
    side = cut_name(side, _width(SIDE_MIN), "body")
    room = width - _width(side + HOLD)
    if room < _width("Abcd…"):
        return ""
    return side + HOLD + _cut(rest[len(HOLD) :], room)


def _cut(head: str, width: int) -> str:
    return fit_text(head, width, "body", theme.SIZE_SMALL)


def cut_name(name: str, width: int, role: str) -> str:
    """A side's name within ``width`` pixels; cut, it drops a leading "The" first ("The
    Black Tusks" says "Black…", not "The…")."""
    if theme.font(role, theme.SIZE_SMALL).size(name)[0] <= width:
        return name
    short = name[4:] if name.startswith("The ") else name
    return fit_text(short, width, role, theme.SIZE_SMALL)


def _round_words(round_no: int, limit: int | None) -> str:
    """The round, "Round 5 of 20" when the map sets a last round: the round limit stays in sight
    while no side holds an objective (play-test 2: the countdown vanished)."""
    if not round_no:
        return ""
    return f"Round {round_no} of {limit}" if limit else f"Round {round_no}"


def draw_top_bar(
    surface: pygame.Surface,
    model: BattleModel,
    menu: Button,
    side_count: Callable[[SideView], str],
) -> list[pygame.Rect]:
    """The title, the round and the initiative chips (their rects are returned); in a
    narrow window the title and then the side names are shortened so that every side
    keeps its chip."""
    w = surface.get_width()
    bar = pygame.Rect(0, 0, w, TOP_H)
    pygame.draw.rect(surface, colour("wood_dark"), bar)
    pygame.draw.line(surface, colour("wood_light"), bar.bottomleft, bar.bottomright, 2)
    small = theme.font("bold", theme.SIZE_SMALL)
    sides = list(model.sides())
    round_no = model.round_no()
    round_text = _round_words(round_no, model.round_limit()) or model.before_rounds()
    round_w = theme.font("bold", theme.SIZE_BODY).size(round_text)[0] + 20 if round_text else 0
    labels = [_chip_label(side_count, i, side, side.name) for i, side in enumerate(sides)]
    chips_w = sum(small.size(t)[0] + 42 for t in labels)
    # the objectives' counts keep their room: titles and side names are shortened first
    keep = progress_floor(model.objective_progress())
    keep = keep + 20 if keep else 0
    room = menu.rect.x - 10 - 14 - keep
    title_w = max(120, room - round_w - 28 - chips_w)
    title = fit_text(model.title, title_w, "title", theme.SIZE_BODY)
    draw_text(
        surface,
        title,
        (14, TOP_H // 2),
        role="title",
        size=theme.SIZE_BODY,
        fg="gold",
        anchor="midleft",
    )
    x = 14 + theme.font("title", theme.SIZE_BODY).size(title)[0] + 28
    if round_text:
        r = draw_text(
            surface, round_text, (x, TOP_H // 2), role="bold", fg="bone", anchor="midleft"
        )
        x = r.right + 20
    share = (menu.rect.x - 10 - keep - x) // max(1, len(sides)) - 8
    if chips_w > menu.rect.x - 10 - keep - x:
        labels = []
        for i, side in enumerate(sides):
            name_w = max(24, share - 34 - small.size(_chip_label(side_count, i, side, ""))[0])
            name = cut_name(side.name, name_w, "bold")
            labels.append(_chip_label(side_count, i, side, name))
    current = model.current_side()
    rects: list[pygame.Rect] = []
    for side, label in zip(sides, labels, strict=True):
        chip = pygame.Rect(x, 8, small.size(label)[0] + 34, TOP_H - 16)
        if chip.right > menu.rect.x - 10:
            break
        rects.append(chip)
        now = side.id == current
        draw_panel(
            surface,
            chip,
            fill="wood_light" if now else "wood",
            border="gold_bright" if now else "wood_dark",
            radius=6,
            shadow=False,
        )
        pygame.draw.circle(surface, colour(side.colour), (chip.x + 14, chip.centery), 7)
        draw_text(
            surface,
            label,
            (chip.x + 26, chip.centery),
            role="bold",
            size=theme.SIZE_SMALL,
            fg="bone" if now else "parchment_dark",
            anchor="midleft",
        )
        x = chip.right + 8
    _draw_progress(surface, x + 6, model, menu)
    menu.draw(surface)
    return rects


def _chip_label(side_count: Callable[[SideView], str], i: int, side: SideView, name: str) -> str:
    """An initiative chip's text: "2. Black Morcar's Outlaws (AI) 10 seen"."""
    label = f"{i + 1}. {name}" + ("  (AI)" if side.controller == "ai" else "")
    return label + f"  {side_count(side)}"
