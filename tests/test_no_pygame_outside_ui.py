"""Rules are pure: importing anything outside game.ui never imports pygame."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import game


def _modules_outside_ui() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.startswith("game.ui"):
            continue
        names.append(info.name)
    return names


def test_importing_game_outside_ui_never_imports_pygame() -> None:
    modules = _modules_outside_ui()
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"pygame imported by rules code: {out.stdout}"
