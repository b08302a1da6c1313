"""Reading a map's XML files safely: size-limited reads with one clear line per failure,
and parsing that refuses DTDs (entity-expansion bombs). Shared by the XML pre-check
(``precheck``) and the object-template reader (``templates``).

``noting_files()`` lists every file a load reads (``read_limited``) or only looks for
(``is_file``), so a summary of the map can be kept until one of them changes (the
menu's list of battles, issue 32 · first frame).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from xml.etree import ElementTree

from game.maps import contract
from game.maps.errors import Problem
from game.regular_files import NotRegularFile, read_regular

READ, LOOKED_FOR = "read", "exists"
PARSED_KEPT = 8  # external tilesets parsed once per process (``parse_shared``), newest kept
NotedFile = tuple[str, Path]  # (READ or LOOKED_FOR, the path)
_NOTED: ContextVar[list[NotedFile] | None] = ContextVar("map_files_noted", default=None)


@contextmanager
def noting_files() -> Iterator[list[NotedFile]]:
    """Within the block, every file read through ``read_limited`` and every path asked
    about through ``is_file`` is appended to the list given, in order."""
    noted: list[NotedFile] = []
    token = _NOTED.set(noted)
    try:
        yield noted
    finally:
        _NOTED.reset(token)


def _note(kind: str, path: Path) -> None:
    noted = _NOTED.get()
    if noted is not None:
        noted.append((kind, path))


def is_file(path: Path) -> bool:
    """``path.is_file()``, noted for ``noting_files``."""
    _note(LOOKED_FOR, path)
    return path.is_file()


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def picture_problem(path: Path) -> str | None:
    """What is wrong with the picture at ``path`` for drawing it, from its header: a
    ``.png`` that is no PNG, or a PNG that would unpack to more than
    ``contract.MAX_PICTURE_PIXELS`` (a few bytes on disk can hold a picture of 10⁵×10⁵
    pixels, which the screen would try to unpack). Other formats are left to the screen,
    which says in one line when it cannot load one."""
    try:
        with path.open("rb") as handle:
            head = handle.read(24)
    except OSError:
        return None  # is_file() said it is there; the screen says why it cannot load it
    is_png = head.startswith(PNG_SIGNATURE) and head[12:16] == b"IHDR" and len(head) == 24
    if path.suffix.lower() == ".png" and not is_png:
        return "is not a PNG picture (its first bytes say otherwise)"
    if not is_png:
        return None
    width, height = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    if width * height > contract.MAX_PICTURE_PIXELS:
        return (
            f"is a picture of {width}×{height} pixels; at most "
            f"{contract.MAX_PICTURE_PIXELS // 2**20} million pixels"
        )
    return None


def read_limited(path: Path, where: str, problems: list[Problem]) -> bytes | None:
    """The file's bytes, or None after recording why it cannot be read."""
    _note(READ, path)
    try:
        if path.is_dir():
            problems.append(Problem(where, "is a directory, not a file"))
            return None
        data = read_regular(path, contract.MAX_FILE_BYTES)  # a FIFO or device: refused
        if len(data) > contract.MAX_FILE_BYTES:
            size = max(len(data), path.stat().st_size)
            problems.append(
                Problem(
                    where,
                    f"is {size / 2**20:.1f} MiB; the limit is "
                    f"{contract.MAX_FILE_BYTES // 2**20} MiB",
                )
            )
            return None
    except NotRegularFile as exc:
        problems.append(Problem(where, exc.strerror or "is not a regular file"))
        return None
    except FileNotFoundError:
        problems.append(Problem(where, "not found"))
        return None
    except PermissionError:
        problems.append(Problem(where, "cannot be read (permission denied)"))
        return None
    except OSError as exc:
        problems.append(Problem(where, f"cannot be read ({exc.strerror or exc})"))
        return None
    if not data.strip():
        problems.append(Problem(where, "is empty"))
        return None
    return data


def parse_xml(data: bytes, where: str, problems: list[Problem]) -> ElementTree.Element | None:
    """Parse XML, refusing DTDs (entity expansion bombs) and reporting syntax errors."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        problems.append(Problem(where, "DOCTYPE and entity declarations are not allowed"))
        return None
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        problems.append(Problem(where, f"malformed XML ({exc})"))
        return None


_SHARED: OrderedDict[bytes, ElementTree.Element] = OrderedDict()
_SHARED_LOCK = threading.Lock()


def parse_shared(data: bytes, where: str, problems: list[Problem]) -> ElementTree.Element | None:
    """``parse_xml`` for a file many maps share (an external ``.tsx``): the tree of the
    same bytes is parsed once per process and handed out again, so it must only be read,
    never changed. A file that does not parse is parsed (and reported) every time.
    Listing the battles loads every map, each naming the same tileset (issue 32 · first
    frame)."""
    with _SHARED_LOCK:  # maps may load on a worker thread too
        root = _SHARED.get(data)
        if root is not None:
            _SHARED.move_to_end(data)
            return root
    root = parse_xml(data, where, problems)
    if root is not None:
        with _SHARED_LOCK:
            _SHARED[data] = root
            while len(_SHARED) > PARSED_KEPT:
                _SHARED.popitem(last=False)
    return root
