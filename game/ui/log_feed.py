"""What the combat log panel shows of the battle's log lines: the lines the player looking
may read (fog of war hides some), added as they come. The whole log is shown again after
an undo cut it, and when another player takes the screen (a hotseat hand-off) whose side
reads other lines than the one before (issue 4: each side's log is what it saw)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ui.log_panel import LogPanel


class LogFeed:
    """Feeds ``panel`` the log lines its reader may read."""

    def __init__(self, panel: LogPanel) -> None:
        self.panel = panel
        self.seen = 0  # the lines looked at so far
        self.tail: tuple[str, str] = ("", "")  # the last of them
        self.reader: object = None  # whose eyes the lines shown were chosen for
        self.shown: list[tuple[int, tuple[str, str]]] = []  # the lines shown, by index

    def reset(self) -> None:
        """Show nothing; the next ``sync`` goes through every line again."""
        self.panel.clear()
        self.seen = 0
        self.tail = ("", "")
        self.shown = []

    def sync(
        self,
        lines: Sequence[tuple[str, str]],
        reader: object,
        read: Callable[[int, tuple[str, str]], tuple[str, str] | None],
    ) -> None:
        """Add the new ``lines`` as ``reader`` reads them (``read(index, line)``: the line
        as its side reads it, None when it may not)."""
        cut = len(lines) < self.seen or (self.seen and self.tail != lines[self.seen - 1])
        if cut:  # the log was cut (an undo): show it again from the start
            self.reset()
        elif reader != self.reader and self._read(lines, read, self.seen) != self.shown:
            self.reset()  # another side's player: the lines their side saw
        self.reader = reader
        for i, line in self._read(lines, read, len(lines), self.seen):
            self.panel.add(*line)
            self.shown.append((i, line))
        self.seen = len(lines)
        self.tail = lines[-1] if lines else ("", "")

    @staticmethod
    def _read(
        lines: Sequence[tuple[str, str]],
        read: Callable[[int, tuple[str, str]], tuple[str, str] | None],
        end: int,
        start: int = 0,
    ) -> list[tuple[int, tuple[str, str]]]:
        out = []
        for i in range(start, end):
            line = read(i, lines[i])
            if line is not None:
                out.append((i, line))
        return out
