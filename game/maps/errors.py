"""Map problems: every failure to load a map is a ``MapError`` listing its problems.

Each problem names where it is (``layer 'ground'``, ``spawn 'Ann' (object 4)`` …)
and what is wrong, so ``check-map`` can print ``FILE: where: what`` one per line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map, in the author's terms."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


class MapError(Exception):
    """A map that cannot be played; ``problems`` holds every problem found."""

    def __init__(self, path: Path | str, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.path = Path(path)
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(self.lines()))

    def lines(self, shown_as: str | None = None) -> list[str]:
        """One line per problem: ``FILE: where: what`` (FILE as given, or the path)."""
        name = shown_as if shown_as is not None else str(self.path)
        return [f"{name}: {problem}" for problem in self.problems]
