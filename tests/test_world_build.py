"""Building a battle's esper world from a Battlefield (issue 2 §5)."""

from __future__ import annotations

import random
from pathlib import Path

import esper
import pytest

from game.content import Content, Dice, load_content
from game.geometry.grid import Grid
from game.maps.battlefield import Battlefield, Scenario, SideInfo, Spawn
from game.rules.grid.components import (
    Budget,
    Conditions,
    GridPresence,
    Health,
    Stats,
)
from game.rules.grid.components import build_unit as grid_unit
from game.world import (
    UNIT_COMPONENTS,
    AiHint,
    Leader,
    Loadout,
    Name,
    Position,
    Side,
    Sight,
    Template,
    UnitId,
    WorldBuildError,
    WorldHandle,
    WorldNotActive,
    unit_ids,
    use_world,
)
from game.world import build_world as build_shared_world


def build_world(
    battlefield: Battlefield, content: Content, name: str, rng: random.Random
) -> WorldHandle:
    """The world as a grid battle builds it: the shared components and the grid's own."""
    return build_shared_world(battlefield, content, name, rng, grid_unit, GridPresence())


GRID = """
........
..#.....
........
........
"""


def tiny_battlefield(spawns: tuple[Spawn, ...] | None = None) -> Battlefield:
    if spawns is None:
        spawns = (
            Spawn("Warrior", "party", "warrior", (0, 0), leader=True),
            Spawn("Archer", "party", "archer", (1, 0)),
            Spawn("Bandit", "bandits", "bandit", (6, 3), ai="aggressive"),
            Spawn("Bandit", "bandits", "bandit", (7, 3)),
            Spawn("Bandit Chief", "bandits", "bandit_chief", (7, 2), leader=True),
        )
    return Battlefield(
        path=Path("tiny.tmx"),
        grid=Grid.from_ascii(GRID),
        spawns=spawns,
        zones=(),
        objectives=(),
        scenario=Scenario(
            title="Tiny",
            briefing="Two against three.",
            sides=(
                SideInfo("party", "The Party", "#3366cc", party=True),
                SideInfo("bandits", "Bandits", "#cc3333", control="ai"),
            ),
        ),
        content_hash="0" * 64,
    )


def test_build_world_makes_one_entity_per_spawn_with_every_component(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(1))
    assert esper.current_world == fresh_world
    assert list(handle.entities) == ["warrior", "archer", "bandit", "bandit-2", "bandit-chief"]
    for unit_id, entity in handle.entities.items():
        for component in UNIT_COMPONENTS:
            assert esper.has_component(entity, component), (unit_id, component)
        assert esper.component_for_entity(entity, UnitId).id == unit_id
    warrior = handle.entity("warrior")
    assert esper.component_for_entity(warrior, Name).text == "Warrior"
    assert esper.component_for_entity(warrior, Side).id == "party"
    assert esper.component_for_entity(warrior, Template).id == "warrior"
    assert esper.component_for_entity(warrior, Position).cell == (0, 0)
    assert esper.has_component(warrior, Leader)
    assert esper.component_for_entity(handle.entity("bandit"), AiHint).hint == "aggressive"
    assert not esper.has_component(handle.entity("bandit-2"), AiHint)


def test_build_world_derives_stats_and_loadout_from_the_template(fresh_world: str) -> None:
    content = load_content()
    handle = build_world(tiny_battlefield(), content, fresh_world, random.Random(1))
    warrior = handle.entity("warrior")
    stats = esper.component_for_entity(warrior, Stats)
    template = content.templates["warrior"]
    assert stats.template is template
    assert (stats.ac, stats.hd, stats.attack_bonus, stats.morale) == (16, 1, 1, 10)
    assert stats.party and stats.trained and stats.speed_squares == 6
    assert stats.modifier("STR") == 1 and stats.skill("stab") == 1
    loadout = esper.component_for_entity(warrior, Loadout)
    assert loadout.readied == ["sword"] and loadout.stowed == ["javelin"]
    assert (loadout.armour, loadout.shield, loadout.unloaded) == ("mail", "shield", set())
    assert loadout.main_weapon == "sword"
    assert esper.component_for_entity(warrior, Health) == Health(9, 9)  # fixed party hp
    assert esper.component_for_entity(warrior, Budget) == Budget()
    assert esper.component_for_entity(warrior, Conditions) == Conditions()
    assert esper.component_for_entity(warrior, Sight).visible is None


def test_build_world_rolls_dice_hp_with_the_passed_rng_in_spawn_order(fresh_world: str) -> None:
    content = load_content()
    handle = build_world(tiny_battlefield(), content, fresh_world, random.Random(42))
    expected_rng = random.Random(42)
    # Party hp is fixed; the two bandits then the chief roll in spawn order.
    expected = [
        Dice(2, 8).roll(expected_rng),
        Dice(2, 8).roll(expected_rng),
        Dice(3, 8, 3).roll(expected_rng),
    ]
    rolled = [
        esper.component_for_entity(handle.entity(u), Health).max_hp
        for u in ("bandit", "bandit-2", "bandit-chief")
    ]
    assert rolled == expected


def test_build_world_is_deterministic_for_a_seed() -> None:
    content = load_content()
    results = []
    for name in ("det-a", "det-b"):
        handle = build_world(tiny_battlefield(), content, name, random.Random(5))
        results.append(
            {u: esper.component_for_entity(e, Health).hp for u, e in handle.entities.items()}
        )
        handle.delete()
    assert results[0] == results[1]
    assert esper.current_world == "default"


def test_build_world_clears_entities_but_keeps_processors(fresh_world: str) -> None:
    class Marker(esper.Processor):
        def process(self) -> None:
            pass

    esper.add_processor(Marker())
    esper.create_entity(UnitId("leftover"))
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(1))
    assert esper.get_processor(Marker) is not None
    assert [uid.id for _, uid in esper.get_component(UnitId)] == list(handle.entities)


def test_world_handle_lookups_by_unit_id_side_and_cell(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(1))
    assert handle.unit_id(handle.entity("archer")) == "archer"
    assert handle.units("party") == ["warrior", "archer"]
    assert handle.units("bandits") == ["bandit", "bandit-2", "bandit-chief"]
    assert [u for u, _ in handle.iter_side("party")] == ["warrior", "archer"]
    assert handle.unit_at((7, 2)) == "bandit-chief"
    assert handle.unit_at((3, 3)) is None
    assert handle.occupied()[(6, 3)] == "bandit"
    assert handle.sides() == ("party", "bandits")
    with pytest.raises(KeyError, match="no unit 'ghost'"):
        handle.entity("ghost")


def test_down_units_do_not_occupy_their_cell_unless_asked(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(1))
    conditions = esper.component_for_entity(handle.entity("bandit"), Conditions)
    conditions.dead = True
    assert handle.unit_at((6, 3)) is None
    assert handle.unit_at((6, 3), include_down=True) == "bandit"
    assert (6, 3) not in handle.occupied()
    assert handle.units("bandits", active_only=True) == ["bandit-2", "bandit-chief"]


def test_world_handle_queries_refuse_another_active_world(fresh_world: str) -> None:
    handle = build_world(tiny_battlefield(), load_content(), fresh_world, random.Random(1))
    with use_world("default"):
        with pytest.raises(WorldNotActive):
            handle.units()
        with handle.active():
            assert handle.units("party") == ["warrior", "archer"]
        assert esper.current_world == "default"
    assert handle.is_active


def test_unit_ids_are_slugs_of_names_with_numbers_for_repeats() -> None:
    spawns = [
        Spawn("Bandit Chief", "b", "bandit_chief", (0, 0)),
        Spawn("Bandit", "b", "bandit", (1, 0)),
        Spawn("bandit", "b", "bandit", (2, 0)),
        Spawn("", "b", "orc_archer", (3, 0)),
        Spawn("Bandit 2", "b", "bandit", (4, 0)),
        Spawn("Ærik the Bold!", "b", "warrior", (5, 0)),
    ]
    assert unit_ids(spawns) == [
        "bandit-chief",
        "bandit",
        "bandit-2",
        "orc-archer",
        "bandit-2-2",
        "rik-the-bold",
    ]


@pytest.mark.parametrize(
    ("spawn", "message"),
    [
        (
            Spawn("Dragon", "bandits", "dragon", (3, 3)),
            "tiny.tmx: spawn 'Dragon': unknown unit template 'dragon'",
        ),
        (
            Spawn("Orc", "orcs", "orc", (3, 3)),
            "tiny.tmx: spawn 'Orc': side 'orcs' is not one of the scenario's sides",
        ),
        (Spawn("Orc", "bandits", "orc", (2, 1)), "tiny.tmx: spawn 'Orc': cell (2, 1) is a wall"),
        (
            Spawn("Orc", "bandits", "orc", (8, 0)),
            "tiny.tmx: spawn 'Orc': cell (8, 0) is off the map",
        ),
        (
            Spawn("Orc", "bandits", "orc", (0, 0)),
            "tiny.tmx: spawn 'Orc': cell (0, 0) is already taken by 'Warrior'",
        ),
    ],
)
def test_build_world_refuses_bad_spawns_with_one_line_each(
    fresh_world: str, spawn: Spawn, message: str
) -> None:
    spawns = (Spawn("Warrior", "party", "warrior", (0, 0)), spawn)
    with pytest.raises(WorldBuildError) as info:
        build_world(tiny_battlefield(spawns), load_content(), fresh_world, random.Random(1))
    assert str(info.value) == message


def test_build_world_refuses_the_default_world() -> None:
    with pytest.raises(WorldBuildError, match="world of its own"):
        build_world(tiny_battlefield(), load_content(), "default", random.Random(1))


SHIPPED_MAPS = sorted((Path(__file__).resolve().parents[1] / "maps").glob("*.tmx"))


@pytest.mark.skipif(not SHIPPED_MAPS, reason="no shipped maps in maps/ yet")
@pytest.mark.parametrize("map_path", SHIPPED_MAPS, ids=[p.stem for p in SHIPPED_MAPS])
def test_every_shipped_map_builds_a_world(fresh_world: str, map_path: Path) -> None:
    from game.maps.loader import load_battlefield

    battlefield = load_battlefield(map_path)
    handle = build_world(battlefield, load_content(), fresh_world, random.Random(0))
    assert len(handle.entities) == len(battlefield.spawns)
    for side in battlefield.scenario.sides:
        assert handle.units(side.id), f"{map_path.name}: side {side.id!r} has no units"
