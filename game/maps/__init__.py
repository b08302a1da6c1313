"""Tiled maps: loading ``.tmx`` files into a Battlefield, checking them, finding them.

``load_battlefield(path)`` returns a Battlefield or raises ``MapError`` listing every
problem; ``find_map(name)`` and ``list_maps()`` search the shipped and user map
folders. The authors' contract is ``maps/README.md`` (data in ``contract.py``).
"""

from __future__ import annotations

from game.maps.errors import MapError, Problem
from game.maps.library import MapInfo, find_map, list_maps, shipped_maps_dir, user_maps_dir
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
