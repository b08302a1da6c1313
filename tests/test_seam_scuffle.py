"""The seam holds (issue: one engine for five rulesets): a ruleset written only inside
``tests/`` (``scuffle_ruleset``: move and punch, one health track, its own stat table, its
own reaction) is registered from the test and then works everywhere a shipped one does —
simulate plays it to the end on shipped maps with the generic AI, a save round-trips and
replays to the same hash, its numbers come from its own content table — and no file
outside ``tests/`` names it."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import scuffle_ruleset
from scuffle_ruleset import RULESET_ID, Brace, Punch

from game.__main__ import main
from game.ai import make_controller, play
from game.ai.core.generic import GenericAI
from game.content import DATA_DIR, load_content
from game.engine import Battle
from game.engine.answers import Decline
from game.saves.replay import load_battle
from game.saves.store import save_battle

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def scuffle() -> Iterator[None]:
    scuffle_ruleset.install()
    yield
    scuffle_ruleset.uninstall()


@pytest.mark.parametrize("map_name", ["duel", "village"])
def test_simulate_plays_the_test_ruleset_to_the_end_on_shipped_maps(
    map_name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", map_name, "--ruleset", RULESET_ID, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "won" in out or "draw" in out, out


def test_the_generic_ai_plays_it_and_uses_its_reaction() -> None:
    battle = Battle(ROOT / "maps" / "duel.tmx", ruleset=RULESET_ID, seed=2)
    controllers = {s: make_controller("hard", 2, RULESET_ID) for s in battle.controllers}
    assert all(isinstance(c, GenericAI) for c in controllers.values())
    play(battle, controllers)
    assert battle.over
    kinds = {type(a) for a in battle.answers}
    assert Punch in kinds
    assert Brace in kinds or Decline in kinds  # its reaction window was opened and answered
    tracks = battle.unit(battle.unit_ids()[0]).tracks
    assert [t.label for t in tracks] == ["Grit"]
    battle.close()


def test_a_save_of_the_test_ruleset_round_trips_to_the_same_hash(tmp_path: Path) -> None:
    battle = Battle(ROOT / "maps" / "duel.tmx", ruleset=RULESET_ID, seed=4)
    controllers = {s: make_controller("ai", 4, RULESET_ID) for s in battle.controllers}
    play(battle, controllers, max_answers=25)
    path = save_battle(battle, tmp_path / "scuffle.json")
    again = load_battle(path)
    assert again.ruleset_id == RULESET_ID
    assert again.answers == battle.answers
    assert again.state_hash() == battle.state_hash()
    battle.close()
    again.close()


def test_its_numbers_come_from_its_own_content_table(tmp_path: Path) -> None:
    import shutil

    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    party = data / "units" / "party.toml"
    text = party.read_text(encoding="utf-8")
    party.write_text(
        text.replace(
            "[units.warrior]\n", "[units.warrior]\nscuffle = { grit = 21, punch = 3 }\n", 1
        )
    )
    content = load_content(data)
    battle = Battle(ROOT / "maps" / "duel.tmx", ruleset=RULESET_ID, seed=1, content=content)
    warriors = [u for u in battle.units() if u.template == "warrior"]
    assert warriors and all(u.max_hp == 21 for u in warriors)
    others = [u for u in battle.units() if u.template != "warrior"]
    assert all(u.max_hp == 4 + content.templates[u.template].hd for u in others)
    battle.close()
    party.write_text(
        text.replace("[units.warrior]\n", "[units.warrior]\nscuffle = { grit = 0 }\n", 1)
    )
    with pytest.raises(Exception) as caught:
        Battle(ROOT / "maps" / "duel.tmx", ruleset=RULESET_ID, seed=1, content=load_content(data))
    assert "units.warrior.scuffle.grit" in str(caught.value)


def test_no_file_outside_tests_names_the_test_ruleset() -> None:
    """No code, data or map outside ``tests/`` names it (the engine README's "Adding a
    ruleset" walks through it by design, so Markdown is left out)."""
    found = subprocess.run(
        ["git", "grep", "-il", RULESET_ID, "--", ".", ":!tests", ":!*.md"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert found.stdout.strip() == "", found.stdout


def test_the_battle_screen_shows_its_card_bars_and_previews(tmp_path: Path) -> None:
    """On the battle screen (dummy driver) the test ruleset's unit card has its rows, the
    token its one bar, and hovering an enemy in reach previews the punch in its words; a
    click punches and a save of the battle loads again."""
    import pygame
    from ui_support import write_map

    from game.ui.app import App
    from game.ui.map_view import MapView
    from game.ui.play_scene import PlayScene
    from game.ui.settings import Settings

    path = write_map(
        tmp_path / "map",
        8,
        6,
        units=(("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 2, 1)),
    )
    battle = Battle(path, RULESET_ID, 5, {"party": "human", "foes": "human"})
    app = App(Settings(window=(1280, 720)), settings_file=tmp_path / "s.json")
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    d = battle.pending
    assert d is not None and d.unit is not None
    me = d.unit
    foe = next(u.id for u in battle.units() if u.side != battle.unit(me).side)
    token = scene.engine.token(me)
    assert token is not None and (token.hp, token.max_hp) == (battle.unit(me).hp,) * 2
    rows = dict(battle.ctx.ruleset.presenter().unit_rows(battle, me, full=False))
    assert rows["Grit"] == f"{battle.unit(me).hp}/{battle.unit(me).max_hp}"
    scene.hover = battle.unit(foe).cell
    shown = scene.target_preview()
    assert shown is not None
    labels = [r.label for r in shown[0]]
    assert "Punch" in labels and "Chance to knock out" in labels
    placed = shown[1]
    assert placed is not None and isinstance(placed.answer, Punch)
    assert scene.give(placed.answer)
    app.step(2)
    assert any(isinstance(a, Punch) for a in battle.answers)
    surface = pygame.display.get_surface()
    assert surface is not None
    app.close()
    battle.close()
