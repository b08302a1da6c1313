"""Playing a whole battle through the screen by posting mouse and keyboard events
(issue 4 · Proof): select, move, attack, react, end turns, hand-off, victory."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import DEADLINE_S, foes_step_once_unseen, quick_window, write_map

from game.engine import Answer, Battle
from game.engine.events import Rolled
from game.engine.presenter import presenter_of
from game.geometry.grid import Cell
from game.rules.grid.presenter import CHARGE_AC, condition_lines
from game.ui.app import App
from game.ui.engine_model import Placed
from game.ui.map_view import MapView
from game.ui.overlays import ConfirmScene, HandOffScene, PauseScene
from game.ui.play_scene import PlayScene
from game.ui.settings import Settings
from game.ui.target_preview import preview_rows
from game.ui.theme import colour
from game.ui.victory_scene import VictoryScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path, reaction_prompts="always", ai_speed="fast")
    yield a
    a.close()


def _scene(
    app: App, tmp_path: Path, seed: int = 5, size: tuple[int, int] = (8, 6)
) -> tuple[PlayScene, list[str]]:
    path = write_map(tmp_path / "map", *size)
    battle = Battle(path, "grid", seed, {"party": "human", "foes": "human"})
    back: list[str] = []
    scene = PlayScene(battle, MapView.from_file(path), lambda: back.append("menu"))
    app.push(scene)
    app.step(1)
    return scene, back


def _pos(scene: PlayScene, cell: Cell | None) -> tuple[int, int]:
    """The screen point at the centre of ``cell`` (a placed answer's square, which must have
    one to be clicked)."""
    assert cell is not None, "the answer has no square to click"
    x, y, w, h = scene.camera.cell_to_screen(cell)
    return (x + w // 2 + scene.viewport.x, y + h // 2 + scene.viewport.y)


def _steps(cell: Cell | None, goal: Cell) -> int:
    """Squares from a placed answer's square to ``goal`` (Chebyshev)."""
    assert cell is not None, "the answer has no square"
    return max(abs(cell[0] - goal[0]), abs(cell[1] - goal[1]))


def _click_at(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos))
    app.step(1)


def _hover(app: App, scene: PlayScene, cell: Cell) -> tuple[int, int]:
    """Rest the mouse on ``cell``; its screen position."""
    pos = _pos(scene, cell)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1)
    return pos


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=""))
    app.step(1)


def _settle(app: App, scene: PlayScene) -> None:
    for _ in range(400):
        if not scene.anim.busy:
            return
        app.step(4)


def _play_one_step(app: App, scene: PlayScene) -> None:
    """What a simple player does next: click through hand-offs, react, attack, close in."""
    top = app.top
    if isinstance(top, HandOffScene):
        _click_at(app, (640, 360))
        return
    _settle(app, scene)
    d = scene.battle.pending
    assert d is not None
    if d.kind == "reaction":
        button = scene.prompt_buttons[0]
        _click_at(app, button.rect.center)
        return
    if d.kind == "choose_unit":
        unit = next(p.target or getattr(p.answer, "unit", "") for p in scene.placed())
        token = scene.engine.token(unit)
        assert token is not None
        _click_at(app, _pos(scene, token.cell))
        return
    me = scene.engine.token(d.unit or "")
    assert me is not None
    melee = [p for p in scene.placed() if p.answer.kind == "melee_attack" and p.cell]
    if melee:
        _click_at(app, _pos(scene, melee[0].cell))  # a click on the enemy attacks it
        return
    foes = [t for t in scene.engine.tokens() if t.side != me.side and not t.down]
    moves = [p for p in scene.of_kind("move") if p.cell]
    if moves and foes:
        goal = foes[0].cell

        def dist(p: Placed) -> int:
            return _steps(p.cell, goal)

        best = min(moves, key=dist)
        here = max(abs(me.cell[0] - goal[0]), abs(me.cell[1] - goal[1]))
        if dist(best) < here:
            _click_at(app, _pos(scene, best.cell))
            return
    _key(app, pygame.K_e)  # End turn


def test_a_whole_hotseat_battle_is_played_with_mouse_and_keys(app: App, tmp_path: Path) -> None:
    scene, back = _scene(app, tmp_path)
    handoffs = 0
    for _ in range(600):
        if scene.battle.over:
            break
        if isinstance(app.top, HandOffScene):
            handoffs += 1
        _play_one_step(app, scene)
    assert scene.battle.over, "the battle did not finish"
    _settle(app, scene)
    app.step(2)
    assert isinstance(app.top, VictoryScene)
    assert handoffs >= 1, "no hand-off screen between the two human sides"
    kinds = {a.kind for a in scene.battle.answers}
    assert {"move", "melee_attack", "end_turn"} <= kinds
    _click_at(app, app.top.button.rect.center)
    assert back == ["menu"]


def test_a_refused_click_changes_nothing(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    before = scene.battle.state_hash()
    # a wall is never a legal destination
    _click_at(app, _pos(scene, (4, 2)))
    assert scene.battle.state_hash() == before


def test_undo_takes_back_a_move_and_is_greyed_after_a_roll(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    d = scene.battle.pending
    assert d is not None and d.kind == "turn"
    start = scene.engine.token(d.unit or "")
    assert start is not None
    move = next(p for p in scene.of_kind("move") if p.cell and len(p.path) == 1)
    _click_at(app, _pos(scene, move.cell))
    _settle(app, scene)
    moved = scene.engine.token(d.unit or "")
    assert moved is not None and moved.cell == move.cell
    assert scene.battle.can_undo(), "a one-square move far from enemies rolls no die"
    if scene.battle.can_undo():
        moved_lines = [line.text for line in scene.log.lines if " moves " in line.text]
        _key(app, pygame.K_z)
        back = scene.engine.token(d.unit or "")
        assert back is not None and back.cell == start.cell
        app.step(1)
        texts = [line.text for line in scene.log.lines]
        label = next(o.label for o in d.options if o.kind == "move")  # "Run" in grid
        assert texts[-1] == f"{scene.engine.name(d.unit or '')}'s {label} taken back."
        assert len([t for t in texts if " moves " in t]) == len(moved_lines) - 1
    app.step(1)
    assert scene.undo_button.enabled == scene.battle.can_undo()


def test_actions_not_possible_are_greyed_with_the_engines_reason(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    app.step(1)
    d = scene.battle.pending
    assert d is not None and d.kind == "turn"
    _click_at(app, scene.more_button.rect.center)  # the folded ones too (issue 30)
    shown = {option.kind: button for button, option in scene.action_buttons}
    for option in d.options:
        if option.kind == "end_turn":
            continue
        button = shown[option.kind]
        assert button.enabled == option.allowed
        if not option.allowed:
            assert button.reason == option.reason
            assert option.reason in button.tooltip(button.rect.center)
    # an appeal for parley says who heeds it (grid rules, Decisions · Parley)
    assert "going against" in shown["parley"].tooltip(shown["parley"].rect.center)


def test_escape_opens_the_pause_menu_and_resume_returns(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    _key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_camera_zooms_with_the_wheel_and_pans_with_a_drag(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path, size=(60, 50))
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    level = scene.camera.level
    pos = scene.viewport.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step(1)
    assert scene.camera.level == level + 1
    before = (scene.camera.x, scene.camera.y)
    start = (pos[0], pos[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=start))
    end = (start[0] + 40, start[1] + 30)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(40, 30), buttons=(0, 0, 1))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=end))
    app.step(1)
    assert (scene.camera.x, scene.camera.y) != before
    grid = scene.board.show_grid
    _key(app, pygame.K_g)
    assert scene.board.show_grid != grid


def test_right_click_opens_the_unit_sheet(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    token = scene.engine.tokens()[0]
    _click_at(app, _pos(scene, token.cell), button=3)
    assert scene.sheet_unit == token.key
    rows = dict(scene.engine.sheet_lines(token.key))
    assert rows["AC"].startswith("16 (Mail 15, Shield +1)")  # Ada, the warrior
    assert rows["Sword"] == "in hand · 1d8 · Shock 2/13 · +3 to hit · melee, reach 5 ft · blade"
    assert "thrown 30/90 ft" in rows["Javelin"] and rows["Attack"] == "+1 (HD 1)"


def test_the_card_shows_the_ac_now_and_the_sheet_what_each_condition_does(
    app: App, tmp_path: Path
) -> None:
    units = (("Ada", "party", "warrior", 3, 2), ("Gor", "foes", "bandit", 9, 2))
    scene = _party_turn(app, tmp_path, units)
    d = scene.battle.pending
    assert d is not None
    defend = next(o for o in d.options if o.kind == "total_defense")
    assert defend.answer is not None and scene.give(defend.answer)  # 004: AC +2
    card = dict(scene.engine.card_lines("ada"))
    assert card["AC"] == "18 (Total Defense +2)"
    assert dict(scene.engine.sheet_lines("ada"))["AC"].startswith("18: 16 (Mail 15")
    token = scene.engine.token("ada")
    assert token is not None
    assert condition_lines(token.conditions) == [
        ("Total Defense", "AC +2 and no Shock until its next turn")
    ]
    _click_at(app, _pos(scene, (3, 2)), button=3)
    assert scene.sheet_unit == "ada"


def test_ai_sides_play_themselves_and_the_human_sees_the_result(app: App, tmp_path: Path) -> None:
    from game.ui.play_scene import ai_controller

    app.settings = Settings(ai_speed="instant", reaction_prompts="never")
    path = write_map(tmp_path / "map", 8, 6)
    controllers = {"party": "human", "foes": "baseline"}
    battle = Battle(path, "grid", 11, controllers)

    answer = ai_controller(controllers, 11)
    assert answer is not None
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=answer)
    app.push(scene)
    until = time.monotonic() + DEADLINE_S  # not a count: frames the AI's worker skips move nothing
    while not battle.over:
        assert time.monotonic() < until, "the battle did not end"
        app.step(2)
        if scene.human_turn() and not scene.anim.busy:
            _play_one_step(app, scene)
    foes = {v.id for v in battle.units("foes")}
    acted = {a.kind for a in battle.answers if getattr(a, "unit", None) in foes}
    assert acted & {"move", "melee_attack", "ranged_attack"}, acted


def _fog_scene(app: App, tmp_path: Path, fog: bool) -> PlayScene:
    # a wall across the field, with one gap at the bottom row
    wall = tuple((5, y) for y in range(0, 7))
    path = write_map(tmp_path / "fog", 10, 8, walls=wall, fog=True)
    battle = Battle(path, "grid", 3, {"party": "human", "foes": "ai"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, fog=fog)
    app.push(scene)
    app.step(1)
    return scene


def test_fog_hides_what_no_unit_of_the_human_side_sees(app: App, tmp_path: Path) -> None:
    scene = _fog_scene(app, tmp_path, fog=True)
    hidden = scene.hidden_cells()
    bandit = next(t for t in scene.engine.tokens() if t.side == "foes")
    assert bandit.cell in hidden
    assert bandit.key in scene.hidden_tokens()
    ada = next(t for t in scene.engine.tokens() if t.side == "party")
    assert ada.cell not in hidden
    assert (5, 3) not in hidden, "a wall next to a seen square keeps its outline"
    assert scene.token_at(bandit.cell) is None  # no peeking through the unit card
    x, y, w, h = scene.camera.cell_to_screen(bandit.cell)
    pixel = app.screen.get_at((x + scene.viewport.x + 2, y + scene.viewport.y + 2))[:3]
    assert max(pixel) < 80, "fogged squares are drawn dark"
    # the initiative chips do not give the enemy's numbers away; nor does the unit card
    counts = {side.id: scene.side_count(side) for side in scene.engine.sides()}
    assert counts == {"party": "1/1", "foes": "0 seen"}
    scene.selected = bandit.key  # as when it acts on its turn, unseen
    assert scene.card_token() is None


def test_without_fog_everything_shows(app: App, tmp_path: Path) -> None:
    scene = _fog_scene(app, tmp_path, fog=False)
    assert {scene.side_count(side) for side in scene.engine.sides()} == {"1/1"}
    assert scene.hidden_cells() == frozenset()
    assert not scene.hidden_tokens()


def test_cover_lines_go_to_each_corner_of_the_target(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    lines = scene.cover.of((1, 1), (6, 4)).lines
    assert len(lines) == 4
    ends = sorted(end for _, end, _ in lines)
    assert ends == [(6.0, 4.0), (6.0, 5.0), (7.0, 4.0), (7.0, 5.0)]
    assert all(tone == "cover_line_clear" for _, _, tone in lines)

    walled = _fog_scene(app, tmp_path, fog=False)  # a wall down column 5, gap at the bottom
    tones = [tone for _, _, tone in walled.cover.of((3, 3), (7, 3)).lines]
    assert tones == ["cover_line_blocked"] * 4
    # from the gap's corner only part of a square far up the other side is in view
    tones = [tone for _, _, tone in walled.cover.of((4, 7), (7, 5)).lines]
    assert "cover_line_clear" in tones


def _battle_at_a_reaction(tmp_path: Path, offered: str = "total_defense") -> Battle:
    """A hotseat battle played by the baseline AI for both sides until the party is offered
    ``offered``; the first of a fixed list of seeds where that happens."""
    from game.ai import make_controller

    path = write_map(tmp_path / "rx", 8, 6)
    for seed in range(1, 41):
        battle = Battle(path, "grid", seed, {"party": "human", "foes": "human"})
        ai = make_controller("baseline", 0)
        while battle.pending is not None:
            d = battle.pending
            if d.kind == "reaction" and d.side == "party":
                if offered in {o.kind for o in d.options}:
                    return battle
            assert battle.answer(ai.choose(battle, d)).ok
        battle.close()
    raise AssertionError(f"no {offered} reaction for the party in 40 seeded battles")


def test_reaction_prompt_names_the_roll_and_takes_total_defense(app: App, tmp_path: Path) -> None:
    battle = _battle_at_a_reaction(tmp_path)
    d = battle.pending
    assert d is not None and "decline" in {o.kind for o in d.options}
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    labels = [b.label for b in scene.prompt_buttons]
    assert "Total Defense" in labels and "Decline" in labels
    assert d.trigger is not None and "d20" in d.trigger.text()  # the prompt shows the roll
    unit = d.unit
    button = scene.prompt_buttons[labels.index("Total Defense")]
    _click_at(app, button.rect.center)
    assert battle.answers[-1].kind == "total_defense"
    token = scene.engine.token(unit or "")
    assert token is not None and "total_defense" in token.conditions


@pytest.mark.parametrize("offered", ["total_defense", "snap_attack"])
def test_reaction_prompt_names_attacker_weapon_roll_stakes_and_costs(
    app: App, tmp_path: Path, offered: str
) -> None:
    battle = _battle_at_a_reaction(tmp_path, offered)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    attack, stake = scene.prompt.lines
    d20 = re.fullmatch(
        r"Bandit attacks Ada (with an? [a-z ]+|unarmed): d20 (\d+) ([+-]\d+ )?= (\d+) vs AC (\d+)"
        r" — hit",
        attack,
    )
    assert d20 is not None, attack
    roll = next(e for e in reversed(battle.events) if isinstance(e, Rolled) and e.unit == "bandit")
    assert int(d20.group(4)) == roll.total and int(d20.group(5)) == roll.target
    hp = battle.unit("ada").hp
    assert re.fullmatch(rf"At stake: \d+–\d+ damage to Ada \({hp}/\d+ HP.*\).*", stake), stake
    costs = {b.label.split(":")[0]: b.hint for b in scene.prompt_buttons}
    label = "Total Defense" if offered == "total_defense" else "Snap Attack"
    assert costs[label].startswith("Spends your Main action this round")
    assert costs["Decline"] == "Let it happen and keep your actions"


def test_reaction_prompts_set_to_never_decline_by_themselves(app: App, tmp_path: Path) -> None:
    app.settings = Settings(reaction_prompts="never")
    battle = _battle_at_a_reaction(tmp_path)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    assert battle.answers[-1].kind == "decline"


def test_the_hovered_path_marks_squares_that_provoke(app: App, tmp_path: Path) -> None:
    units = (("Ada", "party", "warrior", 3, 2), ("Gor", "foes", "bandit", 4, 2))
    path = write_map(tmp_path / "aoo", 10, 6, walls=(), units=units)
    battle = Battle(path, "grid", 2, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    for _ in range(4):  # let the bandits end their turn if they move first
        d = battle.pending
        assert d is not None
        if d.side == "party":
            break
        end = next(o.answer for o in d.options if o.kind == "end_turn" and o.answer)
        battle.answer(end)
    app.step(1)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    away = next(p for p in scene.of_kind("move") if p.cell == (0, 2))
    pos = _pos(scene, (0, 2))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.step(1)
    ov = scene.overlays()
    assert ov.path and ov.path[-1] == (0, 2)
    assert ov.danger, "walking away from an adjacent bandit provokes somewhere on the path"
    assert ov.danger <= set(ov.path)
    assert list(ov.danger) == scene.battle.provoking_steps(away.answer)
    # the tooltip names who strikes; the red frame shows over Ada's own token
    assert scene.engine.token("gor") is not None
    assert scene.tooltip(pos).splitlines()[0] == "1 attack of opportunity: Gor"
    x, y, w, h = scene.camera.cell_to_screen((3, 2))
    edge = (x + scene.viewport.x + w // 2, y + scene.viewport.y + 2)
    assert tuple(app.screen.get_at(edge))[:3] == colour("aoo")


def test_a_failing_ai_is_stopped_with_a_message_not_a_crash(app: App, tmp_path: Path) -> None:
    path = write_map(tmp_path / "map", 8, 6)
    battle = Battle(path, "grid", 11, {"party": "ai", "foes": "ai"})

    def broken(_battle: Battle) -> Answer:
        raise RuntimeError("out of ideas")

    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=broken)
    app.push(scene)
    before = battle.state_hash()
    app.step(30)
    assert scene.ai_answer is None and "out of ideas" in scene.ai_problem
    assert any("out of ideas" in text for text, _ in app.messages)
    assert battle.state_hash() == before


def _turn_window(tmp_path: Path, size: tuple[int, int]) -> tuple[App, PlayScene]:
    """A window of ``size`` on the first human unit's turn (the hand-off dismissed)."""
    a = App(Settings(), settings_file=tmp_path / "s.json", size=size)
    scene, _ = _scene(a, tmp_path)
    if isinstance(a.top, HandOffScene):
        _click_at(a, (size[0] // 2, size[1] // 2))
    a.step(1)
    return a, scene


@pytest.mark.parametrize("size", [(960, 540), (960, 600), (1280, 720), (1920, 1080)])
def test_every_action_gets_a_button_inside_the_bar(tmp_path: Path, size: tuple[int, int]) -> None:
    a, scene = _turn_window(tmp_path, size)
    try:
        d = scene.battle.pending
        assert d is not None and d.kind == "turn"
        kinds = [o.kind for o in d.options if o.kind != "end_turn"]
        assert [o.kind for _, o in scene.action_buttons] == kinds
        rects = [b.rect for b, _ in scene.action_buttons]
        for r in rects:
            assert scene.bar_rect.contains(r), (r, scene.bar_rect)
            assert not r.colliderect(scene.end_button.rect)
            assert not r.colliderect(scene.undo_button.rect)
        assert all(not r.colliderect(o) for i, r in enumerate(rects) for o in rects[i + 1 :])
        grid = scene._bar_grid
        for r in rects:  # a caption stays in the bar and clear of the next row
            below = r.bottom + grid.caption_h
            assert below <= scene.bar_rect.bottom
            assert not any(o.top < below and o.top > r.top and o.x == r.x for o in rects)
        # the play-test's 21-px icons at 960×540, captionless 38 px at 1280×720
        assert grid.size >= {540: 36, 600: 36, 720: 32, 1080: 44}[size[1]]
        assert bool(grid.captions) == (size[1] >= 720)
    finally:
        a.close()


def test_fog_keeps_unseen_enemy_moves_out_of_the_log(app: App, tmp_path: Path) -> None:
    scene = _fog_scene(app, tmp_path, fog=True)
    battle = scene.battle
    bandit = next(t for t in scene.engine.tokens() if t.side == "foes")
    foes_step_once_unseen(battle)  # the bandits step once, unseen
    app.step(2)
    moved = scene.engine.token(bandit.key)
    assert moved is not None and moved.cell in scene.hidden_cells()
    texts = [line.text for line in scene.log.lines]
    assert not any(t.startswith(f"{bandit.name} moves") for t in texts), texts[-5:]


def test_menu_to_battle_and_back_through_the_esc_menu(app: App, tmp_path: Path) -> None:
    import esper

    from game.ui.catalogue import load_catalogue
    from game.ui.flow import GameFlow
    from game.ui.menu import MenuScene

    path = write_map(tmp_path / "flow", 8, 6)
    flow = GameFlow(app)
    menu = flow.menu(preselect=path, seed=3)
    assert isinstance(menu, MenuScene) and menu.entry is not None
    assert menu.entry.path.resolve() == path.resolve()
    assert any(e.path.resolve() == path.resolve() for e in load_catalogue(extra=[path]))
    app.push(menu)
    app.step(1)
    _click_at(app, menu.start_button.rect.center)
    scene = app.top
    assert isinstance(scene, PlayScene) and scene.battle.seed == 3
    world = scene.battle.world_name
    _key(app, pygame.K_ESCAPE)  # the foes may act first: a frame their AI's worker
    _frames_until(app, lambda: isinstance(app.top, PauseScene))  # has keeps its keys
    pause = app.top
    assert isinstance(pause, PauseScene)
    back = next(b for b in pause.items if getattr(b, "label", "") == "Back to menu")
    _click_at(app, back.rect.center)
    _frames_until(app, lambda: isinstance(app.top, MenuScene))
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    assert world not in esper.list_worlds()


def _frames_until(app: App, done: Callable[[], bool]) -> None:
    """Frames (with the AI's worker given real time) until ``done()``: a frame in which
    the worker has the battle keeps its events for the next one."""
    until = time.monotonic() + 30
    while not done():
        assert time.monotonic() < until, "it never happened"
        app.step(1)
        time.sleep(0.005)


def _hotseat_just_before_a_reaction(app: App, tmp_path: Path) -> tuple[PlayScene, Battle, Answer]:
    """A hotseat battle on the screen, the bandits' player at the controls, one answer
    (returned) before it offers the party Total Defense."""
    at_reaction = _battle_at_a_reaction(tmp_path)
    answers = list(at_reaction.answers)
    path = at_reaction.battlefield.path
    at_reaction.close()
    battle = Battle.replay(
        path, answers[:-1], seed=at_reaction.seed, controllers={"party": "human", "foes": "human"}
    )
    d = battle.pending
    assert d is not None and d.side == "foes"
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    return scene, battle, answers[-1]


def test_hotseat_hands_off_before_a_reaction_prompt_for_the_other_side(
    app: App, tmp_path: Path
) -> None:
    """Issue 4 · hotseat: the acting player must neither see nor answer the other side's
    reaction prompt; the hand-off screen comes first, and hands back afterwards."""
    scene, battle, attack = _hotseat_just_before_a_reaction(app, tmp_path)
    assert app.top is scene
    assert scene.give(attack)  # the bandits' attack opens Total Defense for the party
    reaction = battle.pending
    assert reaction is not None and reaction.kind == "reaction" and reaction.side == "party"
    # before the hand-off screen: the prompt is neither drawn nor answerable
    assert scene.handoff_due()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    centre = scene.prompt_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=centre))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=centre))
    for _ in range(400):
        app.step(1)
        if isinstance(app.top, HandOffScene):
            break
    assert battle.pending is reaction, "the acting player answered the other side's prompt"
    handoff = app.top
    assert isinstance(handoff, HandOffScene) and handoff.reacting is not None
    assert handoff.side_name == battle.battlefield.side("party").name
    _click_at(app, (640, 360))
    assert app.top is scene and not scene.handoff_due()
    app.step(1)
    labels = [b.label for b in scene.prompt_buttons]
    _click_at(app, scene.prompt_buttons[labels.index("Total Defense")].rect.center)
    assert battle.answers[-1].kind == "total_defense"
    for _ in range(400):  # and back to the bandits' player
        app.step(1)
        if isinstance(app.top, HandOffScene) or battle.over:
            break
    d = battle.pending
    if d is not None and d.side == "foes":
        assert isinstance(app.top, HandOffScene) and app.top.reacting is None


def test_no_hand_off_for_a_reaction_declined_by_the_never_setting(app: App, tmp_path: Path) -> None:
    app.settings = Settings(reaction_prompts="never")
    scene, battle, attack = _hotseat_just_before_a_reaction(app, tmp_path)
    assert scene.give(attack)
    for _ in range(400):
        app.step(1)
        if battle.answers[-1].kind == "decline":
            break
    assert battle.answers[-1].kind == "decline"
    assert not any(isinstance(s, HandOffScene) for s in app.stack)


def _two_warriors(app: App, tmp_path: Path) -> PlayScene:
    """Ada and Bea (party) against one bandit, at the party's choice of unit."""
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bea", "party", "warrior", 1, 3),
        ("Gor", "foes", "bandit", 8, 4),
    )
    return _at_party_choice(app, tmp_path, units)


def _at_party_choice(
    app: App, tmp_path: Path, units: tuple[tuple[str, str, str, int, int], ...]
) -> PlayScene:
    """A hotseat battle on an open 10×6 field with ``units``, at the party's choice of
    unit (the foes, if first, end their turn)."""
    path = write_map(tmp_path / "two", 10, 6, walls=(), units=units)
    battle = Battle(path, "grid", 3, {"party": "human", "foes": "human"})
    while battle.pending is not None and battle.pending.side != "party":
        d = battle.pending
        battle.answer(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)
    assert battle.pending is not None and battle.pending.kind == "choose_unit"
    return scene


def test_clicking_another_own_unit_switches_while_nothing_was_spent(
    app: App, tmp_path: Path
) -> None:
    scene = _two_warriors(app, tmp_path)
    battle = scene.battle
    ada, bea = scene.engine.token("ada"), scene.engine.token("bea")
    assert ada is not None and bea is not None
    _click_at(app, _pos(scene, ada.cell))
    assert battle.pending is not None and battle.pending.unit == "ada"
    _click_at(app, _pos(scene, bea.cell))
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit == "bea"
    assert [a.kind for a in battle.answers[-1:]] == ["choose_unit"]
    assert battle.answers[-1].unit == "bea"  # type: ignore[attr-defined]
    assert sum(1 for a in battle.answers if a.kind == "choose_unit") == 1
    app.step(1)
    texts = [line.text for line in scene.log.lines]
    assert "Move taken back." not in texts
    assert scene.card_token() is not None and scene.card_token().key == "bea"  # type: ignore[union-attr]
    # the bar and End turn now belong to Bea
    _key(app, pygame.K_e)
    assert battle.answers[-1] == type(battle.answers[-1])(unit="bea")  # type: ignore[call-arg]


def test_no_switch_once_the_chosen_unit_has_moved(app: App, tmp_path: Path) -> None:
    scene = _two_warriors(app, tmp_path)
    battle = scene.battle
    ada, bea = scene.engine.token("ada"), scene.engine.token("bea")
    assert ada is not None and bea is not None
    _click_at(app, _pos(scene, ada.cell))
    _click_at(app, _pos(scene, (2, 1)))  # Ada moves a square
    _settle(app, scene)
    n = len(battle.answers)
    _click_at(app, _pos(scene, bea.cell))
    assert len(battle.answers) == n and battle.pending is not None
    assert battle.pending.unit == "ada"


def test_a_greyed_actions_key_says_why_and_picks_nothing(app: App, tmp_path: Path) -> None:
    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    app.step(1)
    greyed = [(b, o) for b, o in scene.action_buttons if not o.allowed and b.shortcut]
    assert greyed, "a fresh unit far from enemies has some action it cannot take"
    button, option = greyed[0]
    before = len(app.messages)
    _key(app, button.shortcut or 0)
    assert scene.mode is None
    assert len(app.messages) == before + 1
    assert option.reason in app.messages[-1][0] and option.label in app.messages[-1][0]
    _click_at(app, button.rect.center)  # a click on it says the same
    assert option.reason in app.messages[-1][0]


def test_a_routed_unit_is_still_drawn_with_the_routed_marker_and_a_fled_one_is_gone() -> None:
    """Play-test 5: a unit that broke is on its square (a target) until it flees; the board
    must show it, marked "Routed", and hide it only once it has fled."""
    from engine_support import battle, field

    from game.rules.grid import morale
    from game.rules.grid.state import GridState
    from game.ui.engine_model import EngineModel

    bf = field(
        "......\n......",
        [("Ada", "party", "warrior", (0, 0)), ("Hal", "bandits", "bandit", (3, 1))],
    )
    b = battle(bf, faces=[8, 1])
    b.edit("hal", GridState).routed = True
    token = EngineModel(b).token("hal")
    assert token is not None and "routed" in token.conditions and "fled" not in token.conditions
    assert not token.down
    with b._active():
        morale.leave(b.ctx, "hal", "fled")
    token = EngineModel(b).token("hal")
    assert token is not None and "fled" in token.conditions and token.down


def test_a_miss_floats_over_the_unit_that_was_missed(app: App, tmp_path: Path) -> None:
    from game.engine.events import Rolled
    from game.rules.grid.events import AttackDeclared

    scene, _ = _scene(app, tmp_path)
    cells = scene.engine.unit_cells()
    ada, bandit = next(k for k in cells if k == "ada"), next(k for k in cells if k != "ada")
    declared = AttackDeclared(
        attacker=ada, target=bandit, weapon="sword", mode="melee", text_="Ada attacks"
    )
    roll = Rolled(
        unit=ada,
        who="Ada",
        purpose="attack",
        dice="d20",
        faces=(2,),
        modifier=0,
        total=2,
        target=15,
        versus="AC",
        outcome="miss",
    )
    scene.anim.floaters.clear()
    scene.animate([declared, roll])
    assert [(f.text, f.cell) for f in scene.anim.floaters] == [("miss", cells[bandit])]


def test_an_answered_reaction_prompt_leaves_no_tooltip_behind(app: App, tmp_path: Path) -> None:
    battle = _battle_at_a_reaction(tmp_path)
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None)
    app.push(scene)
    app.step(2)
    button = next(b for b in scene.prompt_buttons if b.label == "Total Defense")
    spot = button.rect.center
    assert "[1]" in scene.hud_tooltip(spot)
    _click_at(app, spot)
    assert battle.answers[-1].kind == "total_defense"
    assert "[1]" not in scene.hud_tooltip(spot)


def _party_turn(
    app: App,
    tmp_path: Path,
    units: tuple[tuple[str, str, str, int, int], ...],
    size: tuple[int, int] = (12, 6),
    walls: tuple[Cell, ...] = (),
) -> PlayScene:
    """A hotseat battle on a field with ``units`` (open but for ``walls``), at the party's
    first turn with its first unit chosen (the bandits, if first, end their turn)."""
    path = write_map(tmp_path / "turn", *size, walls=walls, units=units)
    battle = Battle(path, "grid", 2, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    while battle.pending is not None and battle.pending.side != "party":
        first = battle.pending
        battle.answer(next(o.answer for o in first.options if o.kind == "end_turn" and o.answer))
    app.step(1)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    d = battle.pending
    assert d is not None
    if d.kind == "choose_unit":
        scene.give(d.answers[0])
    app.step(1)
    return scene


def test_a_target_only_a_charge_reaches_previews_the_charge(app: App, tmp_path: Path) -> None:
    units = (("Ada", "party", "warrior", 0, 2), ("Gor", "foes", "bandit", 9, 2))
    scene = _party_turn(app, tmp_path, units)
    pos = _hover(app, scene, (9, 2))
    shown = scene.target_preview()
    assert shown is not None
    rows, placed = shown
    labels = {r.label.strip(): r.value for r in rows}
    assert rows[0].label == "Charge · Sword" and labels["charge"] == "+2"
    assert "out of reach this turn" not in labels and labels[CHARGE_AC] == "-2 this round"
    assert placed is not None and placed.dest is not None
    assert list(scene.overlays().path) == [(0, 2), placed.dest]  # the charge's line
    _click_at(app, pos)  # a click charges
    assert scene.battle.answers[-1].kind == "charge"


def test_the_target_preview_is_fresh_after_an_attack(app: App, tmp_path: Path) -> None:
    units = (("Ada", "party", "warrior", 3, 2), ("Gor", "foes", "ogre", 4, 2))
    scene = _party_turn(app, tmp_path, units)
    pos = _hover(app, scene, (4, 2))
    shown = scene.target_preview()
    assert shown is not None and shown[0][0].label == "Melee Attack · Sword"
    _click_at(app, pos)  # attack the ogre; the mouse stays on it
    _settle(app, scene)
    battle = scene.battle
    assert battle.answers[-1].kind == "melee_attack"
    for _ in range(10):  # the ogre may answer with a reaction (handed off and back)
        if isinstance(app.top, HandOffScene):
            _click_at(app, (640, 360))
        elif battle.pending is not None and battle.pending.kind == "reaction":
            decline = [o.answer for o in battle.pending.options if o.kind == "decline"]
            assert decline[0] is not None and scene.give(decline[0])
        _settle(app, scene)
    assert app.top is scene
    shown = scene.target_preview()
    assert shown is not None
    rows, placed = shown
    assert placed is None and rows[0].label == "No attack now · Sword"
    fresh = presenter_of(battle).attack_preview(battle, "ada", "gor", "sword")  # HP after it
    assert battle.pending is not None
    melee = next(o for o in battle.pending.options if o.kind == "melee_attack")
    assert not melee.allowed
    why = f"no attack now: {melee.reason}"
    assert rows == preview_rows(fresh, "No attack now", "Sword", not_now=why)


def test_end_side_turn_asks_first_then_ends_every_remaining_units_turn(
    app: App, tmp_path: Path
) -> None:
    scene = _two_warriors(app, tmp_path)
    battle = scene.battle
    _click_at(app, _pos(scene, (1, 1)))  # Ada acts; Bea has not been chosen
    assert battle.pending is not None and battle.pending.unit == "ada"
    _key(app, pygame.K_END)
    confirm = app.top
    assert isinstance(confirm, ConfirmScene)
    # the one acting and the one not chosen yet, by name (the engine's yet_to_act)
    assert "Ada and Bea can still act this round" in confirm.message
    assert "not chosen yet" not in confirm.message
    _key(app, pygame.K_ESCAPE)  # cancel: nothing happened
    assert app.top is scene and battle.pending.unit == "ada"
    answers = len(battle.answers)
    _key(app, pygame.K_END)
    _key(app, pygame.K_RETURN)
    assert app.top is not confirm
    ended = [a for a in battle.answers[answers:] if a.kind == "end_turn"]
    assert {getattr(a, "unit", None) for a in ended} == {"ada", "bea"}
    assert battle.pending is not None and battle.pending.side == "foes"


def _big_field(app: App, tmp_path: Path) -> PlayScene:
    from game.ui.play_scene import ai_controller

    units = (("Ada", "party", "warrior", 2, 2), ("Gor", "foes", "bandit", 36, 26))
    path = write_map(tmp_path / "big", 40, 30, walls=(), units=units)
    sides = {"party": "human", "foes": "baseline"}
    battle = Battle(path, "grid", 4, sides)
    ai = ai_controller(sides, 4)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    app.step(1)  # laid out before the AI may act
    scene.ai_answer = ai
    return scene


def _until_the_ai_moves(app: App, scene: PlayScene) -> Cell:
    from game.engine.events import Moved

    until = time.monotonic() + DEADLINE_S  # not a count: frames the AI's worker skips move nothing
    while time.monotonic() < until:
        moved = [e for e in scene.battle.events if isinstance(e, Moved) and e.unit == "gor"]
        if moved:
            return moved[-1].path[-1]
        d = scene.battle.pending
        if d is not None and scene.human_turn():
            scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
        app.step(2)
    raise AssertionError("the AI never moved")


def test_a_big_map_starts_readable_and_the_camera_follows_the_ai(app: App, tmp_path: Path) -> None:
    from game.ui.camera_follow import READABLE_CELL_PX, out_of_view

    app.settings = Settings(ai_speed="fast", reaction_prompts="never")
    scene = _big_field(app, tmp_path)
    assert scene.camera.cell_px >= READABLE_CELL_PX
    assert not out_of_view(scene.camera, 40, 30, [(2, 2)])  # the player's own unit
    assert out_of_view(scene.camera, 40, 30, [(36, 26)])
    gor = _until_the_ai_moves(app, scene)
    _settle(app, scene)
    assert not out_of_view(scene.camera, 40, 30, [gor]), "the camera went to the AI unit"


def test_the_camera_does_not_follow_the_ai_against_the_players_pan(
    app: App, tmp_path: Path
) -> None:
    app.settings = Settings(ai_speed="slow", reaction_prompts="never")
    scene = _big_field(app, tmp_path)
    from game.ui.camera_follow import out_of_view

    scene._zoom(_pos(scene, (2, 2)), 1)  # the player zooms in on their unit (the wheel)
    before = scene.camera
    assert out_of_view(before, 40, 30, [(36, 26)])
    _until_the_ai_moves(app, scene)
    for _ in range(20):
        app.step(2)
    assert scene.camera == before


def test_f1_opens_the_legend_and_any_key_closes_it(app: App, tmp_path: Path) -> None:
    from game.ui.legend import KEYS, LegendScene, items

    scene, _ = _scene(app, tmp_path)
    if isinstance(app.top, HandOffScene):
        _click_at(app, (640, 360))
    _key(app, pygame.K_F1)
    assert isinstance(app.top, LegendScene)
    legend = app.top
    assert any("provokes" in i.text for i in items(legend.presenter))
    assert ("End", "end your side's turn") in KEYS
    _key(app, pygame.K_SPACE)
    assert app.top is scene
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=0, unicode="?"))
    app.step(1)
    assert isinstance(app.top, LegendScene)


def test_a_smaller_window_keeps_the_acting_unit_in_view(app: App, tmp_path: Path) -> None:
    """Play-test: after Settings → 1024×640 the camera kept its old offset and the tokens
    sat under the action bar. The view keeps its middle and brings the acting unit back."""
    from game.ui.camera_follow import out_of_view

    units = (("Ada", "party", "warrior", 20, 15), ("Gor", "foes", "bandit", 36, 26))
    path = write_map(tmp_path / "big", 40, 30, walls=(), units=units)
    battle = Battle(path, "grid", 4, {"party": "human", "foes": "human"})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    for _ in range(20):  # the bandits' player ends Gor's turn if they go first
        d = battle.pending
        assert d is not None
        if d.unit == "ada":
            break
        scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    while app.top is not scene:
        app.pop()
    app.step(1)
    ada = (20, 15)
    # the player panned so that Ada sits near the bottom-right corner of the 1280×720 view
    x, y, _, _ = scene.camera.cell_to_screen(ada)
    scene.camera = scene.camera.pan(scene.viewport.w - 60 - x, scene.viewport.h - 50 - y)
    app.step(1)
    assert not out_of_view(scene.camera, 40, 30, [ada])
    app.screen = pygame.display.set_mode((1024, 640), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 640), w=1024, h=640))
    app.step(1)
    assert scene.viewport.size == (1024 - 340, 640 - 46 - scene.bar_rect.h)
    assert not out_of_view(scene.camera, 40, 30, [ada])
    x, y, w, h = scene.camera.cell_to_screen(ada)
    assert scene.viewport.contains(pygame.Rect(x + scene.viewport.x, y + scene.viewport.y, w, h))
