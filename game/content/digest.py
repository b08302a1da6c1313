"""A fingerprint of the content a battle depends on (issue 6: a save names what it needs to
replay; a unit or weapon whose numbers changed would replay into another battle).

``content_digest(content, templates)`` is the sha256 of the numbers the rules read: the
unit templates the battle fields and every weapon, armour and shield (all of the gear,
since a unit may pick up any weapon), and the ruleset sub-tables of those entries as
written. It is taken from the parsed, checked content, not the file bytes, so comments,
spacing and the order of entries do not change it, and a template no map fields does not
touch saves of other battles. What a ruleset's schema made of its sub-tables (the
entries' ``tables``, filled when the ruleset claims them) is left out: the sub-tables as
written stand for it, whether claimed yet or not.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable
from typing import Any

from game.content.loader import Content


def _plain(value: Any) -> Any:
    """JSON-ready data with a fixed order (sets sorted, dataclasses as field dicts)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.compare
        }
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)  # an enum or another small value type: its repr is stable


# Content is loaded once and never changed, and an autosave after every answer asks
# again each time: remember the answers (the content object is kept, so its id is not
# reused while it is cached).
_CACHE: dict[tuple[int, tuple[str, ...]], tuple[Content, str]] = {}
_CACHE_SIZE = 32


def content_digest(content: Content, templates: Iterable[str]) -> str:
    """The sha256 hex digest of ``templates`` (ids; unknown ones count as absent) and all
    the gear in ``content``."""
    wanted = tuple(sorted(set(templates)))
    key = (id(content), wanted)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is content:
        return hit[1]
    digest = _digest(content, wanted)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = (content, digest)
    return digest


def _digest(content: Content, wanted: tuple[str, ...]) -> str:
    data = {
        "templates": {t: _plain(content.templates.get(t)) for t in wanted},
        "weapons": _plain(content.weapons),
        "armours": _plain(content.armours),
        "shields": _plain(content.shields),
        "ruleset_tables": {
            name: [
                [t.where, _plain(t.data)]
                for t in tables
                if t.section != "units" or t.entry in wanted
            ]
            for name, tables in sorted(content.ruleset_tables.items())
        },
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()
