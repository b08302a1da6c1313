"""Why a square has the cover it has: source 004's picture, with what blocks each line.

Source 004 · Line of Sight and Cover explains cover with a picture: lines from one
corner of the attacker's square to the four corners of the target's square; a target
whose corners are not all reached has half cover, none reached (while still seen)
full cover. :func:`cover_picture` gives that picture for the exact rule of
:mod:`game.geometry.sight`, and names the terrain behind the answer:

- the *chosen sample* is the attacker's sample (centre, then the corners top-left,
  top-right, bottom-left, bottom-right) that reaches the most target corners;
- each corner gets one line: from the chosen sample when it reaches the corner, else
  from the first sample that does (the corner counts as seen), else the blocked line
  from the chosen sample with the cells that block it (a wall, the two walls it runs
  between or squeezes through; the map's edge counts as walls off the map);
- the cover tile (low wall, arrow slit …) that raises the cover, if one does.

``picture.cover`` is always ``Sight.cover`` for the same pair. Pure, no pygame; slower
than ``Sight.cover`` (it walks every line), meant for explaining one hovered target.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.geometry.grid import Cell, Cover
from game.geometry.segment import segment_blocked, segment_blockers
from game.geometry.sight import Sight, sample_points, tile_cover_source


@dataclass(frozen=True, slots=True)
class CornerLine:
    """One line of the picture, in cell units; ``blockers`` is empty when it is clear."""

    start: tuple[float, float]
    end: tuple[float, float]
    clear: bool
    blockers: tuple[Cell, ...] = ()


@dataclass(frozen=True, slots=True)
class CoverPicture:
    """Source 004's cover picture of ``target`` seen from ``attacker`` (see the module)."""

    cover: Cover
    origin: tuple[float, float]  # the chosen sample of the attacker's square
    lines: tuple[CornerLine, ...]  # top-left, top-right, bottom-left, bottom-right corner
    corner_cover: Cover  # what the corner rule alone gives
    tile: Cell | None  # the cover tile on the centre line that raises the cover, if any
    tile_cover: Cover

    @property
    def blockers(self) -> tuple[Cell, ...]:
        """Every cell that blocks a line, in line order, each once."""
        out: dict[Cell, None] = {}
        for line in self.lines:
            out.update(dict.fromkeys(line.blockers))
        return tuple(out)

    @property
    def from_tile(self) -> bool:
        """Whether the cover comes from the tile rather than from the corners."""
        return self.tile is not None and self.tile_cover > self.corner_cover


def cover_picture(sight: Sight, attacker: Cell, target: Cell) -> CoverPicture | None:
    """The picture behind ``sight.cover(attacker, target)``; None when there is no sight."""
    cover = sight.cover(attacker, target)
    if cover is None:
        return None
    layout = sight.layout
    samples = sample_points(attacker)
    corners = sample_points(target)[1:]
    reach = [
        [attacker == target or not segment_blocked(layout, s, c, attacker, target) for c in corners]
        for s in samples
    ]
    chosen = max(range(len(samples)), key=lambda i: (sum(reach[i]), -i))
    src = samples[chosen]
    lines = []
    for j, corner in enumerate(corners):
        end = (corner[0] / 2, corner[1] / 2)
        by = next((i for i in [chosen, *range(len(samples))] if reach[i][j]), None)
        if by is not None:
            s = samples[by]
            lines.append(CornerLine((s[0] / 2, s[1] / 2), end, True))
        else:
            blockers = segment_blockers(layout, src, corner, attacker, target)
            lines.append(CornerLine((src[0] / 2, src[1] / 2), end, False, blockers))
    seen = sum(1 for line in lines if line.clear)
    corner_cover = Cover.NONE if seen == 4 else Cover.HALF if seen else Cover.FULL
    tile = tile_cover_source(layout, attacker, target) if seen else None
    return CoverPicture(
        cover=cover,
        origin=(src[0] / 2, src[1] / 2),
        lines=tuple(lines),
        corner_cover=corner_cover,
        tile=tile[0] if tile else None,
        tile_cover=tile[1] if tile else Cover.NONE,
    )
