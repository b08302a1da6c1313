"""The combat log under fog of war (issue 4 · hotseat): each side's log is what that side
saw when it happened, decided as each event comes and shown again at every hand-off; a
play-test found the War Band's player reading "Sergeant Bryni moves 25 ft to 21,4", a
move his units never saw, after the hand-off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from ui_support import frames_past_hand_offs, quick_window, write_map

from game.engine import Battle
from game.engine.events import Moved
from game.geometry.grid import Cell
from game.rules.grid.move import Move
from game.saves import ReplayCursor, save_battle
from game.ui.app import App
from game.ui.camera_follow import aim_at
from game.ui.map_view import MapView
from game.ui.overlays import HandOffScene
from game.ui.play_animation import Floater
from game.ui.play_fog import unseen_cells
from game.ui.play_scene import PlayScene
from game.ui.replay_scene import ReplayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


# a wall from top to bottom: neither side sees the other's half
WALL = tuple((6, y) for y in range(8))
UNITS = (("Ada", "party", "warrior", 2, 3), ("Gor", "foes", "bandit", 9, 3))


def _battle(
    tmp_path: Path,
    walls: tuple[Cell, ...],
    foes: str,
    units: tuple[tuple[str, str, str, int, int], ...] = UNITS,
) -> Battle:
    path = write_map(tmp_path / "fog", 12, 8, walls=walls, fog=True, units=units, foes=foes)
    return Battle(path, "grid", 3, {"party": "human", "foes": foes})


def _scene(app: App, battle: Battle, fog: bool) -> PlayScene:
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None, fog=fog)
    app.push(scene)
    frames_past_hand_offs(app)
    return scene


def _turn_of(scene: PlayScene) -> str:
    """The side in turn; its unit chosen (the decision is now the unit's turn)."""
    d = scene.battle.pending
    assert d is not None
    if d.kind == "choose_unit":
        assert scene.give(d.answers[0])
        d = scene.battle.pending
        assert d is not None
    assert d.kind == "turn"
    return d.side


def _step(scene: PlayScene, dx: int) -> tuple[str, Cell]:
    """The unit in turn steps one square ``dx`` sideways; its name and the square."""
    d = scene.battle.pending
    assert d is not None and d.unit is not None
    here = scene.engine.token(d.unit)
    assert here is not None
    goal = (here.cell[0] + dx, here.cell[1])
    step = next(
        a for a in scene.battle.legal_answers() if isinstance(a, Move) and a.path == (goal,)
    )
    assert scene.give(step)
    return scene.engine.name(d.unit), goal


def _end_turn(scene: PlayScene) -> None:
    d = scene.battle.pending
    assert d is not None
    end = next(o.answer for o in d.options if o.kind == "end_turn" and o.answer is not None)
    assert scene.give(end)


def _log(scene: PlayScene) -> list[str]:
    return [line.text for line in scene.log.lines]


def _moves(scene: PlayScene, name: str) -> list[str]:
    return [t for t in _log(scene) if t.startswith(f"{name} moves")]


@pytest.mark.parametrize("fog", [True, False])
def test_after_the_hand_off_a_side_reads_only_what_it_saw(
    app: App, tmp_path: Path, fog: bool
) -> None:
    """The first side steps behind the wall, unseen, and ends its turn: after the hand-off
    the other side's log has no line of that move (its unit is not drawn either); handed
    back, the first side reads its own move whole. Without fog both read it."""
    battle = _battle(tmp_path, WALL, foes="human")
    scene = _scene(app, battle, fog)
    first = _turn_of(scene)
    assert scene.viewer() == first
    name, square = _step(scene, -1 if first == "party" else 1)
    frames_past_hand_offs(app)
    assert len(_moves(scene, name)) == 1  # the mover's player sees it at once
    _end_turn(scene)
    frames_past_hand_offs(app)
    other = _turn_of(scene)
    assert other != first and scene.viewer() == other
    frames_past_hand_offs(app)
    said = f"{name} moves 5 ft to {square[0]},{square[1]}"
    if fog:
        assert scene.fogged_unit(next(t.key for t in scene.engine.tokens() if t.name == name))
        assert not [t for t in _log(scene) if t.startswith(name)], _log(scene)
        assert not [t for t in _log(scene) if f"{square[0]},{square[1]}" in t]
    else:
        assert _moves(scene, name) == [said]
    _end_turn(scene)  # and back to the first side's player
    frames_past_hand_offs(app)
    assert _turn_of(scene) == first and scene.viewer() == first
    frames_past_hand_offs(app)
    assert _moves(scene, name) == [said]


def test_a_resumed_hotseat_battle_shows_each_player_their_own_log(app: App, tmp_path: Path) -> None:
    """A hotseat battle with fog, loaded where the second side's player is to decide: its
    log leaves out the first side's unseen move; handed back, the first side's has it."""
    battle = _battle(tmp_path, WALL, foes="human")
    d = battle.pending
    assert d is not None
    first = d.side
    if d.kind == "choose_unit":
        battle.answer(d.answers[0])
    d = battle.pending
    assert d is not None and d.unit is not None
    here = battle.unit(d.unit).cell
    goal = (here[0] + (-1 if first == "party" else 1), here[1])
    name = battle.unit(d.unit).name
    assert battle.answer(Move(d.unit, (goal,))).ok
    d = battle.pending
    assert d is not None
    end = next(o.answer for o in d.options if o.kind == "end_turn")
    assert end is not None and battle.answer(end).ok
    scene = PlayScene(battle, MapView.from_file(battle.battlefield.path), lambda: None, fog=True)
    scene.hand_off_first()
    app.push(scene)
    frames_past_hand_offs(app)
    other = _turn_of(scene)
    assert other != first and scene.viewer() == other
    frames_past_hand_offs(app)
    assert _moves(scene, name) == []
    _end_turn(scene)
    frames_past_hand_offs(app)
    assert _turn_of(scene) == first
    frames_past_hand_offs(app)
    assert _moves(scene, name) == [f"{name} moves 5 ft to {goal[0]},{goal[1]}"]


def _party_unseen(scene: PlayScene) -> frozenset[Cell]:
    """The squares the party's units cannot see, whoever's player looks now."""
    eyes = tuple(t.cell for t in scene.engine.tokens() if t.side == "party" and not t.down)
    return unseen_cells(scene.battle.battlefield.grid, scene.sight, eyes)


@pytest.mark.parametrize("foes", ["ai", "human"])
def test_a_move_seen_leaving_is_logged_without_the_square_it_ended_on(
    app: App, tmp_path: Path, foes: str
) -> None:
    """With fog, a bandit's run from a square the party sees into the fog (the play-test's
    Sergeant Bryni) reads "Gor moves out of sight" in the party's log: seen leaving, its
    last square not named; another's step wholly behind the wall is not logged. Hotseat:
    handed back, the bandits' player reads both moves whole."""
    wall = tuple((6, y) for y in range(8) if y != 3)  # a gap in the middle
    units = (UNITS[0], ("Gor", "foes", "bandit", 9, 3), ("Hod", "foes", "bandit", 10, 7))
    battle = _battle(tmp_path, wall, foes=foes, units=units)
    scene = _scene(app, battle, True)
    while battle.pending is not None and battle.pending.side != "foes":
        _end_turn(scene) if battle.pending.kind == "turn" else _turn_of(scene)
    frames_past_hand_offs(app)
    hidden = _party_unseen(scene)
    tokens = {t.name: t for t in scene.engine.tokens()}
    assert tokens["Gor"].cell not in hidden and tokens["Hod"].cell in hidden
    whole = {}
    for name in ("Gor", "Hod"):
        d = battle.pending
        assert d is not None
        if d.kind == "choose_unit":
            assert scene.give(
                next(a for a in d.answers if getattr(a, "unit", "") == tokens[name].key)
            )
        assert battle.pending is not None and battle.pending.unit == tokens[name].key
        unseen = 1 if name == "Gor" else 8  # Gor ends in the fog, Hod stays in it
        out = next(
            a
            for a in battle.legal_answers()
            if isinstance(a, Move) and a.path and set(a.path[-unseen:]) <= hidden
        )
        assert scene.give(out)
        whole[name] = battle.events[-1].text()
        _end_turn(scene)
        frames_past_hand_offs(app, 2)
    frames_past_hand_offs(app)
    assert scene.viewer() == "party"
    gor, hod = scene.engine.token(tokens["Gor"].key), scene.engine.token(tokens["Hod"].key)
    assert gor is not None and hod is not None
    assert {gor.cell, hod.cell} <= scene.hidden_cells()
    assert _moves(scene, "Gor") == ["Gor moves out of sight"], _log(scene)
    assert _moves(scene, "Hod") == []
    for cell in (gor.cell, hod.cell):
        assert not [t for t in _log(scene) if f"{cell[0]},{cell[1]}" in t], _log(scene)
    if foes == "human":
        assert _turn_of(scene) == "party"
        _end_turn(scene)
        frames_past_hand_offs(app)
        assert scene.viewer() == "foes"
        assert _moves(scene, "Gor") == [whole["Gor"]] and _moves(scene, "Hod") == [whole["Hod"]]


def test_nothing_of_the_last_turn_goes_on_behind_the_hand_off(app: App, tmp_path: Path) -> None:
    """At the hand-off, a word still rising over the last player's unit and the camera
    still easing to it are dropped: the next player's screen shows none of it."""
    battle = _battle(tmp_path, WALL, foes="human")
    scene = _scene(app, battle, True)
    first = _turn_of(scene)
    _, square = _step(scene, -1 if first == "party" else 1)
    frames_past_hand_offs(app)
    scene.anim.floaters.append(Floater("+2", square, "info", life=60.0))
    w, h = scene.model.width, scene.model.height
    scene.camera_goal = aim_at(scene.camera, w, h, [square])
    scene.user_camera_at = -1e9
    _end_turn(scene)
    for _ in range(30):
        app.step(1)
        if isinstance(app.top, HandOffScene):
            break
    assert isinstance(app.top, HandOffScene)
    assert scene.anim.floaters == [] and scene.camera_goal is None


def test_a_hotseat_replay_with_fog_shows_the_log_of_the_side_it_follows(
    app: App, tmp_path: Path
) -> None:
    """The replay of an unfinished hotseat battle with fog, stepped forward answer by
    answer: once it follows the second side, the first side's unseen move is out of the
    log; a step back to the first side's turn shows it again."""
    battle = _battle(tmp_path, WALL, foes="human")
    d = battle.pending
    assert d is not None
    first = d.side
    while battle.pending is not None and battle.pending.side == first:
        d = battle.pending
        if d.kind == "choose_unit":
            battle.answer(d.answers[0])
        elif not any(isinstance(e, Moved) for e in battle.events):
            here = battle.unit(d.unit or "").cell
            assert battle.answer(
                Move(d.unit or "", ((here[0] + (1 if first == "foes" else -1), here[1]),))
            ).ok
        else:
            battle.answer(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))
    name = next(e.who for e in battle.events if isinstance(e, Moved))
    saved = save_battle(battle, tmp_path / "fog" / "hotseat.json", fog=True)
    battle.close()
    cursor = ReplayCursor.open(saved)
    viewer = ReplayScene(cursor, MapView.from_file(cursor.battle.battlefield.path), list)
    app.push(viewer)
    app.step(1)
    for position in range(1, cursor.length + 1):
        viewer.go(position)
        app.step(2)
    assert cursor.at_end and viewer.viewer() != first
    texts = [line.text for line in viewer.log.lines]
    assert not [t for t in texts if t.startswith(name)], texts
    viewer.go(cursor.length - 1)  # back to the first side's last answer
    app.step(2)
    assert viewer.viewer() == first
    assert [t for t in (line.text for line in viewer.log.lines) if t.startswith(f"{name} moves")]
    viewer.discard()
