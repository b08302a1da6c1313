"""What ``Battle.state_hash`` makes of a battle's state: the pending decision without its
wording, components and values as JSON-ready data, and the sha256 of it all."""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields, is_dataclass
from typing import Any

from game.engine.decision import Decision


def decision_state(decision: Decision | None) -> Any:
    """What ``state_hash`` keeps of the pending decision: who decides what, and each
    option's kind, whether it is allowed and its exact answer — not the wording (prompt,
    labels, reasons), so rewording a prompt changes no hash."""
    if decision is None:
        return None
    return {
        "id": decision.id,
        "kind": decision.kind,
        "side": decision.side,
        "unit": decision.unit,
        "open": decision.open,
        "options": [[o.kind, o.allowed, plain(o.answer)] for o in decision.options],
    }


_SCALARS = (str, int, float, bool, type(None))
_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}  # type → its fields (None: none)


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass type, None for any other type (cached); without
    the fields marked ``decision.UNHASHED`` (derived from the others)."""
    names = _FIELD_NAMES.get(kind)
    if names is None and kind not in _FIELD_NAMES:
        # Fields left out of the hash: an option's display metadata (``hashed`` False) and
        # those left out of comparison (a content entry's per-ruleset ``tables``, filled
        # when a ruleset reads them).
        names = (
            tuple(f.name for f in fields(kind) if f.metadata.get("hashed", True) and f.compare)
            if is_dataclass(kind)
            else None
        )
        _FIELD_NAMES[kind] = names
    return names


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data for ``state_hash``: a dataclass becomes a dict of its
    fields with its type name; the dataclasses inside it become plain dicts of their
    fields (the layout ``dataclasses.asdict`` gives, walked here without asdict's deep
    copies, which cost most of the hash); dict keys become text; sets are sorted."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    names = _field_names(kind)
    if names is not None:
        return {"__type__": kind.__name__, **{n: _inner(getattr(value, n)) for n in names}}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def _inner(value: Any) -> Any:
    """A value inside a dataclass (see ``plain``): nested dataclasses without type name."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    names = _field_names(kind)
    if names is not None:
        return {n: _inner(getattr(value, n)) for n in names}
    if isinstance(value, dict):
        return {str(k): _inner(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_inner(v) for v in value]
    return value


def _json_default(value: Any) -> Any:
    return repr(value)


def digest(state: dict[str, Any]) -> str:
    """sha256 of ``state`` as sorted JSON (anything else written as its repr)."""
    text = json.dumps(state, sort_keys=True, default=_json_default)
    return hashlib.sha256(text.encode()).hexdigest()
