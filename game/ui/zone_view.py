"""Zones on the battle screen (issue 35 · zones on the grid), for a ruleset whose
presenter plays by zones (``Presenter.zone_graph``): every zone's outline and name, the
selected unit's ranges as tints (Close, Nearby, Far-Away, Distant: DESIGN.md · Zones),
and the zone the pointer (or the keyboard cursor) is over when a click there would move
the unit into it. The geometry is worked out once per graph; a frame only draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.geometry.grid import Cell
from game.geometry.zones import ZoneGraph, ZoneRange
from game.ui import theme
from game.ui.camera import Camera
from game.ui.theme import colour

RANGE_COLOURS: dict[ZoneRange, str] = {
    ZoneRange.CLOSE: "zone_close",
    ZoneRange.NEARBY: "zone_nearby",
    ZoneRange.FAR_AWAY: "zone_far",
    ZoneRange.DISTANT: "zone_distant",
}
RANGE_WORDS: dict[ZoneRange, str] = {
    ZoneRange.CLOSE: "the selected unit's own zone",
    ZoneRange.NEARBY: "one zone away",
    ZoneRange.FAR_AWAY: "two zones away",
    ZoneRange.DISTANT: "further, or no way there",
}
TINT_ALPHA = 64
PICK_ALPHA = 90
MIN_LABEL_PX = 14  # squares smaller than this carry no zone names (a far zoom)

Segment = tuple[tuple[int, int], tuple[int, int]]  # cell corners, map coordinates


@dataclass(frozen=True)
class ZoneLook:
    """What the zones show this frame: ranges from zone ``tint_from`` (the selected
    unit's; None: no tints), the zone under the pointer and whether a click there
    answers (``pick``), and the zones a click would move the unit into (``legal``)."""

    tint_from: int | None = None
    hovered: int | None = None
    legal: frozenset[int] = frozenset()

    @property
    def pick(self) -> bool:
        return self.hovered is not None and self.hovered in self.legal


def _merged(edges: list[Segment]) -> list[Segment]:
    """Unit edges joined into the fewest straight runs (fewer lines to draw)."""
    out: list[Segment] = []
    for vertical in (True, False):
        runs = sorted(
            (a[0], a[1]) if vertical else (a[1], a[0])
            for a, b in edges
            if (a[0] == b[0]) == vertical
        )
        start: tuple[int, int] | None = None
        end = 0
        for line, at in runs:
            if start is not None and start[0] == line and at == end:
                end = at + 1
                continue
            if start is not None:
                out.append(_segment(vertical, start, end))
            start, end = (line, at), at + 1
        if start is not None:
            out.append(_segment(vertical, start, end))
    return out


def _segment(vertical: bool, start: tuple[int, int], end: int) -> Segment:
    line, at = start
    return ((line, at), (line, end)) if vertical else ((at, line), (end, line))


@dataclass
class ZoneMap:
    """A zone graph as the board draws it: the borders between zones (as straight runs
    along the squares' edges), where each zone's name goes (its square nearest its
    centre), and the squares of each range from each zone (made when first asked)."""

    graph: ZoneGraph
    borders: list[Segment]
    anchors: list[Cell]
    _tints: dict[int, list[tuple[frozenset[Cell], str]]] = field(default_factory=dict)
    names: list[NamePlace] = field(default_factory=list)  # where the names go (last zoom)
    names_for: tuple[int, int, frozenset[Cell]] | None = None
    name_tries: tuple[list[list[Cell]], Cell] | None = None  # ``name_tries``, once

    @classmethod
    def of(cls, graph: ZoneGraph) -> ZoneMap:
        edges: list[Segment] = []
        for area in graph.zones:
            for x, y in area.cells:
                right, below = graph.zone_at((x + 1, y)), graph.zone_at((x, y + 1))
                if right is not None and right != area.index:
                    edges.append(((x + 1, y), (x + 1, y + 1)))
                if below is not None and below != area.index:
                    edges.append(((x, y + 1), (x + 1, y + 1)))
        anchors = [graph.free_cells(a.index)[0] for a in graph.zones]
        return cls(graph, _merged(edges), anchors)

    def tints(self, zone: int) -> list[tuple[frozenset[Cell], str]]:
        """The squares of each range from ``zone``, with the range's colour."""
        found = self._tints.get(zone)
        if found is None:
            by_range: dict[ZoneRange, set[Cell]] = {r: set() for r in ZoneRange}
            for area in self.graph.zones:
                by_range[self.graph.range(zone, area.index)] |= area.cells
            found = [(frozenset(c), RANGE_COLOURS[r]) for r, c in by_range.items() if c]
            self._tints[zone] = found
        return found


def draw_zone_lines(
    surface: pygame.Surface,
    camera: Camera,
    origin: tuple[int, int],
    zones: ZoneMap,
    visible: tuple[int, int, int, int],
) -> None:
    """The borders between zones: a light line over a dark one, so it reads on grass
    and on stone alike."""
    x0, y0, x1, y1 = visible
    width = 2 if camera.cell_px >= 20 else 1
    dark, light = colour("shadow"), colour("zone_line")
    for (ax, ay), (bx, by) in zones.borders:
        if bx < x0 or ax > x1 or by < y0 or ay > y1:
            continue
        a = camera.world_to_screen(ax * camera.tile, ay * camera.tile)
        b = camera.world_to_screen(bx * camera.tile, by * camera.tile)
        a = (a[0] + origin[0], a[1] + origin[1])
        b = (b[0] + origin[0], b[1] + origin[1])
        pygame.draw.line(surface, dark, (a[0] + 1, a[1] + 1), (b[0] + 1, b[1] + 1), width + 1)
        pygame.draw.line(surface, light, a, b, width)


Label = Callable[[str, int, bool], pygame.Surface]
NAME_TRIES = 48  # squares tried for a zone's name, nearest its centre first


@dataclass(frozen=True)
class NamePlace:
    """Where a zone's name goes: its square and the text (shortened if it had to be)."""

    zone: int
    cell: Cell
    text: str


def _name_box(cell: Cell, plate: tuple[int, int], px: int) -> pygame.Rect:
    """The name's plate centred on ``cell`` (map pixels at ``px`` a square)."""
    box = pygame.Rect((0, 0), plate)
    box.center = (cell[0] * px + px // 2, cell[1] * px + px // 2)
    return box.inflate(2, 2)


def _shorter(name: str) -> str:
    """The name cut to its first word, or its first half, with an ellipsis."""
    words = name.split()
    cut = words[0] if len(words) > 1 else name[: max(1, len(name) // 2)]
    return cut.rstrip(",;:-") + "…"


def name_tries(graph: ZoneGraph) -> tuple[list[list[Cell]], Cell]:
    """Each zone's squares tried for its name (nearest its centre first) and the field's
    size in squares: worked out once per graph (a large map sorts many squares)."""
    every = [c for a in graph.zones for c in a.cells]
    extent = (max(x for x, _ in every) + 1, max(y for _, y in every) + 1) if every else (0, 0)
    return [graph.free_cells(a.index)[:NAME_TRIES] for a in graph.zones], extent


def place_names(
    graph: ZoneGraph,
    px: int,
    size: int,
    occupied: frozenset[Cell],
    tries: tuple[list[list[Cell]], Cell] | None = None,
) -> list[NamePlace]:
    """Where each zone's name goes (play-test 2, 960×540: names ran into each other and
    hid under tokens): the largest zones first; a name takes the square nearest its
    zone's centre whose plate overlaps no name placed before it and, while the zone has
    such room, no square with a unit (else the fewest) and stays on the field; shortened
    when only the shorter name leaves the units clear or it covers fewer (play-test 3),
    or when the whole one finds no room; else left out."""
    placed: list[pygame.Rect] = []
    units = [pygame.Rect(x * px, y * px, px, px) for x, y in occupied]
    squares, (cols, rows) = tries or name_tries(graph)
    field_box = pygame.Rect(0, 0, cols * px, rows * px)
    out: list[NamePlace] = []
    for area in sorted(graph.zones, key=lambda a: (-len(a.cells), a.index)):
        cells = squares[area.index]
        best: tuple[tuple[int, bool], Cell, pygame.Rect, str] | None = None
        for text in (area.name, _shorter(area.name)):
            plate = plate_size(text, size)
            boxes = [(c, _name_box(c, plate, px)) for c in cells]
            clear = [(c, b) for c, b in boxes if b.collidelist(placed) < 0]
            if clear:  # fewest units under it, then inside the field, then nearest
                cell, box = min(clear, key=lambda cb: _cost(cb[1], units, field_box))
                cost = _cost(box, units, field_box)
                if best is None or cost[0] < best[0][0]:
                    best = (cost, cell, box, text)
                if cost[0] == 0:  # the whole name if it leaves the units clear, else the
                    break  # shorter one does (play-test 3: tokens covered the names)
        if best is not None:
            out.append(NamePlace(area.index, best[1], best[3]))
            placed.append(best[2])
    return out


def _cost(box: pygame.Rect, units: list[pygame.Rect], field: pygame.Rect) -> tuple[int, bool]:
    """How badly a name's plate sits: the units under it, then whether it leaves the field."""
    return len(box.collidelistall(units)), not field.contains(box)


def draw_zone_names(
    surface: pygame.Surface,
    zones: ZoneMap,
    rect_of: Callable[[Cell], pygame.Rect],
    on_screen: Callable[[Cell], bool],
    label: Label,
    px: int,
    look: ZoneLook,
    occupied: frozenset[Cell] = frozenset(),
) -> list[pygame.Rect]:
    """Each zone's name where ``place_names`` puts it (worked out again only when the
    zoom or the units' squares change); the hovered zone's in the strong ink. The plates
    drawn, on the screen."""
    if px < MIN_LABEL_PX:
        return []
    size = max(10, min(15, px // 3))
    key = (px, size, occupied)
    if zones.names_for != key:
        if zones.name_tries is None:
            zones.name_tries = name_tries(zones.graph)
        zones.names = place_names(zones.graph, px, size, occupied, zones.name_tries)
        zones.names_for = key
    drawn: list[pygame.Rect] = []
    for place in zones.names:
        if not on_screen(place.cell):
            continue
        img = label(place.text, size, place.zone == look.hovered)
        box = img.get_rect(center=rect_of(place.cell).center)
        surface.blit(img, box)
        drawn.append(box)
    return drawn


def _plate_pad(size: int) -> tuple[int, int]:
    return max(3, size // 3), max(1, size // 8)


def plate_size(text: str, size: int) -> tuple[int, int]:
    """The size of ``name_plate(text, size, …)``, measured without drawing it."""
    w, h = theme.font("bold", size).size(text)
    pad_x, pad_y = _plate_pad(size)
    return w + 2 * pad_x, h + 2 * pad_y


def name_plate(text: str, size: int, strong: bool) -> pygame.Surface:
    """A zone's name in bold light ink on a dark, half-clear plate, which reads on pale
    grass and on stone alike (issue 30 play-test: thin light names on grass); the hovered
    zone's (``strong``) plate is darker and its ink brighter."""
    ink = theme.font("bold", size).render(text, True, colour("bone" if strong else "parchment"))
    pad_x, pad_y = _plate_pad(size)
    plate = pygame.Surface(plate_size(text, size), pygame.SRCALPHA)
    shade = (*colour("shadow")[:3], 200 if strong else 160)
    pygame.draw.rect(plate, shade, plate.get_rect(), border_radius=max(2, size // 3))
    plate.blit(ink, (pad_x, pad_y))
    return plate


def zone_note(graph: ZoneGraph, cell: Cell) -> str:
    """A square's tooltip line for its zone: the name and the zone's conditions."""
    zone = graph.zone_at(cell)
    if zone is None:
        return ""
    parts = [f"Zone: {graph.zones[zone].name}"]
    capacity = graph.capacity(zone)
    if capacity is not None:
        parts.append(f"room for {capacity}")
    hazard = graph.hazard(zone)
    if hazard is not None:
        parts.append(f"hazard {hazard.text()}")
    return ", ".join(parts)
