"""Helpers for the factions-rules tests (source 003): a small field with three named
zones (west x 0-3, middle x 4-6, east x 7-9), battles with scripted dice, and answering.

The tests pin these stat blocks (``BLOCKS``, set on every unit of a test battle), so
tuning the shipped ``factions`` tables does not move them:
- warrior: STR 15 AGI 11 WIT 10, HP 9, armour 3 (shield 1), sword d8, javelin d6 range 18
- bandit: STR 11 AGI 11 WIT 9, HP 6, armour 2 (shield 1), spear d6 range 12, dagger d4
- archer: STR 11 AGI 15 WIT 13, HP 6, armour 1, longbow d8 range 24 (indirect), dagger
- skirmisher: STR 10 AGI 16 WIT 11, HP 6, armour 1, sword d8, dagger d4
- ogre: STR 16 AGI 8 WIT 8, HP 14, armour 1, tree-club d12 (blast, long)
- skeleton: fearless; militia: HP 4, armour 1, spear, club (improvised)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from engine_support import field

from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, ChooseUnit, Decline, EndTurn
from game.maps.battlefield import Battlefield, Zone
from game.rules.factions import units
from game.rules.factions.answers import BeginWith, Pass
from game.rules.factions.state import Fate, Gear, Health, Stats, Turn

OPEN = """
..........
..........
..........
..........
..........
"""


def zones_for(width: int = 10, height: int = 5) -> tuple[Zone, ...]:
    def box(x0: int, x1: int) -> frozenset[tuple[int, int]]:
        return frozenset((x, y) for x in range(x0, x1 + 1) for y in range(height))

    return (Zone("west", box(0, 3)), Zone("middle", box(4, 6)), Zone("east", box(7, width - 1)))


def ffield(
    spawns: Iterable[tuple[str, str, str, tuple[int, int]]],
    ascii_map: str = OPEN,
    *,
    surprise: str | None = None,
    round_limit: int | None = None,
) -> Battlefield:
    bf = field(ascii_map, spawns, round_limit=round_limit)
    bf.zones = zones_for(bf.grid.width, bf.grid.height)
    if surprise is not None:
        bf.scenario = dataclasses.replace(bf.scenario, surprise=surprise)
    return bf


# template: (STR, AGI, WIT, HP, armour)
BLOCKS: dict[str, tuple[int, int, int, int, int]] = {
    "warrior": (15, 11, 10, 9, 3),
    "bandit": (11, 11, 9, 6, 2),
    "archer": (11, 15, 13, 6, 1),
    "skirmisher": (10, 16, 11, 6, 1),
    "ogre": (16, 8, 8, 14, 1),
    "skeleton": (10, 11, 12, 5, 1),
    "militia": (10, 10, 8, 4, 1),
}


def fbattle(bf: Battlefield, faces: Iterable[int] = (), **options: str) -> Battle:
    """A factions battle whose fight dice are exactly ``faces`` (the first, for a map
    without an ambush, is the d2 of the initiative: 1 the party, 2 the bandits)."""
    b = Battle(bf, "factions", dice=ScriptedRandom(faces), options=options or None)
    for view in b.units():
        block = BLOCKS.get(view.template)
        if block is None:
            continue
        st = b.edit(view.id, Stats)
        st.STR, st.AGI, st.WIT, hp_, st.armour = block
        b.edit(view.id, Health).hp = b.edit(view.id, Health).max_hp = hp_
    return b


def ok(b: Battle, answer: Answer) -> None:
    r = b.answer(answer)
    assert r.ok, r.reason


def begin(b: Battle, side: str) -> None:
    """The initiative holder names the side that begins the round."""
    assert b.pending is not None and b.pending.kind == "choose_side", b.pending
    ok(b, BeginWith(side))


def activate(b: Battle, unit: str) -> None:
    assert b.pending is not None and b.pending.kind == "choose_unit", b.pending
    ok(b, ChooseUnit(unit))


def pass_(b: Battle, side: str) -> None:
    assert b.pending is not None and b.pending.kind == "choose_unit", b.pending
    ok(b, Pass(side))


def start(b: Battle, side: str, unit: str) -> None:
    """Round 1: ``side`` begins and activates ``unit``."""
    begin(b, side)
    activate(b, unit)


def end(b: Battle, unit: str) -> None:
    ok(b, EndTurn(unit))


def decline(b: Battle) -> None:
    assert b.pending is not None and b.pending.kind == "reaction", b.pending
    ok(b, Decline(b.pending.unit or ""))


def decline_all(b: Battle) -> None:
    while b.pending is not None and b.pending.kind == "reaction":
        decline(b)


def react(b: Battle, answer: Answer) -> None:
    assert b.pending is not None and b.pending.kind == "reaction", b.pending
    assert answer in b.pending.answers, (answer, b.pending.answers)
    ok(b, answer)


def log(b: Battle) -> list[str]:
    return [e.text() for e in b.events]


def hp(b: Battle, unit: str) -> int:
    return b.edit(unit, Health).hp


def set_hp(b: Battle, unit: str, value: int) -> None:
    b.edit(unit, Health).hp = value


def fate(b: Battle, unit: str) -> Fate:
    return b.edit(unit, Fate)


def turn(b: Battle, unit: str) -> Turn:
    return b.edit(unit, Turn)


def gear(b: Battle, unit: str) -> Gear:
    return b.edit(unit, Gear)


def faces_left(b: Battle) -> int:
    rng = b.ctx.rng
    assert isinstance(rng, ScriptedRandom)
    return len(rng._script) - rng._used


def weapon_table(b: Battle, monkeypatch: Any, weapon: str, **table: Any) -> None:
    """Give ``weapon`` a ``factions`` table for this test only."""
    from game.rules.factions.content import FactionsWeaponEntry

    w = b.ctx.content.weapons[weapon]
    tables = dict(w.tables)
    tables["factions"] = FactionsWeaponEntry(**table)
    monkeypatch.setitem(b.ctx.content.weapons, weapon, dataclasses.replace(w, tables=tables))


__all__ = ["units"]
