"""The clash ruleset played end to end (issue 7 · Proof): its AI through the same
Decisions, ``simulate --ruleset clash`` on every shipped map with every roll in the log,
house rules from the command line, saves and replays with options, a golden hash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, field, write_tmx

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.clash import ClashAI
from game.engine import Battle
from game.engine.events import Rolled
from game.maps import shipped_maps_dir
from game.saves.replay import resume_save
from game.saves.store import save_battle


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_ruleset_names_its_ai_and_make_controller_picks_it() -> None:
    assert isinstance(make_controller("normal", 1, "clash"), ClashAI)
    assert not isinstance(make_controller("normal", 1, "grid"), ClashAI)
    assert make_controller("hard", 1, "clash").name == "hard"


@pytest.mark.parametrize("map_path", sorted(shipped_maps_dir().glob("*.tmx")), ids=lambda p: p.stem)
def test_simulate_clash_finishes_on_every_shipped_map_with_every_roll_explained(
    map_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "simulate", str(map_path), "--ruleset", "clash", "--ai", "normal", "--log"
    )
    assert code == 0, err
    assert "— Round 1 —" in out and (" win in round " in out or "ends in a draw" in out)
    assert "has declared an intention" in out and "intends to" in out
    assert "damage vs" in out and "turns:" in out


def test_every_roll_of_a_clash_battle_is_an_event_with_its_dice_and_purpose() -> None:
    b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), "clash", seed=3)
    play(b, {s: make_controller("hard", 3, "clash") for s in b.controllers})
    rolls = [e for e in b.events if isinstance(e, Rolled)]
    assert b.over and rolls
    assert all(e.purpose and e.dice.startswith(("d", "2d")) and e.who for e in rolls)
    b.close()


def test_the_clash_ai_reacts_and_gambits_through_the_same_decisions() -> None:
    kinds: set[str] = set()
    for seed in range(4):
        b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), "clash", seed=seed)
        play(b, {s: make_controller("hard", seed, "clash") for s in b.controllers})
        kinds |= {a.kind for a in b.answers}
        b.close()
    assert {"clash_attack", "clash_move"} <= kinds
    assert kinds & {"clash_block", "clash_dodge", "clash_parry", "clash_fight_back"}


def test_simulate_sets_house_rules_lists_them_and_refuses_bad_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    code, out, _ = run(
        capsys,
        "simulate",
        path,
        "--ruleset",
        "clash",
        "--json",
        "--rule",
        "melee_clashes=on",
        "--rule",
        "critical=locations",
    )
    assert code == 0
    data = json.loads(out)
    assert data["rules"]["melee_clashes"] == "on" and data["rules"]["critical"] == "locations"
    code, out, _ = run(capsys, "simulate", "--ruleset", "clash", "--list-rules")
    assert code == 0 and "melee_clashes=off|on (default off)" in out
    for bad, message in (
        ("clashes=on", "unknown rule 'clashes'"),
        ("critical=d20", "expected one of d6, locations"),
        ("critical", "NAME=VALUE"),
    ):
        code, _, err = run(capsys, "simulate", path, "--ruleset", "clash", "--rule", bad)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_save_keeps_the_house_rules_and_replays_to_the_same_hash(tmp_path: Path) -> None:
    path = write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE)
    options = {"melee_clashes": "on", "blocking_dodging": "graded", "critical": "locations"}
    b = Battle(path, "clash", seed=9, options=options)
    play(b, {s: make_controller("normal", 9, "clash") for s in b.controllers}, max_answers=60)
    saved = save_battle(b, tmp_path / "clash.json")
    text = json.loads(saved.read_text())
    assert text["ruleset"]["id"] == "clash"
    assert text["ruleset"]["options"]["melee_clashes"] == "on"
    again = resume_save(saved)
    assert again.battle.ruleset_options == b.ruleset_options
    assert again.battle.state_hash() == b.state_hash()
    plain = Battle(path, "clash", seed=9)
    for a in b.answers[:20]:
        plain.answer(a)
    assert (
        plain.state_hash()
        != Battle.replay(path, b.answers[:20], "clash", 9, options=options).state_hash()
    )
    for x in (b, again.battle, plain):
        x.close()
