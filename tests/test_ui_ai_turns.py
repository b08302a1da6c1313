"""Issue 30: AI turns that never stall the screen.

The AI thinks on a worker thread (``game.ui.ai_worker``); the driver pauses only after
answers the player sees change the board; Space plays the AI side's turn out at once;
the same seed gives the same AI answers as answering synchronously.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest
from ui_support import quick_window, write_map

from game.engine import Answer, Battle
from game.ui.app import App
from game.ui.map_view import MapView
from game.ui.play_scene import PlayScene, ai_controller
from game.ui.settings import Settings

WALL = tuple((30, y) for y in range(7))  # across the field, a gap in the bottom row
UNITS = (("Ada", "party", "warrior", 1, 1), ("Gor", "foes", "bandit", 58, 1))
WALL_CLOCK_CAP_S = 30.0


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    a = quick_window(tmp_path)
    yield a
    a.close()


def _scene(
    app: App, tmp_path: Path, *, fog: bool, speed: str, ai: str = "baseline"
) -> tuple[PlayScene, list[tuple[str, bool, bool]]]:
    """A long field, the wall hiding the bandit from Ada; the foes' AI answers. Returns
    the scene and, filled as the AI answers: (answer kind, paused after it, rushed)."""
    app.settings = Settings(ai_speed=speed, reaction_prompts="never")
    path = write_map(tmp_path / "field", 60, 8, walls=WALL, fog=fog, units=UNITS)
    sides = {"party": "human", "foes": ai}
    battle = Battle(path, "grid", 5, sides)
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, fog=fog)
    app.push(scene)
    app.step(1)
    scene.ai_answer = ai_controller(sides, 5)
    given: list[tuple[str, bool, bool]] = []
    shown: list[bool] = []  # an animation plays after each answer
    scene.shown = shown  # type: ignore[attr-defined]
    give_ai = scene._give_ai

    def spy(answer: Answer, rushing: bool) -> bool:
        before = scene._ai_wait  # a quiet answer given during a pause leaves it running
        ok = give_ai(answer, rushing)
        given.append((answer.kind, scene._ai_wait > max(before, 0.0), rushing))
        shown.append(scene.anim.busy)
        return ok

    scene._give_ai = spy  # type: ignore[method-assign]
    return scene, given


def _end_human_turn(app: App, scene: PlayScene, given: list[tuple[str, bool, bool]]) -> None:
    """Let the AI play first if it goes first, then end the human's turn."""
    if not scene.human_turn():
        scene.hurry()
        _frames_until(app, scene.human_turn)
    given.clear()
    d = scene.battle.pending
    assert d is not None and scene.human_turn()
    scene.give(next(o.answer for o in d.options if o.kind == "end_turn" and o.answer))


def _frames_until(app: App, done: Callable[[], bool], updates: int = 1) -> int:
    """Frames stepped until ``done()`` (the AI's worker is given real time to think)."""
    frames = 0
    until = time.monotonic() + WALL_CLOCK_CAP_S
    while not done():
        assert time.monotonic() < until, "the AI's turn never ended"
        app.step(updates)
        frames += 1
    return frames


def test_no_pause_for_a_unit_chosen_a_turn_ended_or_a_move_in_the_fog(
    app: App, tmp_path: Path
) -> None:
    scene, given = _scene(app, tmp_path, fog=True, speed="slow")
    _end_human_turn(app, scene, given)
    _frames_until(app, lambda: bool(given) and scene.human_turn())
    kinds = [k for k, _, _ in given]
    assert "move" in kinds and "end_turn" in kinds, kinds
    assert all(not paused for _, paused, _ in given), given
    assert not any(scene.shown[-len(given) :]), "nothing in the fog is animated"  # type: ignore[attr-defined]
    bandit = scene.battle.unit("gor")
    assert bandit.cell in scene.hidden_cells(), "the bandit stayed behind the wall"


def test_a_move_the_player_sees_is_animated_and_paused_after(app: App, tmp_path: Path) -> None:
    scene, given = _scene(app, tmp_path, fog=False, speed="slow")
    _end_human_turn(app, scene, given)
    _frames_until(app, lambda: bool(given) and scene.human_turn())
    paused = {k: p for k, p, _ in given}
    assert paused.get("move") is True, given
    assert paused.get("end_turn") is False, given
    assert paused.get("choose_unit", False) is False, given


def test_space_plays_the_rest_of_the_ai_turn_out_at_once(app: App, tmp_path: Path) -> None:
    scene, given = _scene(app, tmp_path, fog=False, speed="slow")
    _end_human_turn(app, scene, given)
    assert not scene.human_turn()
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    app.step(1, [space])
    frames = _frames_until(app, lambda: scene.human_turn())
    assert given and all(rushed and not paused for _, paused, rushed in given), given
    # one pause of the "slow" speed alone is 54 updates of 1/60 s; the whole turn took
    # fewer frames than that, each of one update
    assert frames < 54, frames
    assert not scene._rush, "the rush ends when a human must decide"


def test_a_slow_ai_never_stalls_a_frame(app: App, tmp_path: Path) -> None:
    """The AI thinks off the frame: while its answer is held back (it waits for the test
    to let it go), frames go on being stepped and drawn and nothing is answered; once
    let go, its answer arrives through a later frame. An AI thinking on the frame would
    block the first frame until it answered (counted in frames and answers, not time)."""
    path = write_map(tmp_path / "slow", 12, 8, walls=(), units=UNITS[:1] + (UNITS[1][:3] + (9, 5),))
    sides = {"party": "human", "foes": "baseline"}
    battle = Battle(path, "grid", 2, sides)
    real = ai_controller(sides, 2)
    assert real is not None
    started, released, holding = threading.Event(), threading.Event(), threading.Event()

    def held(b: Battle) -> Answer:
        if holding.is_set():
            started.set()
            released.wait(WALL_CLOCK_CAP_S)  # a cap only, so a broken test cannot hang
        return real(b)

    app.settings = Settings(ai_speed="fast", reaction_prompts="never")
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=held)
    app.push(scene)
    app.step(1)
    if not scene.human_turn():  # the AI's first turn, not held
        scene.hurry()
        _frames_until(app, scene.human_turn)
    holding.set()
    _end_human_turn(app, scene, [])
    answers = len(battle.answers)
    until = time.monotonic() + WALL_CLOCK_CAP_S
    while not started.is_set():
        assert time.monotonic() < until, "the AI never began to think"
        app.step(1)
        time.sleep(0.005)
    for _ in range(10):  # ten frames while the AI's answer is held back
        app.step(1)
        assert not released.is_set()
    assert len(battle.answers) == answers, "a frame waited for the AI's answer"
    released.set()
    while len(battle.answers) == answers:
        assert time.monotonic() < until, "the slow AI never answered"
        app.step(1)
        time.sleep(0.005)


def test_the_same_seed_gives_the_same_ai_answers_as_answering_at_once(
    app: App, tmp_path: Path
) -> None:
    units = (
        ("Ada", "party", "warrior", 1, 1),
        ("Bea", "party", "warrior", 1, 3),
        ("Gor", "foes", "bandit", 8, 5),
        ("Hob", "foes", "bandit", 8, 2),
    )
    path = write_map(tmp_path / "twos", 10, 8, walls=((4, 2),), units=units)
    sides = {"party": "normal", "foes": "hard"}
    wanted = 40

    alone = Battle(path, "grid", 11, sides)
    ai = ai_controller(sides, 11)
    assert ai is not None
    while not alone.over and len(alone.answers) < wanted:
        assert alone.answer(ai(alone)).ok

    app.settings = Settings(ai_speed="instant", reaction_prompts="never")
    battle = Battle(path, "grid", 11, sides)
    scene = PlayScene(
        battle, MapView.from_file(path), lambda: None, ai_answer=ai_controller(sides, 11)
    )
    app.push(scene)
    _frames_until(app, lambda: battle.over or len(battle.answers) >= wanted, updates=2)
    n = min(len(battle.answers), len(alone.answers))
    assert n >= min(wanted, len(alone.answers))
    assert battle.answers[:n] == alone.answers[:n]
    alone.close()


def test_a_walk_that_goes_on_is_chained_to_the_one_under_way() -> None:
    from game.ui.play_ai import chain_walks, hide_unseen_animations
    from game.ui.play_animation import Animations, Flash, Walk

    anim = Animations(
        walks=[Walk("a", [(0, 0), (1, 0)], 9.0), Walk("b", [(5, 5), (5, 6)], 9.0)],
        flashes=[Flash((8, 8), (9, 9), "hit"), Flash((1, 0), (9, 9), "hit")],
    )
    anim.walks.append(Walk("a", [(1, 0), (2, 0)], 9.0))
    chain_walks(anim)
    assert [(w.unit, w.cells) for w in anim.walks] == [
        ("a", [(0, 0), (1, 0), (2, 0)]),
        ("b", [(5, 5), (5, 6)]),
    ]
    hide_unseen_animations(anim, frozenset({(5, 5), (5, 6), (8, 8), (9, 9)}))
    assert [w.unit for w in anim.walks] == ["a"], "b walked in the fog only"
    assert [f.a for f in anim.flashes] == [(1, 0)], "a strike between fogged squares"


def test_the_measuring_script_times_an_ai_side_turn(tmp_path: Path) -> None:
    from game.ui.tools.measure_ai_turn import measure

    path = write_map(
        tmp_path / "m", 12, 8, walls=(), units=UNITS[:1] + (("Gor", "foes", "bandit", 9, 5),)
    )
    figures = measure(
        path,
        seed=3,
        level="baseline",
        speed="fast",
        fog=True,
        turns=1,
        size=(1280, 720),
        limit_s=WALL_CLOCK_CAP_S,
    )
    assert len(figures.turns) == 1
    turn = figures.turns[0]
    assert turn.side == "foes" and turn.answers >= 2 and turn.wall > 0
    assert figures.frames_ms and len(figures.frames_cpu_ms) == len(figures.frames_ms)


def test_quiet_answers_and_the_same_unit_walking_on_do_not_wait_for_the_pause(
    app: App, tmp_path: Path
) -> None:
    scene, given = _scene(app, tmp_path, fog=False, speed="slow")
    during: list[tuple[str, bool]] = []  # (answer kind, given while a pause still ran)
    spy = scene._give_ai

    def watch(answer: Answer, rushing: bool) -> bool:
        during.append((answer.kind, scene._ai_wait > 0))
        return spy(answer, rushing)

    scene._give_ai = watch  # type: ignore[method-assign]
    _end_human_turn(app, scene, given)
    during.clear()
    _frames_until(app, lambda: bool(given) and scene.human_turn())
    kinds = [k for k, _ in during]
    assert kinds.count("move") >= 2, kinds
    second = kinds.index("move", kinds.index("move") + 1)
    assert during[second] == ("move", True), during  # its walk goes on as one
    assert ("end_turn", True) in during, during  # ending the turn waits for no pause
    first_paused = next(p for k, p, _ in given if k == "move")
    assert first_paused, given


def test_the_bar_says_space_skips_the_enemys_moves_during_its_turn(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play-test 3: AI turns on big maps take 10-17 s at the default speed and nothing
    said Space skips them: the bottom bar says so, in a bright line, while the AI acts."""
    import game.ui.play_bar as play_bar

    scene, given = _scene(app, tmp_path, fog=False, speed="slow")
    drawn: list[tuple[str, object]] = []
    real = play_bar.draw_text

    def spy(surface: pygame.Surface, text: str, *args: object, **kw: object) -> pygame.Rect:
        drawn.append((text, kw.get("fg")))
        return real(surface, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(play_bar, "draw_text", spy)
    # a frame while the AI's worker has the battle draws nothing new: step to one drawn
    _frames_until(app, lambda: bool(drawn) or scene.human_turn())
    if not scene.human_turn():  # the foes go first: the line is there, then their turn ends
        assert ("Space: skip the enemy's moves", "gold_bright") in drawn, drawn
        scene.hurry()
        _frames_until(app, scene.human_turn)
    drawn.clear()
    app.step(1)
    assert not any(text.startswith("Space: skip") for text, _ in drawn), "not on the player's turn"
    _end_human_turn(app, scene, given)
    assert not scene.human_turn()
    drawn.clear()
    app.step(1)
    assert ("Space: skip the enemy's moves", "gold_bright") in drawn, drawn
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ")
    drawn.clear()
    app.step(1, [space])
    if not scene.human_turn():
        assert any(text == "Skipping the enemy's moves…" for text, _ in drawn), drawn


def test_the_first_frame_is_drawn_before_the_ai_has_the_battle(app: App, tmp_path: Path) -> None:
    """Issue 32: the screen's first picture does not wait for the AI's first decision
    (seconds on a big map); the frames after it do not wait for it either."""
    path = write_map(
        tmp_path / "first", 12, 8, walls=(), units=UNITS[:1] + (UNITS[1][:3] + (9, 5),)
    )
    sides = {"party": "human", "foes": "baseline"}
    battle = Battle(path, "grid", 2, sides)
    real = ai_controller(sides, 2)
    assert real is not None and battle.pending is not None
    assert sides[battle.pending.side] == "baseline", "the AI side decides first"
    go = threading.Event()

    def held(b: Battle) -> Answer:
        assert go.wait(WALL_CLOCK_CAP_S)
        return real(b)

    app.settings = Settings(ai_speed="fast", reaction_prompts="never")
    scene = PlayScene(battle, MapView.from_file(path), lambda: None, ai_answer=held)
    app.push(scene)
    drawn = app.frames
    app.step(1)
    assert app.frames == drawn + 1, "the first frame was drawn"
    worker = scene._worker
    assert worker is not None and worker.thinking
    app.step(1)
    assert app.frames == drawn + 1, "a frame the AI's worker has the battle draws nothing new"
    go.set()
    _frames_until(app, lambda: len(battle.answers) > 0)
    assert app.frames > drawn + 1


def test_space_rushes_through_a_reaction_the_settings_decline_unseen(
    app: App, tmp_path: Path
) -> None:
    # play-test 12 (clash fort): Space during the AI's answers, then a reaction of the
    # player's declined unseen ("never"): the rush ended there and the rest played at
    # normal pace, the board a round behind for up to 44 frames
    from game.ai import make_controller

    app.settings = Settings(ai_speed="slow", reaction_prompts="never")
    path = write_map(tmp_path / "rx", 8, 6)
    sides = {"party": "human", "foes": "baseline"}
    battle = None
    for seed in range(1, 41):  # the first seed where the player is offered a reaction
        b = Battle(path, "grid", seed, sides)
        ai = make_controller("baseline", 0)
        while b.pending is not None and not (
            b.pending.kind == "reaction" and b.pending.side == "party"
        ):
            assert b.answer(ai.choose(b, b.pending)).ok
        if b.pending is not None:
            battle = b
            break
        b.close()
    assert battle is not None, "no reaction for the party in 40 seeded battles"
    scene = PlayScene(battle, MapView.from_file(path), lambda: None)
    app.push(scene)
    scene.ai_answer = ai_controller(sides, 5)
    scene._rush = True  # Space was pressed during the AI's turn
    before = len(battle.answers)
    scene.advance(1 / 60)
    assert battle.answers[before].kind == "decline"  # declined unseen
    assert not scene.anim.owing, "what the decline let happen plays out at once"
    assert scene._rush or scene.human_turn(), "the AI's turn goes on rushed"
