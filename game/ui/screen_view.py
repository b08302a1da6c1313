"""Screen an Ally made visible (issue 4 play-test; 004 · Screen an Ally).

- Picking Screen an Ally, or resting the mouse on its button, outlines the allies the
  acting unit can screen (in the screen colour, not the red of a target).
- A screener and its ward are joined on the board by a short link across the edge they
  share, with the screen's shield badge on it.
- The unit card and sheet say it in words: "Screening Ada" / "Screened by Brand".

Everything here is read from the battle (the ``Conditions.screening`` field through the
model); nothing changes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from game.geometry.grid import Cell
from game.ui.theme import colour
from game.ui.tokens import MARKERS, marker_badge

LINK = "screen_link"  # theme colour of the link and of the wards outline
Link = tuple[str, str]  # (screener, ward)


def screen_words(key: str, links: Iterable[Link], name: Callable[[str], str]) -> list[str]:
    """What the card says about ``key``'s screens: "Screening Ada", "Screened by Brand"."""
    links = list(links)
    wards = [name(w) for s, w in links if s == key]
    screeners = [name(s) for s, w in links if w == key]
    out = [f"Screening {', '.join(wards)}"] if wards else []
    if screeners:
        out.append(f"Screened by {' and '.join(screeners)}")
    return out


def draw_links(
    surface: pygame.Surface,
    links: Sequence[tuple[Cell, Cell]],
    rect_of: Callable[[Cell], pygame.Rect],
    on_screen: Callable[[Cell], bool],
) -> None:
    """A bar across the shared edge of each screener and ward, with the shield badge."""
    tone = colour(LINK)
    for a, b in links:
        if not (on_screen(a) or on_screen(b)):
            continue
        ra, rb = rect_of(a), rect_of(b)
        (ax, ay), (bx, by) = ra.center, rb.center
        # the middle third of the line between the centres: the gap between the tokens
        p = (ax + (bx - ax) * 0.3, ay + (by - ay) * 0.3)
        q = (ax + (bx - ax) * 0.7, ay + (by - ay) * 0.7)
        width = max(3, ra.w // 10)
        pygame.draw.line(surface, colour("shadow"), p, q, width + 3)
        pygame.draw.line(surface, tone, p, q, width)
        size = max(12, ra.w // 3)
        badge = marker_badge(MARKERS["screening"].icon, LINK, size)
        mid = ((ax + bx) // 2, (ay + by) // 2)
        surface.blit(badge, badge.get_rect(center=mid))
