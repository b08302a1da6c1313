"""Helpers for the zones-rules tests: a strip of three zones (west, mid, east) built in
code, battles of the zones ruleset with scripted dice, and answering a unit's turn."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from engine_support import field

from game.engine import Battle, ScriptedRandom
from game.engine.answers import Answer, EndTurn
from game.maps.battlefield import Battlefield, Zone
from game.rules.zones.state import Fighter

STRIP = """
............
............
............
"""
NAMES = ("west", "mid", "east")


def zone_cells(k: int, width: int = 4, height: int = 3) -> frozenset[tuple[int, int]]:
    return frozenset((x, y) for x in range(k * width, (k + 1) * width) for y in range(height))


def strip(
    spawns: Iterable[tuple[str, str, str, tuple[int, int]]],
    properties: Mapping[str, Mapping[str, str]] | None = None,
    surprise: str | None = None,
    leaders: Iterable[str] = (),
) -> Battlefield:
    """Three zones side by side (x 0-3 west, 4-7 mid, 8-11 east); ``properties`` per zone
    name (capacity, hazard)."""
    bf = field(STRIP, spawns, leaders=leaders)
    props = properties or {}
    bf.zones = tuple(Zone(n, zone_cells(k), dict(props.get(n, {}))) for k, n in enumerate(NAMES))
    if surprise is not None:
        bf.scenario = dataclasses.replace(bf.scenario, surprise=surprise)
    return bf


def zbattle(
    bf: Battlefield, faces: Iterable[int] = (), options: dict[str, Any] | None = None, seed: int = 0
) -> Battle:
    """A zones battle whose dice are exactly ``faces`` (the side roll, then each unit's
    initiative die in map order, then the fight)."""
    return Battle(bf, "zones", seed=seed, dice=ScriptedRandom(faces), options=options)


def push(b: Battle, *faces: int) -> None:
    rng = b.ctx.rng
    assert isinstance(rng, ScriptedRandom)
    rng.push(*faces)


def answer(b: Battle, a: Answer) -> None:
    r = b.answer(a)
    assert r.ok, r.reason


def end(b: Battle) -> None:
    assert b.pending is not None and b.pending.unit is not None
    answer(b, EndTurn(b.pending.unit))


def fighter(b: Battle, unit: str) -> Fighter:
    return b.edit(unit, Fighter)


def texts(b: Battle) -> list[str]:
    return [e.text() for e in b.events]
