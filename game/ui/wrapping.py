"""Text broken into lines that fit a width (the wrapping every panel uses), and a label
fitted onto a few lines in the largest type that lets it (issue 30: "no label is ever
cut"). Only fonts: the widgets build on this module.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.theme import font

MIN_SIZE = 9  # the smallest type a label shrinks to


def wrap(text: str, width: int, role: str = "body", size: int | None = None) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels; blank lines kept."""
    return list(_wrap(text, width, role, theme.SIZE_BODY if size is None else size))


@lru_cache(maxsize=1024)
def _wrap(text: str, width: int, role: str, size: int) -> tuple[str, ...]:
    f = font(role, size)
    lines: list[str] = []
    for para in text.splitlines() or [""]:
        words = [piece for word in para.split() for piece in _pieces(word, width, f)]
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if f.size(trial)[0] <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def _pieces(word: str, width: int, f: pygame.font.Font) -> list[str]:
    """``word`` as it fits a line: whole when it does, else cut after a ``/`` (a path in
    an error message) or, failing that, wherever the line is full."""
    if f.size(word)[0] <= width:
        return [word]
    out: list[str] = []
    rest = word
    while f.size(rest)[0] > width:
        cut = 1
        while cut < len(rest) and f.size(rest[: cut + 1])[0] <= width:
            cut += 1
        slash = rest.rfind("/", 0, cut)
        if slash > cut // 2:
            cut = slash + 1
        out.append(rest[:cut])
        rest = rest[cut:]
    return [*out, rest] if rest else out


def fit_lines(
    text: str, width: int, lines: int, *, role: str = "body", size: int, least: int = MIN_SIZE
) -> tuple[tuple[str, ...], int]:
    """``text``'s lines and type size so that each line is at most ``width`` px wide: at
    ``size`` on one line, else on up to ``lines`` lines broken between words, else the
    same a size smaller, down to ``least``; no lines at all when even that does not fit
    (never a cut word, never an ellipsis)."""
    whole = " ".join(text.split())
    for at in range(size, least - 1, -1):
        face = font(role, at)
        if face.size(whole)[0] <= width:
            return (whole,), at
        if lines >= 2:
            wrapped = wrap(whole, width, role, at)
            if len(wrapped) <= lines and " ".join(wrapped) == whole:
                return tuple(wrapped), at
    return (), size
