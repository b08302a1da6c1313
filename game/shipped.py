"""Where the game's own data folders are: ``assets/`` (tilesets, icons, fonts) and ``maps/``
(the shipped battles).

In the repository they sit at the top, beside the ``game`` package, and that is where a
checkout or an editable install (``pip install -e .``) finds them. A wheel (``pip install
.``, ``pipx install``) carries them inside the package as ``game/_data/assets`` and
``game/_data/maps`` (``setup.py`` maps them there), found with ``importlib.resources``.
The packaged copy wins when both exist. A folder found in neither place is an error that
names where it was looked for, never a silent fallback.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

PACKAGED = "_data"
FOLDERS = ("assets", "maps")


class MissingDataError(FileNotFoundError):
    """A data folder the game ships is not where the install should have put it."""


@cache
def shipped_dir(name: str) -> Path:
    """The folder ``name`` ("assets" or "maps") of this install."""
    if name not in FOLDERS:
        raise ValueError(f"no shipped data folder {name!r} (known: {', '.join(FOLDERS)})")
    packaged = Path(str(resources.files("game").joinpath(PACKAGED, name)))
    checkout = Path(__file__).resolve().parent.parent / name
    for folder in (packaged, checkout):
        if folder.is_dir():
            return folder
    raise MissingDataError(
        f"the game's {name} folder is missing (looked in {packaged} and {checkout}); "
        "reinstall the game"
    )


def assets_dir() -> Path:
    return shipped_dir("assets")


def maps_dir() -> Path:
    return shipped_dir("maps")
