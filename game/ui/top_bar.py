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
        text = fit_text(text, room, "body", theme.SIZE_SMALL)
        pos = (x, TOP_H // 2)
        draw_text(surface, text, pos, size=theme.SIZE_SMALL, fg="gold", anchor="midleft")


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
    round_text = f"Round {round_no}" if round_no else ""
    round_w = theme.font("bold", theme.SIZE_BODY).size(round_text)[0] + 20 if round_no else 0
    labels = [_chip_label(side_count, i, side, side.name) for i, side in enumerate(sides)]
    chips_w = sum(small.size(t)[0] + 42 for t in labels)
    room = menu.rect.x - 10 - 14
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
    share = (menu.rect.x - 10 - x) // max(1, len(sides)) - 8
    if chips_w > menu.rect.x - 10 - x:
        labels = []
        for i, side in enumerate(sides):
            name_w = max(24, share - 34 - small.size(_chip_label(side_count, i, side, ""))[0])
            name = fit_text(side.name, name_w, "bold", theme.SIZE_SMALL)
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
