"""The dark wooden backdrop behind menus and screens, drawn once per window size."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui.theme import colour, mix


@cache
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """Vertical wood grain in dark walnut with a soft vignette (deterministic, no dice)."""
    w, h = size
    surf = pygame.Surface(size)
    dark, mid = colour("wood_dark"), colour("wood")
    for x in range(w):
        # layered sines give an irregular grain without any randomness
        t = (
            0.5
            + 0.22 * math.sin(x * 0.021)
            + 0.14 * math.sin(x * 0.093 + 1.3)
            + 0.08 * math.sin(x * 0.41 + 0.7)
        )
        pygame.draw.line(surf, mix(dark, mid, max(0.0, min(1.0, t)) * 0.55), (x, 0), (x, h))
    # plank seams
    plank = max(120, w // 9)
    for x in range(plank, w, plank):
        pygame.draw.line(surf, mix(dark, (0, 0, 0), 0.5), (x, 0), (x, h), 2)
    vignette = pygame.Surface(size, pygame.SRCALPHA)
    steps = 24
    ring = max(2, min(w, h) // (3 * steps))
    for i in range(steps):
        alpha = int(150 * (1 - i / steps) ** 2)
        inset = i * ring
        pygame.draw.rect(
            vignette, (0, 0, 0, alpha), (inset, inset, w - 2 * inset, h - 2 * inset), ring
        )
    surf.blit(vignette, (0, 0))
    return surf
