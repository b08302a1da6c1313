"""Where maps live, and finding one by name (maps/README.md · Where maps go).

Two folders are searched: the player's own maps folder (``maps`` in the per-user data
folder, ``game.user_folders.data_dir()``, which ``SHIELDWALL_DATA_DIR`` moves), then the
maps shipped with the game (the repository's ``maps/`` in a checkout and after
``pip install -e .``; a copy inside the package after ``pip install .``: ``game.shipped``).
A player's map with the same name as a shipped one wins, so a copied and edited battle is
the one played.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.maps.errors import MapError, Problem

MAP_SUFFIX = ".tmx"


def shipped_maps_dir() -> Path:
    """The shipped maps: the repository's ``maps/`` folder in a checkout, the packaged
    copy in a wheel install (``game.shipped``)."""
    from game.shipped import maps_dir

    return maps_dir()


def user_maps_dir() -> Path:
    """The player's own maps folder (it may not exist yet)."""
    from game.user_folders import data_dir

    return data_dir() / "maps"


def map_dirs() -> tuple[Path, ...]:
    """The folders searched for maps by name, first match wins."""
    return (user_maps_dir(), shipped_maps_dir())


def _maps_in(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob(f"*{MAP_SUFFIX}") if p.is_file())
    except OSError:
        return []


def find_map(name_or_path: str | Path, dirs: Sequence[Path] | None = None) -> Path:
    """A map file from a path, or from a bare name like ``duel`` searched in ``dirs``.

    Anything that looks like a path (it exists, has a folder part or ends in
    ``.tmx``) is returned as a path, so the loader reports its own problems.
    Raises ``MapError`` when a bare name matches no map, or the name is empty.
    """
    text = str(name_or_path)
    if not text.strip():  # Path("") is the current folder: say what is wrong instead
        raise MapError(repr(text), [Problem("map", "no map given (the name is empty)")])
    candidate = Path(text)
    if candidate.exists() or candidate.suffix.lower() == MAP_SUFFIX or len(candidate.parts) > 1:
        return candidate
    folders = tuple(dirs) if dirs is not None else map_dirs()
    for folder in folders:
        for name in (text, text.lower()):
            path = folder / f"{name}{MAP_SUFFIX}"
            if path.is_file():
                return path
    known = sorted({p.stem for folder in folders for p in _maps_in(folder)})
    where = " or ".join(str(folder) for folder in folders)
    listed = ", ".join(known) if known else "none"
    raise MapError(text, [Problem("map", f"no map named '{text}' in {where} (known: {listed})")])


@dataclass(frozen=True, slots=True)
class MapInfo:
    """One map as a menu lists it; ``problems`` is empty when it is playable."""

    name: str
    path: Path
    user: bool
    title: str
    briefing: str
    size: tuple[int, int]
    problems: tuple[str, ...] = ()

    @property
    def playable(self) -> bool:
        return not self.problems


def list_maps(
    dirs: Sequence[Path] | None = None, known_templates: Collection[str] | None = None
) -> list[MapInfo]:
    """Every map in the map folders, loaded and checked; a name shadowed by an
    earlier folder is left out. Broken maps are listed with their problems."""
    from game.maps.loader import default_templates, load_battlefield

    folders = tuple(dirs) if dirs is not None else map_dirs()
    user_dir = user_maps_dir()
    templates = known_templates if known_templates is not None else default_templates()
    infos: list[MapInfo] = []
    seen: set[str] = set()
    for folder in folders:
        for path in _maps_in(folder):
            if path.stem in seen:
                continue
            seen.add(path.stem)
            user = folder == user_dir
            try:
                field = load_battlefield(path, templates)
            except MapError as exc:
                infos.append(
                    MapInfo(
                        path.stem,
                        path,
                        user,
                        path.stem,
                        "",
                        (0, 0),
                        tuple(str(p) for p in exc.problems),
                    )
                )
                continue
            infos.append(
                MapInfo(
                    path.stem,
                    path,
                    user,
                    field.scenario.title,
                    field.scenario.briefing,
                    (field.grid.width, field.grid.height),
                )
            )
    return infos
