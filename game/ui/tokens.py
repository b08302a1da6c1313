"""Unit tokens: party icons on side-coloured discs, numbered enemy tokens, health, markers.

Source 004 · The Grid suggests class icons for the party and numbered
figures for enemies with one colour per enemy type; the tokens follow that.
Icons are game-icons.net SVGs (white, see ``assets/icons``) tinted here.
Every token image is cached by what it shows, so a frame only blits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import pygame

from game.geometry.grid import Cell
from game.shipped import MissingDataError
from game.ui import theme
from game.ui.theme import RGB, colour, font, mix

FALLBACK_ICON = "person"
SMALL_TOKEN = 26  # px: below this an enemy token shows its number alone, large


@dataclass(frozen=True, slots=True)
class Marker:
    """How a condition shows on a token: its icon on a badge of its colour. What the
    condition is called and does is the ruleset's word (its presenter's)."""

    icon: str
    colour: str


# Condition key → marker, in the order the badges are drawn. Keys are the conditions'
# words (``UnitView.conditions``, and the status a unit shows as).
MARKERS: dict[str, Marker] = {
    "prone": Marker("falling", "#c9a23a"),
    "grappled": Marker("grab", "#b5562f"),
    "total_defense": Marker("checked-shield", "#4f86c6"),
    "screening": Marker("shield-reflect", "#3f9a8c"),
    "disengaged": Marker("back-forth", "#6c8f4a"),
    "mortally_wounded": Marker("heart-beats", "#c0392b"),
    "stabilised": Marker("heart-beats", "#6c8f4a"),
    "routed": Marker("run", "#d0803a"),
    "fled": Marker("run", "#8a7f70"),
    "surrendered": Marker("flying-flag", "#e8e2d0"),
    "holding": Marker("hourglass", "#9a6fc0"),
}


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """What the board needs to know to draw one unit (the renderer's data adapter)."""

    key: str  # stable unit id
    name: str
    side: str
    side_colour: str  # "#rrggbb"
    cell: Cell
    hp: int
    max_hp: int
    party: bool = False  # drawn with its icon; otherwise a numbered token
    icon: str | None = None
    type_colour: str = "#888888"  # enemies: colour of their type
    number: int | None = None  # enemies: number within their type
    conditions: frozenset[str] = field(default_factory=frozenset)
    down: bool = False  # at 0 HP, dead, fled or surrendered: drawn faded
    template: str = ""
    # more health tracks drawn as bars above the first, (current, maximum) each
    more_bars: tuple[tuple[int, int], ...] = ()


@cache
def icon_image(name: str, size: int, tint: RGB = (255, 255, 255)) -> pygame.Surface:
    """A game-icons SVG at ``size`` px, tinted. A missing file is an error naming it
    (``MissingDataError``): the content loader only accepts icon names, so a missing file
    means a damaged install, which should say so rather than draw a stand-in."""
    path = theme.ICON_DIR / f"{name}.svg"
    if not path.is_file():
        raise MissingDataError(f"{path}: the game's icon is missing; reinstall the game")
    try:
        image = pygame.image.load_sized_svg(str(path), (size, size))
    except (pygame.error, FileNotFoundError):
        image = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(image, (255, 255, 255), (size // 2, size // 2), size // 3)
    if image.get_flags() & pygame.SRCALPHA == 0:
        image = image.convert_alpha() if pygame.display.get_surface() else image
    if tint != (255, 255, 255):
        image = image.copy()
        image.fill((*tint, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return image


def _disc(size: int, fill: RGB, rim: RGB) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, (0, 0, 0, 110), (r, r + max(1, size // 24)), r - 1)
    pygame.draw.circle(surf, rim, (r, r), r - 2)
    pygame.draw.circle(surf, fill, (r, r), r - 2 - max(2, size // 14))
    # a light rim on the upper half reads as a rounded, lit token
    pygame.draw.arc(
        surf,
        mix(fill, (255, 255, 255), 0.35),
        surf.get_rect().inflate(-size // 5, -size // 5),
        0.6,
        2.5,
        max(1, size // 28),
    )
    return surf


@cache
def token_image(
    size: int,
    party: bool,
    icon: str | None,
    side_colour: str,
    type_colour: str,
    number: int | None,
    down: bool,
) -> pygame.Surface:
    """The round token for a unit, ``size`` px wide."""
    side_rgb = colour(side_colour)
    if party:
        fill = mix(side_rgb, (0, 0, 0), 0.15)
        surf = _disc(size, fill, colour("gold"))
        glyph = icon_image(icon or FALLBACK_ICON, max(8, int(size * 0.62)), theme.readable_on(fill))
        surf.blit(glyph, glyph.get_rect(center=(size // 2, size // 2)))
    else:
        fill = colour(type_colour)
        surf = _disc(size, fill, mix(side_rgb, (0, 0, 0), 0.35))
        small = size < SMALL_TOKEN and number is not None  # too small for both: the number
        if icon and not small:
            ink = mix(theme.readable_on(fill), fill, 0.25)
            glyph = icon_image(icon, max(8, int(size * 0.62)), ink)
            surf.blit(glyph, glyph.get_rect(center=(size // 2, size // 2 + size // 20)))
        if number is not None and small:
            img = font("bold", max(8, int(size * 0.55))).render(
                str(number), True, theme.readable_on(fill)
            )
            surf.blit(img, img.get_rect(center=(size // 2, size // 2 + 1)))
        elif number is not None:
            surf.blit(number_badge(number, int(size * 0.42), fill), (0, 0))
    if down:
        grey = surf.copy()
        grey.fill((120, 120, 120, 150), special_flags=pygame.BLEND_RGBA_MULT)
        return grey
    return surf


@cache
def number_badge(number: int, size: int, ring: RGB) -> pygame.Surface:
    """An enemy's number on a small dark disc (ringed in its type colour), so the number
    sits beside the type's icon instead of over it."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, (0, 0, 0, 120), (r, r + 1), r)
    pygame.draw.circle(surf, ring, (r, r), r - 1)
    pygame.draw.circle(surf, colour("wood_dark"), (r, r), r - 1 - max(1, size // 10))
    text = str(number)
    f = font("bold", max(8, int(size * (0.72 if len(text) == 1 else 0.58))))
    img = f.render(text, True, colour("bone"))
    surf.blit(img, img.get_rect(center=(r, r + 1)))
    return surf


def health_colour(hp: int, max_hp: int) -> str:
    if max_hp <= 0 or hp <= 0:
        return "health_low"
    ratio = hp / max_hp
    if ratio > 0.6:
        return "health_full"
    if ratio > 0.3:
        return "health_mid"
    return "health_low"


def draw_token(
    surface: pygame.Surface,
    info: TokenInfo,
    rect: pygame.Rect,
    *,
    selected: bool = False,
    active: bool = False,
) -> None:
    """A unit in its cell ``rect``: token, health bar, condition markers."""
    size = max(10, int(min(rect.w, rect.h) * 0.86))
    if selected or active:
        ring = pygame.Rect(0, 0, size + 6, size + 6)
        ring.center = rect.center
        pygame.draw.ellipse(
            surface, colour("selection" if selected else "bone"), ring, width=3 if selected else 2
        )
    img = token_image(
        size, info.party, info.icon, info.side_colour, info.type_colour, info.number, info.down
    )
    surface.blit(img, img.get_rect(center=rect.center))
    if rect.w >= 18:
        draw_health_bar(surface, info.hp, info.max_hp, rect)
        for i, (now, most) in enumerate(info.more_bars, start=1):
            draw_health_bar(surface, now, most, rect.move(0, -i * (max(3, rect.h // 10) + 2)))
    if rect.w >= 24:
        draw_markers(surface, info.conditions, rect)


def draw_health_bar(surface: pygame.Surface, hp: int, max_hp: int, rect: pygame.Rect) -> None:
    w = max(8, int(rect.w * 0.8))
    h = max(3, rect.h // 10)
    bar = pygame.Rect(0, 0, w, h)
    bar.midbottom = (rect.centerx, rect.bottom - 1)
    pygame.draw.rect(surface, colour("health_back"), bar.inflate(2, 2))
    if max_hp > 0 and hp > 0:
        fill = bar.copy()
        fill.w = max(1, round(w * min(hp, max_hp) / max_hp))
        pygame.draw.rect(surface, colour(health_colour(hp, max_hp)), fill)


def draw_markers(surface: pygame.Surface, conditions: frozenset[str], rect: pygame.Rect) -> None:
    """Small badges along the top of the cell, one per condition, in a fixed order."""
    shown = [MARKERS[c] for c in MARKERS if c in conditions]
    if not shown:
        return
    badge = max(10, rect.w // 3)
    x = rect.right - badge + 2
    y = rect.y - 2
    for marker in shown:
        surface.blit(marker_badge(marker.icon, marker.colour, badge), (x, y))
        x -= badge - 2


@cache
def marker_badge(icon: str, fill: str, size: int) -> pygame.Surface:
    """A round badge with ``icon`` on ``fill`` (condition markers, provoking squares)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    r = size // 2
    pygame.draw.circle(surf, colour("wood_dark"), (r, r), r)
    pygame.draw.circle(surf, colour(fill), (r, r), r - 1)
    glyph = icon_image(icon, max(6, int(size * 0.72)), theme.readable_on(colour(fill)))
    surf.blit(glyph, glyph.get_rect(center=(r, r)))
    return surf
