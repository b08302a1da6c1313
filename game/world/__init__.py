"""The battle's esper world: components (plain dataclasses), building a world from a
Battlefield and the content, world switching helpers and snapshots (issue 2 §5).

Nothing here imports pygame. See DESIGN.md for the esper 3 traps these helpers avoid.
"""

from __future__ import annotations

from game.world.build import (
    WorldBuildError,
    WorldHandle,
    WorldNotActive,
    build_world,
    unit_ids,
    unit_slug,
)
from game.world.components import (
    UNIT_COMPONENTS,
    AiHint,
    EveryoneStands,
    Leader,
    Loadout,
    Name,
    Position,
    Presence,
    Side,
    Sight,
    Template,
    UnitId,
)
from game.world.snapshot import WorldSnapshot, clone_world, restore, snapshot
from game.world.worlds import (
    DEFAULT_WORLD,
    clear_world,
    delete_world,
    isolated_world,
    use_world,
    world_exists,
)

__all__ = [
    "DEFAULT_WORLD",
    "UNIT_COMPONENTS",
    "AiHint",
    "EveryoneStands",
    "Leader",
    "Loadout",
    "Name",
    "Position",
    "Presence",
    "Side",
    "Sight",
    "Template",
    "UnitId",
    "WorldBuildError",
    "WorldHandle",
    "WorldNotActive",
    "WorldSnapshot",
    "build_world",
    "clear_world",
    "clone_world",
    "delete_world",
    "isolated_world",
    "restore",
    "snapshot",
    "unit_ids",
    "unit_slug",
    "use_world",
    "world_exists",
]
