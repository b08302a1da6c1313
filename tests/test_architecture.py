"""The architecture holds (DESIGN.md · The ruleset seam): the import contracts in
``pyproject.toml`` (``[tool.importlinter]``: layers, rulesets independent of each other,
pygame only in ``game.ui``, no import cycles) are kept. ``lint-imports`` prints which
import breaks which contract."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_in_pyproject_are_kept() -> None:
    script = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run(
        [str(script), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    report = done.stdout[done.stdout.find("Contracts") :]
    assert done.returncode == 0, report
    assert "0 broken" in report


def import_cycles(package: str) -> list[list[str]]:
    """Strongly connected components of more than one module in ``package``'s import
    graph (type-checking imports left out), each sorted, in a fixed order: Tarjan's
    algorithm, iterative."""
    import grimp

    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            targets = edges.get(node, [])
            if i < len(targets):
                work.append((node, i + 1))
                nxt = targets[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    cycles.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return sorted(cycles)


def test_import_cycles_finds_a_package_importing_its_own_child_back(tmp_path: Path) -> None:
    pkg = tmp_path / "cyclepkg"
    (pkg / "inner").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "inner" / "__init__.py").write_text("from cyclepkg.inner import child\n")
    (pkg / "inner" / "child.py").write_text("from cyclepkg.inner import NAME\n")
    (pkg / "a.py").write_text("import cyclepkg.b\n")
    (pkg / "b.py").write_text("import cyclepkg.a\n")
    (pkg / "c.py").write_text("import cyclepkg.a\n")
    sys.path.insert(0, str(tmp_path))
    try:
        found = import_cycles("cyclepkg")
    finally:
        sys.path.remove(str(tmp_path))
    assert found == [["cyclepkg.a", "cyclepkg.b"], ["cyclepkg.inner", "cyclepkg.inner.child"]]


def test_no_module_of_the_game_takes_part_in_an_import_cycle() -> None:
    """No cycle anywhere, including a package's ``__init__`` and one of its own modules
    importing each other (which the ``acyclic_siblings`` contract does not see)."""
    cycles = import_cycles("game")
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(c) for c in cycles)
