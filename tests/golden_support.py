"""Golden battles: a committed list of answers replayed, pinned by the event transcript
and the state hash (``test_golden_battles.py``).

Each golden battle has two files in ``tests/golden/``:

- ``<name>.answers.json``: ``seed``, ``map`` (a key of ``MAPS``), ``ruleset``,
  ``options`` (house rules) and ``answers`` (``Answer.to_dict``);
- ``<name>.transcript.txt``: the battle's events, one ``text()`` per line.

They were recorded once from the AI (``GOLDEN`` says which AI, with which seed, for how
many answers). Replaying a fixed answer list means a change of the AI never touches
them; only a change of the rules, the content or the state layout does, and the
transcript shows what changed. Regenerate deliberately, and say why in the commit::

    cd tests && ../.venv/bin/python golden_support.py            # every golden battle
    cd tests && ../.venv/bin/python golden_support.py NAME ...   # some of them

It prints each battle's new state hash, to be pinned in ``test_golden_battles.py``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, field

from game.engine import Battle, answer_from_dict
from game.maps.battlefield import Battlefield

GOLDEN_DIR = Path(__file__).parent / "golden"

MAPS: dict[str, Callable[[], Battlefield]] = {
    "six_a_side": lambda: field(SIX_A_SIDE_MAP, SIX_A_SIDE),
}


@dataclass(frozen=True, slots=True)
class Golden:
    """One golden battle and how its answers were recorded (``ai`` at ``ai_seed`` on
    every side, ``answers`` of them)."""

    name: str
    ruleset: str
    seed: int
    map: str
    ai: str
    ai_seed: int
    answers: int


GOLDEN = (
    # The battles the live-AI golden tests played before: baseline AI (seed 0), 40 answers.
    Golden("grid_six_a_side_seed5", "grid", 5, "six_a_side", "baseline", 0, 40),
    # clash's normal AI (seed 5), 60 answers.
    Golden("clash_six_a_side_seed5", "clash", 5, "six_a_side", "normal", 5, 60),
)


def answers_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.answers.json"


def transcript_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.transcript.txt"


def transcript(battle: Battle) -> str:
    """The battle's events, one ``text()`` per line."""
    return "".join(f"{e.text()}\n" for e in battle.events)


def replay(name: str) -> Battle:
    """The golden battle ``name`` replayed from its committed answers file."""
    from game.rules import get_ruleset

    data = json.loads(answers_path(name).read_text(encoding="utf-8"))
    get_ruleset(data["ruleset"])  # its answer types are known once it is loaded
    answers = [answer_from_dict(a) for a in data["answers"]]
    return Battle.replay(
        MAPS[data["map"]](),
        answers,
        data["ruleset"],
        data["seed"],
        options=data["options"],
    )


def record(golden: Golden) -> str:
    """Play ``golden`` with its AI, write its two files; returns the state hash."""
    from game.ai import make_controller, play

    battle = Battle(MAPS[golden.map](), golden.ruleset, seed=golden.seed)
    try:
        ais = {
            s: make_controller(golden.ai, golden.ai_seed, golden.ruleset)
            for s in battle.controllers
        }
        play(battle, ais, max_answers=golden.answers)
        data = {
            "seed": golden.seed,
            "map": golden.map,
            "ruleset": golden.ruleset,
            "options": battle.ruleset_options,
            "answers": [a.to_dict() for a in battle.answers],
        }
        GOLDEN_DIR.mkdir(exist_ok=True)
        text = json.dumps(data, indent=1) + "\n"
        answers_path(golden.name).write_text(text, encoding="utf-8")
        transcript_path(golden.name).write_text(transcript(battle), encoding="utf-8")
        return battle.state_hash()
    finally:
        battle.close()


def main(names: list[str]) -> int:
    chosen = [g for g in GOLDEN if not names or g.name in names]
    for golden in chosen:
        print(f"{golden.name}: {record(golden)}")
    return 0 if chosen else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
