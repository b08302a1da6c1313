"""Reliability: fuzzing answers, legal and illegal, on the shipped maps (issue 6 · Reliability
suite; DESIGN.md · Errors and data: illegal answers are refused with a reason and leave the
battle unchanged).

Each example picks a shipped map, a ruleset and a seed, then answers a few dozen times:
mostly a legal answer, often junk built from the registered answer types (random fields,
a legal answer with one field changed, another unit's answer, things that are not answers
at all). After every accepted answer the invariants hold (hp in bounds, one unit per
cell, nobody in a wall or off the map, the dead and the fled are never asked to act, the
dead stay dead); every refused answer gives a reason and changes nothing. The battle is
then saved and loaded again and must reach the same state hash. Counts are printed at
the end of the module (``pytest -s``) for the closing note.
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
from collections import Counter
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from engine_support import crowded_square, health_and_conditions
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saves_support import shipped_maps

from game.engine import Battle
from game.engine.answers import ANSWER_TYPES, Answer
from game.maps import load_battlefield
from game.maps.battlefield import Battlefield
from game.rules import ruleset_ids
from game.saves import load_battle, save_battle
from game.world.components import Position

MAPS = shipped_maps()
FIGURES: Counter[str] = Counter()
STEPS = 25  # answers per example (battle.tmx is 64×64 with 41 units: keep it bounded)

pytestmark = pytest.mark.skipif(not MAPS, reason="no shipped maps in maps/ yet")


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    print(
        f"\nreliability fuzz: {FIGURES['examples']} battles on {len(MAPS)} maps, "
        f"{FIGURES['answers']} answers fuzzed ({FIGURES['accepted']} accepted, "
        f"{FIGURES['refused']} refused, each refusal left the state hash unchanged), "
        f"{FIGURES['invariant_checks']} invariant checks, "
        f"{FIGURES['saves']} saves round-tripped to the same hash"
    )


@cache
def _field(path: Path) -> Battlefield:
    return load_battlefield(path)


# --- junk answers, built from the registry so new actions are fuzzed too -----------------


def _random_value(r: random.Random, type_text: str, battle: Battle) -> Any:
    t = type_text.replace(" ", "")
    if t.endswith("|None"):
        return None if r.random() < 0.2 else _random_value(r, t[: -len("|None")], battle)
    grid = battle.battlefield.grid
    if t == "str":
        pool = [*battle.unit_ids(), "ghost", "", "x" * 300, "../etc", *battle.content.weapons]
        return r.choice(pool)
    if t == "int":
        return r.choice([0, 1, -1, 2, 7, 10**12, -(10**12)])
    if t == "bool":
        return r.random() < 0.5
    if t == "Cell":
        return (r.randint(-3, grid.width + 2), r.randint(-3, grid.height + 2))
    if t == "tuple[Cell,...]":
        start = (r.randint(-1, grid.width), r.randint(-1, grid.height))
        path = [start]
        for _ in range(r.randint(0, 12)):
            x, y = path[-1]
            path.append((x + r.choice((-1, 0, 1, 5)), y + r.choice((-1, 0, 1))))
        return tuple(path[: r.randint(0, len(path))])
    if t == "tuple[str,...]":
        return tuple(_random_value(r, "str", battle) for _ in range(r.randint(0, 3)))
    raise AssertionError(f"the fuzzer does not know the answer field type {type_text}")


def _junk(r: random.Random, battle: Battle, legal: list[Answer]) -> Any:
    roll = r.random()
    if roll < 0.1:
        return r.choice([None, "end turn", 42, {"kind": "move"}, object()])
    if roll < 0.5 and legal:  # a legal answer with one field changed
        base = r.choice(legal)
        fields = dataclasses.fields(base)
        if fields:
            f = r.choice(fields)
            return dataclasses.replace(base, **{f.name: _random_value(r, str(f.type), battle)})
    cls = r.choice(sorted(ANSWER_TYPES.values(), key=lambda c: c.kind))
    values = {f.name: _random_value(r, str(f.type), battle) for f in dataclasses.fields(cls)}
    return cls(**values)


# --- invariants ----------------------------------------------------------------------------


def _check_invariants(battle: Battle, dead: set[str]) -> None:
    grid = battle.battlefield.grid
    hit_points, conditions = health_and_conditions(battle)
    for unit in battle.unit_ids():
        health = battle.edit(unit, hit_points)
        assert 0 <= health.hp <= health.max_hp, f"{unit} has {health.hp}/{health.max_hp} hp"
        cond = battle.edit(unit, conditions)
        if unit in dead:
            assert cond.dead, f"{unit} came back from the dead"
        if cond.dead:
            dead.add(unit)
        if cond.occupies_cell:
            cell = battle.edit(unit, Position).cell
            assert grid.in_bounds(cell), f"{unit} stands off the map at {cell}"
            assert not grid.blocks_move(cell), f"{unit} stands in a wall at {cell}"
    crowded = crowded_square(battle)
    assert crowded is None, crowded
    decision = battle.pending
    if decision is None:
        return
    asked = {a.unit for a in decision.answers if hasattr(a, "unit")}
    if decision.unit is not None:
        asked.add(decision.unit)
    for unit in asked:
        cond = battle.edit(unit, health_and_conditions(battle)[1])
        assert not cond.out_of_action, f"{unit} is asked to act while out of the fight"
    FIGURES["invariant_checks"] += 1


@settings(
    max_examples=16,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    map_path=st.sampled_from(MAPS or [Path("none.tmx")]),
    ruleset=st.sampled_from(ruleset_ids()),
    seed=st.integers(0, 2**31),
    pick=st.randoms(use_true_random=False),
)
def test_fuzzed_answers_keep_invariants_refusals_change_nothing_and_saves_round_trip(
    map_path: Path, ruleset: str, seed: int, pick: random.Random
) -> None:
    battle = Battle(_field(map_path), ruleset=ruleset, seed=seed)
    dead: set[str] = set()
    FIGURES["examples"] += 1
    try:
        _check_invariants(battle, dead)
        for _ in range(STEPS):
            if battle.over:
                break
            legal = battle.legal_answers()
            assert legal, "a pending decision always has a legal answer"
            if pick.random() < 0.4:
                junk = _junk(pick, battle, legal)
                before = battle.state_hash()
                counts = (len(battle.answers), len(battle.events))
                result = battle.answer(junk)
                FIGURES["answers"] += 1
                if not result.ok:
                    FIGURES["refused"] += 1
                    assert result.reason and not result.events
                    assert battle.state_hash() == before, f"refused {junk!r} changed the battle"
                    assert (len(battle.answers), len(battle.events)) == counts
                    continue
                FIGURES["accepted"] += 1  # junk that happened to be legal is simply played
            else:
                result = battle.answer(pick.choice(legal))
                FIGURES["answers"] += 1
                FIGURES["accepted"] += 1
                assert result.ok, result.reason
            _check_invariants(battle, dead)
        with tempfile.TemporaryDirectory() as folder:
            path = save_battle(battle, Path(folder) / "fuzz.json")
            loaded = load_battle(path)
            try:
                assert loaded.state_hash() == battle.state_hash()
            finally:
                loaded.close()
            FIGURES["saves"] += 1
    finally:
        battle.close()
