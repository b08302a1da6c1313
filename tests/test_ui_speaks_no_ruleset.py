"""The screen speaks no ruleset (issue 28 · a presenter per ruleset): ``game.ui`` imports
no ruleset module and names no ruleset term (AC, Shock, Armor, Fatigue, Stress) in its
code; such words reach the screen only as text a ruleset's presenter gave it. Comments
and docstrings may name them (they explain where a behaviour comes from), and so may a
regular expression (``re.compile``) that recognises them in text the screen received."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import game.ui

UI = Path(game.ui.__file__).parent
# the registry and the house-rule options are the rulesets' shared seam, not a ruleset
SHARED = {"game.rules", "game.rules.options"}
TERMS = re.compile(r"\b(AC|Shock|Armou?r|Fatigue|Stress)\b")
TERM_PARTS = {"ac", "shock", "armor", "armour", "fatigue", "stress"}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            first = body[0] if body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.alias):
        return [node.asname or node.name.split(".")[-1]]
    return []


def _patterns(tree: ast.AST) -> set[int]:
    """ids of the string constants compiled as regular expressions."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        if isinstance(node.func, ast.Attribute) and node.func.attr == "compile":
            out.add(id(node.args[0]))
    return out


def ruleset_words(source: str) -> list[str]:
    """Each ruleset import and ruleset term in ``source``'s code, as "line: what"."""
    tree = ast.parse(source)
    docs = _docstrings(tree) | _patterns(tree)
    found = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import | ast.ImportFrom):
            modules = (
                [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            )
            for module in modules:
                if module and module.startswith("game.rules.") and module not in SHARED:
                    found.append(f"{line}: imports {module}")
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [f"{line}: says {m.group(0)!r}" for m in TERMS.finditer(node.value)]
        for name in _names(node):
            parts = {p.lower() for p in re.split(r"_+|(?<=[a-z])(?=[A-Z])", name) if p}
            if parts & TERM_PARTS:
                found.append(f"{line}: names {name}")
    return found


def test_the_check_finds_what_it_looks_for() -> None:
    source = (
        '"""Docstrings may say AC and Shock."""\n'
        "from game.rules.grid.charge import Charge  # comments may say Armor\n"
        "import game.rules.options\n"
        "def f(target_ac: int) -> str:\n"
        "    return f'vs AC {target_ac}'\n"
        "x = preview.shock_on_miss\n"
        "y = re.compile(r'takes no Shock')\n"
    )
    assert sorted(ruleset_words(source)) == [
        "2: imports game.rules.grid.charge",
        "4: names target_ac",
        "5: names target_ac",
        "5: says 'AC'",
        "6: names shock_on_miss",
    ]


def test_game_ui_imports_no_ruleset_and_names_no_ruleset_term() -> None:
    found = []
    for path in sorted(UI.rglob("*.py")):
        found += [f"{path.relative_to(UI)}:{w}" for w in ruleset_words(path.read_text("utf-8"))]
    assert found == []


def test_the_screen_names_no_action_of_any_ruleset() -> None:
    """The screen reads what an action targets, whether it moves, attacks or helps, and
    how the board shows it from the decision's options (``Option.target_kind``, ``moves``,
    ``attacks``, ``helps``, ``board_range``), never from kind names: no string in game/ui
    is the kind of a ruleset's action or reaction (the engine's own decision and answer
    kinds, shared by every ruleset, may appear)."""
    import ast

    from game.engine.answers import ChooseUnit, Decline, EndTurn
    from game.rulesets import get_ruleset, ruleset_ids

    shared = {ChooseUnit.kind, Decline.kind, EndTurn.kind}
    kinds: set[str] = set()
    for ruleset_id in ruleset_ids():
        ruleset = get_ruleset(ruleset_id)
        kinds |= set(ruleset.actions) | {r.kind for r in ruleset.reactions}
    kinds -= shared
    found = []
    root = Path(__file__).resolve().parents[1]
    skip = {"theme.py", "tokens.py", "bench.py"}
    for path in sorted((root / "game" / "ui").rglob("*.py")):
        if path.name in skip or "tools" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in kinds:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.value!r}")
    assert not found, "\n".join(found)
