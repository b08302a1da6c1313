"""The AIs only read the battle (issue: one engine for five rulesets, item 7): whatever a
controller looks at while it chooses, the battle is the same afterwards — only the answer
it gives changes the battle, through ``Battle.answer`` like a human's click."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import make_controller
from game.engine import Battle

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("ruleset", "level"),
    [
        ("grid", "baseline"),
        ("grid", "easy"),
        ("grid", "hard"),
        ("clash", "hard"),
        ("clash", "baseline"),
    ],
)
def test_choosing_an_answer_never_changes_the_battle(ruleset: str, level: str) -> None:
    battle = Battle(ROOT / "maps" / "duel.tmx", ruleset=ruleset, seed=3)
    ais = {s: make_controller(level, 3, ruleset) for s in battle.controllers}
    for _ in range(60):
        decision = battle.pending
        if decision is None:
            break
        before = battle.state_hash()
        answer = ais[decision.side].choose(battle, decision)
        assert battle.state_hash() == before, f"{level} changed the battle while choosing"
        assert battle.answer(answer).ok
    battle.close()
