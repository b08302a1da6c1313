"""Shieldwall: a tactical grid combat game.

Everything in this package except ``game.ui`` runs without pygame.
"""

from __future__ import annotations

__version__ = "0.1.0"
