"""The scripting API a tool author meets in README · Scripting Shieldwall (issue: one engine
for five rulesets, item 11): dice scripted for a whole battle and appendable, custom content
with a map path, a battle built from an ASCII map in a few lines, views with every health
track."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.content import DATA_DIR, load_content
from game.engine import Battle
from game.engine.answers import ChooseUnit, Decline
from game.engine.dice import ScriptedRandom
from game.engine.events import Rolled
from game.maps.battlefield import Battlefield
from game.rules.grid.attack import MeleeAttack

ROOT = Path(__file__).resolve().parents[1]


def _duel_in_code() -> Battlefield:
    return Battlefield.from_ascii(
        "......\n......\n......",
        [("Ada", "party", "warrior", (1, 1)), ("Gor", "bandits", "skeleton", (2, 1))],
    )


def test_a_battle_built_from_an_ascii_map_in_a_few_lines() -> None:
    field = _duel_in_code()
    assert [s.id for s in field.scenario.sides] == ["party", "bandits"]
    assert field.scenario.sides[0].party and not field.scenario.sides[1].party
    battle = Battle(field, ruleset="grid", seed=1)
    assert {u.name for u in battle.units()} == {"Ada", "Gor"}
    assert battle.pending is not None
    battle.close()


def test_faces_pushed_onto_the_script_after_the_battle_starts_are_rolled() -> None:
    dice = ScriptedRandom([8, 1])  # initiative: the party first
    battle = Battle(_duel_in_code(), seed=0, dice=dice)
    if battle.pending is not None and battle.pending.kind == "choose_unit":
        battle.answer(ChooseUnit("ada"))
    dice.push(20, 6)  # after the start: a natural 20 and a 6 on the damage die
    result = battle.answer(MeleeAttack("ada", "gor", "sword"))
    assert result.ok, result.reason
    while battle.pending is not None and battle.pending.kind == "reaction":
        battle.answer(Decline(battle.pending.unit or ""))  # Gor's Snap Attack, say
    rolls = [e for e in battle.events if isinstance(e, Rolled)]
    assert [r.faces for r in rolls][-2:] == [(20,), (6,)]
    assert dice.remaining == ()
    battle.close()


def test_custom_content_with_a_map_path(tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    bandits = data / "units" / "bandits.toml"
    text = bandits.read_text(encoding="utf-8")
    twin = (
        '\n[units.bandit_twin]\nname = "Twin"\nkind = "npc"\nicon = "bandit"\nhd = 1\n'
        'hp = "1d8"\nattack_bonus = 1\nweapons = ["dagger"]\nmorale = 7\n'
        'description = "A twin."\n'
    )
    bandits.write_text(text + twin)
    tmx = (ROOT / "maps" / "duel.tmx").read_text()
    first = tmx.index('name="template" value="') + len('name="template" value="')
    end = tmx.index('"', first)
    (tmp_path / "maps").mkdir()
    (tmp_path / "assets").symlink_to(ROOT / "assets")
    path = tmp_path / "maps" / "duel.tmx"
    path.write_text(tmx[:first] + "bandit_twin" + tmx[end:])
    battle = Battle(path, seed=1, content=load_content(data))
    assert "bandit_twin" in {u.template for u in battle.units()}
    battle.close()


def test_a_view_carries_every_health_track() -> None:
    battle = Battle(ROOT / "maps" / "duel.tmx", ruleset="clash", seed=1)
    view = battle.units()[0]
    assert [t.label for t in view.tracks][:2] == ["HP", "STR"]
    assert (view.hp, view.max_hp) == (view.tracks[0].current, view.tracks[0].maximum)
    battle.close()


def test_reading_a_component_hands_out_a_copy_that_cannot_change_the_battle() -> None:
    from game.rules.grid.components import Health
    from game.world.components import Position

    battle = Battle(_duel_in_code(), seed=1)
    before = battle.state_hash()
    health = battle.component("ada", Health)
    health.hp = 0
    battle.component("ada", Position).move_to((5, 2))
    assert battle.state_hash() == before
    assert battle.unit("ada").hp > 0 and battle.unit("ada").cell == (1, 1)
    battle.edit("ada", Health).hp = 1  # the one named way around the answer path
    assert battle.unit("ada").hp == 1 and battle.state_hash() != before
    fork = battle.fork()  # a fork at the pending decision carries the hand edit
    assert fork.unit("ada").hp == 1
    fork.close()
    battle.close()
