"""The factions ruleset played end to end (issue 37 · Proof): its AI through the same
Decisions (passing, reacting, guarding, hiding behind), ``simulate --ruleset factions``
on every shipped map, house rules from the command line, saves, replays and forks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, field, write_tmx

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.factions import FactionsAI
from game.engine import Battle
from game.maps import shipped_maps_dir
from game.saves.replay import resume_save
from game.saves.store import save_battle


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_ruleset_names_its_ai_and_make_controller_picks_it() -> None:
    assert isinstance(make_controller("hard", 1, "factions"), FactionsAI)
    assert not isinstance(make_controller("baseline", 1, "factions"), FactionsAI)


@pytest.mark.parametrize("map_path", sorted(shipped_maps_dir().glob("*.tmx")), ids=lambda p: p.stem)
def test_simulate_factions_finishes_on_every_shipped_map(
    map_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys, "simulate", str(map_path), "--ruleset", "factions", "--log", "--jobs", "1"
    )
    assert code == 0, err
    assert "— Round 1 —" in out and (" win in round " in out or "ends in a draw" in out)
    assert "damage" in out


def test_the_hard_ai_passes_reacts_guards_and_hides_behind_through_the_decisions() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), "factions", seed=seed)
        play(b, {s: make_controller("hard", seed, "factions") for s in b.controllers})
        kinds |= {a.kind for a in b.answers}
        assert b.over
        b.close()
    assert {"factions_attack", "factions_move", "factions_pass"} <= kinds
    assert {"factions_dodge", "factions_counter"} & kinds
    assert {"factions_guard", "factions_hide_behind", "factions_agree"} & kinds


def test_simulate_sets_house_rules_and_lists_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    code, out, _ = run(
        capsys, "simulate", path, "--ruleset", "factions", "--json", "--rule", "fast_slow=on"
    )
    assert code == 0
    assert json.loads(out)["rules"]["fast_slow"] == "on"
    code, out, _ = run(capsys, "simulate", "--ruleset", "factions", "--list-rules")
    assert code == 0 and "fast_slow=off|on (default off)" in out and "morale=" in out


def test_a_save_replays_to_the_same_hash_and_a_fork_plays_on_alike(tmp_path: Path) -> None:
    path = write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE)
    b = Battle(path, "factions", seed=5, options={"fast_slow": "on"})
    ais = {s: make_controller("normal", 5, "factions") for s in b.controllers}
    play(b, ais, max_answers=40)
    saved = save_battle(b, tmp_path / "factions.json")
    assert json.loads(saved.read_text())["ruleset"]["id"] == "factions"
    again = resume_save(saved)
    assert again.battle.state_hash() == b.state_hash()
    fork = b.fork()
    assert fork.state_hash() == b.state_hash()
    play(b, ais, max_answers=20)
    play(fork, {s: make_controller("normal", 5, "factions") for s in b.controllers}, max_answers=20)
    assert fork.state_hash() == b.state_hash()
    replayed = Battle.replay(path, b.answers, "factions", 5, options={"fast_slow": "on"})
    assert replayed.state_hash() == b.state_hash()
    for x in (b, again.battle, fork, replayed):
        x.close()
