"""The graphical game: the only package that imports pygame (DESIGN.md · game/ui)."""

from __future__ import annotations

import os

# pygame prints a banner on import; the game's own output (or its one-line
# "no display" message) should be all a player sees in the terminal.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
