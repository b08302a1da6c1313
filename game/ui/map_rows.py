"""One battle's row in the menu's list: its thumbnail (or a mark that it cannot be
played), its title, and how hard, how big and which rules."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.catalogue import MapEntry
from game.ui.theme import colour
from game.ui.widgets import draw_panel, draw_text, fit_text

ROW_H = 68  # the row's height in the list
# what the menu says of a map's ``difficulty`` (maps/README.md), in the list and the detail
DIFFICULTY_WORDS = {
    "tutorial": "A lesson: the battle teaches its rules as you play, one short hint at a time.",
    "easy": "Easy: a good first battle.",
    "medium": "Medium: for when you know the controls.",
    "hard": "Hard: try an easier battle first.",
}


def draw_map_row(
    surface: pygame.Surface,
    entry: MapEntry,
    row: pygame.Rect,
    *,
    selected: bool,
    hover: bool,
    thumb: pygame.Surface | str | None,
) -> None:
    """The row of ``entry`` in ``row``; ``thumb``: its picture, a problem, or None (not
    loaded yet)."""
    fill = "parchment" if selected else ("wood_light" if hover else "wood")
    draw_panel(
        surface,
        row,
        fill=fill,
        border="gold" if selected else "wood_dark",
        radius=6,
        shadow=False,
    )
    tx = row.x + 6
    if isinstance(thumb, pygame.Surface):
        surface.blit(thumb, thumb.get_rect(center=(tx + 42, row.centery)))
    elif thumb is None:
        pygame.draw.rect(surface, colour("wood_dark"), (tx, row.y + 6, 84, ROW_H - 12))
    else:
        pygame.draw.rect(surface, colour("night"), (tx, row.y + 6, 84, ROW_H - 12))
        draw_text(
            surface,
            "!",
            (tx + 42, row.centery),
            role="bold",
            size=28,
            fg="health_low",
            anchor="center",
        )
    text_fg = "ink" if selected else "bone"
    sub_fg = "ink_soft" if selected else "muted"
    room = row.w - 110
    # a long name takes a smaller type before it loses words (play-test 960×540)
    size = next(
        (z for z in (theme.SIZE_BODY, theme.SIZE_BODY - 2, theme.SIZE_SMALL)
         if theme.font("bold", z).size(entry.title)[0] <= room),
        theme.SIZE_SMALL,
    )  # fmt: skip
    draw_text(
        surface,
        fit_text(entry.title, room, "bold", size),
        (tx + 96, row.y + 9 + (theme.SIZE_BODY - size) // 2),
        role="bold",
        size=size,
        fg=text_fg,
    )
    if entry.problem:
        # the longest wording that fits; cut only with "…" (play-test: "hover for wh")
        words = ("cannot be played: hover for why", "cannot be played (hover)")
        sub = next((t for t in words if theme.font("body", theme.SIZE_SMALL).size(t)[0] <= room),
                   fit_text(words[-1], room, "body", theme.SIZE_SMALL))  # fmt: skip
        sub_fg = "health_low"
    else:
        w, h = entry.size
        sub = f"{w}×{h} · {entry.ruleset}" + (" · your map" if entry.user else "")
        if entry.difficulty and entry.difficulty in DIFFICULTY_WORDS:
            sub = f"{entry.difficulty.capitalize()} · {sub}"
        sub += f" · {len(entry.sides)} sides" if len(entry.sides) != 2 else ""
    sub = fit_text(sub, room, "body", theme.SIZE_SMALL)
    draw_text(surface, sub, (tx + 96, row.y + 36), size=theme.SIZE_SMALL, fg=sub_fg)
