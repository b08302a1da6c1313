"""Save problems: every failure to read, check or replay a save is one ``SaveError``.

The message is a single line that names the file and what is wrong with it
(DESIGN.md · Errors and data), so the CLI prints it as is and the UI shows it in a box.
"""

from __future__ import annotations

from pathlib import Path

MAX_PROBLEM = 300  # characters: a refusal is a line to read, not a dump of the file


def cap(text: str, limit: int = MAX_PROBLEM) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class SaveError(Exception):
    """A save that cannot be written, read or replayed; ``str()`` is ``FILE: problem``."""

    def __init__(self, path: Path | str, problem: str) -> None:
        self.path = Path(path)
        # One line, always: a message that quotes file content must not break the layout.
        text = " ".join(str(problem).split())
        # drawable: a lone surrogate quoted from a file becomes "?"
        self.problem = cap(text.encode("utf-8", "replace").decode("utf-8"))
        super().__init__(cap(f"{self.path}: {self.problem}", 2 * MAX_PROBLEM))

    @property
    def line(self) -> str:
        """The one line to show the player."""
        return str(self)
