"""Rulesets: one package per rules source behind the seam in ``game.engine.seam``.

The registry (the one list of ruleset ids, ``get_ruleset``, ``register_ruleset``) is
``game.rulesets``; it is re-exported here for the rules' own callers. A ruleset package
names its class as ``RULESET`` in its ``__init__``.
"""

from __future__ import annotations

from game.rulesets import (
    UnknownRuleset,
    get_ruleset,
    register_ruleset,
    ruleset_ids,
    unregister_ruleset,
)

__all__ = [
    "UnknownRuleset",
    "get_ruleset",
    "register_ruleset",
    "ruleset_ids",
    "unregister_ruleset",
]
