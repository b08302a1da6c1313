"""Grid geometry: cells, distance, movement, line of sight and cover (source 004 · The Grid).

- ``grid``: cells and terrain (``Grid``, ``Terrain``, ``Cover``).
- ``movement``: distance, legal steps, reachable cells, shortest paths, straight lines.
- ``sight``: ``Sight`` answers line of sight, cover and whole-map visibility; the exact
  rule lives in ``segment`` (one line) and ``sweep`` / ``tile_sweep`` (all targets at
  once), on the per-version blocking data of ``layout``.

Geometry knows terrain only: creatures never block sight here, and the caller says
which cells hold enemies or allies when moving.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.geometry.grid import OPEN, WALL, Cell, Cover, Grid, Terrain
    from game.geometry.movement import (
        clear_straight_line,
        distance,
        neighbours,
        path_cost,
        reachable,
        shortest_path,
        step_allowed,
        straight_line,
    )
    from game.geometry.sight import NOT_VISIBLE, Sight, SightLine

# Each name from its module on first use (PEP 562): loading a map needs ``grid`` only, and
# the menu's first start need not import numpy for movement and sight (issue 32). The
# names of ``__all__`` not listed here come from ``movement``.
_GRID = ("OPEN", "WALL", "Cell", "Cover", "Grid", "Terrain")
_SIGHT = ("NOT_VISIBLE", "Sight", "SightLine")


def _home(name: str) -> str:
    return "grid" if name in _GRID else "sight" if name in _SIGHT else "movement"


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_home(name)}"), name)
    globals()[name] = value
    return value


__all__ = [
    "NOT_VISIBLE",
    "OPEN",
    "WALL",
    "Cell",
    "Cover",
    "Grid",
    "Sight",
    "SightLine",
    "Terrain",
    "clear_straight_line",
    "distance",
    "neighbours",
    "path_cost",
    "reachable",
    "shortest_path",
    "step_allowed",
    "straight_line",
]
