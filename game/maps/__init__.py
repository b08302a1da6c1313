"""Tiled maps: loading ``.tmx`` files into a Battlefield, checking them, finding them.

``load_battlefield(path)`` returns a Battlefield or raises ``MapError`` listing every
problem; ``find_map(name)`` and ``list_maps()`` search the shipped and user map
folders. The authors' contract is ``maps/README.md`` (data in ``contract.py``).

``load_battlefield`` is imported on first use (PEP 562): the loader brings the geometry
and numpy, which the menu's list of battles does without (issue 32 · first frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.maps.errors import MapError, Problem
from game.maps.library import MapInfo, find_map, list_maps, shipped_maps_dir, user_maps_dir

if TYPE_CHECKING:
    from game.maps.loader import load_battlefield

__all__ = [
    "MapError",
    "MapInfo",
    "Problem",
    "find_map",
    "list_maps",
    "load_battlefield",
    "shipped_maps_dir",
    "user_maps_dir",
]


def __getattr__(name: str) -> Any:
    """``load_battlefield`` from ``game.maps.loader``, imported when first asked for."""
    if name == "load_battlefield":
        from game.maps.loader import load_battlefield

        globals()[name] = load_battlefield
        return load_battlefield
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
