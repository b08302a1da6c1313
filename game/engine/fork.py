"""Forking a battle: checkpoints at the scheme's quiet points, and a new battle rebuilt from
one (README · Forking a battle).

A turn scheme marks a *quiet point* with ``ctx.quiet(point)``: a place where it could
start again from the state alone, given ``point`` (``Ruleset.resume(ctx, point)``). The
battle then takes a ``Checkpoint`` at once: copies of the world's components, of its
processors and of the ruleset's per-battle state, the dice, the context's fields, and
how many answers and events there were. ``restore`` builds an independent battle from a
checkpoint (its own esper world) and replays the answers given since, so a fork of a
battle pending a reaction in the middle of an attack is the last quiet point plus a
short replay.

Copies are made per component type by a small generated function: frozen dataclasses are
values and are shared; mutable dataclasses are rebuilt with fresh lists, sets and dicts
(their items must be values: ids, numbers, cells); anything else is deep-copied.
"""

from __future__ import annotations

import copy
import dataclasses
import random
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import esper

if TYPE_CHECKING:
    from game.engine.battle import Battle
    from game.engine.seam import Ruleset

_VALUES = frozenset({int, str, float, bool, type(None), frozenset, tuple, bytes})
_FLAT = frozenset({list, set, dict})
_COPIERS: dict[type, Callable[[Any], Any] | None] = {}


def _copy_value(value: Any) -> Any:
    """A field's value for the copy: values shared, flat containers rebuilt, else deep."""
    kind = type(value)
    if kind in _VALUES:
        return value
    if kind in _FLAT:
        return kind(value)
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value
    return copy.deepcopy(value)


_PLAIN_PARTS = frozenset({"int", "bool", "str", "float", "None", "Cell"})


def _field_copy(name: str, annotation: object) -> str:
    """The expression copying field ``name``, chosen from its annotation: values are
    shared, flat lists/sets/dicts rebuilt, anything else decided at run time."""
    text = str(annotation).replace(" ", "")
    parts = text.split("|")
    if all(p in _PLAIN_PARTS or p.startswith(("frozenset[", "tuple[")) for p in parts):
        return f"c.{name}"
    for kind in ("list", "set", "dict"):
        if text.startswith(f"{kind}[") and len(parts) == 1:
            return f"{kind}(c.{name})"
    return f"_v(c.{name})"


def _make_copier(kind: type) -> Callable[[Any], Any] | None:
    """A function copying one component of ``kind``, or None when it is shared (frozen).
    Generated once per type: one line per field, no call per field for plain values."""
    params = getattr(kind, "__dataclass_params__", None)
    if params is None:
        return copy.deepcopy
    if params.frozen:
        return None
    lines = [f"def copy_{kind.__name__}(c):", "    n = _new(_K)"]
    for f in dataclasses.fields(kind):
        lines.append(f"    n.{f.name} = {_field_copy(f.name, f.type)}")
    lines.append("    return n")
    scope: dict[str, Any] = {"_K": kind, "_v": _copy_value, "_new": object.__new__}
    exec("\n".join(lines) + "\n", scope)  # noqa: S102 - a template over the field names
    made: Callable[[Any], Any] = scope[f"copy_{kind.__name__}"]
    return made


def copy_components(components: tuple[Any, ...]) -> tuple[Any, ...]:
    """Independent copies of one entity's components (frozen ones shared)."""
    copiers = _COPIERS
    out = []
    for c in components:
        kind = type(c)
        if kind in copiers:
            copier = copiers[kind]
        else:
            copier = copiers[kind] = _make_copier(kind)
        out.append(c if copier is None else copier(c))
    return tuple(out)


_STATELESS = frozenset({"handles", "priority"})


def fork_processor(processor: Any) -> Any:
    """A copy of an esper processor whose handler methods are bound to the copy and whose
    state (dicts, sets, lists) is its own. A processor with no attributes but its
    ``handles`` and ``priority`` keeps no state: it is shared, not copied."""
    if vars(processor).keys() <= _STATELESS:
        return processor
    new = copy.copy(processor)
    for name, value in vars(processor).items():
        setattr(new, name, _rebind(value, processor, new))
    return new


def _rebind(value: Any, old: Any, new: Any) -> Any:
    if isinstance(value, types.MethodType) and value.__self__ is old:
        return types.MethodType(value.__func__, new)
    if type(value) is dict:
        return {k: _rebind(v, old, new) for k, v in value.items()}
    return copy.deepcopy(value)


def copy_rng(rng: random.Random) -> random.Random:
    """An independent generator in the same state."""
    if type(rng) is random.Random:
        other = random.Random()
        other.setstate(rng.getstate())
        return other
    return copy.deepcopy(rng)


def _next_entity(counter: Any) -> int:
    """The number esper's entity counter hands out next (``count(7)`` → 7)."""
    text = repr(counter)
    return int(text[text.index("(") + 1 : text.rindex(")")])


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A battle at a quiet point of its scheme (never changed; restoring copies it).

    ``answers``/``events``: how many there were; ``point``: what the scheme needs to carry
    on (``Ruleset.resume``); ``entities``: (entity id, components) ascending;
    ``processors``: (processor, priority) in the world's order; ``ruleset``: a copy of the
    ruleset with its per-battle state; ``fields``: the context's own fields."""

    answers: int
    events: int
    point: Any
    entities: tuple[tuple[int, tuple[Any, ...]], ...]
    next_entity: int
    processors: tuple[tuple[Any, int], ...]
    ruleset: Ruleset
    rng: random.Random
    fields: dict[str, Any]


_CTX_FIELDS = (
    "answer_count",
    "round",
    "winner",
    "over",
    "active_side",
    "active_unit",
    "side_order",
    "objectives",  # frozen values (game.rules.objectives), shared safely
)


def _copy_world(ruleset: Ruleset) -> tuple[Any, ...]:
    """(entities, next entity, processors, ruleset) of the active world, all copied."""
    entities = tuple(
        (entity, copy_components(tuple(comps.values())))
        for entity, comps in sorted(esper._entities.items())  # noqa: SLF001
        if entity not in esper._dead_entities  # noqa: SLF001
    )
    mapping: dict[int, Any] = {}
    processors = []
    for p in esper._processors:  # noqa: SLF001 - esper has no public list
        q = fork_processor(p)
        mapping[id(p)] = q
        processors.append((q, p.priority))
    counter = esper._entity_count  # noqa: SLF001
    return entities, _next_entity(counter), tuple(processors), ruleset.fork_copy(mapping)


def capture(battle: Battle, point: Any) -> Checkpoint:
    """A checkpoint of ``battle`` now (its world must be the active one)."""
    ctx = battle.ctx
    entities, next_entity, processors, ruleset = _copy_world(ctx.ruleset)
    fields = {name: getattr(ctx, name) for name in _CTX_FIELDS}
    fields["options"] = dict(ctx.options)
    fields["entities"] = dict(ctx.entities)
    return Checkpoint(
        answers=len(battle.answers),
        events=len(ctx.events),
        point=point,
        entities=entities,
        next_entity=next_entity,
        processors=processors,
        ruleset=ruleset,
        rng=copy_rng(ctx.rng),
        fields=fields,
    )


def build_world(name: str, cp: Checkpoint) -> Ruleset:
    """Make world ``name`` (active afterwards) hold copies of the checkpoint's entities and
    processors; returns a copy of the checkpoint's ruleset wired to those processors."""
    esper.switch_world(name)
    next_id = 1
    for entity, components in cp.entities:
        while next_id < entity:  # keep the numbering: burn the ids of deleted entities
            esper.delete_entity(esper.create_entity(), immediate=True)
            next_id += 1
        esper.create_entity(*copy_components(components))
        next_id += 1
    while next_id < cp.next_entity:
        esper.delete_entity(esper.create_entity(), immediate=True)
        next_id += 1
    mapping: dict[int, Any] = {}
    for p, priority in cp.processors:
        q = fork_processor(p)
        mapping[id(p)] = q
        esper.add_processor(q, priority)
    return cp.ruleset.fork_copy(mapping)
