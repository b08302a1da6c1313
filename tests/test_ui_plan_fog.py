"""The round of declared intentions under fog of war (play-test 8): the log's resolution
order named every foe in fog ("Initiative turns: ..."), a seen foe's declared move named
its square in fog ("Rolf intends to Move to 23,14"), and so did the round plan; the plan's
badges sat on the squares where walks would end, before the tokens got there, and on
squares the viewer could not see."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from stress_support import FACE_TO_FACE, make_field, stress_battle
from ui_support import frames_past_hand_offs, quick_window, write_map

from game.engine import Battle
from game.engine.intentions import OrderSet
from game.rules.stress.actions import StressAttack, StressFullDefense, StressMove
from game.ui.app import App
from game.ui.intentions import REVEALED, PlanRow, RoundPlan, round_plan
from game.ui.map_view import MapView
from game.ui.play_animation import Walk
from game.ui.play_scene import PlayScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


# a wall with a gap at y 3: Ada sees Gor through it, not the squares behind the wall
WALL = tuple((6, y) for y in range(8) if y != 3)
UNITS = (
    ("Ada", "party", "warrior", 2, 3),
    ("Gor", "foes", "bandit", 7, 3),
    ("Hod", "foes", "bandit", 10, 7),
)


def _scene(app: App, tmp_path: Path, foes: str, fog: bool = True) -> PlayScene:
    path = write_map(tmp_path / "fog", 12, 8, walls=WALL, fog=True, units=UNITS, foes=foes)
    battle = Battle(path, "stress", 3, {"party": "human", "foes": foes})
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, fog=fog)
    app.push(scene)
    return scene


def _round_one(app: App, scene: PlayScene) -> None:
    """Ada stands on Full Defense; Gor, in her sight, moves behind the wall to 9,1; Hod
    moves about in the fog."""
    b = scene.battle
    assert b.pending is not None and b.pending.unit == "ada"
    if scene.fog:
        assert (9, 1) in scene.hidden_cells() and (7, 3) not in scene.hidden_cells()
        assert scene.hidden_tokens() == {"hod"}
    for answer in (StressFullDefense("ada"), StressMove("gor", (9, 1)), StressMove("hod", (10, 6))):
        assert b.answer(answer).ok, b.validate(answer)
    assert b.round == 2
    frames_past_hand_offs(app)


@pytest.mark.parametrize("foes", ["ai", "human"])
def test_the_order_and_a_seen_foes_move_name_nothing_the_party_did_not_see(
    app: App, tmp_path: Path, foes: str
) -> None:
    """The party reads the order without Hod, who was in the fog, and Gor's declared move
    without its square behind the wall; Hod's count is not its line. Hotseat: the foes'
    player reads the same lines whole."""
    scene = _scene(app, tmp_path, foes)
    _round_one(app, scene)
    assert scene.viewer() == "party"
    log = [line.text for line in scene.log.lines]
    assert "Initiative turns: Ada, Gor" in log, log
    assert "Gor intends to Move out of sight (initiative 11)" in log, log
    assert not [t for t in log if "Hod" in t or "9,1" in t], log
    if foes == "human":
        events = scene.battle.events
        order = next(i for i, e in enumerate(events) if isinstance(e, OrderSet))
        whole = scene._log_sight.reads(events, order, "foes")
        assert whole == events[order].text() == "Initiative turns: Hod, Ada, Gor"


def test_the_plan_names_no_square_of_a_foes_move_the_viewer_cannot_see(
    app: App, tmp_path: Path
) -> None:
    """The plan's line of a seen foe moving into the fog says where only when the viewer
    sees the square; its own units' lines are whole."""
    scene = _scene(app, tmp_path, "ai")
    rows = [
        PlanRow("gor", "Gor", "foes", REVEALED, "Move to 9,1", "initiative", 2, to=((9, 1),)),
        PlanRow("ada", "Ada", "party", REVEALED, "Move to 9,1", "initiative", 1, to=((9, 1),)),
        PlanRow("bo", "Bo", "foes", REVEALED, "Move to 3,3", "initiative", 3, to=((3, 3),)),
    ]
    plan = RoundPlan(1, "resolving", rows, {"initiative": ("ada", "gor", "bo")})
    shown = {r.unit: r.text for r in scene.intentions.shown_rows(plan, scene)}
    assert shown == {"gor": "Move out of sight", "ada": "Move to 9,1", "bo": "Move to 3,3"}


def test_a_revealed_rows_squares_come_from_the_reveal() -> None:
    """The plan's rows carry the squares a revealed declaration goes to (the panel leaves
    out those in fog)."""
    spawns = [*FACE_TO_FACE, ("Hal", "bandits", "bandit", (8, 4))]
    b = stress_battle(make_field(spawns), [5, 7, 6, 12])  # Gor misses: Ada may riposte
    for answer in (
        StressFullDefense("ada"),
        StressAttack("gor", "ada", "spear"),
        StressMove("hal", (7, 4)),
    ):
        assert b.answer(answer).ok
    plan = round_plan(b, "party")
    assert plan is not None and plan.phase == "resolving"
    assert {r.unit: r.to for r in plan.rows} == {"ada": (), "gor": (), "hal": ((7, 4),)}


def _badges(scene: PlayScene, monkeypatch: pytest.MonkeyPatch) -> dict[str, pygame.Rect]:
    """The badges drawn for a resolving plan of Ada (9) and Gor (11), by unit."""
    rows = [
        PlanRow("ada", "Ada", "party", REVEALED, "Full Defense", "initiative", 1, badge="9"),
        PlanRow("gor", "Gor", "foes", REVEALED, "Move", "initiative", 2, badge="11"),
    ]
    plan = RoundPlan(1, "resolving", rows, {"initiative": ("ada", "gor")})
    monkeypatch.setattr(scene.intentions, "plan", lambda _scene: plan)
    scene.intentions.draw(pygame.Surface(scene.app.screen.get_size()), scene)
    return dict(scene.intentions.badges)


def _column(scene: PlayScene, cell: tuple[int, int]) -> range:
    x, _y, w, _h = scene.camera.cell_to_screen(cell)
    return range(scene.viewport.x + x, scene.viewport.x + x + w)


@pytest.mark.parametrize("fog", [True, False])
def test_a_badge_sits_on_its_token_as_drawn_and_never_in_the_fog(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fog: bool
) -> None:
    """Gor has walked to 9,1 in the engine, but his walk waits to start on 7,3: his badge
    is over 7,3, where his token is drawn, not over the empty 9,1; half-way into the fog
    it is not drawn (with fog), while Ada's stays over her."""
    scene = _scene(app, tmp_path, "ai", fog)
    _round_one(app, scene)
    walk = Walk("gor", [(7, 3), (8, 3), (9, 2), (9, 1)], 9.0, t=-1.0)
    scene.anim.walks = [walk]
    badges = _badges(scene, monkeypatch)
    assert badges["gor"].centerx in _column(scene, (7, 3))
    assert badges["ada"].centerx in _column(scene, (2, 3))
    walk.t = 2.8  # nearly on 9,1: behind the wall
    badges = _badges(scene, monkeypatch)
    assert ("gor" in badges) is not fog
    assert badges["ada"].centerx in _column(scene, (2, 3))
    scene.anim.walks = []  # the walk done: on the square it ended on (fogged or not)
    badges = _badges(scene, monkeypatch)
    assert ("gor" in badges) is not fog
    if not fog:
        assert badges["gor"].centerx in _column(scene, (9, 1))


@pytest.mark.parametrize("fog", [True, False])
def test_a_foe_walking_into_the_fog_leaves_the_plan_when_it_leaves_sight(
    app: App, tmp_path: Path, fog: bool
) -> None:
    """Gor's walk to 9,1 starts in Ada's sight: his line is read while his token is drawn
    there, and not once the walk has taken him behind the wall, where he is not drawn
    (play-test 9: the plan counted "0/12 declared" beside the top bar's "7 seen")."""
    scene = _scene(app, tmp_path, "ai", fog)
    _round_one(app, scene)
    walk = Walk("gor", [(7, 3), (8, 3), (9, 2), (9, 1)], 9.0, t=-1.0)
    scene.anim.walks = [walk]
    rows = [
        PlanRow("gor", "Gor", "foes", REVEALED, "Move to 9,1", "initiative", 2, to=((9, 1),)),
        PlanRow("ada", "Ada", "party", REVEALED, "Full Defense", "initiative", 1),
    ]
    plan = RoundPlan(1, "resolving", rows, {"initiative": ("ada", "gor")})

    def shown() -> set[str]:
        return {r.unit for r in scene.intentions.shown_rows(plan, scene)}

    assert shown() == {"ada", "gor"}
    walk.t = 2.8  # nearly on 9,1: behind the wall
    assert shown() == ({"ada"} if fog else {"ada", "gor"})


def test_the_plan_names_no_unit_a_seen_foe_aims_at_that_the_viewer_cannot_see(
    app: App, tmp_path: Path
) -> None:
    """Gor, seen, declares on Hod, his ally in the fog: the plan reads "Stabilise someone
    out of sight"; a declaration on the viewer's own Ada names her."""
    scene = _scene(app, tmp_path, "ai")
    assert scene.hidden_tokens() == {"hod"}
    rows = [
        PlanRow("gor", "Gor", "foes", REVEALED, "Stabilise Hod", "initiative", 2, aims="hod",
                aims_name="Hod"),
        PlanRow("bo", "Bo", "foes", REVEALED, "Attack Ada", "initiative", 3, aims="ada",
                aims_name="Ada"),
    ]  # fmt: skip
    plan = RoundPlan(1, "resolving", rows, {"initiative": ("gor", "bo")})
    shown = {r.unit: r.text for r in scene.intentions.shown_rows(plan, scene)}
    assert shown == {"gor": "Stabilise someone out of sight", "bo": "Attack Ada"}
