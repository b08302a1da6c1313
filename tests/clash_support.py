"""Helpers for the clash-rules tests: tiny battlefields (from ``engine_support``), battles
of the clash ruleset with scripted dice, and answering declarations and reactions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine_support import field

from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, Decline, EndTurn
from game.maps.battlefield import Battlefield
from game.rules.clash import units
from game.rules.clash.declare import ClashAttack, ClashGambit, ClashMove, ClashRetreat, ClashShoot
from game.rules.clash.state import ClashState

OPEN = """
..........
..........
..........
..........
..........
"""


def clash_battle(
    bf: Battlefield,
    faces: Iterable[int] = (),
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> Battle:
    """A clash battle whose fight dice are exactly ``faces``."""
    return Battle(bf, "clash", seed=seed, dice=ScriptedRandom(faces), options=options)


def duel_field(
    spawns: Iterable[tuple[str, str, str, tuple[int, int]]],
    ascii_map: str = OPEN,
    surprise: str | None = None,
) -> Battlefield:
    bf = field(ascii_map, spawns)
    if surprise is not None:
        import dataclasses

        bf.scenario = dataclasses.replace(bf.scenario, surprise=surprise)
    return bf


# What a unit may declare for its turn (each names its unit).
Declaration = ClashAttack | ClashGambit | ClashShoot | ClashMove | ClashRetreat | EndTurn


def declare(b: Battle, *answers: Declaration) -> None:
    """Answer the pending declarations in order (each for the unit the answer names);
    units not named hold."""
    wanted = {a.unit: a for a in answers}
    while b.pending is not None and b.pending.kind == "turn":
        unit = b.pending.unit or ""
        r = b.answer(wanted.pop(unit, EndTurn(unit)))
        assert r.ok, r.reason
        if not wanted and all_declared(b):
            break


def all_declared(b: Battle) -> bool:
    return b.pending is None or b.pending.kind != "turn"


def decline_all(b: Battle) -> None:
    """Decline reaction windows until something else (or a wound choice) is pending."""
    while b.pending is not None and b.pending.kind == "reaction":
        decline = Decline(b.pending.unit or "")
        if decline not in b.pending.answers:
            return
        r = b.answer(decline)
        assert r.ok, r.reason


def react(b: Battle, answer: Answer) -> None:
    assert b.pending is not None and b.pending.kind == "reaction", b.pending
    r = b.answer(answer)
    assert r.ok, r.reason


def state(b: Battle, unit: str) -> ClashState:
    return b.edit(unit, ClashState)


def log(b: Battle) -> list[str]:
    return [e.text() for e in b.events]


def hp(b: Battle, unit: str) -> int:
    return b.unit(unit).hp


def set_state(b: Battle, unit: str, **values: Any) -> None:
    st = state(b, unit)
    for k, v in values.items():
        setattr(st, k, v)


def set_hp(b: Battle, unit: str, value: int) -> None:
    from game.rules.clash.state import HitPoints

    b.edit(unit, HitPoints).hp = value


__all__ = [
    "OPEN",
    "clash_battle",
    "declare",
    "decline_all",
    "duel_field",
    "hp",
    "log",
    "react",
    "set_hp",
    "set_state",
    "state",
    "units",
]
