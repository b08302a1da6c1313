"""The tactical AI as a controller (issue 5): every level plays whole battles through
``Battle.answer`` (a refused answer raises), deterministically from the battle seed, and
the balance lab's statistics and ``simulate --json`` interval."""

from __future__ import annotations

import json
import math

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, field, write_tmx

from game.__main__ import main
from game.ai import CONTROLLERS, make_controller, play
from game.ai.core.stats import wilson
from game.engine import Battle


def _play(level_a: str, level_b: str, seed: int) -> Battle:
    b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), seed=seed)
    play(b, {"party": make_controller(level_a, seed), "bandits": make_controller(level_b, seed)})
    return b


def test_levels_are_registered_controllers() -> None:
    for name in ("easy", "normal", "hard", "baseline"):
        assert name in CONTROLLERS
        assert make_controller(name, 3).name == name


@pytest.mark.parametrize("pair", [("hard", "easy"), ("normal", "baseline")])
def test_tactical_ai_plays_a_whole_battle_through_answers(pair: tuple[str, str]) -> None:
    b = _play(pair[0], pair[1], 5)
    assert b.over
    assert b.answers  # every answer went through Battle.answer; play raises on a refusal
    b.close()


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_same_seed_gives_the_same_battle_even_with_a_levels_mistakes(level: str) -> None:
    first = _play(level, "hard", 11)
    again = _play(level, "hard", 11)
    assert first.state_hash() == again.state_hash()
    assert [a.to_dict() for a in first.answers] == [a.to_dict() for a in again.answers]
    first.close()
    again.close()


def test_easy_slips_come_from_its_seed() -> None:
    a, b = make_controller("easy", 1), make_controller("easy", 1)
    c = make_controller("easy", 2)
    draws_a = [a.rng.random() for _ in range(5)]  # type: ignore[attr-defined]
    assert draws_a == [b.rng.random() for _ in range(5)]  # type: ignore[attr-defined]
    assert draws_a != [c.rng.random() for _ in range(5)]  # type: ignore[attr-defined]


def test_an_easy_slip_plays_another_answer_than_its_best() -> None:
    """Easy makes mistakes (issue 5 · Levels): a slip picks among the next best plans that
    play a different first answer; plans sharing the best plan's answer are no slip."""
    from game.ai.grid.plans import Plan
    from game.ai.grid.tactical import slips
    from game.engine.answers import EndTurn
    from game.rules.grid.move import Move

    stay, step, run, back = (
        EndTurn("ada"),
        Move("ada", ((1, 0),)),
        Move("ada", ((2, 0),)),
        Move("ada", ((0, 1),)),
    )
    plans = [
        Plan(5.0, "stand", stay, (0, 0)),
        Plan(5.0, "attack", stay, (0, 0)),
        Plan(4.0, "move", step, (1, 0)),
        Plan(3.5, "move", step, (1, 0)),
        Plan(3.0, "move", run, (2, 0)),
        Plan(1.0, "move", back, (0, 1)),
    ]
    assert [p.first for p in slips(plans, 2)] == [step, run]
    assert [p.first for p in slips(plans, 4)] == [step, run, back]
    assert slips(plans[:2], 4) == []
    # normal's slips: only plans scoring within the margin of the best (a close call)
    assert [p.first for p in slips(plans, 4, margin=1.5)] == [step]
    assert slips(plans, 4, margin=0.5) == []


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    lo, hi = wilson(200, 200)
    assert hi == 1.0 and math.isclose(lo, 0.9812, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_simulate_json_reports_win_rates_with_a_95_percent_interval(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    spawns = [
        ("Ada", "party", "warrior", (1, 1)),
        ("Gor", "bandits", "bandit", (6, 1)),
    ]
    path = write_tmx(tmp_path / "m", "........\n........\n........\n", spawns)
    code = main(["simulate", str(path), "--games", "4", "--ai", "hard,easy", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["win_rate"]) == {"Wardens", "Bandits"}
    for side, rate in out["win_rate"].items():
        lo, hi = out["win_rate_ci"][side]
        assert 0.0 <= lo <= rate <= hi <= 1.0
        assert rate == out["wins"][side] / 4


def test_simulate_refuses_an_unknown_ai_level_in_one_line(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    path = write_tmx(
        tmp_path / "m",
        "........\n",
        [("Ada", "party", "warrior", (1, 0)), ("Gor", "bandits", "bandit", (6, 0))],
    )
    assert main(["simulate", str(path), "--ai", "hard,brilliant"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "brilliant" in err[0]


def test_normal_slips_at_most_once_a_turn() -> None:
    """Normal misjudges at most one line a turn (``mistake_once``): after a slip, the rest
    of the unit's turn follows its best plans, so slips never make a dithering walk (a
    5-ft step and another, as normal's raiders chief once did in round 1)."""
    import dataclasses

    from engine_support import act, battle, push

    from game.ai.grid.levels import NORMAL
    from game.ai.grid.tactical import TacticalAI

    b = battle(
        field(
            "\n".join(["." * 30] * 9),
            [("Ada", "party", "warrior", (5, 3)), ("Gor", "bandits", "bandit", (14, 4))],
        ),
        faces=[8, 1],
    )
    push(b, *[1] * 20)
    always = dataclasses.replace(NORMAL, mistake_rate=1.0, mistake_margin=math.inf)
    ai = TacticalAI(always)
    decisions = []
    while b.pending is not None and b.pending.kind == "turn" and b.pending.unit == "ada":
        best = ai.plans(b.ctx, "ada")[0].first
        answer = ai.turn(b, "ada")
        decisions.append(answer == best)
        act(b, answer)
    b.close()
    assert decisions[0] is False  # every decision would be a slip at this rate ...
    assert len(decisions) > 1 and all(decisions[1:])  # ... but only one a turn
