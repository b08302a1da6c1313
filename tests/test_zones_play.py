"""The zones ruleset played end to end (issue 35 · Proof): its AI, ``simulate --ruleset
zones`` on every shipped map, house rules from the command line, saves and replays, forks,
the stat blocks of every template, and what the screen shows before a player commits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import SIX_A_SIDE, SIX_A_SIDE_MAP, field, write_tmx
from zones_support import fighter, push, strip, zbattle

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.zones import ZonesAI
from game.content import load_content
from game.engine import Battle
from game.engine.answers import EndTurn
from game.engine.presenter import presenter_of
from game.maps import shipped_maps_dir
from game.maps.battlefield import Objective
from game.rules.zones.actions import ZoneAttack
from game.rules.zones.content import SCHEMA, ZonesEntry
from game.rules.zones.moving import ZoneMove
from game.rules.zones.state import STUCK
from game.rules.zones.stunts import Stunt
from game.saves.replay import resume_save
from game.saves.store import save_battle


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_ruleset_names_its_ai_and_make_controller_picks_it() -> None:
    assert isinstance(make_controller("hard", 1, "zones"), ZonesAI)
    baseline = make_controller("baseline", 1, "zones")
    assert isinstance(baseline, ZonesAI) and baseline.level == "baseline"


@pytest.mark.parametrize("map_path", sorted(shipped_maps_dir().glob("*.tmx")), ids=lambda p: p.stem)
def test_simulate_zones_finishes_on_every_shipped_map(
    map_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "simulate", str(map_path), "--ruleset", "zones", "--log")
    assert code == 0, err
    assert "— Round 1 —" in out and (" win in round " in out or "ends in a draw" in out)
    assert "test DR12" in out and "Side roll" in out


def test_simulate_sets_house_rules_lists_them_and_refuses_bad_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE))
    code, out, _ = run(
        capsys,
        "simulate",
        path,
        "--ruleset",
        "zones",
        "--json",
        "--rule",
        "rolls=attacker",
        "--rule",
        "morale=off",
    )
    assert code == 0
    data = json.loads(out)
    assert data["rules"]["rolls"] == "attacker" and data["rules"]["morale"] == "off"
    code, out, _ = run(capsys, "simulate", "--ruleset", "zones", "--list-rules")
    assert code == 0 and "rolls=party|attacker (default party)" in out
    code, _, err = run(capsys, "simulate", path, "--ruleset", "zones", "--rule", "rolls=gm")
    assert code == 2 and "expected one of party, attacker" in err


def test_a_save_keeps_the_house_rules_and_replays_to_the_same_hash(tmp_path: Path) -> None:
    path = write_tmx(tmp_path, SIX_A_SIDE_MAP, SIX_A_SIDE)
    options = {"rolls": "attacker", "side_roll": "round"}
    b = Battle(path, "zones", seed=5, options=options)
    play(b, {s: make_controller("hard", 5, "zones") for s in b.controllers}, max_answers=30)
    saved = save_battle(b, tmp_path / "zones.json")
    text = json.loads(saved.read_text())
    assert text["ruleset"]["id"] == "zones" and text["ruleset"]["options"]["rolls"] == "attacker"
    again = resume_save(saved)
    assert again.battle.ruleset_options == b.ruleset_options
    assert again.battle.state_hash() == b.state_hash()
    replayed = Battle.replay(path, b.answers, "zones", 5, options=options)
    assert replayed.state_hash() == b.state_hash()
    for x in (b, again.battle, replayed):
        x.close()


def test_a_fork_goes_on_like_the_battle_and_leaves_it_alone() -> None:
    b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), "zones", seed=2)
    ais = {s: make_controller("hard", 2, "zones") for s in b.controllers}
    play(b, ais, max_answers=12)
    fork = b.fork()
    assert fork.pending == b.pending and fork.state_hash() == b.state_hash()
    before = b.state_hash()
    play(fork, {s: make_controller("hard", 2, "zones") for s in fork.controllers}, max_answers=10)
    assert b.state_hash() == before
    for x in (b, fork):
        x.close()


def test_the_ai_plays_a_battle_to_its_end_the_same_way_for_a_seed() -> None:
    hashes = []
    for _ in range(2):
        b = Battle(field(SIX_A_SIDE_MAP, SIX_A_SIDE), "zones", seed=4)
        play(b, {s: make_controller("hard", 4, "zones") for s in b.controllers})
        assert b.over
        hashes.append(b.state_hash())
        b.close()
    assert hashes[0] == hashes[1]


def test_every_shipped_template_has_its_zones_stat_block() -> None:
    content = load_content()
    content.claim(SCHEMA)
    assert content.templates
    for template in content.templates.values():
        assert isinstance(template.tables.get("zones"), ZonesEntry), template.id


def test_the_preview_shows_the_test_a_player_faces_and_its_odds() -> None:
    b = zbattle(
        strip([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [4, 1, 1],
    )
    shown = presenter_of(b).answer_preview(b, ZoneAttack("ada", "gor", "sword"))
    assert shown is not None and shown.odds == pytest.approx(0.6)
    rows = {r.label: r.value for r in shown.rows}
    assert rows["Test"] == "Ada: STR +3 vs DR12" and rows["Odds to hit"] == "60%"
    assert shown.outcome == (1, 16)
    trip = presenter_of(b).answer_preview(b, Stunt("ada", "gor", "trip"))
    assert trip is not None and trip.odds == pytest.approx(0.5)


def test_the_preview_of_an_enemy_blow_shows_the_party_units_dodge() -> None:
    b = zbattle(
        strip([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [1, 1, 1],
    )
    shown = presenter_of(b).answer_preview(b, ZoneAttack("gor", "ada", "spear"))
    assert shown is not None
    rows = {r.label: r.value for r in shown.rows}
    assert rows["Test"] == "Ada: DEX +1 vs DR12" and rows["Odds to dodge"] == "50%"


def test_hindrances_show_on_the_card_with_their_words() -> None:
    b = zbattle(
        strip([("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (2, 1))]),
        [4, 1, 1],
    )
    push(b, 12)
    from zones_support import answer

    answer(b, Stunt("ada", "gor", "grapple"))
    assert STUCK in fighter(b, "gor").hindrances
    p = presenter_of(b)
    assert "stuck" in p.conditions(b.unit("gor"))
    assert p.condition_text("stuck").label == "Stuck"
    rows = dict(p.unit_rows(b, "gor", full=False))
    assert rows["Hindered"] == "stuck" and rows["Spear"].startswith("1d6 melee")
    assert p.budget_line(b, "ada") == "move ready · action spent"


def guarded_strip(ada: tuple[int, int], rounds: int | None = None, kind: str = "protect") -> Battle:
    """Ada (the party) at ``ada``, Gor far east; the party must keep the west zone."""
    bf = strip([("Ada", "party", "warrior", ada), ("Gor", "bandits", "bandit", (10, 1))])
    area = frozenset((x, y) for x in range(4) for y in range(3))
    bf.objectives = (Objective("The carts", kind, area, side="party", rounds=rounds),)
    return zbattle(bf, [4, 1, 1])  # the party begins


def test_hard_walks_into_an_area_its_side_must_protect_when_none_of_its_units_is_there() -> None:
    b = guarded_strip((5, 1))  # Ada in mid, the area west, Gor east
    assert b.pending is not None and b.pending.unit == "ada"
    assert ZonesAI("hard").turn(b, "ada") == ZoneMove("ada", 0)
    assert ZonesAI("normal").turn(b, "ada") == ZoneMove("ada", 2)


def test_hard_stays_in_an_area_it_must_protect_or_hold_for_rounds_but_not_for_the_limit() -> None:
    for kind, rounds in (("protect", None), ("hold", 2)):
        b = guarded_strip((1, 1), rounds, kind)  # Ada in the area, Gor two zones east
        assert ZonesAI("hard").turn(b, "ada") == EndTurn("ada")
        assert ZonesAI("normal").turn(b, "ada") == ZoneMove("ada", 1)
    b = guarded_strip((1, 1), None, "hold")  # counted at the round limit: left to the fight
    b.ctx.round = 5  # past the rounds in which hard lets the enemy come
    assert ZonesAI("hard").turn(b, "ada") == ZoneMove("ada", 1)
