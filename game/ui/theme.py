"""The look of the game in one place: colour names, fonts and sizes.

Everything else names colours (``"parchment"``, ``"hit"``) and asks this module
for RGB, the way the python-tcod tutorial keeps colours out of its messages
(DESIGN.md · Style). A side colour from a map (``"#rrggbb"``) is accepted too.

The look: dark walnut frames around parchment panels, gold for what can be
clicked or is selected, Cinzel for titles and Alegreya Sans for reading
(both SIL OFL, shipped in ``assets/fonts``; see ``assets/CREDITS.md``).
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.shipped import MissingDataError, assets_dir

RGB = tuple[int, int, int]

ASSETS = assets_dir()
FONT_DIR = ASSETS / "fonts"
ICON_DIR = ASSETS / "icons"

COLOURS: dict[str, RGB] = {
    # frames and panels
    "night": (20, 17, 15),
    "wood_dark": (38, 28, 21),
    "wood": (60, 44, 32),
    "wood_light": (96, 72, 50),
    "parchment": (234, 222, 194),
    "parchment_dark": (206, 188, 150),
    "parchment_shade": (180, 160, 122),
    "ink": (40, 31, 24),
    "ink_soft": (96, 80, 62),
    "bone": (242, 234, 216),
    "muted": (168, 156, 136),
    "gold": (214, 176, 88),
    "gold_bright": (246, 210, 120),
    "disabled": (120, 112, 100),  # a disabled button's text on dark wood
    "disabled_on_light": (168, 154, 126),  # ... and on parchment
    "condition_help": (52, 116, 60),  # a condition good for the unit (on parchment)
    "shadow": (0, 0, 0),
    # the board
    "grid_line": (0, 0, 0),
    "move_range": (90, 170, 230),
    "charge_range": (200, 110, 230),  # violet, dashed: never mistaken for an enemy's red
    "path": (250, 240, 200),
    "aoo": (220, 50, 40),
    "target": (230, 70, 50),
    "cover_line_clear": (120, 220, 120),
    "cover_line_blocked": (220, 80, 60),
    "cover_source": (255, 196, 64),  # the square that gives the hovered target its cover
    "screen_link": (110, 230, 255),  # Screen an Ally: the wards one can screen, the link
    "fog": (10, 12, 16),
    "selection": (246, 210, 120),
    # health
    "health_full": (96, 176, 84),
    "health_mid": (222, 180, 60),
    "health_low": (206, 64, 48),
    "health_back": (30, 22, 18),
    # combat log meanings
    "hit": (226, 96, 70),
    "miss": (150, 160, 176),
    "damage": (236, 120, 84),
    "shock": (232, 160, 80),
    "graze": (240, 184, 96),  # harm a miss still does (a presenter's Motion.graze)
    "track_2": (250, 214, 96),  # harm on a unit's second, third … health track
    "track_3": (150, 200, 250),
    "track_4": (200, 150, 240),
    "missile": (236, 226, 200),
    "glint": (226, 236, 246),
    "threat": (214, 52, 40),  # the enemy's threat overlay (Q)
    "heal": (120, 200, 120),
    "morale": (196, 150, 230),
    "move": (160, 190, 220),
    "roll": (222, 206, 170),
    "info": (200, 190, 170),
    "death": (240, 80, 80),
    "turn": (246, 210, 120),
    # zones (zone rulesets): their outlines and the selected unit's ranges
    "zone_line": (236, 226, 200),
    "zone_close": (120, 214, 120),
    "zone_nearby": (96, 176, 236),
    "zone_far": (236, 186, 72),
    "zone_distant": (150, 120, 176),
    "zone_pick": (246, 210, 120),
    "blast_area": (240, 110, 40),  # the squares an aimed area attack strikes
}

# Enemy tokens are numbered and coloured by type (source 004 · The Grid suggests
# a different colour for each enemy type); types get these in order of appearance.
ENEMY_TYPE_COLOURS: tuple[str, ...] = (
    "#b8433a",
    "#3f7fbf",
    "#d08a2e",
    "#6f9e3c",
    "#8a59b0",
    "#2f9c94",
    "#c0577f",
    "#7a6a58",
    "#c9b03a",
    "#4b5bb5",
)


def colour(name: str) -> RGB:
    """RGB for a colour name from ``COLOURS`` or a ``#rrggbb`` string."""
    if name.startswith("#") and len(name) == 7:
        return (int(name[1:3], 16), int(name[3:5], 16), int(name[5:7], 16))
    try:
        return COLOURS[name]
    except KeyError:
        raise KeyError(f"unknown colour name {name!r}") from None


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Blend ``a`` toward ``b`` by ``t`` in [0, 1]."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def readable_on(background: RGB) -> RGB:
    """Dark ink or light bone text, whichever reads better on ``background``."""
    r, g, b = background
    luminance = 0.299 * r + 0.587 * g + 0.114 * b
    return COLOURS["ink"] if luminance > 150 else COLOURS["bone"]


# Type sizes (px) for each role, for a window up to 720 px tall; a taller window scales
# them (``set_window_height``; play-test: at 1920×1080 the HUD text stayed 720p-small).
SIZE_TITLE = 54
SIZE_HEADING = 26
SIZE_BODY = 20
SIZE_SMALL = 16
SIZE_TINY = 13
_BASE_SIZES = {
    "SIZE_TITLE": 54,
    "SIZE_HEADING": 26,
    "SIZE_BODY": 20,
    "SIZE_SMALL": 16,
    "SIZE_TINY": 13,
}
BASE_HEIGHT = 720  # the window height the sizes above are drawn for
MAX_SCALE = 1.2  # from 864 px tall on (1080: body 24, small 19, tiny 16)
scale = 1.0  # the factor in use now


def scale_for(window_h: int) -> float:
    """The type scale for a window ``window_h`` px tall: 1 up to 720, then growing with
    the height in steps of 0.05, at most MAX_SCALE (a smaller window keeps the sizes;
    its layouts are made to fit them)."""
    return min(MAX_SCALE, max(1.0, math.floor(window_h / BASE_HEIGHT * 20) / 20))


def set_window_height(window_h: int) -> bool:
    """Scale the type sizes for the window's height; True when they changed."""
    global scale
    wanted = scale_for(window_h)
    if wanted == scale:
        return False
    scale = wanted
    for name, base in _BASE_SIZES.items():
        globals()[name] = round(base * wanted)
    return True


def px(length: int) -> int:
    """A layout length that goes with the type: ``length`` at 720 px, scaled above."""
    return round(length * scale)


_FONT_FILES = {
    "title": "cinzel-700.woff",
    "body": "alegreya-sans-400.woff",
    "bold": "alegreya-sans-700.woff",
    "italic": "alegreya-sans-400-italic.woff",
}


@cache
def font(role: str, size: int) -> pygame.font.Font:
    """The shipped font for ``role`` (title, body, bold, italic) at ``size`` px.

    A missing font file is an error (``MissingDataError`` naming the file), never a
    silent fallback to pygame's own font: a damaged install should say so.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    path = FONT_DIR / _FONT_FILES[role]
    if not path.is_file():
        raise MissingDataError(f"{path}: the game's font is missing; reinstall the game")
    return pygame.font.Font(str(path), size)
