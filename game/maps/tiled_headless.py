"""pytmx without pygame: the rules load maps headless (DESIGN.md · Maps).

``import pytmx`` runs the package's ``__init__``, which tries to import
``pytmx.util_pygame`` and with it pygame (pygame then prints its banner and the
rules are no longer pure). When pygame is not loaded yet we hide it and the
pygame helper while pytmx imports, then take the hiding entries out again, so a
later ``from pytmx.util_pygame import load_pygame`` in ``game.ui`` still works.
"""

from __future__ import annotations

import sys
from types import ModuleType

_HIDDEN = ("pygame", "pytmx.util_pygame")


def import_pytmx() -> ModuleType:
    """Return the ``pytmx`` module, imported without pulling in pygame."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    hidden = [name for name in _HIDDEN if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` fail fast
    try:
        import pytmx
    finally:
        for name in hidden:
            if sys.modules.get(name, "present") is None:
                del sys.modules[name]
    return pytmx
