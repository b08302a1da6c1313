"""Object templates a map names by a path that is not there (maps/README.md · Where maps
go): Tiled's *Save As* of the starter into the user's maps folder writes the templates'
paths relative to where they were (``../../../shieldwall/maps/templates/warrior.tx``),
and a map copied one folder deeper loses them. As for a tileset (``tileset_paths``), the
game's own template of that file name (``maps/templates/``) is used then, with a warning
that says how to fix the path; a template the game does not ship stays an error that says
what to do.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

from game.maps.errors import Problem
from game.maps.xmlfiles import is_file

# what to do about a template that is not where the map says (appended to "not found …")
MISSING_ADVICE = (
    "copy the .tx file to where the map points, or open the map in Tiled and replace or "
    "detach the template of the objects (right-click > Replace Template, or Detach)"
)


def file_name(source: str) -> str:
    """The file name at the end of a template path as the map writes it."""
    return (PureWindowsPath if "\\" in source else PurePosixPath)(source).name


def shipped_template(name: str) -> Path | None:
    """The game's own object template called ``name`` (``warrior.tx``), if there is one."""
    from game.shipped import MissingDataError, maps_dir

    try:
        path = maps_dir() / "templates" / name
    except MissingDataError:
        return None
    return path if name and is_file(path) else None


def locate_template(map_path: Path, source: str) -> tuple[Path, Path | None]:
    """Where the template ``source`` of the map at ``map_path`` is read from, and the
    shipped template used in its place when it is missing there (else None)."""
    path = map_path.parent / source
    if is_file(path) or not source.lower().endswith(".tx"):
        return path, None
    own = shipped_template(file_name(source))
    return (own, own) if own is not None else (path, None)


def borrowed_warning(where: str, source: str, users: int) -> Problem:
    """The warning for objects placed from a template found only among the game's own."""
    name = file_name(source)
    more = f"{users} objects use it; " if users > 1 else ""
    return Problem(
        where,
        f"object template '{source}' not found next to the map, so the game's own {name} "
        f"is used ({more}copy the game's maps/templates folder next to the map and point "
        "the objects at it in Tiled, or detach them: right-click > Detach)",
        warning=True,
    )
