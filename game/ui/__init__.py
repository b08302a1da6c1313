"""The graphical game: the only package that imports pygame (DESIGN.md · game/ui)."""
