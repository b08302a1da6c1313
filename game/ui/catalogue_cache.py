"""The menu's summary of each map, kept between runs (issue 32 · first frame).

Listing a battle in the menu needs its title, briefing, sides, size and whether it can
be played, and finding that out means loading the whole map (``game.maps``). The menu
keeps what it learnt in ``menu-maps.json`` in the per-user cache folder, with the files
each load read (the map, its tilesets, its object templates) or looked for (tileset
images), as ``game.maps.xmlfiles.noting_files`` lists them. A summary is used again only
while every one of those files has the same bytes (or is still missing, or still there)
and the game's map code, unit content and rulesets are as they were, so the list shows
exactly what a full load would: the same names, sizes and broken maps with the same
problem. Anything else (a changed or new map, another version of the game, an
unreadable or damaged cache) is loaded in full and the cache written anew; a cache that
cannot be written is left alone, never an error.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from game.regular_files import read_regular

log = logging.getLogger(__name__)

CACHE_NAME = "menu-maps.json"
VERSION = 1
MAX_CACHE_BYTES = 4 * 2**20
MAX_FILE_BYTES = 64 * 2**20  # above any map file limit: a bigger file is hashed by stat
_GAME = Path(__file__).resolve().parents[1]
# what decides a map's summary besides its own files: the map code, the menu's wording of
# a map, the unit content spawns name, the ruleset registry
_CODE = ("maps/*.py", "ui/catalogue.py", "ui/catalogue_cache.py", "ui/objectives_view.py",
         "rulesets.py", "content/data/**/*")  # fmt: skip

NotedFile = tuple[str, Path]
Summary = dict[str, Any]  # plain JSON values; ``game.ui.catalogue`` makes its entry of it


def cache_file() -> Path:
    from game.user_folders import cache_dir

    return cache_dir() / CACHE_NAME


def code_stamp() -> str:
    """A digest of the game's code and content that decide a summary (file names, sizes
    and modification times) and of the rulesets registered now."""
    from game.rulesets import ruleset_ids

    digest = hashlib.sha256(f"{VERSION}|{','.join(sorted(ruleset_ids()))}".encode())
    for pattern in _CODE:
        for path in sorted(_GAME.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                st = path.stat()
                digest.update(f"|{path.relative_to(_GAME)}:{st.st_size}:{st.st_mtime_ns}".encode())
    return digest.hexdigest()


def files_digest(files: Iterable[NotedFile], seen: dict[NotedFile, bytes] | None = None) -> str:
    """A digest of what ``files`` hold now: each read file's bytes (or why it cannot be
    read), and for each looked-for path whether it is a file. ``seen`` keeps each file's
    part between calls (the maps of one listing share their tileset)."""
    digest = hashlib.sha256()
    for noted in files:
        part = seen.get(noted) if seen is not None else None
        if part is None:
            part = _file_part(*noted)
            if seen is not None:
                seen[noted] = part
        digest.update(part)
    return digest.hexdigest()


def _file_part(kind: str, path: Path) -> bytes:
    head = f"|{kind}:{path}:".encode()
    if kind == "exists":
        return head + (b"yes" if path.is_file() else b"no")
    try:
        data = read_regular(path, MAX_FILE_BYTES)
    except OSError as exc:
        return head + f"unreadable {type(exc).__name__} {exc.errno}".encode()
    if len(data) > MAX_FILE_BYTES:
        st = path.stat()
        return head + f"big {st.st_size} {st.st_mtime_ns}".encode()
    return head + hashlib.sha256(data).digest()


class SummaryCache:
    """The summaries read at the start of one listing, and those to write after it."""

    def __init__(self, file: Path | None = None) -> None:
        self.file = file or cache_file()
        self.stamp = code_stamp()
        self._old: dict[str, Any] = {}
        self._new: dict[str, Any] = {}
        self._changed = False
        self._seen: dict[NotedFile, bytes] = {}
        try:
            raw = json.loads(read_regular(self.file, MAX_CACHE_BYTES))
        except (OSError, ValueError, RecursionError):
            return  # no cache yet, or one that cannot be read: every map is loaded
        if (
            isinstance(raw, dict)
            and raw.get("stamp") == self.stamp
            and isinstance(raw.get("maps"), dict)
        ):
            self._old = raw["maps"]

    def summary(self, path: Path) -> Summary | None:
        """The summary of ``path`` kept from before, if none of its files changed."""
        record = self._old.get(str(path))
        try:
            files = [(str(kind), Path(name)) for kind, name in record["files"]]  # type: ignore[index]
            if files_digest(files, self._seen) != record["digest"]:  # type: ignore[index]
                return None
            summary = record["summary"]  # type: ignore[index]
        except (TypeError, KeyError, ValueError):
            return None  # no summary, or one written by something else
        if not isinstance(summary, dict):
            return None
        self._new[str(path)] = record
        return summary

    def keep(self, path: Path, summary: Summary, files: Sequence[NotedFile]) -> None:
        """Keep the summary of a map just loaded in full, which read ``files``."""
        self._changed = True
        self._new[str(path)] = {
            "files": [[kind, str(name)] for kind, name in files],
            "digest": files_digest(files),  # read anew: the load may have changed them
            "summary": summary,
        }

    def save(self) -> None:
        """Write the summaries of this listing, when one was loaded anew or one is gone."""
        if not self._changed and set(self._new) == set(self._old):
            return
        from game.saves.atomic import write_atomic

        data = json.dumps({"stamp": self.stamp, "maps": self._new}, ensure_ascii=False)
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.file, data.encode("utf-8"))
        except OSError as exc:
            log.info("the menu's map summaries could not be kept (%s)", exc)
