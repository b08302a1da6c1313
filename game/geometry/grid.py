"""The battle grid: 5-ft cells, each holding one Terrain (source 004 · The Grid).

A cell is an ``(x, y)`` tuple; ``x`` grows to the right, ``y`` grows downwards,
as in Tiled. Cell ``(x, y)`` is the unit square ``[x, x+1] × [y, y+1]``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is imported when the arrays are first built (issue 32 · first frame)
    import numpy as np
    import numpy.typing as npt

Cell = tuple[int, int]

FEET_PER_SQUARE = 5


class Cover(IntEnum):
    """Cover a target has from an attacker (source 004 · Line of Sight and Cover)."""

    NONE = 0
    HALF = 1
    FULL = 2


@dataclass(frozen=True, slots=True)
class Terrain:
    """What a cell is made of, as map authors set it with tile properties.

    ``cover`` is cover granted by the tile itself to a target whose lines from
    the attacker cross it (low wall: half, arrow slit: full); it does not block
    sight. ``move_cost`` is how many squares of movement entering the cell costs
    (2 for difficult terrain).
    """

    name: str = "floor"
    blocks_move: bool = False
    blocks_sight: bool = False
    cover: Cover = Cover.NONE
    move_cost: int = 1
    concealment: bool = False


OPEN = Terrain()
WALL = Terrain("wall", blocks_move=True, blocks_sight=True)


class Grid:
    """A rectangle of terrain cells. Outside the rectangle counts as a wall."""

    __slots__ = ("width", "height", "_cells", "version", "_arrays", "_arrays_version")

    def __init__(self, width: int, height: int, cells: Sequence[Terrain] | None = None) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"grid size must be positive, got {width}x{height}")
        if cells is None:
            cells = [OPEN] * (width * height)
        if len(cells) != width * height:
            raise ValueError(f"expected {width * height} cells, got {len(cells)}")
        self.width = width
        self.height = height
        self._cells: list[Terrain] = list(cells)
        # Bumped by every set_terrain, so caches built on the layout (sight, paths)
        # can tell that they are stale.
        self.version = 0
        self._arrays: TerrainArrays | None = None
        self._arrays_version = -1

    @classmethod
    def from_ascii(cls, text: str, legend: dict[str, Terrain] | None = None) -> Grid:
        """Build a grid from rows of characters; ``#`` wall, ``.`` open by default.

        Used by tests and examples: ``Grid.from_ascii('''\n..#\n...\n''')``.
        """
        table = {".": OPEN, "#": WALL}
        if legend:
            table.update(legend)
        rows = [row.strip() for row in text.strip("\n").splitlines() if row.strip()]
        width = max(len(r) for r in rows)
        cells = [table[ch] for row in rows for ch in row.ljust(width, ".")]
        return cls(width, len(rows), cells)

    def in_bounds(self, cell: Cell) -> bool:
        x, y = cell
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain(self, cell: Cell) -> Terrain:
        """The terrain at ``cell``; outside the map is a wall."""
        x, y = cell
        if 0 <= x < self.width and 0 <= y < self.height:
            return self._cells[y * self.width + x]
        return WALL

    def set_terrain(self, cell: Cell, terrain: Terrain) -> None:
        x, y = cell
        if not self.in_bounds(cell):
            raise ValueError(f"cell {cell} is off the {self.width}x{self.height} grid")
        self._cells[y * self.width + x] = terrain
        self.version += 1

    def blocks_move(self, cell: Cell) -> bool:
        return self.terrain(cell).blocks_move

    def blocks_sight(self, cell: Cell) -> bool:
        return self.terrain(cell).blocks_sight

    def arrays(self) -> TerrainArrays:
        """The terrain as numpy arrays indexed ``[y, x]``, cached until the next change."""
        if self._arrays is None or self._arrays_version != self.version:
            self._arrays = TerrainArrays.from_cells(self.width, self.height, self._cells)
            self._arrays_version = self.version
        return self._arrays

    def cells(self) -> Iterator[Cell]:
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def to_ascii(self) -> str:
        return "\n".join(
            "".join("#" if self.terrain((x, y)).blocks_sight else "." for x in range(self.width))
            for y in range(self.height)
        )


@dataclass(frozen=True, slots=True, eq=False)
class TerrainArrays:
    """Read-only ``[y, x]`` arrays of one grid version (see :meth:`Grid.arrays`)."""

    blocks_move: npt.NDArray[np.bool_]
    blocks_sight: npt.NDArray[np.bool_]
    cover: npt.NDArray[np.int8]
    move_cost: npt.NDArray[np.int16]
    #: Movement cost per cell as a flat tuple over the grid padded by one cell on each
    #: side (index ``(y+1)*(width+2) + x+1``); -1 where movement is blocked or off
    #: the map. Plain Python ints, for the path searches' inner loops.
    move_flat: tuple[int, ...]

    @classmethod
    def from_cells(cls, width: int, height: int, cells: Sequence[Terrain]) -> TerrainArrays:
        import numpy as np

        kinds = list(dict.fromkeys(cells))
        index = {t: i for i, t in enumerate(kinds)}
        codes = np.fromiter((index[t] for t in cells), dtype=np.int32, count=len(cells))
        codes = codes.reshape(height, width)

        def column(values: list[int], dtype: type) -> npt.NDArray[Any]:
            out: npt.NDArray[Any] = np.asarray(values, dtype=dtype)[codes]
            out.setflags(write=False)
            return out

        blocks_move = column([t.blocks_move for t in kinds], np.bool_)
        move_cost = column([t.move_cost for t in kinds], np.int16)
        padded = np.full((height + 2, width + 2), -1, dtype=np.int64)
        padded[1:-1, 1:-1] = np.where(blocks_move, -1, move_cost)
        return cls(
            blocks_move=blocks_move,
            blocks_sight=column([t.blocks_sight for t in kinds], np.bool_),
            cover=column([int(t.cover) for t in kinds], np.int8),
            move_cost=move_cost,
            move_flat=tuple(padded.ravel().tolist()),
        )
