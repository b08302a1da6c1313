"""The shared world (game/world) and the content loader (game/content) name no ruleset: no
ruleset id and no ruleset term in their code (DESIGN.md · The ruleset seam; issue 28).

Comments and docstrings may name them (they say which rule a value serves); identifiers
and string literals may not. ``grid`` is also the geometry's square grid
(``game.geometry.grid``, ``battlefield.grid``): those two spellings are the board, not the
ruleset, and are allowed.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

from game.rules import ruleset_ids

ROOT = Path(__file__).resolve().parent.parent / "game"
TERMS = ("AC", "Shock", "Armor", "Fatigue", "Stress")
# The square grid of the geometry package: ``<left>.grid`` with one of these on the left.
BOARD_OWNERS = {"geometry", "battlefield"}

# The grid's numbers are still written at the top level of a unit or weapon entry (see
# game/content/README.md · Where a ruleset's numbers live): these files read them and
# may name those terms until the numbers move under ``.grid``. Nothing else may, and
# these may name nothing more than listed.
GRID_NUMBERS_AT_TOP_LEVEL = {
    "content/weapons.py": {"Shock", "shock", "AC", "ac"},
    "content/armour.py": {"AC", "ac"},
    "content/templates.py": {"ac", "shock"},
    "content/loader.py": {"AC", "Shock", "ac", "shock"},
    "content/__init__.py": {"Shock"},
}


def _docstring_lines(source: str) -> set[int]:
    """Lines of the module, class and function docstrings."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    first = body[0].lineno
                    last = body[0].end_lineno or first
                    lines.update(range(first, last + 1))
    return lines


def _words(name: str) -> list[str]:
    """``shock_ignored`` → shock, ignored; ``ClashState`` → Clash, State; ``AC`` → AC."""
    return [
        w for part in name.split("_") for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", part)
    ]


def offences(source: str, ids: tuple[str, ...]) -> list[tuple[int, str]]:
    """(line, word) for every ruleset id or term named in code (not comments/docstrings)."""
    docstrings = _docstring_lines(source)
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    found: list[tuple[int, str]] = []
    id_words = {i.lower() for i in ids}
    term_words = {t.lower() for t in TERMS}
    for i, tok in enumerate(tokens):
        line = tok.start[0]
        if tok.type == tokenize.NAME:
            before = tokens[i - 2].string if i >= 2 and tokens[i - 1].string == "." else ""
            for word in _words(tok.string):
                low = word.lower()
                if low == "grid" and before in BOARD_OWNERS:
                    continue
                if low in id_words or low in term_words:
                    found.append((line, word))
        elif tok.type == tokenize.STRING and line not in docstrings:
            text = tok.string
            for rid in ids:
                if re.search(rf"\b{re.escape(rid)}\b", text, re.IGNORECASE):
                    found.append((line, rid))
            for term in TERMS:
                if re.search(rf"\b{term}\b", text):
                    found.append((line, term))
    return found


def _sources() -> list[Path]:
    return sorted([*(ROOT / "world").rglob("*.py"), *(ROOT / "content").rglob("*.py")])


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_world_and_content_code_names_no_ruleset_and_no_ruleset_term(path: Path) -> None:
    rel = str(path.relative_to(ROOT))
    allowed = GRID_NUMBERS_AT_TOP_LEVEL.get(rel, set())
    found = offences(path.read_text(encoding="utf-8"), ruleset_ids())
    bad = [f"{rel}:{line}: {word}" for line, word in found if word not in allowed]
    assert not bad, "\n".join(bad)


def test_the_grid_number_files_still_need_their_exception() -> None:
    """An exception that is no longer used is taken out (the list only shrinks)."""
    for rel, allowed in GRID_NUMBERS_AT_TOP_LEVEL.items():
        found = {word for _, word in offences((ROOT / rel).read_text(encoding="utf-8"), ())}
        assert allowed <= found, (rel, allowed - found)


def test_the_check_catches_ids_and_terms_in_code_but_not_in_comments_or_docstrings() -> None:
    source = '''"""Docstring: grid, clash, AC and Shock are fine here."""
# a comment about the clash ruleset and Fatigue
from game.geometry.grid import Cell
size = battlefield.grid.width
shock_ignored = True
label = "Armor"
kind = "clash"


class ClashState:
    """Stress is fine here too."""
'''
    found = offences(source, ("grid", "clash"))
    assert found == [(5, "shock"), (6, "Armor"), (7, "clash"), (10, "Clash")]
