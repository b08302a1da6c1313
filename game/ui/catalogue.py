"""The battles the menu offers: shipped maps and the player's own, with their scenario.

The menu only needs a title, a briefing, the default ruleset and the sides of
each map, plus a thumbnail; this module gathers them through the map loader
(``game.maps``) and keeps any loading problem as a one-line message shown in
the menu instead of a crash.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.maps.battlefield import Battlefield, SideInfo

REPO = Path(__file__).resolve().parents[2]
SHIPPED_MAPS = REPO / "maps"


@dataclass(frozen=True, slots=True)
class MapEntry:
    """One battle in the menu's list."""

    path: Path
    title: str
    briefing: str
    ruleset: str
    sides: tuple[SideInfo, ...]
    size: tuple[int, int]
    fog: bool = False
    user: bool = False  # from the player's own maps folder
    problem: str | None = None  # why it cannot be played, if it cannot

    @property
    def playable(self) -> bool:
        return self.problem is None


def entry_from_battlefield(bf: Battlefield, *, user: bool = False) -> MapEntry:
    sc = bf.scenario
    return MapEntry(
        path=bf.path,
        title=sc.title,
        briefing=sc.briefing,
        ruleset=sc.ruleset,
        sides=sc.sides,
        size=(bf.grid.width, bf.grid.height),
        fog=sc.fog,
        user=user,
    )


def broken_entry(path: Path, problem: str, *, user: bool = False) -> MapEntry:
    return MapEntry(
        path=path,
        title=path.stem,
        briefing="",
        ruleset="grid",
        sides=(),
        size=(0, 0),
        user=user,
        problem=problem,
    )


def user_maps_dir() -> Path:
    """Where players put their own battles."""
    import platformdirs

    return Path(platformdirs.user_data_dir("shieldwall")) / "maps"


def load_catalogue(extra: list[Path] | None = None) -> list[MapEntry]:
    """Every shipped and user map (plus ``extra`` files), shipped first, by title.

    A map that fails to load is listed with its first problem, so the player
    sees why instead of the map silently missing.
    """
    from game.maps.errors import MapError
    from game.maps.loader import load_battlefield

    found: list[tuple[Path, bool]] = []
    seen: set[Path] = set()
    for folder, user in ((SHIPPED_MAPS, False), (user_maps_dir(), True)):
        if folder.is_dir():
            for path in sorted(folder.glob("*.tmx")):
                found.append((path, user))
    for path in extra or []:
        found.append((path, True))
    entries: list[MapEntry] = []
    for path, user in found:
        key = path.resolve()
        if key in seen:
            continue
        seen.add(key)
        try:
            entries.append(entry_from_battlefield(load_battlefield(path), user=user))
        except MapError as exc:
            first = exc.lines()[0] if exc.problems else str(exc)
            more = f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else ""
            entries.append(broken_entry(path, first + more, user=user))
        except OSError as exc:
            entries.append(broken_entry(path, f"{path}: {exc.strerror or exc}", user=user))
    entries.sort(key=lambda e: (e.user, e.problem is not None, e.title.lower()))
    return entries


def rulesets() -> list[str]:
    """Ruleset ids the engine knows, for the menu's choice."""
    from game.rules import ruleset_ids

    return list(ruleset_ids())
