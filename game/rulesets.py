"""The ruleset registry: the one list of ruleset ids (DESIGN.md · The ruleset seam).

A ruleset is a package ``game/rules/<id>/`` whose ``__init__`` names its class as
``RULESET``; the folders are the list, so adding a ruleset means adding its folder and
nothing else. ``ruleset_ids()`` lists them without importing any (the map contract reads it
to check a map's default ruleset, and the menu lists it); ``get_ruleset(id)`` imports the one
asked for and makes a fresh instance for one battle. A ruleset written elsewhere (a test, a
tool) is added at run time with ``register_ruleset(id, factory)``.

This module sits at the bottom of the layers (beside ``game.user_folders``) so that the map
contract below the engine can read the list; it imports rulesets only by name, when asked.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.seam import Ruleset

PACKAGE = "game.rules"
# The ruleset a map plays when it names none (maps/README.md · Map properties); listed first.
DEFAULT = "grid"

_REGISTERED: dict[str, Callable[[], Ruleset]] = {}


class UnknownRuleset(ValueError):
    pass


@cache
def _shipped() -> tuple[str, ...]:
    """The ruleset packages in ``game/rules`` (found on disk, none imported): the default
    first, then by name."""
    spec = importlib.util.find_spec(PACKAGE)
    paths = list(spec.submodule_search_locations or []) if spec else []
    names = sorted(m.name for m in pkgutil.iter_modules(paths) if m.ispkg)
    return tuple(sorted(names, key=lambda n: n != DEFAULT))


def register_ruleset(ruleset_id: str, factory: Callable[[], Ruleset]) -> None:
    """Add (or replace) the ruleset ``ruleset_id`` made by ``factory`` for this process."""
    if not ruleset_id.isidentifier():
        raise ValueError(f"a ruleset id is a plain name, not {ruleset_id!r}")
    _REGISTERED[ruleset_id] = factory


def unregister_ruleset(ruleset_id: str) -> None:
    """Take back a ruleset added with ``register_ruleset`` (tests clean up with it)."""
    _REGISTERED.pop(ruleset_id, None)


def ruleset_ids() -> tuple[str, ...]:
    """Every known ruleset id: the shipped ones, then those registered at run time."""
    shipped = _shipped()
    return shipped + tuple(r for r in _REGISTERED if r not in shipped)


def check_ruleset_id(ruleset_id: str) -> None:
    """``UnknownRuleset`` unless ``ruleset_id`` is a known ruleset; imports none (a save's
    header is checked with it before the menu offers Continue, issue 32 · first frame)."""
    if ruleset_id not in _REGISTERED and ruleset_id not in _shipped():
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {', '.join(ruleset_ids())})")


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A fresh instance of the ruleset ``ruleset_id``; ``UnknownRuleset`` if there is none."""
    factory = _REGISTERED.get(ruleset_id)
    if factory is None:
        check_ruleset_id(ruleset_id)
        module = importlib.import_module(f"{PACKAGE}.{ruleset_id}")
        factory = module.RULESET
    return factory()


def ruleset_module(ruleset_id: str) -> str:
    """The module that holds the ruleset ``ruleset_id`` (for help texts that read its
    docstrings); ``UnknownRuleset`` if there is none."""
    factory = _REGISTERED.get(ruleset_id)
    if factory is not None:
        return str(getattr(factory, "__module__", ""))
    check_ruleset_id(ruleset_id)
    return f"{PACKAGE}.{ruleset_id}"
