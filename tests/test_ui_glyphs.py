"""Every string the screen can show has its glyphs in the bundled fonts (issue 30: the
bundled Alegreya Sans has no arrows, which drew as empty boxes).

The strings: every string constant (not a docstring) in ``game/ui`` and in the modules
that give the screen its words (the presenters, sheets, previews, events, house rules
and ruleset descriptions), the shipped maps' titles and briefings, and the content's
unit names and descriptions. A glyph a font lacks comes back from ``Font.metrics`` as
None, or as the empty box of zero size that stands in for it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game
from game.ui import theme

ROOT = Path(game.__file__).parent
ROLES = ("title", "body", "bold", "italic")
WORDS = (
    "ui/**/*.py",
    "engine/events.py",
    "engine/presenter.py",
    "engine/presentation.py",
    "engine/intentions.py",
    "rules/*/__init__.py",
    "rules/*/presenter.py",
    "rules/*/sheet.py",
    "rules/*/preview.py",
    "rules/*/events.py",
    "rules/*/house_rules.py",
    "rules/*/*preview*.py",
)


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _constants(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.value


def shown_strings() -> dict[str, str]:
    """Each string the screen may show, with where it comes from."""
    from game.content.loader import load_content
    from game.maps import load_battlefield
    from game.maps.library import shipped_maps_dir

    out: dict[str, str] = {}
    files = sorted({p for pattern in WORDS for p in ROOT.glob(pattern)})
    for path in files:
        for text in _constants(path):
            out.setdefault(text, str(path.relative_to(ROOT)))
    for map_path in sorted(shipped_maps_dir().glob("*.tmx")):
        scenario = load_battlefield(map_path).scenario
        for text in (scenario.title, scenario.briefing, *(s.name for s in scenario.sides)):
            out.setdefault(text, map_path.name)
    for template in load_content().templates.values():
        for text in (template.name, template.description or ""):
            out.setdefault(text, f"unit {template.id}")
    return out


def missing(font: pygame.font.Font, text: str) -> list[str]:
    """The characters of ``text`` that ``font`` has no glyph for."""
    chars = sorted({c for c in text if c.isprintable() and not c.isspace()})
    out = []
    for char, metric in zip(chars, font.metrics("".join(chars)), strict=True):
        if metric is None or metric[:4] == (0, 0, 0, 0):
            out.append(char)
    return out


@pytest.fixture(scope="module")
def fonts() -> dict[str, pygame.font.Font]:
    pygame.font.init()
    return {role: theme.font(role, 20) for role in ROLES}


def test_the_check_sees_a_missing_glyph(fonts: dict[str, pygame.font.Font]) -> None:
    assert missing(fonts["body"], "a\u2192b") == ["\u2192"]  # the arrow the font lacks
    assert missing(fonts["body"], "Round 3 · 12×12 — ‹ ›") == []


def test_every_string_the_screen_shows_has_its_glyphs(
    fonts: dict[str, pygame.font.Font],
) -> None:
    strings = shown_strings()
    assert len(strings) > 500  # the collection found the screen's words
    problems = []
    for text, where in strings.items():
        for role, font in fonts.items():
            lacking = missing(font, text)
            if lacking:
                problems.append(f"{where}: {text[:60]!r} lacks {lacking} in the {role} font")
    assert not problems, "\n".join(problems)
