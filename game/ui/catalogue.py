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
