"""Small helpers shared by the tests of the second half of the grid rules."""

from __future__ import annotations

from engine_support import act

from game.engine import Battle
from game.engine.answers import Answer
from game.engine.events import Damaged, Rolled
from game.rules.grid.components import Budget, Conditions, Health
from game.world.components import Loadout


def hp(b: Battle, unit: str) -> int:
    return int(b.edit(unit, Health).hp)


def set_hp(b: Battle, unit: str, value: int) -> None:
    h = b.edit(unit, Health)
    h.hp = h.max_hp = value


def cond(b: Battle, unit: str) -> Conditions:
    return b.edit(unit, Conditions)


def spent(b: Battle, unit: str) -> Budget:
    return b.edit(unit, Budget)


def gear(b: Battle, unit: str) -> Loadout:
    return b.edit(unit, Loadout)


def rolls(b: Battle) -> list[Rolled]:
    return [e for e in b.events if isinstance(e, Rolled)]


def damage(b: Battle) -> list[Damaged]:
    return [e for e in b.events if isinstance(e, Damaged)]


def react(b: Battle, answer: Answer) -> None:
    """Answer without declining the reaction windows it opens."""
    act(b, answer, decline_reactions=False)


def option(b: Battle, kind: str) -> tuple[bool, str, str]:
    """(allowed, reason, cost) of ``kind`` in the pending decision's menu."""
    assert b.pending is not None
    for o in b.pending.options:
        if o.kind == kind:
            return o.allowed, o.reason, o.cost
    raise AssertionError(f"no option {kind!r} in {[o.kind for o in b.pending.options]}")


def reaction_kinds(b: Battle) -> list[str]:
    d = b.pending
    assert d is not None and d.kind == "reaction", d
    return [o.kind for o in d.options]
