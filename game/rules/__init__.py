"""Rulesets: one package per rules source behind the seam in ``game.rules.base``.

``get_ruleset(id)`` makes a fresh ruleset instance for one battle; ``RULESETS`` lists the
known ids. A ruleset package registers itself with ``register_ruleset`` when imported;
``KNOWN`` maps ids to the module to import, so shared code never names a ruleset class.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.content.schema import expect_rulesets
from game.rules.base import Ruleset

# ruleset id -> module that registers it on import
KNOWN: dict[str, str] = {"grid": "game.rules.grid", "clash": "game.rules.clash"}
# Their content sub-tables (``[units.<id>.<ruleset>]``) are theirs before they are imported.
expect_rulesets(tuple(KNOWN))

_FACTORIES: dict[str, Callable[[], Ruleset]] = {}


class UnknownRuleset(ValueError):
    pass


def register_ruleset(ruleset_id: str, factory: Callable[[], Ruleset]) -> None:
    _FACTORIES[ruleset_id] = factory


def ruleset_ids() -> tuple[str, ...]:
    return tuple(KNOWN)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A fresh instance of the ruleset ``ruleset_id``; ``UnknownRuleset`` if there is none."""
    if ruleset_id not in _FACTORIES:
        module = KNOWN.get(ruleset_id)
        if module is None:
            known = ", ".join(sorted(KNOWN))
            raise UnknownRuleset(f"unknown ruleset {ruleset_id!r} (known: {known})")
        importlib.import_module(module)
    return _FACTORIES[ruleset_id]()
