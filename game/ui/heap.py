"""The collector's long pauses kept off a battle's frames (issue 32).

CPython's cyclic garbage collector now and then scans every tracked object (a full,
"generation 2" collection). On a big battle that is the map, the world, the tiles and the
AI's caches: 30-55 ms on a generated 128x128 map, which landed on a frame and made the
worst frames of an AI turn three times the rest. What exists once a battle screen is
built lives as long as the battle, so it is collected once and then frozen
(``gc.freeze``): later collections scan only what the battle makes after its start. When
the battle is let go the frozen objects are unfrozen, so what it leaves behind can be
collected again.
"""

from __future__ import annotations

import gc


def settle_battle() -> None:
    """After a battle screen is built: collect what loading it left, freeze the rest."""
    gc.unfreeze()  # a battle before this one that was never let go
    gc.collect()
    gc.freeze()


def release_battle() -> None:
    """When a battle is let go: its objects are the collector's again."""
    gc.unfreeze()
