"""Small wording helpers shared by the command line and the screens (no pygame)."""

from __future__ import annotations

import re

# Characters that would break a line printed from a file's text in two, or move the
# terminal's cursor (a name typed with Enter in Tiled, an escape sequence in a save).
_BREAKING = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def counted(n: int, noun: str) -> str:
    """ "1 round", "3 rounds", "0 answers": ``n`` and ``noun``, plural unless ``n`` is 1
    (play-test 3: "win after 1 rounds")."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def is_one_line(text: str) -> bool:
    """Whether ``text`` has no line break nor control character (a name to show as is)."""
    return _BREAKING.search(text) is None


def one_line(text: str) -> str:
    """``text`` as one printable line: a line break or control character is written as its
    escape (``\\n``), a lone surrogate (which no terminal can print) as ``\\ud800``."""
    text = _BREAKING.sub(lambda m: repr(m.group())[1:-1], text)
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
