"""The stress ruleset plays everywhere a shipped one does: ``simulate`` finishes on every
shipped map, the AI declares through the same decisions, saves round-trip and replay to
the same hash (house rules too), forks match, every template has its stat block, and a
map's ``arrives`` spawn property brings a unit in late."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_support import write_tmx
from stress_support import make_field, stress_battle

from game.__main__ import main
from game.ai import make_controller, play
from game.content import load_content
from game.engine import Battle
from game.maps.errors import MapError
from game.maps.loader import load_battlefield
from game.rules.stress.content import StressUnitEntry, StressWeaponEntry
from game.saves.replay import load_battle
from game.saves.store import save_battle

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted(p.stem for p in (ROOT / "maps").glob("*.tmx"))
FIELD = """
..........
..........
..........
..........
"""


@pytest.mark.parametrize("map_name", MAPS)
def test_simulate_finishes_on_every_shipped_map(
    map_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", map_name, "--ruleset", "stress", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "won" in out or "win" in out or "draw" in out, out


def test_every_template_and_weapon_has_its_stress_table() -> None:
    content = load_content()
    assert all(
        isinstance(t.tables.get("stress"), StressUnitEntry) for t in content.templates.values()
    )
    assert all(
        isinstance(w.tables.get("stress"), StressWeaponEntry) for w in content.weapons.values()
    )


def test_a_save_keeps_the_house_rules_and_replays_to_the_same_hash(tmp_path: Path) -> None:
    options = {"shared_initiative": "on", "morale": "off"}
    b = Battle(ROOT / "maps" / "village.tmx", "stress", seed=3, options=options)
    play(b, {s: make_controller("hard", 3, "stress") for s in b.controllers}, max_answers=40)
    saved = save_battle(b, tmp_path / "stress.json")
    assert json.loads(saved.read_text())["ruleset"]["options"]["shared_initiative"] == "on"
    again = load_battle(saved)
    assert again.answers == b.answers and again.state_hash() == b.state_hash()
    b.close()
    again.close()


def test_a_fork_is_the_same_battle_and_goes_its_own_way() -> None:
    b = Battle(ROOT / "maps" / "duel.tmx", "stress", seed=8)
    play(b, {s: make_controller("normal", 8, "stress") for s in b.controllers}, max_answers=9)
    fork = b.fork()
    assert fork.pending == b.pending and fork.state_hash() == b.state_hash()
    controllers = {s: make_controller("normal", 8, "stress") for s in b.controllers}
    before = b.state_hash()
    play(fork, controllers, max_answers=12)
    assert b.state_hash() == before
    play(b, controllers, max_answers=12)
    assert fork.state_hash() == b.state_hash()
    fork.close()
    b.close()


def test_the_spawn_property_arrives_brings_a_unit_in_late(tmp_path: Path) -> None:
    path = write_tmx(
        tmp_path,
        FIELD,
        [
            ("Ada", "party", "warrior", (1, 1)),
            ("Gor", "bandits", "bandit", (8, 1)),
            ("Hal", "bandits", "bandit", (8, 3)),
        ],
    )
    text = path.read_text(encoding="utf-8")
    marked = text.replace(
        'value="bandit"/>', 'value="bandit"/><property name="arrives" type="int" value="3"/>', 2
    ).replace('value="3"/>', 'value="1"/>', 1)  # Gor from the start (1), Hal in round 3
    path.write_text(marked, encoding="utf-8")
    bf = load_battlefield(path)
    assert [s.arrives for s in bf.spawns] == [0, 1, 3]
    b = Battle(path, "stress", seed=1)
    assert b.unit("hal").status == "not arrived" and not b.unit("hal").in_fight
    assert "off_field" in b.unit("hal").conditions  # the board does not draw it yet
    path.write_text(
        text.replace(
            'value="bandit"/>', 'value="bandit"/><property name="arrives" value="soon"/>', 1
        ),
        encoding="utf-8",
    )
    with pytest.raises(MapError, match="arrives is 'soon'"):
        load_battlefield(path)


def test_other_rulesets_place_a_late_unit_from_the_start() -> None:
    bf = make_field(
        [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "bandit", (3, 1))],
        arrives={"Gor": 4},
    )
    assert Battle(bf, "clash", seed=1).unit("gor").in_fight
    assert not stress_battle(bf, [5, 7]).unit("gor").in_fight


def test_the_round_plan_hides_the_other_sides_declarations_then_shows_initiatives() -> None:
    from stress_support import FACE_TO_FACE

    from game.rules.stress.actions import StressAttack, StressFullDefense
    from game.ui.intentions import DECLARED, round_plan
    from game.ui.intentions_panel import badge_text

    b = stress_battle(make_field(FACE_TO_FACE), [5, 7, 12])
    assert b.answer(StressFullDefense("ada")).ok
    theirs = round_plan(b, "bandits")
    assert theirs is not None
    ada = theirs.row("ada")
    assert ada is not None and ada.state == DECLARED and ada.text == ""  # hidden from foes
    mine = round_plan(b, "party")
    assert mine is not None and (mine.row("ada") or ada).text == "Full Defense"
    assert b.answer(StressAttack("gor", "ada", "spear")).ok  # Gor misses; Ada may riposte
    assert b.pending is not None and b.pending.kind == "reaction"
    plan = round_plan(b, None)
    assert plan is not None and [k.key for k in plan.kinds] == ["initiative"]
    rows = {r.unit: r for r in plan.rows}
    assert badge_text(rows["ada"]) == "3" and badge_text(rows["gor"]) == "9"
    assert plan.groups["initiative"] == ("ada", "gor")


def test_house_rules_are_set_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "duel", "--ruleset", "stress", "--list-rules"]) == 0
    listed = capsys.readouterr().out
    assert "shared_initiative" in listed and "morale" in listed
    assert (
        main(
            [
                "simulate",
                "duel",
                "--ruleset",
                "stress",
                "--rule",
                "morale=off",
                "--rule",
                "shared_initiative=on",
                "--seed",
                "2",
            ]
        )
        == 0
    )
    assert main(["simulate", "duel", "--ruleset", "stress", "--rule", "morale=maybe"]) == 2
    assert "expected one of off, on" in capsys.readouterr().err
