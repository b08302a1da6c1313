"""The battle screen's top bar: the battle's title, the round, one initiative chip per side
(standing units of the total) and the objectives under way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from game.ui import theme
from game.ui.battle_model import SideView
from game.ui.progress_fit import DOT_W, fit_progress, fit_segments, progress_floor, short_names
from game.ui.theme import colour
from game.ui.widgets import Button, draw_panel, draw_text, fit_text

__all__ = ["TOP_H", "TopModel", "cut_name", "draw_top_bar", "fit_progress", "progress_floor"]

TOP_H = 46  # the bar's height (the battle screen lays out below it)
TITLE_MIN = 120  # a title given less room than this is left out


class TopModel(Protocol):
    """What the top bar reads of the battle (``BattleModel``, or what it said a moment
    before: ``game.ui.paced.TopFacts``)."""

    @property
    def title(self) -> str: ...

    def sides(self) -> Sequence[SideView]: ...

    def round_no(self) -> int: ...

    def round_limit(self) -> int | None: ...

    def before_rounds(self) -> str: ...

    def objective_progress(self) -> str: ...

    def current_side(self) -> str | None: ...


def _draw_progress(surface: pygame.Surface, x: int, model: TopModel, menu: Button) -> None:
    """The objectives under way, after the chips, shortened to the room left."""
    room = menu.rect.x - 12 - x
    text = model.objective_progress()
    if not text or room < 60:
        return
    colours = {side.name: side.colour for side in model.sides()}
    for i, segment in enumerate(fit_segments(text, room, colours)):
        if i:
            x = _progress_text(surface, " · ", x)
        if segment.colour is not None:  # the holder's side, as on its chip
            pygame.draw.circle(surface, colour(segment.colour), (x + 5, TOP_H // 2), 5)
            x += DOT_W
        x = _progress_text(surface, segment.text, x)


def _progress_text(surface: pygame.Surface, text: str, x: int) -> int:
    pos = (x, TOP_H // 2)
    rect = draw_text(surface, text, pos, size=theme.SIZE_SMALL, fg="gold", anchor="midleft")
    return rect.right


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
    model: TopModel,
    menu: Button,
    side_count: Callable[[SideView], str],
) -> list[pygame.Rect]:
    """The title, the round and the initiative chips (their rects are returned); in a
    narrow window the title is shortened, then the sides take their short names (the
    title left out if it would get too little room to say anything), then those are cut,
    so that every side keeps its chip."""
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
    shorts = short_names([side.name for side in sides])
    short_labels = [
        _chip_label(side_count, i, side, shorts[side.name]) for i, side in enumerate(sides)
    ]
    chips_w = _chips_width(labels)
    # the objectives' counts keep their room: titles and side names are shortened first
    keep = progress_floor(model.objective_progress())
    keep = keep + 20 if keep else 0
    room = menu.rect.x - 10 - 14 - keep
    title_w = room - round_w - 28 - chips_w
    if title_w < TITLE_MIN:  # the chips by the sides' short names, else no title at all
        title_w = room - round_w - 28 - _chips_width(short_labels)
    # play-test 8: a title cut to "The Battl…" says nothing and took the chips' room
    title = fit_text(model.title, title_w, "title", theme.SIZE_BODY) if title_w >= TITLE_MIN else ""
    x = 14
    if title:
        draw_text(
            surface,
            title,
            (14, TOP_H // 2),
            role="title",
            size=theme.SIZE_BODY,
            fg="gold",
            anchor="midleft",
        )
        x += theme.font("title", theme.SIZE_BODY).size(title)[0] + 28
    if round_text:
        r = draw_text(
            surface, round_text, (x, TOP_H // 2), role="bold", fg="bone", anchor="midleft"
        )
        x = r.right + 20
    avail = menu.rect.x - 10 - keep - x
    if chips_w > avail:
        # the sides' short names ("Company", "Haldor's"), cut only if even they do not
        # fit (play-test 8: "2. Hald… (AI)" beside "Haldo… hold Vill…")
        labels = short_labels
        if _chips_width(labels) > avail:
            share = avail // max(1, len(sides)) - 8
            labels = []
            for i, side in enumerate(sides):
                bare = small.size(_chip_label(side_count, i, side, ""))[0]
                name = cut_name(shorts[side.name], max(24, share - 34 - bare), "bold")
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


def _chips_width(labels: list[str]) -> int:
    small = theme.font("bold", theme.SIZE_SMALL)
    return sum(small.size(t)[0] + 42 for t in labels)


def _chip_label(side_count: Callable[[SideView], str], i: int, side: SideView, name: str) -> str:
    """An initiative chip's text: "2. Black Morcar's Outlaws (AI) 10 seen"."""
    label = f"{i + 1}. {name}" + ("  (AI)" if side.controller == "ai" else "")
    return label + f"  {side_count(side)}"
