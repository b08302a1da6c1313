"""Reliability: answers whose fields hold the wrong type are refused before anything else
(issue 29 · Engine and saves). ``Battle.validate`` used to compare with ``==``, and
``(6.0, 0.0) == (6, 0)``, ``1 == True``: a float cell landed in a unit's position, a
``None`` flag in the answer list, and no save could be written afterwards.

The property test plays both rulesets on the shipped maps; at every step it takes the
legal answers, changes one field of one of them to a value of another type (a float,
a bool for an int, a list for a tuple, ``None`` where None is not allowed, a number far
too big ...) and checks that the battle refuses it and stays byte-identical; then it
plays a legal answer and goes on. The battle is saved and loaded at the end. Counts are
printed at the end of the module (``pytest -s``).
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
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from saves_support import shipped_maps

from game.engine import Battle
from game.engine.answers import Answer, field_problem
from game.maps import load_battlefield
from game.maps.battlefield import Battlefield
from game.rules import ruleset_ids
from game.rules.clash.declare import ClashMove
from game.rules.grid.charge import Charge
from game.rules.grid.screen import ScreenAlly
from game.rules.grid.swarm import SwarmAttack
from game.saves import load_battle, save_battle

MAPS = [p for p in shipped_maps() if p.name != "battle.tmx"]  # 64×64, 41 units: too slow here
FIGURES: Counter[str] = Counter()
STEPS = 20


@pytest.fixture(scope="module", autouse=True)
def _summary() -> Iterator[None]:
    yield
    print(
        f"\nreliability answer types: {FIGURES['battles']} battles, {FIGURES['fuzzed']} "
        f"answers fuzzed with a mutated field type ({FIGURES['refused']} refused, "
        f"{FIGURES['accepted']} accepted), every refusal left the state hash unchanged; "
        f"{FIGURES['legal']} legal answers played, {FIGURES['saves']} saves round-tripped"
    )


@cache
def _field(path: Path) -> Battlefield:
    return load_battlefield(path)


class _Text(str):
    """A str subclass: equal to the text, not a str a save would write back the same."""


def _wrong_values(type_text: str, value: Any) -> list[Any]:
    """Values of another type than ``type_text`` declares, most of them equal to
    ``value`` under ``==`` (the trap the engine fell into)."""
    t = type_text.replace(" ", "")
    if t.endswith("|None"):
        return [v for v in _wrong_values(t[: -len("|None")], value) if v is not None]
    if t == "str":
        text = value if isinstance(value, str) else "x"
        return [None, 1, 1.5, text.encode(), (text,), _Text(text), "x" * 300]
    if t == "int":
        n = value if isinstance(value, int) else 1
        return [float(n), bool(n), None, str(n), 10**30, -(10**30), (n,)]
    if t == "bool":
        flag = bool(value)
        return [int(flag), float(flag), None, "yes" if flag else "", (flag,)]
    if t == "Cell":
        x, y = value if isinstance(value, tuple) else (1, 1)
        return [
            (float(x), float(y)),
            [x, y],
            (x,),
            (x, y, 0),
            None,
            (True, y),
            (x, None),
            f"{x},{y}",
            (x + 0.5, y),
        ]
    if t == "tuple[Cell,...]":
        cells = list(value) if isinstance(value, tuple) else []
        first = cells[0] if cells else (1, 1)
        return [
            cells,
            None,
            False,
            tuple(list(c) for c in [first]),
            ((float(first[0]), first[1]),),
            (first, "a"),
            first,
        ]
    if t == "tuple[str,...]":
        items = list(value) if isinstance(value, tuple) else []
        return [items, None, (1,), "abc"]
    raise AssertionError(f"no wrong values for the answer field type {type_text}")


def _mutants(answer: Answer) -> list[Answer]:
    out = []
    for f in dataclasses.fields(answer):
        value = getattr(answer, f.name)
        for wrong in _wrong_values(str(f.type), value):
            out.append(dataclasses.replace(answer, **{f.name: wrong}))
    return out


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    map_path=st.sampled_from(MAPS or [Path("none.tmx")]),
    ruleset=st.sampled_from(ruleset_ids()),
    seed=st.integers(0, 2**31),
    pick=st.randoms(use_true_random=False),
)
def test_legal_answers_with_a_field_of_another_type_are_refused_and_change_nothing(
    map_path: Path, ruleset: str, seed: int, pick: random.Random
) -> None:
    if not MAPS:
        pytest.skip("no shipped maps")
    battle = Battle(_field(map_path), ruleset=ruleset, seed=seed)
    FIGURES["battles"] += 1
    try:
        for _ in range(STEPS):
            if battle.over:
                break
            legal = battle.legal_answers()
            mutants = _mutants(pick.choice(legal))
            for mutant in pick.sample(mutants, min(6, len(mutants))):
                before = battle.state_hash()
                counts = (len(battle.answers), len(battle.events))
                result = battle.answer(mutant)
                FIGURES["fuzzed"] += 1
                FIGURES["refused" if not result.ok else "accepted"] += 1
                assert not result.ok, f"{mutant!r} was accepted"
                assert result.reason and "malformed answer" in result.reason
                assert battle.state_hash() == before
                assert (len(battle.answers), len(battle.events)) == counts
            result = battle.answer(pick.choice(legal))
            FIGURES["legal"] += 1
            assert result.ok, result.reason
        with tempfile.TemporaryDirectory() as folder:
            loaded = load_battle(save_battle(battle, Path(folder) / "types.json"))
            try:
                assert loaded.state_hash() == battle.state_hash()
            finally:
                loaded.close()
            FIGURES["saves"] += 1
    finally:
        battle.close()


def test_a_clash_move_to_a_float_cell_is_refused_and_the_battle_goes_on() -> None:
    """Duel, seed 0: ``ClashMove('hild', (6.0, 0.0))`` used to be accepted; the float
    reached the unit's position and the next legal answer raised TypeError."""
    maps = {p.name: p for p in shipped_maps()}
    if "duel.tmx" not in maps:
        pytest.skip("no duel map")
    battle = Battle(_field(maps["duel.tmx"]), ruleset="clash", seed=0)
    try:
        assert battle.validate(ClashMove("hild", (6, 0))) is None  # the int cell is legal
        before = battle.state_hash()
        result = battle.answer(ClashMove("hild", (6.0, 0.0)))  # type: ignore[arg-type]
        assert not result.ok and "clash_move.to" in result.reason
        assert battle.state_hash() == before and not battle.answers
        for _ in range(10):
            if battle.over:
                break
            assert battle.answer(battle.legal_answers()[-1]).ok
    finally:
        battle.close()


@pytest.mark.parametrize(
    ("answer", "where"),
    [
        (Charge("a", "b", "sword", (1, 1), thrown=None), "charge.thrown"),  # type: ignore[arg-type]
        (Charge("a", "b", "sword", (1, 1), thrown=10**30), "charge.thrown"),  # type: ignore[arg-type]
        (SwarmAttack("a", "b", "sword", strike=None), "swarm_attack.strike"),  # type: ignore[arg-type]
        (SwarmAttack("a", "b", "sword", ranged="x"), "swarm_attack.ranged"),  # type: ignore[arg-type]
        (ScreenAlly("a", "b", path=False), "screen_ally.path"),  # type: ignore[arg-type]
        (ScreenAlly("a", "b", path=([1, 2],)), "screen_ally.path"),  # type: ignore[arg-type]
        (ClashMove("a", (6.0, 0.0)), "clash_move.to"),  # type: ignore[arg-type]
        (Charge("a", "b", "sword", (1, 1), thrown=1), "charge.thrown"),  # type: ignore[arg-type]
    ],
)
def test_the_issue_s_wrongly_typed_answers_have_a_field_problem(answer: Answer, where: str) -> None:
    problem = field_problem(answer)
    assert problem is not None and problem.startswith(where) and len(problem) < 160


def test_exact_answers_have_no_field_problem() -> None:
    assert field_problem(Charge("a", "b", "sword", (1, 1), thrown=True)) is None
    assert field_problem(ScreenAlly("a", "b", path=((1, 2), (2, 2)))) is None
    assert field_problem(ClashMove("a", (6, 0))) is None
