"""Weapons lying on the ground (dropped by the fallen, thrown ones where they landed):
a small weapon badge at the top-left corner of their square, with a count when several lie
there, and the line the square's tooltip adds ("On the ground: Sword, Javelin").

The screen hands in the piles it may show (fog of war already applied); this module only
groups and draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache

import pygame

from game.geometry.grid import Cell
from game.ui.theme import colour, font
from game.ui.tokens import marker_badge

Item = tuple[str, str]  # (weapon id, its name)
Piles = Mapping[Cell, Sequence[Item]]  # what lies on each square, in a fixed order

# Which game-icons picture stands for a weapon (by its content id); others get the sword.
WEAPON_ICONS = {
    "dagger": "daggers",
    "spear": "spears",
    "javelin": "spears",
    "pike": "spears",
    "halberd": "spear-hook",
    "hand_axe": "battle-axe",
    "battle_axe": "battle-axe",
    "greataxe": "battle-axe",
    "mace": "mace-head",
    "club": "mace-head",
    "maul": "mace-head",
    "ogre_club": "mace-head",
    "shortbow": "bow-arrow",
    "longbow": "bow-arrow",
    "sling": "pocket-bow",
    "crossbow": "crossbow",
}
DEFAULT_ICON = "broadsword"


def weapon_icon(weapon_id: str) -> str:
    return WEAPON_ICONS.get(weapon_id, DEFAULT_ICON)


def piles(
    items: Iterable[tuple[Cell, str, str]], hidden: frozenset[Cell] = frozenset()
) -> dict[Cell, list[Item]]:
    """The (cell, weapon id, name) items grouped by square, leaving out squares in
    ``hidden`` (what the viewing side cannot see)."""
    out: dict[Cell, list[Item]] = {}
    for cell, weapon, name in items:
        if cell not in hidden:
            out.setdefault(cell, []).append((weapon, name))
    return out


def tooltip_line(pile: Sequence[Item]) -> str:
    """ "On the ground: Sword, Javelin ×2"; empty when nothing lies there."""
    counts: dict[str, int] = {}
    for _, name in pile:
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return ""
    names = [name if n == 1 else f"{name} ×{n}" for name, n in counts.items()]
    return "On the ground: " + ", ".join(names)


@cache
def pile_badge(icon: str, count: int, size: int) -> pygame.Surface:
    """The weapon badge of a square, with the number of items when more than one."""
    badge = marker_badge(icon, "parchment", size)
    if count < 2:
        return badge
    surf = badge.copy()
    f = font("bold", max(8, size // 2))
    text = f.render(str(count), True, colour("bone"))
    box = text.get_rect(bottomright=(size, size + 1)).inflate(2, 0)
    pygame.draw.rect(surf, colour("wood_dark"), box, border_radius=3)
    surf.blit(text, text.get_rect(center=box.center))
    return surf


def draw_piles(
    surface: pygame.Surface,
    ground: Piles,
    rect_of: Callable[[Cell], pygame.Rect],
    on_screen: Callable[[Cell], bool],
) -> None:
    """A badge at the top-left corner of every square with items on it."""
    for cell, pile in ground.items():
        if not pile or not on_screen(cell):
            continue
        rect = rect_of(cell)
        size = max(12, rect.w * 2 // 5)
        surface.blit(pile_badge(weapon_icon(pile[0][0]), len(pile), size), (rect.x - 2, rect.y - 2))
