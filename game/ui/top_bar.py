"""The battle screen's top bar: the battle's title, the round, one initiative chip per side
(standing units of the total) and the objectives under way."""

from __future__ import annotations

from collections.abc import Callable

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


def _counts(text: str) -> list[tuple[str, str, str]]:
    """Each objective of the progress line as (who and where, count, how they join): the
    count is what follows the last ": " ("2 of 3 rounds") or a closing "(...)" ("counts at
    round 20"); empty when there is none."""
    out = []
    for part in text.split(" · "):
        head, colon, count = part.rpartition(": ")
        if colon:
            out.append((head, count, "{}: {}"))
        elif part.endswith(")") and " (" in part:
            head, _, count = part[:-1].rpartition(" (")
            out.append((head, count, "{} ({})"))
        else:
            out.append((part, "", "{}"))
    return out


HOLD = " hold "
SIDE_MIN = "Abcde…"  # the least of a holder's name that still tells the sides apart
FLOOR_MAX = 360  # the most the progress line keeps from the title and the side chips


def progress_floor(text: str) -> int:
    """The pixels the progress line keeps from the title and the chips: who holds what
    with the holder's name cut short (play-test 3: "counts at round 15" lost its subject
    at 960×540), at most ``FLOOR_MAX``, at least its counts alone."""
    parts = _counts(text)
    counts = [c for _, c, _ in parts if c]
    least = _width(" · ".join(counts)) if counts else 0
    if not text:
        return 0
    short = _holders_cut(parts, _width(SIDE_MIN))
    return max(least, min(_width(short), FLOOR_MAX)) if short else least


def _holders_cut(parts: list[tuple[str, str, str]], side_w: int) -> str:
    """The line with each holder's name ("X hold Y") cut to ``side_w`` pixels and the
    rest whole; "" when no part names a holder."""
    if not any(HOLD in h for h, _, _ in parts):
        return ""
    shown = []
    for head, count, how in parts:
        side, hold, area = head.partition(HOLD)
        if hold:
            head = cut_name(side, side_w, "body") + hold + area
        shown.append(how.format(head, count) if count else head)
    return " · ".join(shown)


def _width(text: str) -> int:
    return theme.font("body", theme.SIZE_SMALL).size(text)[0]


def fit_progress(text: str, width: int) -> str:
    """The objectives' progress within ``width`` pixels: the holders' names are shortened
    first, then all names (with "…"), then left out, so that the counts ("4 of 5 rounds",
    "counts at round 20") survive (play-test: "Haldor's…" at 960×540 hid them); only then
    is the line cut."""
    if _width(text) <= width:
        return text
    parts = _counts(text)
    holders = sum(1 for h, _, _ in parts if HOLD in h)
    if holders:  # first the holders' names, so that who holds what stays (play-test 3)
        bare = _width(_holders_cut(parts, 0))
        side_w = (width - bare) // holders + _width("…")
        if side_w >= _width(SIDE_MIN):
            cut = _holders_cut(parts, side_w)
            if _width(cut) <= width:
                return cut
    fixed = _width(" · ".join(how.format("…", c) if c else "…" for _, c, how in parts))
    share = (width - fixed) // len(parts) + _width("…")
    if share >= _width("Abcdef…"):  # else the names say nothing ("The…")
        shown = [
            how.format(fit_text(h, share, "body", theme.SIZE_SMALL), c)
            if c
            else fit_text(h, share, "body", theme.SIZE_SMALL)
            for h, c, how in parts
        ]
        joined = " · ".join(shown)
        if _width(joined) <= width:
            return joined
    counts = " · ".join(c for _, c, _ in parts if c)
    return fit_text(counts or text, width, "body", theme.SIZE_SMALL)


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
    round_text = _round_words(round_no, model.round_limit())
    round_w = theme.font("bold", theme.SIZE_BODY).size(round_text)[0] + 20 if round_no else 0
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
    if round_no:
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
