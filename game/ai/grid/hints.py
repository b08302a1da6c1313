"""How a map author's ``ai`` hint on a spawn (maps/README.md · Spawns: hold, guard,
aggressive, skirmish) bends the grid planner's weights, and how long a post is kept."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Hint:
    """How a map author's ``ai`` hint on a spawn (maps/README.md · Spawns) bends the
    weights: ``approach`` and ``caution`` (exposure) multiply, ``leash`` costs each square
    away from where the unit stands (hold, guard), ``eager`` closes in from round one."""

    approach: float = 1.0
    caution: float = 1.0
    leash: float = 0.0
    eager: bool = False


NO_HINT = Hint()
HOLD_ROUNDS = 4  # hold/guard posts are kept fully for this many rounds, then released
POST_REACH = 2  # squares from its post within which a held unit values next round's blows
HINTS: dict[str, Hint] = {
    "hold": Hint(approach=0.0, leash=0.3),  # keep the post; strike what comes close
    "guard": Hint(approach=0.0, leash=0.15),  # stay near the post
    "aggressive": Hint(approach=1.3, caution=0.85, eager=True),
    "skirmish": Hint(approach=0.7, caution=1.4),  # keep distance, pick shots
}
