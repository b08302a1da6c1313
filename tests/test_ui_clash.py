"""A clash battle through the battle screen (issue 7 · the UI must not crash with clash):
declarations are clicks on the map like any ``turn`` answer, reactions are prompts, and
in hotseat the hand-off screen comes between the sides' declarations."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_ui_play import _click_at, _key, _pos, _settle, _steps, app  # noqa: F401  (fixture)
from ui_support import write_map

from game.engine import Battle
from game.engine.answers import EndTurn
from game.rules.clash.declare import ClashAttack
from game.rules.clash.events import Declared
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene
from game.ui.victory_scene import VictoryScene


def _step(app: App, scene: PlayScene) -> None:  # noqa: F811
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
        return
    _settle(app, scene)
    d = scene.battle.pending
    assert d is not None
    if d.kind == "reaction":
        app.step(1)
        if isinstance(app.top, HandOffScene):
            _click_at(app, (640, 360))
            return
        _click_at(app, scene.prompt_buttons[0].rect.center)
        return
    me = scene.engine.token(d.unit or "")
    assert me is not None
    attacks = [p for p in scene.placed() if p.answer.kind == "clash_attack" and p.cell]
    if attacks:
        _click_at(app, _pos(scene, attacks[0].cell))
        return
    foes = [t for t in scene.engine.tokens() if t.side != me.side and not t.down]
    moves = [p for p in scene.of_kind("clash_move") if p.cell]
    if moves and foes:
        goal = foes[0].cell
        best = min(moves, key=lambda p: _steps(p.cell, goal))
        _click_at(app, _pos(scene, best.cell))
        return
    _key(app, pygame.K_e)


def hotseat_clash(app: App, tmp_path: Path) -> tuple[Battle, PlayScene]:  # noqa: F811
    """A clash battle on a small map, both sides human, on the screen."""
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return battle, scene


def ada_and_gor(app: App, tmp_path: Path) -> tuple[Battle, PlayScene]:  # noqa: F811
    """A hotseat clash battle: Ada (warrior) beside Gor (bandit, spear)."""
    path = write_map(
        tmp_path / "map",
        8,
        6,
        units=(("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 2, 1)),
    )
    battle = Battle(path, "clash", 5, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return battle, scene


def test_a_hotseat_clash_battle_is_played_with_clicks_and_prompts(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    battle, scene = hotseat_clash(app, tmp_path)
    handoffs = 0
    for _ in range(400):
        if battle.over:
            break
        if isinstance(app.top, HandOffScene):
            handoffs += 1
        _step(app, scene)
    assert battle.over
    _settle(app, scene)
    app.step(2)
    assert isinstance(app.top, VictoryScene)
    assert handoffs >= 2  # between the sides' declarations, and before reaction prompts
    kinds = {a.kind for a in battle.answers}
    assert "clash_attack" in kinds and "clash_fight_back" in kinds
    assert any(isinstance(e, Declared) for e in battle.events)


def test_the_clash_reaction_prompt_names_the_attacker_weapon_die_and_each_options_cost(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    battle, scene = ada_and_gor(app, tmp_path)
    assert scene.give(EndTurn("ada"))  # Ada holds; Gor strikes her with his spear
    app.step(1)
    _click_at(app, (640, 360))  # the hand-off to the bandits' player
    assert scene.give(ClashAttack("gor", "ada", "spear"))
    app.step(1)
    assert isinstance(app.top, HandOffScene)  # Ada's player is asked, not Gor's
    _click_at(app, (640, 360))
    app.step(1)
    d = battle.pending
    assert d is not None and d.kind == "reaction" and d.unit == "ada"
    attack, _ = scene.prompt.lines
    assert attack.startswith("Gor (Spear, fast d6) attacks Ada (Armor 3, HP 5/5")
    labels = [b.label for b in scene.prompt_buttons]
    assert labels == ["Fight back: Gor", "Block", "Parry: Gor", "Decline"]
    costs = dict(zip(labels, scene.prompt.costs, strict=True))
    assert costs["Fight back: Gor"].startswith("1 Fatigue: take the blow")
    assert costs["Block"] == "1 Fatigue: fast and balanced blows roll only a d4"
    assert costs["Parry: Gor"].startswith("1 Fatigue: your damage die against")


def test_the_clash_target_preview_speaks_clash_and_end_turn_says_hold(
    app: App,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Play-test: the clash preview said 'Hit chance 100%', 'Attack bonus +0', 'vs AC 1'
    (that was Armor), 'Shock on a miss' and an empty Cover row, and the big button said
    'End turn' for clash's Hold. 000 · Attacking & Damage: attacks always hit; the damage
    die (impaired: d4) minus the target's Armor."""
    from test_ui_play import _hover

    battle, scene = ada_and_gor(app, tmp_path)
    while isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    d = battle.pending
    assert d is not None and d.kind == "turn"
    if d.unit != "ada":  # Gor declares first: he holds
        assert scene.give(EndTurn("gor"))
        while isinstance(app.top, HandOffScene):
            _click_at(app, (640, 360))
    app.step(1)
    assert scene.end_button.label == "Hold"
    _hover(app, scene, (2, 1))
    shown = scene.target_preview()
    assert shown is not None
    rows = {r.label.strip(): r.value for r in shown[0]}
    for grid_word in ("Hit chance", "Attack bonus", "vs AC", "Shock on a miss", "Cover"):
        assert grid_word not in rows
    gor = battle.unit("gor")
    assert rows["Damage die"].startswith("d")
    assert rows["Minus Armor"].startswith("-") or rows["Minus Armor"] == "0"
    assert rows["Target HP"] == f"{gor.hp}/{gor.max_hp}"
    assert rows["Target STR"].count("/") == 1 and rows["Damage"].count("–") == 1
    assert rows["Chance to take out"].endswith("%")
