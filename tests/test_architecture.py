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
