"""Reading one TOML table of the content files, with every problem recorded as one line
``<file>: <key path>: <what is wrong>``. The loader reads the shared tables with it, and a
ruleset's content schema reads its own sub-tables with it (``game.content.schema``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class Missing:
    """Marks a required key that is absent."""


REQUIRED = Missing()


def describe(value: object) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (a boolean)"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    return f"{value!r} ({type(value).__name__})"


class Table:
    """Reads one TOML table, recording problems under ``file: prefix.key``."""

    def __init__(self, problems: list[str], file: str, prefix: str, data: dict[str, Any]) -> None:
        self.problems = problems
        self.file = file
        self.prefix = prefix
        self.data = data
        self.used: set[str] = set()

    def where(self, key: str | None = None) -> str:
        return f"{self.prefix}.{key}" if key else self.prefix

    def fail(self, key: str | None, message: str) -> None:
        self.problems.append(f"{self.file}: {self.where(key)}: {message}")

    def _get(self, key: str, default: object) -> object:
        self.used.add(key)
        if key in self.data:
            return self.data[key]
        if default is REQUIRED:
            self.fail(key, "missing (required)")
        return default

    def string(self, key: str, default: str | Missing = REQUIRED) -> str:
        value = self._get(key, default)
        if isinstance(value, Missing):
            return ""
        if not isinstance(value, str):
            self.fail(key, f"expected a string, got {describe(value)}")
            return ""
        return value

    def integer(
        self, key: str, low: int, high: int, default: int | Missing | None = REQUIRED
    ) -> int | None:
        value = self._get(key, default)
        if value is None or isinstance(value, Missing):
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(key, f"expected an integer {low}..{high}, got {describe(value)}")
            return None
        if not low <= value <= high:
            self.fail(key, f"expected an integer {low}..{high}, got {value}")
            return None
        return value

    def boolean(self, key: str, default: bool) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            self.fail(key, f"expected true or false, got {describe(value)}")
            return default
        return value

    def choice(
        self, key: str, options: tuple[str, ...], default: str | Missing = REQUIRED
    ) -> str | None:
        """One of ``options``; None (after recording the problem) when missing or wrong."""
        value = self._get(key, default)
        if isinstance(value, Missing):
            return None
        if not isinstance(value, str) or value not in options:
            self.fail(key, f"expected one of {', '.join(options)}; got {describe(value)}")
            return None
        return value

    def parsed(self, key: str, parse: Callable[[str], T], default: object = REQUIRED) -> T | None:
        """A string parsed by ``parse`` (whose ValueError message becomes the problem)."""
        value = self._get(key, default)
        if value is None or isinstance(value, Missing):
            return None
        if not isinstance(value, str):
            self.fail(key, f"expected a string, got {describe(value)}")
            return None
        try:
            return parse(value)
        except ValueError as exc:
            self.fail(key, str(exc))
            return None

    def string_list(self, key: str, default: list[str] | Missing = REQUIRED) -> list[str]:
        value = self._get(key, default)
        if isinstance(value, Missing):
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail(key, f"expected an array of strings, got {describe(value)}")
            return []
        return list(value)

    def subtable(self, key: str, default: dict[str, Any] | None = None) -> dict[str, Any]:
        value = self._get(key, REQUIRED if default is None else default)
        if isinstance(value, Missing):
            return {}
        if not isinstance(value, dict):
            self.fail(key, f"expected a table, got {describe(value)}")
            return {}
        return value

    def finish(self) -> None:
        """Report every key nobody read as unknown (once, however often it is called)."""
        for key in self.data:
            if key not in self.used:
                self.used.add(key)
                self.fail(key, "unknown key")
