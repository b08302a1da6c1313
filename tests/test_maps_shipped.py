"""Every battle shipped in maps/ loads and checks clean with the game's own content
(maps/README.md is the contract; new maps are picked up by the glob)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_content
from game.maps import load_battlefield
from game.maps.library import shipped_maps_dir

SHIPPED = sorted(shipped_maps_dir().glob("*.tmx"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_map_loads_and_checks_clean(path: Path) -> None:
    field = load_battlefield(path, frozenset(load_content().templates))
    assert field.scenario.title and field.scenario.briefing
    assert len(field.scenario.sides) >= 2
    sides_with_units = {spawn.side for spawn in field.spawns}
    assert sides_with_units == {side.id for side in field.scenario.sides}


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_unit_of_a_shipped_map_can_walk_to_every_other(path: Path) -> None:
    """004 · Movement: a unit walled in by thickets can neither fight nor be fought, and
    its side can then never lose (ambush's archer Ash ended battles in draws that way)."""
    from game.ai.grid.board import UNREACHED, walking_field
    from game.engine import Battle

    field = load_battlefield(path, frozenset(load_content().templates))
    b = Battle(field, seed=0)
    try:
        walk = walking_field(b.ctx, [field.spawns[0].cell])
    finally:
        b.close()
    walled = [s.name for s in field.spawns if walk[s.cell[1], s.cell[0]] >= UNREACHED]
    assert walled == []
