"""Switching, resetting and deleting esper worlds safely (DESIGN.md · esper 3 traps).

esper 3 keeps every world at module level, so a world left behind leaks into whatever
runs next, and ``esper.delete_world`` refuses the active world. These helpers switch
away first and always leave a known world active.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager

import esper

DEFAULT_WORLD = "default"

_scratch_numbers = itertools.count(1)


def world_exists(name: str) -> bool:
    return name in esper.list_worlds()


def delete_world(name: str) -> bool:
    """Delete world ``name``; when it is active, switch to the default world first.

    Returns False when there is no such world. The default world cannot be deleted (esper
    recreates it on demand); it is emptied instead: entities, processors and handlers.
    """
    if not world_exists(name):
        return False
    if name == DEFAULT_WORLD:
        with use_world(DEFAULT_WORLD):
            clear_world()
        return True
    if esper.current_world == name:
        esper.switch_world(DEFAULT_WORLD)
    esper.delete_world(name)
    return True


def clear_world() -> None:
    """Empty the active world: entities, processors and event handlers."""
    esper.clear_database()
    for processor in list(esper._processors):  # noqa: SLF001 - esper has no public list
        esper.remove_processor(type(processor))
    esper.event_registry.clear()


@contextmanager
def use_world(name: str) -> Iterator[str]:
    """Make ``name`` the active world (creating it if needed) for the ``with`` block, then
    switch back to the world that was active before (or the default one if that world
    was deleted meanwhile)."""
    previous = esper.current_world
    esper.switch_world(name)
    try:
        yield name
    finally:
        esper.switch_world(previous if world_exists(previous) else DEFAULT_WORLD)


@contextmanager
def isolated_world(prefix: str = "isolated") -> Iterator[str]:
    """Switch to a brand-new world for the block and delete it afterwards, whatever the
    block did (the pytest ``fresh_world`` fixture is this)."""
    previous = esper.current_world
    name = f"{prefix}-{next(_scratch_numbers)}"
    while world_exists(name):
        name = f"{prefix}-{next(_scratch_numbers)}"
    esper.switch_world(name)
    try:
        yield name
    finally:
        esper.switch_world(
            previous if world_exists(previous) and previous != name else DEFAULT_WORLD
        )
        delete_world(name)
