"""The board: the map, its overlays and the tokens, drawn through the camera.

The board depends only on a small data adapter (``BoardSource``: size and
tokens), not on the engine, following pyscroll's lesson in DESIGN.md ·
Style; overlays (ranges, paths, fog) are plain cell sets handed in by the
battle screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import numpy as np
import pygame

from game.geometry.grid import Cell
from game.ui.camera import Camera
from game.ui.cell_mask import mask_of
from game.ui.ground_items import Piles, draw_piles
from game.ui.map_view import MapView
from game.ui.objectives_view import ObjectiveArea
from game.ui.screen_view import draw_links
from game.ui.theme import colour
from game.ui.tokens import TokenInfo, draw_token, marker_badge
from game.ui.zone_view import (
    PICK_ALPHA,
    TINT_ALPHA,
    ZoneLook,
    ZoneMap,
    draw_zone_lines,
    draw_zone_names,
    name_plate,
)


class BoardSource(Protocol):
    """What the board needs from a battle."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...

    def tokens(self) -> Sequence[TokenInfo]: ...


@dataclass
class Overlays:
    """Cell highlights for one frame. Colours are theme names."""

    fills: list[tuple[Iterable[Cell], str, int]] = field(
        default_factory=list
    )  # cells, colour, alpha
    outlines: list[tuple[Iterable[Cell], str]] = field(default_factory=list)
    labels: Mapping[Cell, str] = field(default_factory=dict)  # small text per cell (move costs)
    path: Sequence[Cell] = ()
    danger: frozenset[Cell] = frozenset()  # squares that provoke attacks of opportunity
    lines: list[tuple[tuple[float, float], tuple[float, float], str]] = field(default_factory=list)
    hidden: frozenset[Cell] | None = None  # fog: cells the side in turn cannot see
    ground: Piles = field(default_factory=dict)  # weapons lying on squares the viewer sees
    hover: Cell | None = None
    links: Sequence[tuple[Cell, Cell]] = ()  # screener and ward squares (Screen an Ally)
    zones: ZoneLook | None = None  # tints and the picked zone, when the board has zones


DASHED = frozenset({"cover_line_blocked"})  # lines drawn dashed (a blocked sight line)


def draw_dashed(
    surface: pygame.Surface,
    tone: tuple[int, int, int],
    a: tuple[float, float],
    b: tuple[float, float],
    width: int,
    dash: int = 7,
) -> None:
    """A dashed line from ``a`` to ``b`` (dashes and gaps ``dash`` pixels long)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    steps = int(length // (2 * dash)) + 1
    for i in range(steps):
        t0 = min(1.0, 2 * i * dash / length)
        t1 = min(1.0, (2 * i + 1) * dash / length)
        pygame.draw.line(
            surface,
            tone,
            (a[0] + dx * t0, a[1] + dy * t0),
            (a[0] + dx * t1, a[1] + dy * t1),
            width,
        )


# How each outline colour is drawn, so no two read alike on the board or in the legend
# (play-test: Run and cover source were both a thin yellow border; Charge and an enemy
# differed only by a thin border's shade).
OUTLINE_STYLE: dict[str, str] = {
    "charge_range": "dashed",
    "target": "thick",
    "cover_source": "hatched",
}


@lru_cache(maxsize=64)
def outline_stamp(name: str, w: int, h: int) -> pygame.Surface:
    """One square's outline in ``name``'s colour and style (solid, dashed, thick,
    hatched), drawn once per size and blitted on every square."""
    stamp = pygame.Surface((w, h), pygame.SRCALPHA)
    rgb = colour(name)
    style = OUTLINE_STYLE.get(name, "solid")
    rect = stamp.get_rect()
    if style == "thick":
        pygame.draw.rect(stamp, rgb, rect, 3)
        pygame.draw.rect(stamp, (0, 0, 0, 110), rect.inflate(-6, -6), 1)
    elif style == "dashed":
        dash = max(3, min(w, h) // 6)
        for a, b in (
            ((0, 0), (w - 1, 0)),
            ((w - 1, 0), (w - 1, h - 1)),
            ((w - 1, h - 1), (0, h - 1)),
            ((0, h - 1), (0, 0)),
        ):
            draw_dashed(stamp, rgb, a, b, 3, dash)
    elif style == "hatched":
        step = max(5, min(w, h) // 4)
        for k in range(-h, w, step):
            pygame.draw.line(stamp, (*rgb, 170), (k, h), (k + h, 0), 2)
        pygame.draw.rect(stamp, rgb, rect, 2)
    else:
        pygame.draw.rect(stamp, rgb, rect, 2)
    return stamp


def draw_outline(surface: pygame.Surface, rect: pygame.Rect, name: str) -> None:
    """A square's outline in ``name``'s colour and style (see OUTLINE_STYLE)."""
    surface.blit(outline_stamp(name, rect.w, rect.h), rect.topleft)


class Board:
    """Draws the map, overlays and tokens into a viewport rectangle."""

    def __init__(self, view: MapView, source: BoardSource) -> None:
        self.view = view
        self.source = source
        self.show_grid = True
        self._layers: dict[tuple[object, ...], pygame.Surface] = {}
        self._scaled: dict[object, pygame.Surface] = {}
        self._box: dict[frozenset[Cell], tuple[int, int, int, int]] = {}
        self._label_cache: dict[tuple[str, int, bool], pygame.Surface] = {}
        # The map's objectives, shaded in their side's colour and labelled with their name.
        self.areas: Sequence[ObjectiveArea] = ()
        # The zones of a ruleset that plays by zones (zone_view.py), else None.
        self.zones: ZoneMap | None = None
        self.zone_names: list[pygame.Rect] = []  # the zones' name plates last drawn

    def _layer(
        self,
        cells: frozenset[Cell],
        name: str,
        alpha: int,
        more: Sequence[tuple[frozenset[Cell], str]] = (),
    ) -> pygame.Surface:
        """The cells as one pixel each on a map-sized surface (cached by content); ``more``
        adds other cells in other colours to the same layer (the zones' range tints)."""
        key = (cells, name, alpha, tuple(more))
        layer = self._layers.get(key)
        if layer is None:
            width, height = self._size()
            layer = pygame.Surface((width, height), pygame.SRCALPHA)
            for part, tone in ((cells, name), *more):
                # numpy writes (issue 32: the fog of 256x256 is ~50,000 squares)
                on = mask_of(part, width, height).T  # surfarray's [x, y]
                rgb = pygame.surfarray.pixels3d(layer)
                rgb[on] = colour(tone)
                del rgb  # the surface stays locked while a pixel array lives
                alphas = pygame.surfarray.pixels_alpha(layer)
                alphas[on] = alpha
                del alphas
            self._layers[key] = layer
            if len(self._layers) > 24:
                self._layers.pop(next(iter(self._layers)))
        return layer

    def _blit_labels(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int],
        labels: Mapping[Cell, str],
        px: int,
    ) -> None:
        """Small per-square labels (move costs), baked into one cached surface per view."""
        cells = frozenset(labels)
        x0, y0, x1, y1 = camera.visible_cells(self.source.width, self.source.height)
        bx0, by0, bx1, by1 = self._bounds(cells)
        x0, y0, x1, y1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
        if x1 <= x0 or y1 <= y0:
            return
        left, top, _, _ = camera.cell_to_screen((x0, y0))
        right, bottom, w, h = camera.cell_to_screen((x1 - 1, y1 - 1))
        key = (frozenset(labels.items()), (x0, y0, x1, y1), px, "labels")
        layer = self._scaled.get(key)
        if layer is None:
            layer = pygame.Surface((right + w - left, bottom + h - top), pygame.SRCALPHA)
            size = max(10, px // 4)
            for cell, text in labels.items():
                if x0 <= cell[0] < x1 and y0 <= cell[1] < y1:
                    cl, ct, _, _ = camera.cell_to_screen(cell)
                    layer.blit(self._label(text, size, False), (cl - left + 3, ct - top + 1))
            self._scaled[key] = layer
            if len(self._scaled) > 8:
                self._scaled.pop(next(iter(self._scaled)))
        surface.blit(layer, (left + origin[0], top + origin[1]))

    def _bounds(self, cells: frozenset[Cell]) -> tuple[int, int, int, int]:
        """The half-open bounding box of ``cells`` (cached with the cell layer)."""
        found = self._box.get(cells)
        if found is None:
            mask = getattr(cells, "mask", None)
            if isinstance(mask, np.ndarray) and mask.any():  # a CellMask (the fog)
                rows = np.flatnonzero(mask.any(axis=1))
                cols = np.flatnonzero(mask.any(axis=0))
                found = (int(cols[0]), int(rows[0]), int(cols[-1]) + 1, int(rows[-1]) + 1)
            else:
                xs = [c[0] for c in cells]
                ys = [c[1] for c in cells]
                found = (min(xs), min(ys), max(xs) + 1, max(ys) + 1)
            self._box[cells] = found
            if len(self._box) > 24:
                self._box.pop(next(iter(self._box)))
        return found

    def _blit_layer(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int],
        cells: frozenset[Cell],
        name: str,
        alpha: int,
        more: Sequence[tuple[frozenset[Cell], str]] = (),
    ) -> None:
        """Tint ``cells`` (and ``more`` cells in their own colours): the visible part of
        the cell layer, scaled to screen in one go."""
        if not cells:
            return
        x0, y0, x1, y1 = camera.visible_cells(self.source.width, self.source.height)
        bx0, by0, bx1, by1 = self._bounds(cells) if not more else (0, 0, *self._size())
        # only the part of the map that is both in view and holds tinted cells
        x0, y0, x1, y1 = max(x0, bx0), max(y0, by0), min(x1, bx1), min(y1, by1)
        if x1 <= x0 or y1 <= y0:
            return
        left, top, _, _ = camera.cell_to_screen((x0, y0))
        right, bottom, w, h = camera.cell_to_screen((x1 - 1, y1 - 1))
        size = (right + w - left, bottom + h - top)
        key = (cells, name, alpha, tuple(more), (x0, y0, x1, y1), size)
        scaled = self._scaled.get(key)
        if scaled is None:
            window = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
            scaled = pygame.transform.scale(
                self._layer(cells, name, alpha, more).subsurface(window), size
            )
            if pygame.display.get_surface() is not None:
                scaled = scaled.convert_alpha()
            self._scaled[key] = scaled
            if len(self._scaled) > 8:
                self._scaled.pop(next(iter(self._scaled)))
        surface.blit(scaled, (left + origin[0], top + origin[1]))

    def _size(self) -> tuple[int, int]:
        return self.source.width, self.source.height

    def _zone_named(self, name: str) -> bool:
        """Whether a zone drawn on the board already carries ``name``."""
        return self.zones is not None and any(z.name == name for z in self.zones.graph.zones)

    def _plate(self, text: str, size: int, strong: bool) -> pygame.Surface:
        """A zone's name on its plate (``zone_view.name_plate``), cached like the labels."""
        key = (f"plate:{text}", size, strong)
        img = self._label_cache.get(key)
        if img is None:
            img = self._label_cache[key] = name_plate(text, size, strong)
        return img

    def _label(self, text: str, size: int, strong: bool) -> pygame.Surface:
        """A small cost label with a shadow (cached: the same few numbers every frame)."""
        key = (text, size, strong)
        img = self._label_cache.get(key)
        if img is None:
            from game.ui.theme import font

            f = font("bold", size)
            fg = f.render(text, True, colour("bone" if strong else "parchment"))
            img = pygame.Surface((fg.get_width() + 1, fg.get_height() + 1), pygame.SRCALPHA)
            img.blit(f.render(text, True, (0, 0, 0)), (1, 1))
            img.blit(fg, (0, 0))
            if not strong:
                img.set_alpha(150)
            self._label_cache[key] = img
        return img

    def draw(
        self,
        surface: pygame.Surface,
        viewport: pygame.Rect,
        camera: Camera,
        overlays: Overlays | None = None,
        *,
        selected: str | None = None,
        active: frozenset[str] = frozenset(),
        hidden_units: frozenset[str] = frozenset(),
    ) -> None:
        clip = surface.get_clip()
        surface.set_clip(viewport)
        surface.fill(colour("night"), viewport)
        origin = viewport.topleft
        self.view.draw(surface, camera, origin)
        ov = overlays or Overlays()
        if self.show_grid:
            self.view.draw_grid(surface, camera, origin)
        x0, y0, x1, y1 = camera.visible_cells(self.source.width, self.source.height)

        def on_screen(cell: Cell) -> bool:
            return x0 <= cell[0] < x1 and y0 <= cell[1] < y1

        def rect_of(cell: Cell) -> pygame.Rect:
            left, top, w, h = camera.cell_to_screen(cell)
            return pygame.Rect(left + origin[0], top + origin[1], w, h)

        px = max(1, round(camera.cell_px))
        self._draw_areas(surface, camera, origin, rect_of, on_screen, px)
        look = ov.zones or ZoneLook()
        if self.zones is not None:
            self._draw_zones(surface, camera, origin, look, (x0, y0, x1, y1))
        for cells, name, alpha in ov.fills:
            self._blit_layer(surface, camera, origin, frozenset(cells), name, alpha)
        for cells, name in ov.outlines:
            for cell in cells:
                if on_screen(cell):
                    draw_outline(surface, rect_of(cell), name)
        if ov.labels and px >= 28:
            self._blit_labels(surface, camera, origin, ov.labels, px)
            hover = ov.hover
            if hover is not None and hover in ov.labels and on_screen(hover):
                r = rect_of(hover)
                img = self._label(ov.labels[hover], max(10, px // 3), True)
                surface.blit(img, img.get_rect(topleft=(r.x + 3, r.y + 1)))
        if ov.path:
            self._draw_path(surface, camera, origin, ov, px)
        for (ax, ay), (bx, by), name in ov.lines:
            a = camera.world_to_screen(ax * camera.tile, ay * camera.tile)
            b = camera.world_to_screen(bx * camera.tile, by * camera.tile)
            a = (a[0] + origin[0], a[1] + origin[1])
            b = (b[0] + origin[0], b[1] + origin[1])
            if name in DASHED:
                draw_dashed(surface, (0, 0, 0), (a[0], a[1] + 1), (b[0], b[1] + 1), 4)
                draw_dashed(surface, colour(name), a, b, 2)
            else:
                pygame.draw.line(surface, (0, 0, 0), (a[0], a[1] + 1), (b[0], b[1] + 1), 3)
                pygame.draw.line(surface, colour(name), a, b, 2)
        if ov.hidden:
            self._blit_layer(surface, camera, origin, ov.hidden, "fog", 170)
        if ov.hover is not None and on_screen(ov.hover):
            pygame.draw.rect(surface, colour("bone"), rect_of(ov.hover), 1)
        if self.zones is not None:
            units = frozenset(
                t.cell for t in self.source.tokens()
                if t.key not in hidden_units and not {"fled", "off_field"} & set(t.conditions)
            )  # fmt: skip
            self.zone_names = draw_zone_names(
                surface, self.zones, rect_of, on_screen, self._plate, px, look, units
            )
        for token in self.source.tokens():
            if token.key in hidden_units or not on_screen(token.cell):
                continue
            if "fled" in token.conditions or "off_field" in token.conditions:
                continue  # gone from the field, or not on it yet (a late arrival);
                # routed units are still on their squares and drawn with the routed marker
            draw_token(
                surface,
                token,
                rect_of(token.cell),
                selected=token.key == selected,
                active=token.key in active,
            )
        draw_piles(surface, ov.ground, rect_of, on_screen)  # over the fallen who dropped them
        draw_links(surface, ov.links, rect_of, on_screen)
        for cell in ov.danger:  # over the tokens: the first one is where the mover stands
            if on_screen(cell):
                self._draw_danger(surface, rect_of(cell), px)
        surface.set_clip(clip)

    def _draw_areas(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int],
        rect_of: Callable[[Cell], pygame.Rect],
        on_screen: Callable[[Cell], bool],
        px: int,
    ) -> None:
        """Objective areas: a light wash of the side's colour, the area's border squares
        outlined, and the name on its top-left square (maps/README.md · Objectives)."""
        for area in self.areas:
            self._blit_layer(surface, camera, origin, area.cells, area.colour, 48)
            edge = colour(area.colour)
            for cell in area.cells:
                if not on_screen(cell):
                    continue
                r = rect_of(cell)
                x, y = cell
                for (dx, dy), (a, b) in (
                    ((0, -1), (r.topleft, r.topright)),
                    ((0, 1), (r.bottomleft, r.bottomright)),
                    ((-1, 0), (r.topleft, r.bottomleft)),
                    ((1, 0), (r.topright, r.bottomright)),
                ):
                    if (x + dx, y + dy) not in area.cells:
                        pygame.draw.line(surface, edge, a, b, 2)
            first = min(area.cells, key=lambda c: (c[1], c[0]))
            if self._zone_named(area.label):
                continue  # the zone's own plate names it: one label per place
            if on_screen(first) and px >= 12:
                r = rect_of(first)
                img = self._label(area.label, max(11, min(16, px // 3)), True)
                surface.blit(img, (r.x + 3, r.y + 2))

    def _draw_zones(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int],
        look: ZoneLook,
        visible: tuple[int, int, int, int],
    ) -> None:
        """The zones (zone_view.py): the selected unit's ranges as tints (one layer), the
        zone a click would move into washed in gold, then the borders between zones."""
        zones = self.zones
        assert zones is not None
        if look.tint_from is not None:
            (first, tone), *rest = zones.tints(look.tint_from)
            self._blit_layer(surface, camera, origin, first, tone, TINT_ALPHA, rest)
        if look.pick and look.hovered is not None:
            picked = zones.graph.zones[look.hovered].cells
            self._blit_layer(surface, camera, origin, picked, "zone_pick", PICK_ALPHA)
        draw_zone_lines(surface, camera, origin, zones, visible)

    def _draw_path(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int],
        ov: Overlays,
        px: int,
    ) -> None:
        """The hovered path, turning red on each step that leaves a provoking square."""
        points = [
            (camera.cell_centre(c)[0] + origin[0], camera.cell_centre(c)[1] + origin[1])
            for c in ov.path
        ]
        if len(points) < 2:
            return
        width = max(2, px // 10)
        pygame.draw.lines(
            surface, colour("shadow"), False, [(x + 1, y + 2) for x, y in points], width + 2
        )
        pygame.draw.lines(surface, colour("path"), False, points, width)
        for i, cell in enumerate(ov.path[:-1]):
            if cell in ov.danger:
                pygame.draw.line(surface, colour("aoo"), points[i], points[i + 1], width + 2)

    def _draw_danger(self, surface: pygame.Surface, rect: pygame.Rect, px: int) -> None:
        """A provoking square: a red frame and a crossed-swords badge in its corner."""
        pygame.draw.rect(surface, colour("shadow"), rect.inflate(-1, -1), 5)
        pygame.draw.rect(surface, colour("aoo"), rect.inflate(-3, -3), 3)
        size = max(12, px * 2 // 5)
        surface.blit(marker_badge("crossed-swords", "aoo", size), (rect.x - 3, rect.y - 3))

    def token_at(self, cell: Cell) -> TokenInfo | None:
        """The living (or, failing that, any) unit standing in ``cell``."""
        found = None
        for token in self.source.tokens():
            if token.cell == cell:
                if not token.down:
                    return token
                found = token
        return found
