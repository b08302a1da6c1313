"""Copying and rolling back a battle world (for AI look-ahead)."""

from __future__ import annotations

import random

import esper
from test_world_build import build_world, tiny_battlefield

from game.content import load_content
from game.rules.grid.components import Conditions, Health
from game.world import (
    Position,
    UnitId,
    clone_world,
    delete_world,
    restore,
    snapshot,
    use_world,
)


def test_clone_world_copies_components_deeply_and_keeps_entity_ids(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(3))
    esper.delete_entity(handle.entity("archer"), immediate=True)  # leave a gap in the ids
    copy_handle = handle.clone("sim-copy")
    assert esper.current_world == fresh_world
    try:
        with copy_handle.active():
            bandit = copy_handle.entity("bandit")
            assert bandit == handle.entities["bandit"]
            assert copy_handle.units() == ["warrior", "bandit", "bandit-2", "bandit-chief"]
            esper.component_for_entity(bandit, Position).move_to((3, 3))
            esper.component_for_entity(bandit, Health).hp = 0
            esper.component_for_entity(bandit, Conditions).grappled_by.add("warrior")
        original = handle.entity("bandit")
        assert esper.component_for_entity(original, Position).cell == (6, 3)
        assert esper.component_for_entity(original, Health).hp > 0
        assert esper.component_for_entity(original, Conditions).grappled_by == set()
    finally:
        delete_world("sim-copy")


def test_snapshot_and_restore_roll_a_world_back_in_place(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(3))
    saved = snapshot(fresh_world)
    warrior = handle.entity("warrior")
    esper.component_for_entity(warrior, Health).hp = 1
    esper.component_for_entity(warrior, Conditions).prone = True
    esper.create_entity(UnitId("extra"))
    restore(fresh_world, saved)
    assert esper.current_world == fresh_world
    assert esper.component_for_entity(warrior, Health).hp == 9
    assert not esper.component_for_entity(warrior, Conditions).prone
    assert [u.id for _, u in esper.get_component(UnitId)] == list(handle.entities)


def test_clone_world_replaces_an_existing_target(fresh_world: str) -> None:
    build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(3))
    with use_world("old-target"):
        esper.create_entity(UnitId("stale"))
    clone_world(fresh_world, "old-target")
    with use_world("old-target"):
        assert "stale" not in [u.id for _, u in esper.get_component(UnitId)]
    delete_world("old-target")


def test_copy_component_shares_frozen_values_and_copies_mutable_ones() -> None:
    from game.rules.grid.components import Stats
    from game.world import Loadout
    from game.world.snapshot import copy_component

    stats = Stats.from_template(load_content().templates["orc"])
    assert copy_component(stats) is stats
    loadout = Loadout(readied=["battle_axe"], stowed=["javelin"], unloaded={"x"})
    duplicate = copy_component(loadout)
    assert duplicate == loadout
    duplicate.readied.append("dagger")
    duplicate.unloaded.clear()
    assert loadout.readied == ["battle_axe"] and loadout.unloaded == {"x"}
