"""Win-rate statistics for the balance lab (issue 5 · ``simulate --json``).

``wilson(k, n)`` is the Wilson score interval for a proportion: unlike the plain
``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and is honest for small ``n`` and for
win rates near 0 or 1, which is exactly where a lopsided map sits.
"""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for ``successes`` out of ``trials``;
    (0.0, 1.0) when there are no trials."""
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes {successes} outside 0..{trials}")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)
