"""Composing a Tiled map's scenery, the whole of it or any rectangle of it.

Every visible tile layer, tile object and image layer is drawn in the authored order
onto a surface at the tileset's native size. A :class:`MapComposer` keeps only what it
draws from (the layers' tile numbers and the tileset's images), so the map view can
ask for one chunk at a time instead of holding the whole map composed: a 256×256 map
at 32 px a square is 256 MiB as one surface (issue 32 · memory).

A rectangle is drawn exactly as the same pixels of the whole map would be: the same
tiles, objects and images in the same order, clipped to the rectangle (tiles taller
or wider than a square reach into their neighbours' rectangles, and are drawn there
too).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
import pytmx

from game.ui.theme import colour

#: object layers that carry data, not scenery (never drawn)
DATA_LAYERS = ("units", "zones", "objectives")


@dataclass(frozen=True, slots=True)
class _TileLayer:
    data: list[list[int]]  # tile numbers, rows of columns (pytmx's own lists)
    offset: tuple[int, int]
    opacity: float
    reach: tuple[int, int]  # widest and tallest tile image of the map, in pixels


@dataclass(frozen=True, slots=True)
class _Images:
    placed: tuple[tuple[pygame.Surface, tuple[int, int]], ...]  # image, top-left pixel


class MapComposer:
    """Draws any native-pixel rectangle of a map's visible scenery; ``hidden``: ids of
    layers inside a hidden group (pytmx still calls them visible)."""

    def __init__(self, tmx: pytmx.TiledMap, hidden: frozenset[int] = frozenset()) -> None:
        self.tile_w: int = tmx.tilewidth
        self.tile_h: int = tmx.tileheight
        self.size: tuple[int, int] = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
        self._images: list[pygame.Surface | None] = list(tmx.images)
        sizes = [image.get_size() for image in self._images if image is not None]
        reach = (
            max((w for w, _ in sizes), default=self.tile_w),
            max((h for _, h in sizes), default=self.tile_h),
        )
        self._layers: list[_TileLayer | _Images] = []
        for layer in tmx.visible_layers:
            if int(getattr(layer, "id", 0) or 0) in hidden:
                continue
            if isinstance(layer, pytmx.TiledTileLayer):
                offset = (
                    int(getattr(layer, "offsetx", 0) or 0),
                    int(getattr(layer, "offsety", 0) or 0),
                )
                opacity = float(getattr(layer, "opacity", 1.0) or 0.0)
                self._layers.append(_TileLayer(layer.data, offset, opacity, reach))
            elif isinstance(layer, pytmx.TiledObjectGroup) and layer.name not in DATA_LAYERS:
                self._layers.append(_Images(tuple(_tile_objects(layer))))
            elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
                at = (
                    int(getattr(layer, "offsetx", 0) or 0),
                    int(getattr(layer, "offsety", 0) or 0),
                )
                self._layers.append(_Images(((layer.image, at),)))

    @property
    def pixels(self) -> int:
        """Pixels of the whole map at native size."""
        return self.size[0] * self.size[1]

    def whole(self) -> pygame.Surface:
        return self.render(pygame.Rect((0, 0), self.size))

    def render(self, area: pygame.Rect) -> pygame.Surface:
        """The map's pixels inside ``area`` (native pixels, within the map), opaque, in
        the screen's format when there is a screen."""
        display = pygame.display.get_surface()
        # Opaque and in the screen's format: the cheapest blits, and no converted copy.
        if display is not None:
            surface = pygame.Surface(area.size, 0, display)
        else:
            surface = pygame.Surface(area.size, pygame.SRCALPHA)
        surface.fill((*colour("night"), 255))
        for layer in self._layers:
            if isinstance(layer, _TileLayer):
                self._draw_tiles(surface, area, layer)
            else:
                for image, (x, y) in layer.placed:
                    surface.blit(image, (x - area.x, y - area.y))
        return surface

    def _draw_tiles(self, surface: pygame.Surface, area: pygame.Rect, layer: _TileLayer) -> None:
        tw, th = self.tile_w, self.tile_h
        ox, oy = layer.offset
        reach_w, reach_h = layer.reach
        rows = len(layer.data)
        cols = len(layer.data[0]) if rows else 0
        # A tile at (x, y) covers x*tw+ox .. +its width, and stands on its cell's bottom
        # edge: y*th+th+oy - its height .. y*th+th+oy. Only those that can reach the area.
        x0 = max(0, math.floor((area.x - ox - reach_w) / tw))
        x1 = min(cols, math.ceil((area.right - ox) / tw) + 1)
        y0 = max(0, math.floor((area.y - oy - th) / th))
        y1 = min(rows, math.ceil((area.bottom - oy + reach_h - th) / th) + 1)
        target = surface
        if layer.opacity < 1.0:
            target = pygame.Surface(area.size, pygame.SRCALPHA)
        images = self._images
        left = ox - area.x
        bottom = th + oy - area.y
        for y in range(y0, y1):
            row = layer.data[y]
            for x in range(x0, x1):
                gid = row[x]
                if gid:
                    image = images[gid]
                    assert image is not None
                    target.blit(image, (x * tw + left, y * th + bottom - image.get_height()))
        if target is not surface:
            target.set_alpha(round(255 * layer.opacity))
            surface.blit(target, (0, 0))


def _tile_objects(
    layer: pytmx.TiledObjectGroup,
) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """Decoration placed as tile objects (pytmx already moved y to the top edge), each
    image scaled to its object's size (objects of the same tile and size share one)."""
    out = []
    scaled: dict[tuple[int, int, int], pygame.Surface] = {}  # one picture per tile and size
    for obj in layer:
        image = getattr(obj, "image", None)
        if image is None or not getattr(obj, "visible", True):
            continue
        w, h = round(obj.width or image.get_width()), round(obj.height or image.get_height())
        if (w, h) != image.get_size():
            key = (id(image), max(1, w), max(1, h))
            if key not in scaled:
                scaled[key] = pygame.transform.scale(image, key[1:])
            image = scaled[key]
        out.append((image, (round(obj.x), round(obj.y))))
    return out


def compose(tmx: pytmx.TiledMap, hidden: frozenset[int] = frozenset()) -> pygame.Surface:
    """All visible tile and image layers drawn in order onto one native-size surface."""
    return MapComposer(tmx, hidden).whole()
