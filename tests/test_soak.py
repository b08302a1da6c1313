"""Soak (outside CI; issue 6 · Reliability suite): N AI-vs-AI battles on every shipped map,
zero exceptions, zero hangs, every save replaying to the same state hash.

Skipped unless ``SHIELDWALL_SOAK=N`` is set, e.g.::

    SHIELDWALL_SOAK=20 python -m pytest -q -s tests/test_soak.py

The same soak runs from the command line: ``python -m game simulate --soak 20``.
"""

from __future__ import annotations

import os

import pytest
from saves_support import shipped_maps

from game.saves.soak import run_soak

GAMES = int(os.environ.get("SHIELDWALL_SOAK", "0") or 0)


@pytest.mark.skipif(GAMES <= 0, reason="soak runs only with SHIELDWALL_SOAK=N")
def test_soak_every_shipped_map_without_exceptions_hangs_or_divergence() -> None:
    maps = shipped_maps()
    assert maps, "no shipped maps to soak"
    lines: list[str] = []
    code = run_soak(maps, GAMES, first_seed=1000, print_line=lines.append)
    print("\n" + "\n".join(lines))
    assert code == 0, "\n".join(ln for ln in lines if "FAILED" in ln)
