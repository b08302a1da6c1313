"""Drawing a Tiled map as its author made it, at any zoom step, fast.

The map is loaded with ``pytmx.util_pygame.load_pygame`` (only game/ui loads
images; DESIGN.md · Maps) and every visible tile layer and image layer is
composed, in the authored order, into one surface at the tileset's native
size. The ``units``, ``zones`` and ``objectives`` object layers carry data,
not scenery, and are not drawn; tile objects on any other visible object
layer (decoration an author placed freely) are.

A zoom step that shrinks the map is scaled once, whole (one blit a frame, even
zoomed out over a 256×256 map). Other steps are drawn from square chunks of the
composed map, scaled once and kept in a cache that always holds at least what
is on screen (so panning re-scales only the chunks that come into view) while
memory stays bounded at high zoom.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame
import pytmx
from pytmx.util_pygame import load_pygame, pygame_image_loader

from game.maps.tileset_paths import borrowed_xml
from game.ui.camera import ZOOM_LEVELS, Camera
from game.ui.theme import colour

CHUNK_CELLS = 8  # cells per chunk side
DATA_LAYERS = ("units", "zones", "objectives")  # object layers that carry data, not scenery
CHUNK_CACHE = 160  # scaled chunks kept beyond those on screen
WHOLE_MAX_PIXELS = 4096 * 4096  # a shrunk map up to this size is kept whole


class MapLoadError(Exception):
    """The map's images could not be loaded; the message names the file and why."""


def load_tiled(path: Path) -> pytmx.TiledMap:
    """Load a .tmx with images, turning pytmx's bare errors into one clear line."""
    try:
        # Spawns carry a `template` property, which pytmx would refuse as a built-in name.
        borrowed = borrowed_xml(path)  # a shipped map copied away from our tileset
        if borrowed is None:
            return load_pygame(str(path), allow_duplicate_names=True)
        tmx = pytmx.TiledMap(None, image_loader=pygame_image_loader, allow_duplicate_names=True)
        tmx.filename = str(path)
        tmx.parse_xml(borrowed)
        return tmx
    except FileNotFoundError as exc:
        raise MapLoadError(f"{path}: missing file {exc.filename or exc}") from None
    except pygame.error as exc:
        raise MapLoadError(f"{path}: cannot load a tileset image ({exc})") from None
    except Exception as exc:  # pytmx raises bare Exception for several problems
        raise MapLoadError(
            f"{path}: cannot load map images ({exc or type(exc).__name__})"
        ) from None


def compose(tmx: pytmx.TiledMap, hidden: frozenset[int] = frozenset()) -> pygame.Surface:
    """All visible tile and image layers drawn in order onto one native-size surface;
    ``hidden``: ids of layers inside a hidden group (pytmx still calls them visible)."""
    tw, th = tmx.tilewidth, tmx.tileheight
    size = (tmx.width * tw, tmx.height * th)
    display = pygame.display.get_surface()
    # Opaque, and in the screen's format when there is a screen: MapView then keeps it
    # as it is (no converted copy: a 256×256 map is 256 MiB at 32 px a square).
    if display is not None:
        surface = pygame.Surface(size, 0, display)
    else:
        surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.fill((*colour("night"), 255))
    for layer in tmx.visible_layers:
        if int(getattr(layer, "id", 0) or 0) in hidden:
            continue
        if isinstance(layer, pytmx.TiledTileLayer):
            offset_x = int(getattr(layer, "offsetx", 0) or 0)
            offset_y = int(getattr(layer, "offsety", 0) or 0)
            opacity = float(getattr(layer, "opacity", 1.0) or 0.0)
            target = surface
            if opacity < 1.0:
                target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for x, y, image in layer.tiles():
                # Tiles taller than the grid (trees, towers) stand on their cell's bottom edge.
                target.blit(image, (x * tw + offset_x, y * th + th - image.get_height() + offset_y))
            if target is not surface:
                target.set_alpha(round(255 * opacity))
                surface.blit(target, (0, 0))
        elif isinstance(layer, pytmx.TiledObjectGroup) and layer.name not in DATA_LAYERS:
            # decoration placed as tile objects (pytmx already moved y to the top edge)
            for obj in layer:
                image = getattr(obj, "image", None)
                if image is None or not getattr(obj, "visible", True):
                    continue
                w, h = (
                    round(obj.width or image.get_width()),
                    round(obj.height or image.get_height()),
                )
                if (w, h) != image.get_size():
                    image = pygame.transform.scale(image, (max(1, w), max(1, h)))
                surface.blit(image, (round(obj.x), round(obj.y)))
        elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            surface.blit(
                layer.image,
                (int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)),
            )
    return surface


class MapView:
    """A composed map plus a cache of scaled chunks, drawn through a Camera."""

    def __init__(self, base: pygame.Surface, width: int, height: int, tile: int) -> None:
        # The composed map is opaque (drawn over a filled background): opaque blits are
        # the cheapest kind, and a frame is mostly map.
        display = pygame.display.get_surface()
        if display is not None and (
            base.get_flags() & pygame.SRCALPHA
            or base.get_bitsize() != display.get_bitsize()
            or base.get_masks() != display.get_masks()
        ):
            base = base.convert()
        self.base = base
        self.width = width  # cells
        self.height = height
        self.tile = tile  # native pixels per cell
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._capacity = CHUNK_CACHE
        self._whole: dict[int, pygame.Surface] = {}
        self._grid_key: object = None
        self._grid_strips_cache: tuple[pygame.Surface, pygame.Surface] | None = None

    @classmethod
    def from_file(cls, path: Path) -> MapView:
        tmx = load_tiled(path)
        if tmx.tilewidth != tmx.tileheight:
            raise MapLoadError(
                f"{path}: tiles must be square, got {tmx.tilewidth}x{tmx.tileheight}"
            )
        from game.maps.precheck import hidden_layers

        return cls(compose(tmx, hidden_layers(path)), tmx.width, tmx.height, tmx.tilewidth)

    def thumbnail(self, max_w: int, max_h: int) -> pygame.Surface:
        """The whole map scaled to fit ``max_w`` × ``max_h``, keeping its shape."""
        bw, bh = self.base.get_size()
        scale = min(max_w / bw, max_h / bh)
        size = (max(1, round(bw * scale)), max(1, round(bh * scale)))
        return pygame.transform.smoothscale(self.base, size)

    def _chunk(self, level: int, cx: int, cy: int) -> pygame.Surface:
        key = (level, cx, cy)
        chunk = self._chunks.get(key)
        if chunk is not None:
            self._chunks.move_to_end(key)
            return chunk
        zoom = ZOOM_LEVELS[level]
        size = CHUNK_CELLS * self.tile
        area = pygame.Rect(cx * size, cy * size, size, size).clip(self.base.get_rect())
        piece = self.base.subsurface(area)
        # Scale each chunk edge from rounded world edges so chunks tile without seams.
        x0, y0 = round(area.x * zoom), round(area.y * zoom)
        x1, y1 = round(area.right * zoom), round(area.bottom * zoom)
        out_size = (max(1, x1 - x0), max(1, y1 - y0))
        if zoom >= 1:
            chunk = pygame.transform.scale(piece, out_size)
        else:
            chunk = pygame.transform.smoothscale(piece, out_size)
        self._chunks[key] = chunk
        while len(self._chunks) > self._capacity:
            self._chunks.popitem(last=False)
        return chunk

    def _whole_map(self, level: int) -> pygame.Surface | None:
        """The whole map scaled to zoom step ``level`` when that shrinks it to at most
        ``WHOLE_MAX_PIXELS`` (kept, one per step), else None (draw from chunks)."""
        whole = self._whole.get(level)
        if whole is not None:
            return whole
        zoom = ZOOM_LEVELS[level]
        bw, bh = self.base.get_size()
        size = (max(1, round(bw * zoom)), max(1, round(bh * zoom)))
        if zoom >= 1 or size[0] * size[1] > WHOLE_MAX_PIXELS:
            return None
        whole = pygame.transform.smoothscale(self.base, size)
        self._whole[level] = whole
        return whole

    def draw(
        self, surface: pygame.Surface, camera: Camera, origin: tuple[int, int] = (0, 0)
    ) -> None:
        """Draw the part of the map the camera sees, its viewport placed at ``origin``."""
        zoom = camera.zoom
        sx0 = origin[0] - round(camera.x * zoom)
        sy0 = origin[1] - round(camera.y * zoom)
        whole = self._whole_map(camera.level)
        if whole is not None:
            view = pygame.Rect(-sx0 + origin[0], -sy0 + origin[1], camera.view_w, camera.view_h)
            area = view.clip(whole.get_rect())
            if area.w > 0 and area.h > 0:
                surface.blit(whole, (area.x + sx0, area.y + sy0), area)
            return
        size = CHUNK_CELLS * self.tile
        x0, y0, x1, y1 = camera.visible_cells(self.width, self.height)
        across = (x1 + CHUNK_CELLS - 1) // CHUNK_CELLS - x0 // CHUNK_CELLS
        down = (y1 + CHUNK_CELLS - 1) // CHUNK_CELLS - y0 // CHUNK_CELLS
        self._capacity = max(self._capacity, across * down + CHUNK_CACHE)
        for cy in range(y0 // CHUNK_CELLS, (y1 + CHUNK_CELLS - 1) // CHUNK_CELLS):
            for cx in range(x0 // CHUNK_CELLS, (x1 + CHUNK_CELLS - 1) // CHUNK_CELLS):
                chunk = self._chunk(camera.level, cx, cy)
                wx, wy = cx * size, cy * size
                # Same rounding as Camera.cell_to_screen: round(world*z) - round(cam*z).
                sx = round(wx * zoom) - round(camera.x * zoom) + origin[0]
                sy = round(wy * zoom) - round(camera.y * zoom) + origin[1]
                surface.blit(chunk, (sx, sy))

    def draw_grid(
        self,
        surface: pygame.Surface,
        camera: Camera,
        origin: tuple[int, int] = (0, 0),
        alpha: int = 60,
    ) -> None:
        """Thin cell lines over the visible part of the map (the G toggle).

        Lines fall on cell edges (the same rounding as the camera), clipped to the map.
        """
        x0, y0, x1, y1 = camera.visible_cells(self.width, self.height)
        if x1 <= x0 or y1 <= y0:
            return
        left, top, _, _ = camera.cell_to_screen((x0, y0))
        right, bottom, w, h = camera.cell_to_screen((x1 - 1, y1 - 1))
        area = pygame.Rect(left + origin[0], top + origin[1], right + w - left, bottom + h - top)
        px = camera.tile * camera.zoom
        if px != int(px) or px < 4:
            return  # lines every few pixels would only grey the map out
        cell = int(px)
        # each line is a thin strip multiplied onto the map (darkening it like a
        # translucent black line), so a frame touches only the line pixels
        shade = max(0, 255 - round(255 * alpha / 255))
        vertical, horizontal = self._grid_strips(area.size, shade)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        for x in range(area.x, area.right + 1, cell):
            surface.blit(vertical, (x, area.y), special_flags=pygame.BLEND_RGB_MULT)
        for y in range(area.y, area.bottom + 1, cell):
            surface.blit(horizontal, (area.x, y), special_flags=pygame.BLEND_RGB_MULT)
        surface.set_clip(clip)

    def _grid_strips(
        self, size: tuple[int, int], shade: int
    ) -> tuple[pygame.Surface, pygame.Surface]:
        key = (size, shade)
        if self._grid_key != key or self._grid_strips_cache is None:
            vertical = pygame.Surface((1, size[1] + 1))
            vertical.fill((shade, shade, shade))
            horizontal = pygame.Surface((size[0] + 1, 1))
            horizontal.fill((shade, shade, shade))
            self._grid_key = key
            self._grid_strips_cache = (vertical, horizontal)
        return self._grid_strips_cache
