"""Issue 30: a whole battle can be played without the mouse. The arrows move a cursor over
the squares (the hovered square, so the preview and the path follow it), Enter does what
a click on it does, Tab / Shift+Tab cycle the units that can act, "." / "," the targets in
reach, Backspace cancels; the camera follows the cursor. Key events only below: no mouse
event is posted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from test_ui_play import app  # noqa: F401  (fixture)
from ui_support import step_until, write_map

from game.engine import Battle
from game.geometry.grid import Cell
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.key_cursor import by_distance, cycled, keep_in_view, step
from game.ui.legend import KEYS
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_scene import PlayScene, ai_controller
from game.ui.victory_scene import VictoryScene

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def _press(app: App, key: int, mod: int = 0) -> None:  # noqa: F811
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=""))
    app.step(1)


def _settle(app: App, scene: PlayScene) -> None:  # noqa: F811
    """Step until nothing is animated (a unit an effect draws is not on the board)."""
    for _ in range(400):
        if not scene.anim.showing:
            return
        app.step(4)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _walk_cursor(app: App, scene: PlayScene, goal: Cell) -> None:  # noqa: F811
    """Arrow presses until the cursor is on ``goal``."""
    if scene.hover is None:
        _press(app, pygame.K_RIGHT)  # the cursor appears on the acting unit
    for _ in range(200):
        here = scene.hover
        assert here is not None
        if here == goal:
            return
        dx, dy = _sign(goal[0] - here[0]), _sign(goal[1] - here[1])
        if dx:
            _press(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        else:
            _press(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
    raise AssertionError(f"the cursor never reached {goal}")


def _far(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _key_step(app: App, scene: PlayScene) -> None:  # noqa: F811
    """What a player with only a keyboard does next: Enter through hand-offs, a prompt's
    first key, Tab + Enter to pick a unit, "." + Enter to attack, arrows + Enter to close
    in, E to end the turn."""
    if isinstance(app.top, HandOffScene):
        _press(app, pygame.K_RETURN)
        return
    _settle(app, scene)
    battle = scene.battle
    d = battle.pending
    assert d is not None
    if d.kind == "reaction":
        app.step(1)
        if isinstance(app.top, HandOffScene):
            return
        shortcut = scene.prompt_buttons[0].shortcut
        assert shortcut is not None
        _press(app, shortcut)
        return
    if d.kind == "choose_unit":
        _press(app, pygame.K_TAB)
        _press(app, pygame.K_RETURN)
        return
    before = len(battle.answers)
    if scene.ranges(d.unit).attackable:
        _press(app, pygame.K_PERIOD)
        assert scene.hover in scene.ranges(d.unit).attackable
        assert scene.target_preview() is not None  # the preview follows the cursor
        _press(app, pygame.K_RETURN)
        if len(battle.answers) > before or battle.pending is not d:
            return
    me = scene.engine.token(d.unit or "")
    assert me is not None
    foes = [t for t in scene.engine.tokens() if t.side != me.side and not t.down]
    moves = [p for p in scene.moves() if p.dest]
    if moves and foes:
        goal = foes[0].cell
        best = min(moves, key=lambda p: _far(p.dest or goal, goal))
        assert best.dest is not None
        if _far(best.dest, goal) < _far(me.cell, goal):
            _walk_cursor(app, scene, best.dest)
            _press(app, pygame.K_RETURN)
            if len(battle.answers) > before:
                return
    _press(app, pygame.K_e)  # End turn


@pytest.fixture
def keys_only(app: App) -> Iterator[App]:  # noqa: F811
    """The window with mouse events blocked (none reaches the game), unblocked after."""
    pygame.event.set_blocked(list(MOUSE_EVENTS))
    yield app
    pygame.event.set_allowed(list(MOUSE_EVENTS))


def _play_to_the_end(app: App, scene: PlayScene, steps: int = 800) -> int:  # noqa: F811
    """Key steps until the battle is over; the number of hand-off screens met."""
    handoffs = 0
    for _ in range(steps):
        if scene.battle.over:
            break
        if isinstance(app.top, HandOffScene):
            handoffs += 1
        _key_step(app, scene)
    assert scene.battle.over, "the battle did not finish"
    _settle(app, scene)
    app.step(2)
    return handoffs


def _hotseat(app: App, tmp_path: Path, ruleset: str, seed: int) -> tuple[PlayScene, list[str]]:  # noqa: F811
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bo", "party", "spearman", 1, 3),
        ("Cy", "foes", "bandit", 6, 2),
    )
    path = write_map(tmp_path / "map", 8, 6, walls=((4, 2),), units=units, foes="any")
    battle = Battle(path, ruleset, seed, {"party": "human", "foes": "human"})
    back: list[str] = []
    scene = PlayScene(battle, MapView.from_file(path), lambda: back.append("menu"))
    app.push(scene)
    app.step(1)
    return scene, back


@pytest.mark.parametrize(
    ("ruleset", "expected"),
    [
        ("grid", {"move", "melee_attack", "end_turn"}),
        ("clash", {"clash_attack", "clash_fight_back"}),  # a reaction answered by its key
    ],
)
def test_a_whole_hotseat_battle_is_played_with_keys_only(
    keys_only: App,
    tmp_path: Path,
    ruleset: str,
    expected: set[str],
) -> None:
    app = keys_only  # noqa: F811
    scene, back = _hotseat(app, tmp_path, ruleset, 5)
    handoffs = _play_to_the_end(app, scene)
    assert handoffs >= 1, "no hand-off screen between the two human sides"
    kinds = {a.kind for a in scene.battle.answers}
    assert expected <= kinds
    assert isinstance(app.top, VictoryScene)
    _press(app, pygame.K_RETURN)  # Back to menu
    assert back == ["menu"]


def _turn(app: App, tmp_path: Path, size: tuple[int, int] = (8, 6)) -> PlayScene:  # noqa: F811
    """A grid battle against the AI, the party's warrior at (1, 1) to act."""
    path = write_map(tmp_path / "map", *size)
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "ai"})
    ai = ai_controller(battle.controllers, battle.seed, battle.ruleset_id)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=ai)
    app.push(scene)
    _your_turn(app, scene)
    return scene


def _party_to_act(scene: PlayScene) -> bool:
    """The party decides and nothing moves (by a deadline: the AI may go first, and frames
    its worker skips while it thinks move nothing)."""
    d = scene.battle.pending
    return d is not None and d.side == "party" and not scene.anim.busy


def _your_turn(app: App, scene: PlayScene) -> None:  # noqa: F811
    """Step until the party's unit is to act (the AI may go first), chosen with Tab + Enter
    when the ruleset asks for a choice."""
    app.step(4)
    step_until(app, lambda: _party_to_act(scene), "the party's turn", updates=4)
    _settle(app, scene)
    d = scene.battle.pending
    if d is not None and d.kind == "choose_unit":
        _press(app, pygame.K_TAB)
        _press(app, pygame.K_RETURN)


def test_the_arrows_move_the_cursor_and_the_path_follows_it(
    keys_only: App,
    tmp_path: Path,
) -> None:
    app = keys_only  # noqa: F811
    scene = _turn(app, tmp_path)
    d = scene.battle.pending
    assert d is not None and d.kind == "turn" and d.unit is not None
    me = scene.engine.token(d.unit)
    assert me is not None
    _press(app, pygame.K_DOWN)
    assert scene.hover == me.cell  # the first press shows the cursor on the acting unit
    move = next(p for p in scene.moves() if p.dest and len(p.path) == 1)
    goal = move.dest
    assert goal is not None
    _walk_cursor(app, scene, goal)
    assert scene.hover == goal
    overlays = scene.overlays()
    assert overlays.hover == goal and list(overlays.path) == [me.cell, goal]
    _press(app, pygame.K_RETURN)  # what a click there does: move
    _settle(app, scene)
    moved = scene.engine.token(d.unit)
    assert moved is not None and moved.cell == goal
    for _ in range(12):  # the cursor stays on the map
        _press(app, pygame.K_LEFT)
    assert scene.hover == (0, goal[1])


def test_backspace_drops_the_picked_action_and_opens_no_menu(
    keys_only: App,
    tmp_path: Path,
) -> None:
    app = keys_only  # noqa: F811
    scene = _turn(app, tmp_path)
    scene._build_bar()
    option = next(o for b, o in scene.action_buttons if o.allowed and o.answer is None)
    scene.pick_action(option)
    assert scene.mode == option.kind
    _press(app, pygame.K_BACKSPACE)
    assert scene.mode is None and app.top is scene


def test_tab_cycles_the_units_that_can_act_and_enter_activates_one(
    keys_only: App,
    tmp_path: Path,
) -> None:
    app = keys_only  # noqa: F811
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bo", "party", "spearman", 1, 3),
        ("Cy", "foes", "bandit", 6, 2),
    )
    path = write_map(tmp_path / "map", 8, 6, walls=(), units=units)
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "ai"})
    ai = ai_controller(battle.controllers, battle.seed, battle.ruleset_id)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=ai)
    app.push(scene)
    app.step(4)
    step_until(app, lambda: _party_to_act(scene), "the party's turn", updates=4)
    d = battle.pending
    assert d is not None and d.kind == "choose_unit"
    mine = {t.cell: t.key for t in scene.engine.tokens() if t.side == "party"}
    seen = []
    for _ in range(len(mine)):
        _press(app, pygame.K_TAB)
        assert scene.hover in mine and scene.selected == mine[scene.hover]
        seen.append(scene.hover)
    assert len(set(seen)) == len(mine) == 2  # each unit of the side once
    _press(app, pygame.K_TAB)
    assert scene.hover == seen[0]  # round again
    _press(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert scene.hover == seen[1]  # Shift+Tab goes back
    _press(app, pygame.K_RETURN)
    d = battle.pending
    assert d is not None and d.kind == "turn" and d.unit == mine[seen[1]]


def test_period_and_comma_cycle_the_enemies_in_reach_nearest_first(
    keys_only: App,
    tmp_path: Path,
) -> None:
    app = keys_only  # noqa: F811
    units = (
        ("Ada", "party", "warrior", 3, 3),
        ("Cy", "foes", "bandit", 4, 3),
        ("Di", "foes", "bandit", 5, 5),
    )
    path = write_map(tmp_path / "map", 10, 8, walls=(), units=units)
    battle = Battle(path, "grid", 5, {"party": "human", "foes": "ai"})
    ai = ai_controller(battle.controllers, battle.seed, battle.ruleset_id)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=ai)
    app.push(scene)
    _your_turn(app, scene)
    d = battle.pending
    assert d is not None and d.kind == "turn"
    targets = scene.target_cells()
    assert targets[0] == (4, 3) and set(targets) == set(scene.ranges(d.unit).attackable)
    _press(app, pygame.K_PERIOD)
    assert scene.hover == (4, 3)
    rows = scene.target_preview()
    assert rows is not None and rows[1] is not None  # what Enter would do there
    if len(targets) > 1:
        _press(app, pygame.K_PERIOD)
        assert scene.hover == targets[1]
        _press(app, pygame.K_COMMA)
        assert scene.hover == (4, 3)


def test_the_camera_follows_the_cursor_off_screen(
    keys_only: App,
    tmp_path: Path,
) -> None:
    app = keys_only  # noqa: F811
    scene = _turn(app, tmp_path, size=(60, 40))
    for _ in range(3):
        scene._zoom(scene.viewport.center, 1)  # close up: the map is far bigger than the view
    _press(app, pygame.K_RIGHT)
    for _ in range(45):
        _press(app, pygame.K_RIGHT)
        _press(app, pygame.K_DOWN)
    cell = scene.hover
    assert cell is not None and cell[0] >= 40
    x0, y0, x1, y1 = scene.camera.visible_cells(60, 40)
    assert x0 <= cell[0] < x1 and y0 <= cell[1] < y1


def test_each_key_is_in_the_legend_and_the_readme() -> None:
    legend = " ".join(k for k, _ in KEYS)
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    for key in ("Arrows", "Enter", "Tab", "Shift+Tab", ". and ,", "Backspace"):
        assert key in legend, key
        assert key.lower() in readme.lower(), key


def test_the_cursor_arithmetic() -> None:
    assert step((0, 0), -1, 0, 5, 4) == (0, 0) and step((4, 3), 1, 1, 5, 4) == (4, 3)
    assert step((2, 2), 1, -1, 5, 4) == (3, 1)
    cells = [(1, 1), (2, 2), (3, 3)]
    assert cycled(cells, None) == (1, 1) and cycled(cells, None, backwards=True) == (3, 3)
    assert cycled(cells, (3, 3)) == (1, 1) and cycled(cells, (1, 1), backwards=True) == (3, 3)
    assert cycled([], (1, 1)) is None
    assert by_distance([(5, 5), (2, 1), (1, 2), (2, 1)], (1, 1)) == [(2, 1), (1, 2), (5, 5)]
    camera = Camera(16, 160, 160)  # 10 × 10 squares in view
    assert keep_in_view(camera, 40, 40, (5, 5)) is camera
    moved = keep_in_view(camera, 40, 40, (20, 3))
    x0, _, x1, _ = moved.visible_cells(40, 40)
    assert x0 < 20 < x1 - 1 and moved.y == camera.y  # one square to spare, no vertical move
