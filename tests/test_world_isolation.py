"""World switching helpers and the ``fresh_world`` fixture (DESIGN.md · esper 3 traps:
worlds leak between tests; delete_world refuses the active world)."""

from __future__ import annotations

import esper
import pytest

from game.world import UnitId, clear_world, delete_world, isolated_world, use_world, world_exists


def test_fresh_world_fixture_gives_an_empty_active_world(fresh_world: str) -> None:
    assert esper.current_world == fresh_world
    assert fresh_world != "default"
    assert list(esper.get_component(UnitId)) == []
    esper.create_entity(UnitId("scratch"))  # must not leak into later tests


def test_fresh_world_fixture_is_new_each_time(fresh_world: str) -> None:
    assert list(esper.get_component(UnitId)) == []


def test_isolated_world_deletes_itself_and_restores_the_previous_world() -> None:
    with use_world("outer-world"):
        with isolated_world("iso") as name:
            assert esper.current_world == name
            esper.create_entity(UnitId("x"))
        assert esper.current_world == "outer-world"
        assert not world_exists(name)
    delete_world("outer-world")
    assert esper.current_world == "default"


def test_isolated_world_cleans_up_even_when_the_block_raises() -> None:
    before = esper.current_world
    with pytest.raises(RuntimeError):
        with isolated_world("boom") as name:
            raise RuntimeError("test")
    assert not world_exists(name)
    assert esper.current_world == before


def test_isolated_world_cleans_up_when_the_block_deletes_the_previous_world() -> None:
    esper.switch_world("doomed")
    with isolated_world("iso") as name:
        delete_world("doomed")
    assert not world_exists(name)
    assert esper.current_world == "default"


def test_delete_world_switches_away_from_the_active_world() -> None:
    esper.switch_world("to-delete")
    esper.create_entity(UnitId("a"))
    assert delete_world("to-delete") is True
    assert esper.current_world == "default"
    assert not world_exists("to-delete")
    assert delete_world("to-delete") is False


def test_use_world_switches_back_afterwards() -> None:
    with use_world("temp-world") as name:
        assert esper.current_world == name == "temp-world"
    assert esper.current_world == "default"
    delete_world("temp-world")


def test_clear_world_removes_entities_processors_and_handlers(fresh_world: str) -> None:
    class Noop(esper.Processor):
        def process(self) -> None:
            pass

    class Listener:
        def on_ping(self) -> None:
            pass

    listener = Listener()
    esper.add_processor(Noop())
    esper.set_handler("ping", listener.on_ping)
    esper.create_entity(UnitId("a"))
    clear_world()
    assert esper.get_processor(Noop) is None
    assert "ping" not in esper.event_registry
    assert list(esper.get_component(UnitId)) == []
