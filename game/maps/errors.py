"""Map problems: every failure to load a map is a ``MapError`` listing its problems.

Each problem names where it is (``layer 'ground'``, ``spawn 'Ann' (object 4)`` …)
and what is wrong, so ``check-map`` can print ``FILE: where: what`` one per line.
A *warning* (an unknown custom property: authors keep their own data there) does not stop
the map from loading; ``check-map --strict`` treats warnings as errors.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.words import one_line

LABEL_CHARS = 40  # a name quoted in a problem's "where" is cut to this many characters


def object_label(object_id: object, name: str) -> str:
    """``object 4 'Ann'``: how a problem names a map object, a long name cut short."""
    if len(name) > LABEL_CHARS:
        name = name[: LABEL_CHARS - 1] + "…"
    return f"object {object_id}" + (f" '{name}'" if name else "")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map, in the author's terms."""

    where: str
    what: str
    warning: bool = False

    def __str__(self) -> str:
        return one_line(f"{self.where}: {'warning: ' if self.warning else ''}{self.what}")


class MapError(Exception):
    """A map that cannot be played; ``problems`` holds every problem found."""

    def __init__(self, path: Path | str, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.path = Path(path)
        # errors first, then warnings, each kind in the order found
        self.problems: tuple[Problem, ...] = tuple(sorted(problems, key=lambda p: p.warning))
        super().__init__("\n".join(self.lines()))

    def lines(self, shown_as: str | None = None) -> list[str]:
        """One line per problem: ``FILE: where: what`` (FILE as given, or the path)."""
        name = one_line(shown_as if shown_as is not None else str(self.path))
        return [f"{name}: {problem}" for problem in self.problems]


def near_miss(key: str, known: tuple[str, ...]) -> str:
    """``; did you mean 'x'?`` for the known name closest to ``key``, or nothing."""
    import difflib

    close = difflib.get_close_matches(key, known, n=1, cutoff=0.7)
    if not close:
        close = [k for k in known if key.lower() in k or k in key.lower()][:1]
    return f"; did you mean '{close[0]}'?" if close else ""


def unknown_property(where: str, kind: str, key: str, known: tuple[str, ...]) -> Problem:
    """The warning for a custom property the contract does not know (kept, not played)."""
    return Problem(
        where,
        f"unknown {kind}property '{key}'{near_miss(key, known)} (known: {', '.join(known)}; "
        "others are kept but not used)",
        warning=True,
    )
