"""Drawing a Tiled map as its author made it, at any zoom step, fast.

The map is loaded with ``pytmx.util_pygame.load_pygame`` (only game/ui loads
images; DESIGN.md · Maps) and every visible tile layer and image layer is
composed, in the authored order, at the tileset's native size
(``map_compose.py``). The ``units``, ``zones`` and ``objectives`` object layers
carry data, not scenery, and are not drawn; tile objects on any other visible
object layer (decoration an author placed freely) are.

A map up to ``BASE_MAX_PIXELS`` native pixels is kept composed whole; a bigger one
(a 256×256 map is 256 MiB at 32 px a square) is composed a chunk at a time when a
chunk is needed, and never held whole at native size (issue 32 · memory).

A zoom step that shrinks the map is scaled once, whole (one blit a frame, even
zoomed out over a 256×256 map); those whole maps are kept while they fit in
``WHOLE_CACHE_BYTES`` (the one on screen always). Other steps are drawn from
square chunks of the composed map, scaled once and kept in a cache that always
holds at least what is on screen (so panning re-scales only the chunks that come
into view) plus ``CHUNK_CACHE_BYTES`` more, so memory stays bounded at high zoom.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame
import pytmx
from pytmx.util_pygame import load_pygame, pygame_image_loader

from game.maps.tileset_paths import borrowed_xml
from game.ui.camera import ZOOM_LEVELS, Camera
from game.ui.map_compose import MapComposer

CHUNK_CELLS = 8  # cells per chunk side
# Scaled chunks kept beyond those on screen, in bytes (160 chunks at zoom 1, 32 px squares).
CHUNK_CACHE_BYTES = 40 * 2**20
WHOLE_MAX_PIXELS = 4096 * 4096  # a shrunk map up to this size is kept whole
WHOLE_CACHE_BYTES = 80 * 2**20  # shrunk whole maps kept (besides the one on screen)
BASE_MAX_PIXELS = 4096 * 4096  # a map up to this size is kept composed whole (64 MiB)
# a map not kept whole is shrunk in blocks this many cells a side (issue 32: 64-cell
# blocks, 16 MiB each at 32 px a square, left ~20 MiB more resident on 256x256)
BLOCK_CELLS = 32


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


class MapView:
    """A composed map plus a cache of scaled chunks, drawn through a Camera.

    Made from the whole map composed (``base``) or from a :class:`MapComposer` that
    composes the parts asked for (``from_file`` picks by the map's size)."""

    def __init__(
        self,
        base: pygame.Surface | None,
        width: int,
        height: int,
        tile: int,
        composer: MapComposer | None = None,
    ) -> None:
        # The composed map is opaque (drawn over a filled background): opaque blits are
        # the cheapest kind, and a frame is mostly map.
        display = pygame.display.get_surface()
        if (
            base is not None
            and display is not None
            and (
                base.get_flags() & pygame.SRCALPHA
                or base.get_bitsize() != display.get_bitsize()
                or base.get_masks() != display.get_masks()
            )
        ):
            base = base.convert()
        if base is None and composer is None:
            raise ValueError("a map view needs the composed map or a composer")
        self._base = base
        self._composer = composer
        self._size: tuple[int, int] = base.get_size() if base is not None else composer.size  # type: ignore[union-attr]
        self.width = width  # cells
        self.height = height
        self.tile = tile  # native pixels per cell
        self._chunks: OrderedDict[tuple[int, int, int], pygame.Surface] = OrderedDict()
        self._chunk_bytes = 0  # bytes of the cached chunks
        self._keep = (0, CHUNK_CACHE_BYTES)  # chunks on screen, bytes the cache may hold
        self._whole: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._grid_key: object = None
        self._grid_strips_cache: tuple[pygame.Surface, pygame.Surface] | None = None

    @classmethod
    def from_file(cls, path: Path, base_max_pixels: int = BASE_MAX_PIXELS) -> MapView:
        """The view of a .tmx; kept composed whole when it has at most
        ``base_max_pixels`` native pixels, else composed a chunk at a time."""
        tmx = load_tiled(path)
        if tmx.tilewidth != tmx.tileheight:
            raise MapLoadError(
                f"{path}: tiles must be square, got {tmx.tilewidth}x{tmx.tileheight}"
            )
        from game.maps.precheck import hidden_layers

        try:
            composer = MapComposer(tmx, hidden_layers(path))
            if composer.pixels <= base_max_pixels:
                return cls(composer.whole(), tmx.width, tmx.height, tmx.tilewidth)
        except (pygame.error, MemoryError, ArithmeticError, ValueError, AssertionError) as exc:
            # the loader checked the map; what pytmx made of it still must not end the game
            raise MapLoadError(
                f"{path}: cannot draw the map ({exc or type(exc).__name__})"
            ) from None
        return cls(None, tmx.width, tmx.height, tmx.tilewidth, composer)

    @property
    def base(self) -> pygame.Surface:
        """The whole map at native size. A map too big to keep whole is composed anew
        at each call (for tests and tools, never for a frame)."""
        if self._base is not None:
            return self._base
        assert self._composer is not None
        return self._composer.whole()

    def _native(self, area: pygame.Rect) -> pygame.Surface:
        """The native pixels of ``area`` (within the map)."""
        if self._base is not None:
            return self._base.subsurface(area)
        assert self._composer is not None
        return self._composer.render(area)

    def _shrunk(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole map smooth-scaled down to ``size``; a map not kept whole is
        composed and scaled a block at a time, each block from rounded edges (as
        chunks are), so the native map is never whole in memory."""
        if self._base is not None:
            return pygame.transform.smoothscale(self._base, size)
        bw, bh = self._size
        sx, sy = size[0] / bw, size[1] / bh
        block = BLOCK_CELLS * self.tile
        out: pygame.Surface | None = None
        for by in range(0, bh, block):
            for bx in range(0, bw, block):
                area = pygame.Rect(bx, by, block, block).clip(pygame.Rect((0, 0), self._size))
                x0, y0 = round(area.x * sx), round(area.y * sy)
                x1, y1 = round(area.right * sx), round(area.bottom * sy)
                if x1 <= x0 or y1 <= y0:
                    continue
                piece = pygame.transform.smoothscale(self._native(area), (x1 - x0, y1 - y0))
                if out is None:
                    out = pygame.Surface(size, 0, piece)
                out.blit(piece, (x0, y0))
        assert out is not None
        return out

    def thumbnail(self, max_w: int, max_h: int) -> pygame.Surface:
        """The whole map scaled to fit ``max_w`` × ``max_h``, keeping its shape."""
        bw, bh = self._size
        scale = min(max_w / bw, max_h / bh)
        size = (max(1, round(bw * scale)), max(1, round(bh * scale)))
        return self._shrunk(size)

    def _chunk(self, level: int, cx: int, cy: int) -> pygame.Surface:
        key = (level, cx, cy)
        chunk = self._chunks.get(key)
        if chunk is not None:
            self._chunks.move_to_end(key)
            return chunk
        zoom = ZOOM_LEVELS[level]
        size = CHUNK_CELLS * self.tile
        area = pygame.Rect(cx * size, cy * size, size, size).clip(pygame.Rect((0, 0), self._size))
        piece = self._native(area)
        # Scale each chunk edge from rounded world edges so chunks tile without seams.
        x0, y0 = round(area.x * zoom), round(area.y * zoom)
        x1, y1 = round(area.right * zoom), round(area.bottom * zoom)
        out_size = (max(1, x1 - x0), max(1, y1 - y0))
        if zoom >= 1:
            chunk = pygame.transform.scale(piece, out_size)
        else:
            chunk = pygame.transform.smoothscale(piece, out_size)
        self._chunks[key] = chunk
        self._chunk_bytes += _bytes(chunk)
        # Oldest first, never those on screen (the newest ``on_screen`` ones).
        on_screen, budget = self._keep
        while len(self._chunks) > on_screen and self._chunk_bytes > budget:
            _, old = self._chunks.popitem(last=False)
            self._chunk_bytes -= _bytes(old)
        return chunk

    def warm(self, level: int) -> None:
        """Make the whole-map picture of zoom step ``level`` now (a big map's first view
        takes a fraction of a second to compose), so no later frame pays for it."""
        self._whole_map(level)

    def _whole_map(self, level: int) -> pygame.Surface | None:
        """The whole map scaled to zoom step ``level`` when that shrinks it to at most
        ``WHOLE_MAX_PIXELS`` (kept while the kept ones fit in ``WHOLE_CACHE_BYTES``),
        else None (draw from chunks)."""
        whole = self._whole.get(level)
        if whole is not None:
            self._whole.move_to_end(level)
            return whole
        zoom = ZOOM_LEVELS[level]
        bw, bh = self._size
        size = (max(1, round(bw * zoom)), max(1, round(bh * zoom)))
        if zoom >= 1 or size[0] * size[1] > WHOLE_MAX_PIXELS:
            return None
        whole = self._shrunk(size)
        self._whole[level] = whole
        while len(self._whole) > 1 and sum(map(_bytes, self._whole.values())) > WHOLE_CACHE_BYTES:
            self._whole.popitem(last=False)
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
        on_screen = max(0, across) * max(0, down)
        side = round(size * zoom) + 1
        self._keep = (on_screen, on_screen * side * side * 4 + CHUNK_CACHE_BYTES)
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


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
