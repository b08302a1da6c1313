"""The battles the menu offers: shipped maps and the player's own, with their scenario.

The menu only needs a title, a briefing, the default ruleset and the sides of
each map, plus a thumbnail; this module gathers them through the map loader
(``game.maps``) and keeps any loading problem as a one-line message shown in
the menu instead of a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.maps.battlefield import Battlefield, SideInfo
from game.rulesets import DEFAULT as DEFAULT_RULESET
from game.ui.objectives_view import briefing_lines, briefing_with_objectives

if TYPE_CHECKING:
    from game.ui.catalogue_cache import SummaryCache


@dataclass(frozen=True, slots=True)
class MapEntry:
    """One battle in the menu's list (``briefing``: the map's, with its objectives)."""

    path: Path
    title: str
    briefing: str
    ruleset: str
    sides: tuple[SideInfo, ...]
    size: tuple[int, int]
    fog: bool = False
    user: bool = False  # from the player's own maps folder
    problem: str | None = None  # why it cannot be played, if it cannot
    difficulty: str | None = None  # the map's ``difficulty`` (maps/README.md), if known

    @property
    def playable(self) -> bool:
        return self.problem is None


def entry_from_battlefield(bf: Battlefield, *, user: bool = False) -> MapEntry:
    sc = bf.scenario
    return MapEntry(
        path=bf.path,
        title=sc.title,
        briefing=briefing_with_objectives(sc.briefing, briefing_lines(bf)),
        ruleset=sc.ruleset,
        sides=sc.sides,
        size=(bf.grid.width, bf.grid.height),
        fog=sc.fog,
        user=user,
        difficulty=sc.difficulty,
    )


def broken_entry(path: Path, problem: str, *, user: bool = False) -> MapEntry:
    return MapEntry(
        path=path,
        title=path.stem,
        briefing="",
        ruleset=DEFAULT_RULESET,
        sides=(),
        size=(0, 0),
        user=user,
        problem=problem,
    )


def load_catalogue(extra: list[Path] | None = None) -> list[MapEntry]:
    """Every map in the folders ``game.maps`` searches (the player's own first, shadowing
    shipped maps of the same name), plus ``extra`` files; shipped first, from easy to hard
    (``menu_order``).

    A map that fails to load is listed with its first problem, so the player
    sees why instead of the map silently missing. A map whose files have not changed
    since the last listing is not loaded again: its summary is kept in the user's cache
    folder (``catalogue_cache``; issue 32 · first frame).
    """
    from game.maps.library import MAP_SUFFIX, map_dirs, user_maps_dir
    from game.ui.catalogue_cache import SummaryCache

    cache = SummaryCache()

    entries: list[MapEntry] = []
    seen: set[Path] = set()
    # the folders game.maps searches, player's first; a name found earlier shadows later
    # ones (as list_maps does, which would load every map a second time here)
    infos: list[tuple[Path, bool, tuple[str, ...]]] = []
    names: set[str] = set()
    for folder in map_dirs():
        try:
            found = sorted(p for p in folder.glob(f"*{MAP_SUFFIX}") if p.is_file())
        except OSError:
            found = []
        for path in found:
            if path.stem not in names:
                names.add(path.stem)
                infos.append((path, folder == user_maps_dir(), ()))
    infos += [(p, True, ()) for p in extra or []]
    for path, user, problems in infos:
        key = path.resolve()
        if key in seen:
            continue
        seen.add(key)
        if problems:
            entries.append(broken_entry(path, _first(str(path), list(problems)), user=user))
            continue
        entries.append(_kept_entry(path, user, cache) or _loaded_entry(path, user, cache))
    cache.save()
    entries.sort(key=menu_order)
    return told_apart(entries)


def told_apart(entries: list[MapEntry]) -> list[MapEntry]:
    """The entries (in menu order) with a title an earlier entry has followed by the file's
    folder ("The Mill by the Ford (downloads)"), the folder's whole path when an earlier
    twin's folder has the same name (play-test 4: ``play ~/downloads/millford.tmx`` listed
    two identical rows beside the player's map of the same name)."""
    out: list[MapEntry] = []
    seen: dict[str, list[Path]] = {}
    for entry in entries:
        twins = seen.setdefault(entry.title, [])
        parent = entry.path.parent
        if twins:
            named = parent.name and all(p.name != parent.name for p in twins)
            where = parent.name if named else str(parent)
            out.append(replace(entry, title=f"{entry.title} ({where})"))
        else:
            out.append(entry)
        twins.append(parent)
    return out


def _loaded_entry(path: Path, user: bool, cache: SummaryCache) -> MapEntry:
    """The entry of ``path`` from a full load, kept in ``cache`` unless the file could not
    be read at all (an error that may pass, so it is looked at again next time)."""
    from game.maps import MapError, load_battlefield
    from game.maps.xmlfiles import noting_files

    with noting_files() as files:
        try:
            entry = entry_from_battlefield(load_battlefield(path), user=user)
        except MapError as exc:
            entry = broken_entry(path, _first(str(path), exc.lines()), user=user)
        except OSError as exc:
            return broken_entry(path, f"{path}: {exc.strerror or exc}", user=user)
        except Exception as exc:  # a loader bug must still not take the menu down
            return broken_entry(
                path, f"{path}: map: could not be loaded ({type(exc).__name__}: {exc})", user=user
            )
    cache.keep(path, _summary(entry), files)
    return entry


_SUMMARY_FIELDS = ("title", "briefing", "ruleset", "fog", "problem", "difficulty")


def _summary(entry: MapEntry) -> dict[str, Any]:
    """What the cache keeps of an entry (all but its path and folder), as JSON values."""
    out: dict[str, Any] = {name: getattr(entry, name) for name in _SUMMARY_FIELDS}
    out["size"] = list(entry.size)
    out["sides"] = [{f.name: getattr(s, f.name) for f in fields(SideInfo)} for s in entry.sides]
    return out


def _kept_entry(path: Path, user: bool, cache: SummaryCache) -> MapEntry | None:
    """The entry of ``path`` from its kept summary, or None (none kept, files changed, or a
    summary this version cannot read)."""
    summary = cache.summary(path)
    if summary is None:
        return None
    try:
        sides = tuple(
            SideInfo(**{**side, "flags": tuple(side.get("flags", ()))}) for side in summary["sides"]
        )
        w, h = summary["size"]
        return MapEntry(
            path=path,
            title=str(summary["title"]),
            briefing=str(summary["briefing"]),
            ruleset=str(summary["ruleset"]),
            sides=sides,
            size=(int(w), int(h)),
            fog=bool(summary["fog"]),
            user=user,
            problem=_text_or_none(summary["problem"]),
            difficulty=_text_or_none(summary["difficulty"]),
        )
    except (TypeError, KeyError, ValueError):
        return None


def _text_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def menu_order(entry: MapEntry) -> tuple[bool, bool, int, str]:
    """Where the menu lists a battle: shipped before the player's own, playable before
    broken, then from easy to hard (maps/README.md · difficulty; a map that does not
    say comes last), then by title."""
    from game.maps.contract import DIFFICULTIES

    ranks = {name: i for i, name in enumerate(DIFFICULTIES)}
    rank = ranks.get(entry.difficulty or "", len(DIFFICULTIES))
    return (entry.user, entry.problem is not None, rank, entry.title.lower())


def _first(path: str, problems: list[str]) -> str:
    """The first problem, with the file named once, and how many more there are."""
    if not problems:
        return f"{path}: cannot be loaded"
    first = problems[0]
    if not first.startswith(path):
        first = f"{path}: {first}"
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return first + more


def rulesets() -> list[str]:
    """Ruleset ids the engine knows, for the menu's choice."""
    from game.rules import ruleset_ids

    return list(ruleset_ids())
